"""Imports every module that defines tables, so that `create_all` sees them all."""

from __future__ import annotations

import importlib
import pkgutil

import desktop_app.service as service_pkg

# fixed modules first; any `tables_*.py` (other helpers' tables) is found by name
CORE_TABLE_MODULES = ("desktop_app.service.tables",)


def load_all() -> list[str]:
    """Import the table modules and return their names."""
    names = list(CORE_TABLE_MODULES)
    for info in pkgutil.iter_modules(service_pkg.__path__):
        if info.name.startswith("tables_"):
            names.append(f"desktop_app.service.{info.name}")
    for name in names:
        importlib.import_module(name)
    return names
