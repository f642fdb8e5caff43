"""The bundle's hidden imports come from the code's registries: nothing they name is left out."""

from __future__ import annotations

import importlib.util
import sys

from desktop_app import registry
from desktop_app.cli import COMMANDS
from desktop_app.service.background import TASK_MODULES
from tests.packaging.conftest import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "packaging"))
from frozen_modules import hidden_imports  # noqa: E402


def test_every_module_a_registry_names_is_in_the_bundle() -> None:
    names = set(hidden_imports())
    assert {module for module, _, _ in COMMANDS.values()} <= names
    assert set(TASK_MODULES) <= names
    assert "desktop_app.scales.hid" in names  # a scale registered by name
    assert "desktop_app.service.storage.shipments" in names
    assert all(importlib.util.find_spec(name) for name in names)


def test_a_new_lazily_registered_class_is_bundled_without_touching_the_spec() -> None:
    things: registry.SchemeRegistry[object] = registry.SchemeRegistry(object, "thing")
    try:
        things.register("new", "email.parser:Parser")
        assert "email.parser" in hidden_imports()
    finally:
        registry.REGISTRIES.remove(things)
    assert "email.parser" not in hidden_imports()


def test_a_lazy_entry_already_used_in_this_process_is_still_bundled() -> None:
    things: registry.SchemeRegistry[object] = registry.SchemeRegistry(object, "thing")
    try:
        things.register("new", "email.parser:Parser")
        things.get("new")  # resolved: the entry now holds the class itself
        assert "email.parser" in hidden_imports()
    finally:
        registry.REGISTRIES.remove(things)


def test_the_schema_revisions_travel_as_files_beside_schema_py() -> None:
    from frozen_modules import migration_scripts

    from desktop_app.service.storage.schema import MIGRATIONS_DIR

    datas = migration_scripts(REPO_ROOT)
    revisions = sorted(p.name for p in (MIGRATIONS_DIR / "versions").glob("[0-9]*.py"))
    assert revisions and "0001_baseline.py" in revisions
    for name in ("env.py", *(f"versions/{r}" for r in revisions)):
        source = MIGRATIONS_DIR / name
        target = source.parent.relative_to(REPO_ROOT).as_posix()
        assert (str(source), target) in datas
    assert {"alembic.op", "alembic.ddl.sqlite", "alembic.ddl.postgresql"} <= set(hidden_imports())
