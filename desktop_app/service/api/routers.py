"""Every router the service includes, in order: a new resource's module is added here.

Each is imported by name, so a module missing or broken fails the start instead of leaving
its endpoints out.
"""

from __future__ import annotations

from fastapi import APIRouter

from desktop_app.service.api.routes import (
    addresses,
    audit_log,
    catalog,
    default_addresses,
    health,
    invoice_address,
    labels,
    locations,
    manifests,
    me,
    orders,
    pairing,
    pickups,
    quotes,
    routing_rules,
    sandbox,
    shipment_documents,
    shipments,
    station_joins,
    trackers,
    tracking_page,
    webhooks,
)

API_PREFIX = "/v1"

#: (router, path prefix); `/health` stands outside the versioned API
ROUTERS: tuple[tuple[APIRouter, str], ...] = (
    (me.router, API_PREFIX),
    (catalog.router, API_PREFIX),
    (addresses.router, API_PREFIX),
    (shipments.router, API_PREFIX),
    (quotes.router, API_PREFIX),
    (labels.router, API_PREFIX),
    (webhooks.router, API_PREFIX),
    (pickups.router, API_PREFIX),
    (routing_rules.router, API_PREFIX),
    (sandbox.router, API_PREFIX),
    (default_addresses.router, API_PREFIX),
    (orders.router, API_PREFIX),
    (locations.router, API_PREFIX),
    (manifests.router, API_PREFIX),
    (shipment_documents.router, API_PREFIX),
    (trackers.router, API_PREFIX),
    (invoice_address.router, API_PREFIX),
    (tracking_page.router, API_PREFIX),
    (audit_log.router, API_PREFIX),
    (health.router, ""),
    (pairing.router, API_PREFIX),
    (station_joins.router, API_PREFIX),
)
