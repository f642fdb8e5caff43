"""Modules the frozen bundle must carry although no `import` statement names them.

Packdesk imports these by name from its registries: the `packdesk` sub-commands
(desktop_app.cli.COMMANDS), the service's background tasks and table modules, the
printer transports and scales registered lazily as "module:Class"; and what the libraries load
by name (SQLAlchemy's aiosqlite dialect, keyring's back ends). The list is read from those
registries when the bundle is built, so a new entry cannot be forgotten; tests/packaging checks
it.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

# modules that fill a desktop_app.registry.SchemeRegistry ("module:Class" entries)
SCHEME_REGISTRY_MODULES = ("desktop_app.printing.transports", "desktop_app.scales.base")
# libraries that load a module by name (from a URL, an entry point or a config string)
LIBRARY_MODULES = (
    "sqlalchemy.dialects.sqlite.aiosqlite",
    "aiosqlite",
    "escpos.printer",  # transports.py: imported inside a function, ahead of use
    "escpos.capabilities",
    # the schema revisions (read as files, see migration_scripts) import these
    "alembic.op",
    "alembic.context",
    "alembic.ddl.sqlite",
    "alembic.ddl.postgresql",
)


def registry_modules() -> list[str]:
    """Every module a Packdesk registry names, sorted."""
    from desktop_app import cli, registry
    from desktop_app.service import background
    from desktop_app.service.storage import table_registry

    names = {module for module, _, _ in cli.COMMANDS.values()}
    names.update(background.TASK_MODULES)
    names.update(table_registry.TABLE_MODULES)
    # the modules holding scheme registries (printer transports, scales) fill them on import
    for module in SCHEME_REGISTRY_MODULES:
        importlib.import_module(module)
    for scheme_registry in registry.REGISTRIES:
        names.update(scheme_registry.lazy_modules())
    # the registries may name modules that are not written yet (they skip them at run time)
    return sorted(name for name in names if importlib.util.find_spec(name) is not None)


def hidden_imports() -> list[str]:
    """The PyInstaller `hiddenimports` of the bundle."""
    return sorted({*registry_modules(), *LIBRARY_MODULES})


def migration_scripts(root: Path) -> list[tuple[str, str]]:
    """PyInstaller `datas` of the service's Alembic scripts: Alembic loads env.py and each
    revision from its file (not by import), so they travel as files beside storage/schema.py."""
    migrations = root / "desktop_app" / "service" / "storage" / "migrations"
    return [
        (str(path), str(path.parent.relative_to(root)))
        for path in sorted(migrations.rglob("*"))
        if path.is_file() and path.suffix in (".py", ".mako") and "__pycache__" not in path.parts
    ]
