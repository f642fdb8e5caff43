"""The service's parts import downward only and never in a circle:
top (app, cli, commands, ...) -> api -> context -> shipping, notifications -> storage, labels
-> db -> the ground floor (errors, settings, workers, ...). Imports inside functions count."""

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
