"""docs/ARCHITECTURE.md stays a true one-screen map: every path it names exists, every
`packdesk` command it names is one the CLI has, and it stays short (details go to the
packages' docstrings)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "docs" / "ARCHITECTURE.md"
#: a screen and a half: the map, not the manual
MAP_LINES_LIMIT = 90
TOP_FOLDERS = "desktop_app|tests|docs|resources|tools|bench|packaging"
PATH = re.compile(rf"\b((?:{TOP_FOLDERS})/[\w./<>-]*[\w>]/?)")


def named_paths(text: str) -> set[str]:
    """The repository paths the text names (a `<placeholder>` part stands for any name)."""
    return {m.group(1).rstrip("/.") for m in PATH.finditer(text)}


def exists(path: str) -> bool:
    """True when the path exists, a `<name>` part matching any file or folder."""
    pattern = re.sub(r"<[^>]+>", "*", path)
    return any(ROOT.glob(pattern)) if "*" in pattern else (ROOT / path).exists()


def test_every_path_the_map_names_exists() -> None:
    paths = named_paths(MAP.read_text(encoding="utf-8"))
    assert len(paths) > 30  # the pattern finds the map's paths
    assert {p for p in paths if not exists(p)} == set()


def test_the_map_is_one_screen() -> None:
    assert len(MAP.read_text(encoding="utf-8").splitlines()) <= MAP_LINES_LIMIT


def test_every_package_the_map_lists_has_a_docstring_with_its_details() -> None:
    import ast

    text = MAP.read_text(encoding="utf-8")
    packages = set(re.findall(r"^(desktop_app/\w+)/ ", text, re.MULTILINE))
    assert len(packages) >= 10
    for package in packages:
        source = (ROOT / package / "__init__.py").read_text(encoding="utf-8")
        docstring = ast.get_docstring(ast.parse(source)) or ""
        assert len(docstring.splitlines()) >= 3, f"{package} says too little about itself"


def test_the_commands_the_map_names_exist() -> None:
    from desktop_app.cli import COMMANDS

    text = MAP.read_text(encoding="utf-8")
    named = set(re.findall(r"`packdesk ([a-z-]+)", text))
    assert named - set(COMMANDS) == set()
