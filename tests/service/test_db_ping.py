"""The health probe's database ping closed while its SQLite connection is still being opened.

A connect that fails or runs out of time leaves aiosqlite's connection thread one answer to
give to the ping's loop (its `stop`); when the ping had closed that loop first, the thread died
on "Event loop is closed" and pytest reported it at the next test's set-up (the
PytestUnhandledThreadExceptionWarning in `_connection_worker_thread` of
test_a_keyless_flood_leaves_a_keyed_station_and_health_alone[connect-reset], under load).
Here the connect is held in the thread until the ping has closed, so the order is certain.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from desktop_app.service.storage.db_ping import DatabasePing

#: only a connection thread that never ends reaches this
THREAD_END_BOUND = 60.0


def test_a_ping_closed_while_its_connection_opens_leaves_no_thread_failing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = tmp_path / "service.db"
    sqlite3.connect(database).close()
    opening: list[threading.Thread] = []
    release = threading.Event()
    real_connect = sqlite3.connect

    def held_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        opening.append(threading.current_thread())
        release.wait(THREAD_END_BOUND)  # the ping gives up and closes meanwhile
        return real_connect(*args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", held_connect)
    ping = DatabasePing(f"sqlite+aiosqlite:///{database}", timeout=0.2)
    try:
        problem = asyncio.run(ping.problem())
    finally:
        ping.close()
    assert problem is not None and "does not answer (TimeoutError" in problem
    release.set()  # the connection opens now, after its loop is gone
    for thread in opening:
        thread.join(THREAD_END_BOUND)
        assert not thread.is_alive(), f"{thread.name} did not end"
    # a failing thread is an error of this test (pytest's unhandled thread exception warning)


def test_a_ping_whose_database_is_missing_says_so_and_closes_cleanly(tmp_path: Path) -> None:
    """The same answer path without holding anything: a missing file fails the connect."""
    ping = DatabasePing(f"sqlite+aiosqlite:///{tmp_path / 'gone.db'}")
    threads_before = set(threading.enumerate())
    try:
        problem = asyncio.run(ping.problem())
    finally:
        ping.close()
    assert problem is not None and "does not answer" in problem
    for thread in set(threading.enumerate()) - threads_before:
        thread.join(THREAD_END_BOUND)
        assert not thread.is_alive(), f"{thread.name} did not end"
