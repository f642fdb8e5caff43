"""Shared fixtures. Fixture modules live in tests/fixtures/ and are loaded here."""

from __future__ import annotations

import asyncio
import faulthandler
import os
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

# PySide6 6.12 on Python 3.11 drops references to None/True/False; a long session would abort
from desktop_app.gui.qt_compat import protect_singletons  # noqa: E402

protect_singletons()

from tests.hang_guard import set_timer  # noqa: E402
from tests.transport_origins import record_transport_origins  # noqa: E402

record_transport_origins()

#: the test folders whose coroutines run on qasync's loop, the loop the app itself uses
QT_LOOP_FOLDERS = ("gui",)
TESTS = Path(__file__).resolve().parent


def pytest_asyncio_loop_factories(
    config: pytest.Config, item: pytest.Item
) -> Mapping[str, Callable[[], Any]]:
    """qasync's loop for the GUI tests, asyncio's own for every other test, named for each
    test: left unnamed, a test could run on the loop kind of the test before it (pytest-asyncio
    keeps the chosen loop factory for the whole session)."""
    if not any(Path(item.path).is_relative_to(TESTS / folder) for folder in QT_LOOP_FOLDERS):
        return {"asyncio": asyncio.new_event_loop}

    def qt_loop() -> Any:
        from PySide6.QtWidgets import QApplication

        from desktop_app.gui.core.event_loop import DeskEventLoop

        app = QApplication.instance() or QApplication([])
        return DeskEventLoop(app)

    return {"qasync": qt_loop}


pytest_plugins: list[str] = [
    "tests.fixtures.service",
    "tests.fixtures.receiver",
    "tests.fixtures.printer",
    "tests.fixtures.scale",
]


# A test worker that dies (a crash in Qt, a signal) takes its stderr with it, and a crashed
# worker under `--dist loadfile` would leave pytest-xdist waiting forever (so `make test` runs
# with --max-worker-restart=0). Each worker writes the test it starts and faulthandler's
# traceback into a file of its own, and the hang guard every thread's stack before it ends the
# worker; the controller prints that file when a worker goes down.
CRASH_DIR_VARIABLE = "PACKDESK_TEST_CRASH_DIR"
_crash_log: IO[str] | None = None


@pytest.hookimpl(trylast=True)  # after pytest's faulthandler plugin, which points it at stderr
def pytest_configure(config: pytest.Config) -> None:
    global _crash_log
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        os.environ.setdefault(CRASH_DIR_VARIABLE, tempfile.mkdtemp(prefix="packdesk-workers-"))
        return
    crash_dir = os.environ.get(CRASH_DIR_VARIABLE)
    if crash_dir:
        _crash_log = open(Path(crash_dir) / f"{worker}.log", "a", encoding="utf-8")  # noqa: SIM115
        faulthandler.enable(_crash_log, all_threads=True)


#: end-to-end tests that start services, databases or whole commands, restart them or wait
#: out their deadlines (10-80 s each on a loaded 2-core machine): marked `slow`, so `make check`
#: (the quick tier, `-m "not slow"`) leaves them to `make test`. A path or a test's node id.
SLOW = (
    "tests/batch_runs/test_cli_end_to_end.py",
    # `packdesk batch` as a subprocess, twice a test (about 2 s of CPU each run)
    "tests/batch_runs/test_cli_weights.py",
    "tests/batch_runs/test_shop_export.py",
    "tests/client/test_crash_recovery.py",
    "tests/client/test_ratelimit_live.py",
    "tests/client/test_transport.py::test_creation_timeout_is_not_resent",
    "tests/domain/test_sanitize.py::test_never_raises_and_is_idempotent",
    "tests/profiles/test_local_sandbox.py",
    "tests/profiles/test_server_trust.py",
    "tests/service/api/test_audit_log.py",
    "tests/service/api/test_bodies.py",
    "tests/service/api/test_ratelimit.py",
    "tests/service/api/test_schemathesis.py",
    "tests/service/api/test_slow_clients.py",
    "tests/service/api/test_stalled_cuts.py",
    "tests/service/api/test_webhooks.py::test_two_services_on_one_database_deliver_each_event_once",
    # its own service, people added by `serve users add` subprocesses, 1,000 sign-ins
    "tests/service/people/test_sign_in_limits.py::test_a_thousand_wrong_pins_from_one_station",
    "tests/service/shipping/test_lifecycle.py",
    "tests/service/storage/",
    "tests/service/test_data_dir_safety.py",
    "tests/service/test_logs.py",
    "tests/service/test_public_address.py",
    # every door (GUI-free parts, the watched folder, `packdesk batch` as a subprocess) per file
    "tests/station/test_order_doors.py",
    "tests/test_hang_guard.py",
)


#: fixtures that start a process of the test's own (a Shipping Service, a PostgreSQL cluster)
#: or its whole command: a test using one is `slow` too (5-90 s each on a loaded machine),
#: however it is named; the session's one `local_service` stays in the quick tier. `warehouse`:
#: a module's own service with its people added by `serve users add` (tests/service/people,
#: about 15 s of CPU a module)
OWN_PROCESS_FIXTURES = frozenset({"service_factory", "cluster", "warehouse"})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if item.nodeid.startswith(SLOW) or OWN_PROCESS_FIXTURES.intersection(fixtures):
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item: pytest.Item, settings: Any) -> bool:
    """pytest-timeout's limit, with every thread's stack written into this worker's log (and
    py-spy's native dump) before the worker is ended: tests/hang_guard.py."""
    return set_timer(item, settings, _crash_log)


def pytest_runtest_logstart(nodeid: str, location: object) -> None:
    if _crash_log is not None:
        _crash_log.write(f"starting {nodeid}\n")
        _crash_log.flush()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """(controller) A worker that went down: show what it ran last and how it ended."""
    crash_dir = os.environ.get(CRASH_DIR_VARIABLE)
    if not error or not crash_dir:
        return
    log = Path(crash_dir) / f"{node.gateway.id}.log"
    text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
    reporter = node.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_sep("!", f"{node.gateway.id} went down ({error}); its log {log}")
        reporter.write_line(last_lines(text) or "(nothing written)")


def last_lines(text: str, shown: int = 80, stacks: int = 600) -> str:
    """The log's last `shown` lines; after a hang guard fired, its whole dump (up to `stacks`
    lines) and the tests started before it."""
    lines = text.splitlines()
    guard = max(
        (n for n, line in enumerate(lines) if line.startswith("==== hang guard")), default=-1
    )
    start = len(lines) - shown if guard < 0 else guard - 5
    return "\n".join(lines[max(0, start) : max(0, start) + max(shown, stacks)])


def pytest_unconfigure(config: pytest.Config) -> None:
    global _crash_log
    if _crash_log is not None:
        faulthandler.disable()
        _crash_log.close()
        _crash_log = None
