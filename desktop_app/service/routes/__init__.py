"""Routers of the service: one module per resource, each exposing `router` (an APIRouter).

To add a resource, add its module name to `ROUTER_MODULES`. Modules not present yet are
skipped, so helpers can land their routers independently.
"""

from __future__ import annotations

import importlib
import importlib.util

from fastapi import APIRouter

ROUTER_MODULES: tuple[str, ...] = (
    "me",
    "catalog",
    "addresses",
    "shipments",
    "quotes",
    "labels",
    # S1b
    "webhooks",
    "pickups",
    "routing_rules",
    "sandbox",
    # the real service's desk endpoints
    "default_addresses",
    "orders",
    "locations",
    "manifests",
    # customs, documents and the reference's remaining operations
    "shipment_documents",
    "trackers",
    "invoice_address",
    "tracking_page",
    # local extensions
    "audit_log",
)


def load_routers() -> list[APIRouter]:
    """The `router` of every present module in `ROUTER_MODULES`, in order."""
    routers = []
    for name in ROUTER_MODULES:
        module_name = f"{__name__}.{name}"
        if importlib.util.find_spec(module_name) is None:
            continue
        module = importlib.import_module(module_name)
        routers.append(module.router)
    return routers
