"""Every module that defines tables, imported so that `create_all` and Alembic see them all.

A new table module is added to `TABLE_MODULES`; a name that does not import fails.
"""

from __future__ import annotations

import importlib

TABLE_MODULES: tuple[str, ...] = (
    "desktop_app.service.storage.accounts",
    "desktop_app.service.storage.account_settings",
    "desktop_app.service.storage.addresses",
    "desktop_app.service.storage.attempt_windows",
    "desktop_app.service.storage.audit",
    "desktop_app.service.storage.mail",
    "desktop_app.service.storage.manifests",
    "desktop_app.service.storage.orders",
    "desktop_app.service.storage.people",
    "desktop_app.service.storage.pickups",
    "desktop_app.service.storage.routing_rules",
    "desktop_app.service.storage.shared_limits",
    "desktop_app.service.storage.shipments",
    "desktop_app.service.storage.station_joins",
    "desktop_app.service.storage.trackers",
    "desktop_app.service.storage.webhooks",
)


def load_all() -> list[str]:
    """Import the table modules and return their names."""
    for name in TABLE_MODULES:
        importlib.import_module(name)
    return list(TABLE_MODULES)
