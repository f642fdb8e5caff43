"""The import layers of all of desktop_app, and no GUI page importing another page.

Layers point down only: gui -> batch_runs -> shops -> orders, station -> client, printing,
scales -> profiles -> domain; service stands beside them on domain, and nothing imports
service (client meets it over HTTPS). Packages of one layer do not import each other. The
modules beside the layers (paths, resources, ...) are importable from any layer and import no
layer. Only gui, Qt PDF printing and the PySide6 work-around import PySide6. Every import
counts: those inside functions and those under `if TYPE_CHECKING:`. No import circle between
modules (there, `if TYPE_CHECKING:` imports do not count: they never run), and nothing imports
the flat `domain.rules_*` names the rules had before they became the `domain.rules` package.
Inside gui, `core/` (context, theme, background work) lies below the pages and `shell/` (the
window, menus, banner, status bar, page tabs) above them: no page, widget or core module
imports `shell/`, and `core/` imports no page.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import desktop_app

PACKAGE = Path(desktop_app.__file__).resolve().parent

#: the layered packages by height: a package imports only packages of lower layers
LAYERS = {
    "domain": 0,
    "profiles": 1,
    "client": 2,
    "printing": 2,
    "scales": 2,
    "orders": 3,
    "station": 3,
    "shops": 4,
    "batch_runs": 5,
    "gui": 6,
}
BESIDE_DOMAIN = {"service"}  # imports domain only; imported by nobody
#: importable from anywhere, importing no layer
SHARED = {
    "desktop_app",
    "paths",
    "resources",
    "registry",
    "control_file",
    "label_fonts",
    "sqlite_db",
    "qt_compat",
    "parent_watch",
    "lazy_exports",
}
ENTRY_POINTS = {"cli", "__main__"}  # the command line: may start any layer
QT_USERS = ("desktop_app.gui", "desktop_app.printing.qt_print", "desktop_app.qt_compat")

#: GUI packages that are pages: those with a page.py (the naming rule); shell puts them
#: together, core lies below them all, and widgets and i18n serve them all
PAGES = {path.parent.name for path in (PACKAGE / "gui").glob("*/page.py")}

# Known breaks of the rules, each to be removed when fixed (a fixed one fails the test until
# it is taken out of its list, so the lists stay true).
KNOWN_LAYER_BREAKS: set[tuple[str, str]] = set()
KNOWN_CIRCLES: list[list[str]] = []
#: imports of flat `domain.rules_*` modules (the rules live in the `domain.rules` package)
KNOWN_FLAT_RULES_IMPORTS: set[tuple[str, str]] = set()
KNOWN_PAGE_TO_PAGE: set[tuple[str, str]] = set()
KNOWN_GUI_FLOOR_BREAKS: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def imports() -> list[tuple[str, str]]:
    """(importing module, imported module) for every import in desktop_app."""
    return list(_imports(run_time_only=False))


@cache
def run_time_imports() -> list[tuple[str, str]]:
    """The imports that run: those under `if TYPE_CHECKING:` left out."""
    return list(_imports(run_time_only=True))


def _type_only(tree: ast.Module) -> set[int]:
    """ids of the nodes under `if TYPE_CHECKING:` (annotations only: no import at run time)."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            hidden.update(id(child) for part in node.body for child in ast.walk(part))
    return hidden


def _imports(run_time_only: bool) -> Iterator[tuple[str, str]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        source = module_name(path)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_only(tree) if run_time_only else set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield source, alias.name
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    where = PACKAGE.parent / Path(*full.split("."))
                    is_module = where.with_suffix(".py").exists() or where.is_dir()
                    yield source, full if is_module else node.module


def part(module: str) -> str:
    """The top-level part of desktop_app a module belongs to ("gui", "paths", ...)."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else "desktop_app"


def layer_break(source: str, target: str) -> bool:
    """Whether `source` importing `target` (both in desktop_app) breaks the layers."""
    src, dst = part(source), part(target)
    if src == dst or src in ENTRY_POINTS:
        return False
    if dst in SHARED:
        return False
    if src in SHARED:
        return True  # shared modules import no layer
    if dst in BESIDE_DOMAIN:
        return True
    if src in BESIDE_DOMAIN:
        return dst != "domain"
    return LAYERS[dst] >= LAYERS[src]


def page_to_page(source: str, target: str) -> bool:
    """Whether a GUI page (or a shared GUI part) imports a page it is not."""
    src, dst = source.split("."), target.split(".")
    if src[:2] != ["desktop_app", "gui"] or dst[:2] != ["desktop_app", "gui"]:
        return False
    if len(src) < 4 or len(dst) < 3:
        return False
    own, other = src[2], dst[2]
    return own != other and other in PAGES and (own in PAGES or own in ("widgets", "i18n", "core"))


def gui_floor_break(source: str, target: str) -> bool:
    """Whether a GUI module imports a floor above its own: anything but the entry point
    (`gui.app`) importing `gui.shell`, or `gui.core` importing a page or `gui.shell`."""
    src, dst = source.split("."), target.split(".")
    if src[:2] != ["desktop_app", "gui"] or dst[:2] != ["desktop_app", "gui"]:
        return False
    if len(src) < 3 or len(dst) < 3:
        return False
    own, other = src[2], dst[2]
    if own == other:
        return False
    if other == "shell":
        return own != "app"
    return own == "core" and other in PAGES


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph` (module -> imported modules): each group of modules that
    reach each other, sorted (Tarjan's strongly connected components)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in order:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], order[nxt])
        if low[node] == order[node]:
            group = stack[stack.index(node) :]
            del stack[stack.index(node) :]
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return sorted(found)


def test_the_rules_catch_what_they_are_for() -> None:
    assert layer_break("desktop_app.domain.rules", "desktop_app.profiles.store")
    assert layer_break("desktop_app.client._base", "desktop_app.service.app")
    assert layer_break("desktop_app.service.labels.shipment_labels", "desktop_app.printing.zpl")
    assert layer_break("desktop_app.printing.cli", "desktop_app.scales.base")
    assert layer_break("desktop_app.paths", "desktop_app.domain.catalog")
    assert not layer_break("desktop_app.gui.app", "desktop_app.domain.rules")
    assert not layer_break("desktop_app.service.app", "desktop_app.domain.rules")
    assert not layer_break("desktop_app.printing.queue", "desktop_app.sqlite_db")
    assert page_to_page("desktop_app.gui.shipment.partials.form", "desktop_app.gui.history.page")
    assert page_to_page("desktop_app.gui.widgets.problems", "desktop_app.gui.scan")
    assert not page_to_page("desktop_app.gui.shell.pages", "desktop_app.gui.history.page")
    assert not page_to_page("desktop_app.gui.history.page", "desktop_app.gui.widgets.problems")
    assert page_to_page("desktop_app.gui.core.context", "desktop_app.gui.scan.page")
    assert gui_floor_break("desktop_app.gui.history.page", "desktop_app.gui.shell.main_window")
    assert gui_floor_break("desktop_app.gui.widgets.fields", "desktop_app.gui.shell.pages")
    assert gui_floor_break("desktop_app.gui.core.context", "desktop_app.gui.shell.status_bar")
    assert gui_floor_break("desktop_app.gui.core.context", "desktop_app.gui.history.page")
    assert not gui_floor_break("desktop_app.gui.app", "desktop_app.gui.shell.main_window")
    assert not gui_floor_break("desktop_app.gui.shell.pages", "desktop_app.gui.scan.page")
    assert not gui_floor_break("desktop_app.gui.scan.page", "desktop_app.gui.core.context")
    assert not gui_floor_break("desktop_app.gui.shell.status_bar", "desktop_app.gui.core.theme")
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_every_page_package_follows_the_naming_rule() -> None:
    assert {"history", "settings", "shipment"} <= PAGES  # the glob sees the pages
    for page in PAGES:
        module = (PACKAGE / "gui" / page / "page.py").read_text(encoding="utf-8")
        classes = [
            node.name
            for node in ast.parse(module).body
            if isinstance(node, ast.ClassDef) and node.name.endswith("Page")
        ]
        assert classes, f"gui/{page}/page.py has no …Page class"


def test_every_part_of_desktop_app_has_its_place() -> None:
    parts = {part(module_name(p)) for p in PACKAGE.rglob("*.py")}
    assert parts <= set(LAYERS) | BESIDE_DOMAIN | SHARED | ENTRY_POINTS, parts


def test_imports_point_down_the_layers() -> None:
    found = {
        (source, target)
        for source, target in imports()
        if target.startswith("desktop_app") and layer_break(source, target)
    }
    assert found == KNOWN_LAYER_BREAKS


def test_only_the_gui_and_qt_printing_import_pyside6() -> None:
    found = {
        source
        for source, target in imports()
        if target.split(".")[0] == "PySide6" and not source.startswith(QT_USERS)
    }
    assert found == set()


def test_no_gui_page_imports_another_page() -> None:
    found = {(source, target) for source, target in imports() if page_to_page(source, target)}
    assert found == KNOWN_PAGE_TO_PAGE


def test_gui_core_lies_below_the_pages_and_the_shell_above_them() -> None:
    assert {"core", "shell"} <= {p.name for p in (PACKAGE / "gui").iterdir() if p.is_dir()}
    found = {(source, target) for source, target in imports() if gui_floor_break(source, target)}
    assert found == KNOWN_GUI_FLOOR_BREAKS


def test_no_import_circle_in_desktop_app() -> None:
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for source, target in run_time_imports():
        if target in modules and target != source:
            graph[source].add(target)
    assert "desktop_app.gui.shipment.partials.creation" in graph["desktop_app.gui.shipment.page"]
    assert circles(graph) == KNOWN_CIRCLES


def test_nothing_imports_the_flat_rules_modules() -> None:
    found = {
        (source, target)
        for source, target in imports()
        if target.startswith("desktop_app.domain.rules_")
    }
    assert found == KNOWN_FLAT_RULES_IMPORTS
