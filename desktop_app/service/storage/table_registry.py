"""Every module that defines tables, imported so that `create_all` and Alembic see them all.

A new table module is added to `TABLE_MODULES`; a name that does not import fails.
"""

from __future__ import annotations

import importlib

TABLE_MODULES: tuple[str, ...] = (
    "desktop_app.service.storage.tables",
    "desktop_app.service.storage.tables_audit",
    "desktop_app.service.storage.tables_customs",
    "desktop_app.service.storage.tables_desk",
    "desktop_app.service.storage.tables_events",
    "desktop_app.service.storage.tables_keys",
)


def load_all() -> list[str]:
    """Import the table modules and return their names."""
    for name in TABLE_MODULES:
        importlib.import_module(name)
    return list(TABLE_MODULES)
