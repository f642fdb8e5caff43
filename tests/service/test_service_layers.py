"""The service's parts import downward only and never in a circle:
top (app, cli, commands, ...) -> api -> context -> shipping, notifications -> storage, labels
-> db -> the ground floor (errors, settings, workers, ...). Imports inside functions count.

A route (api/routes/) parses, calls a function of shipping/<resource>.py and commits: it never
reaches storage (rows and queries) or the database itself."""

from __future__ import annotations

from tests.service.import_graph import circles, module_edges

# the parts that put the service together; nothing below imports them
TOP = {"app", "background", "cli", "commands", "installation", "join"}
FLOORS: list[set[str]] = [
    {"api"},
    {"context"},
    {"shipping", "notifications"},
    {"storage", "labels"},
    {"db"},
    {"errors", "settings", "workers", "texts", "logs", "tls", "addressing"},
]


ROUTES = "api/routes/"
BELOW_SHIPPING = {"storage", "db"}


def routes_reaching_storage(edges: dict[tuple[str, str], list[str]]) -> list[str]:
    """Where a route module imports storage or db (module_edges' "file:line -> module")."""
    return [
        where
        for (source, target), places in edges.items()
        if source == "api" and target in BELOW_SHIPPING
        for where in places
        if where.startswith(ROUTES)
    ]


def _floor(part: str) -> int:
    if part in TOP:
        return -1
    for number, parts in enumerate(FLOORS):
        if part in parts:
            return number
    raise AssertionError(f"{part} is on no floor: add it to TOP or FLOORS in this test")


def test_no_part_of_the_service_imports_itself_round_a_circle() -> None:
    assert circles() == []


def test_every_import_between_parts_goes_down() -> None:
    upward = [
        f"{where} ({source} is above {target}'s floor)"
        for (source, target), places in module_edges().items()
        if _floor(source) > _floor(target)
        for where in places
    ]
    assert upward == []


def test_a_circle_between_parts_is_found() -> None:
    made_up = [("api", "shipping"), ("shipping", "storage"), ("storage", "shipping"), ("db", "x")]
    assert circles(edges=made_up) == [["shipping", "storage"]]


def test_no_route_imports_storage() -> None:
    assert routes_reaching_storage(module_edges()) == []


def test_a_route_importing_storage_is_found() -> None:
    made_up = {
        ("api", "storage"): [
            "api/deps.py:15 -> storage.accounts.KeyInfo",  # api's own parts may
            "api/routes/me.py:12 -> storage.account_settings.me_body",
        ],
        ("api", "db"): ["api/routes/orders.py:9 -> storage.db.new_uuid"],
        ("api", "shipping"): ["api/routes/me.py:11 -> shipping.me.account_of"],
        ("shipping", "storage"): ["shipping/me.py:9 -> storage.account_settings.me_body"],
    }
    assert sorted(routes_reaching_storage(made_up)) == [
        "api/routes/me.py:12 -> storage.account_settings.me_body",
        "api/routes/orders.py:9 -> storage.db.new_uuid",
    ]


def test_storage_holds_rows_and_queries_not_the_rules() -> None:
    """The shipping rules (address checks, validation) are the shipping layer's: no storage
    module imports `domain.rules` (an address was checked in storage/addresses.py before)."""
    import ast
    from pathlib import Path

    import desktop_app.service.storage as storage

    importing_rules = []
    for path in sorted(Path(storage.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            if any(name.startswith("desktop_app.domain.rules") for name in names):
                importing_rules.append(f"{path.name}:{node.lineno}")
    assert importing_rules == []


def _storage_refusals(source: str, name: str) -> list[str]:
    """Where a storage module's source words a refusal for an HTTP answer: an exception class
    carrying a `status`, or an import from service.errors (but ownership.py's not_found)."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            statuses = [
                target
                for inner in ast.walk(node)
                if isinstance(inner, ast.Assign)
                for target in inner.targets
                if isinstance(target, ast.Attribute) and target.attr == "status"
            ]
            if statuses:
                found.append(f"{name}:{node.lineno} class {node.name} carries a status")
        if isinstance(node, ast.ImportFrom) and node.module == "desktop_app.service.errors":
            names = {alias.name for alias in node.names}
            if not (name == "ownership.py" and names == {"not_found"}):
                found.append(f"{name}:{node.lineno} imports {sorted(names)} from service.errors")
    return found


def test_storage_words_no_refusals() -> None:
    """Refusals in words with their HTTP status are the shipping layer's: storage keeps rows
    and queries (storage/station_joins.py held JoinError(status, message) before)."""
    from pathlib import Path

    import desktop_app.service.storage as storage

    refusals = [
        where
        for path in sorted(Path(storage.__file__).parent.rglob("*.py"))
        for where in _storage_refusals(path.read_text(encoding="utf-8"), path.name)
    ]
    assert refusals == []


def test_a_worded_refusal_in_storage_is_found() -> None:
    made_up = (
        "from desktop_app.service.errors import ServiceError, not_found\n"
        "class JoinError(Exception):\n"
        "    def __init__(self, status, message):\n"
        "        self.status = status\n"
    )
    assert _storage_refusals(made_up, "joins.py") == [
        "joins.py:1 imports ['ServiceError', 'not_found'] from service.errors",
        "joins.py:2 class JoinError carries a status",
    ]
    assert (
        _storage_refusals("from desktop_app.service.errors import not_found\n", "ownership.py")
        == []
    )
