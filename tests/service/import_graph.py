"""The service's imports between its parts, read from the source (ast), for the layer test
and for measuring: which part imports which, and the circles among them.

A part is a subpackage of desktop_app/service (api, shipping, storage, ...) or a top-level
module (context, errors, app, ...); storage/db.py with its SQLite driver (sqlite_one_hop.py)
counts as its own part, "db". Imports
inside functions count too: a late import hides a circle, it does not remove it.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

SERVICE = Path(__file__).resolve().parents[2] / "desktop_app" / "service"
PREFIX = "desktop_app.service"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SERVICE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PREFIX, *parts])


def part_of(module: str) -> str | None:
    """The part a dotted module name belongs to; None outside the service."""
    if module != PREFIX and not module.startswith(PREFIX + "."):
        return None
    rest = module[len(PREFIX) + 1 :].split(".")
    if not rest or rest == [""]:
        return "service"
    if rest[:2] in (["storage", "db"], ["storage", "sqlite_one_hop"]):
        return "db"
    return rest[0]


def _imported(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[str, int]]:
    """(dotted module, line) for every import in a file, relative ones resolved."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                # `from pkg import module` names a module: count it as that module
                yield f"{base}.{alias.name}", node.lineno


def module_edges() -> dict[tuple[str, str], list[str]]:
    """(importing part, imported part) -> where ("storage/addresses.py:12 -> shipping.carriers")."""
    edges: dict[tuple[str, str], list[str]] = {}
    for path in sorted(SERVICE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        module = _module_name(path)
        source = part_of(module)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name, line in _imported(tree, module, path.name == "__init__.py"):
            target = part_of(name)
            if source is None or target is None or target == source or target == "service":
                continue
            where = f"{path.relative_to(SERVICE)}:{line} -> {name[len(PREFIX) + 1 :]}"
            edges.setdefault((source, target), []).append(where)
    return edges


def circles(
    parts: set[str] | None = None, edges: Iterable[tuple[str, str]] | None = None
) -> list[list[str]]:
    """The strongly connected groups of more than one part (each holds at least one circle),
    of the service's imports or of the given `edges`."""
    graph: dict[str, set[str]] = {}
    for source, target in module_edges() if edges is None else edges:
        if parts is None or (source in parts and target in parts):
            graph.setdefault(source, set()).add(target)
            graph.setdefault(target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                item = stack.pop()
                group.append(item)
                if item == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def mutual_pairs(parts: set[str] | None = None) -> list[tuple[str, str]]:
    """Pairs of parts that import each other (the shortest circles)."""
    edges = module_edges()
    return sorted(
        (a, b) for a, b in edges if a < b and (b, a) in edges and (parts is None or {a, b} <= parts)
    )


if __name__ == "__main__":
    inner = set(sys.argv[1:]) or None
    for a, b in mutual_pairs(inner):
        sys.stdout.write(f"{a} <-> {b}\n")
        for where in module_edges()[(a, b)] + module_edges()[(b, a)]:
            sys.stdout.write(f"    {where}\n")
    for group in circles(inner):
        sys.stdout.write(f"circle group: {' '.join(group)}\n")
