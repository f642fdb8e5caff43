"""The GUI package's shape: screenshot scripts outside the package, no widget class over the
limit (its import circles are checked with all of desktop_app's, in tests/test_layers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

GUI = Path(__file__).resolve().parents[2] / "desktop_app" / "gui"


def _module_name(path: Path) -> str:
    parts = path.relative_to(GUI.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, ast.Module]:
    return {_module_name(p): ast.parse(p.read_text()) for p in sorted(GUI.rglob("*.py"))}


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


def test_every_page_presenter_is_on_the_presenter_base() -> None:
    """One presenter base and one message signal: a page's `…Presenter` (in the presenter.py
    beside its page.py) derives from `gui.core.presenter.Presenter` (`message_shown`)."""
    import importlib
    import inspect

    from desktop_app.gui.core.presenter import Presenter

    presenters: dict[str, bool] = {}
    for name in _modules():
        package = GUI.parent.parent.joinpath(*name.split(".")[:-1])
        if not name.endswith(".presenter") or not (package / "page.py").exists():
            continue
        module = importlib.import_module(name)
        for cls_name, cls in vars(module).items():
            if (
                inspect.isclass(cls)
                and cls.__module__ == module.__name__
                and cls_name.endswith("Presenter")
            ):
                presenters[f"{name}.{cls_name}"] = issubclass(cls, Presenter)
    assert "desktop_app.gui.settings.products.presenter.ProductsPresenter" in presenters
    assert "desktop_app.gui.settings.presets.presenter.PresetsPresenter" in presenters
    assert [name for name, on_base in presenters.items() if not on_base] == []
