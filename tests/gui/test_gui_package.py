"""The GUI package's shape: no import circle between its modules (imports inside functions
count too; `if TYPE_CHECKING:` ones, never run, do not), screenshot scripts outside the package."""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "desktop_app" / "gui"


def _module_name(path: Path) -> str:
    parts = path.relative_to(GUI.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, ast.Module]:
    return {_module_name(p): ast.parse(p.read_text()) for p in sorted(GUI.rglob("*.py"))}


def _type_only(tree: ast.Module) -> set[int]:
    """ids of the nodes under `if TYPE_CHECKING:` (annotations only: no import at run time)."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            hidden.update(id(child) for part in node.body for child in ast.walk(part))
    return hidden


def _imports(tree: ast.Module, known: set[str]) -> set[str]:
    found: set[str] = set()
    type_only = _type_only(tree)
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                found.add(full if full in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name in known}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle in `graph` (module -> imported modules), or []."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_cycle_finder_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_in_the_gui_package() -> None:
    modules = _modules()
    known = set(modules)
    # a package's __init__ is not an edge to its modules
    graph = {name: _imports(tree, known) - {name} for name, tree in modules.items()}
    assert "desktop_app.gui.shipment.creation" in graph
    assert _cycle(graph) == []


def test_screenshot_scripts_are_not_in_the_product_package() -> None:
    assert not [p.name for p in GUI.rglob("*shots*.py")]


WIDGET_LINES_LIMIT = 300


def _widget_class_lengths() -> dict[str, int]:
    """Every QWidget subclass defined in the GUI package -> its length in source lines."""
    import importlib
    import inspect

    from PySide6.QtWidgets import QWidget

    lengths: dict[str, int] = {}
    for name in _modules():
        module = importlib.import_module(name)
        for cls_name, cls in vars(module).items():
            if (
                inspect.isclass(cls)
                and issubclass(cls, QWidget)
                and cls.__module__ == module.__name__
            ):
                lines, _ = inspect.getsourcelines(cls)
                lengths[f"{name}.{cls_name}"] = len(lines)
    return lengths


def test_no_widget_class_is_longer_than_the_limit() -> None:
    """Widgets show; presenters and models decide. A widget class growing past the limit is
    taking on decisions that belong in a presenter tested without a window."""
    lengths = _widget_class_lengths()
    assert lengths["desktop_app.gui.shell.main_window.MainWindow"] > 50  # the walk sees widgets
    too_long = {name: n for name, n in lengths.items() if n > WIDGET_LINES_LIMIT}
    assert too_long == {}
