"""The hang guard (tests/hang_guard.py) leaves every thread's stack before it ends a worker.

Each test runs a child pytest, with this suite's conftest and a one-second limit, on a test
that hangs while a helper thread of its own sleeps.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hang_guard import process_stacks, py_spy

REPO = Path(__file__).resolve().parent.parent
#: the child's own start (a Python with Qt, pytest and its plugins), its one-second limit and
#: py-spy's dump, on a loaded 2-core machine
CHILD_BOUND = 240

HANGING_TEST = """
import threading
import time


def sleeping_in_a_helper_thread():
    time.sleep(600)


def waiting_for_an_event_nobody_sets():
    threading.Event().wait()


def test_that_hangs():
    threading.Thread(target=sleeping_in_a_helper_thread, name="helper", daemon=True).start()
    waiting_for_an_event_nobody_sets()
"""


def run_hanging_test(
    tmp_path: Path, *workers: str
) -> tuple[subprocess.CompletedProcess[str], Path]:
    """Run HANGING_TEST in a child pytest (this suite's conftest as a plugin, limit 1 s);
    its result and the folder of its workers' logs."""
    (tmp_path / "test_hanging.py").write_text(HANGING_TEST, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text(
        "[pytest]\nasyncio_default_fixture_loop_scope = function\n", encoding="utf-8"
    )
    logs = tmp_path / "worker-logs"
    logs.mkdir()
    env = {
        **os.environ,
        "PACKDESK_TEST_CRASH_DIR": str(logs),
        "PYTHONPATH": str(REPO),
        "PYTEST_ADDOPTS": "",
    }
    env.pop("PYTEST_XDIST_WORKER", None)
    env.pop("PYTEST_XDIST_WORKER_COUNT", None)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider"]
        + ["-c", str(tmp_path / "pytest.ini"), "--rootdir", str(tmp_path)]
        + ["-o", "timeout=1", "-o", "timeout_method=thread", *workers]
        + [str(tmp_path / "test_hanging.py")],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=CHILD_BOUND,
        check=False,
    )
    return done, logs


def assert_every_thread_shown(text: str) -> None:
    assert "hang guard: test_hanging.py::test_that_hangs still running after 1 s" in text
    assert "waiting_for_an_event_nobody_sets" in text  # the test's own thread
    assert "sleeping_in_a_helper_thread" in text  # and every other thread
    if py_spy() is not None:
        assert "py-spy dump --native" in text
        # py-spy names the thread by its Python name, with the native frames below
        assert "helper" in text.split("py-spy dump --native", 1)[1]


def test_a_hanging_worker_leaves_every_threads_stack_in_its_log(tmp_path: Path) -> None:
    done, logs = run_hanging_test(tmp_path, "-n", "1", "--max-worker-restart=0")
    output = done.stdout + done.stderr
    assert done.returncode != 0, output
    log = (logs / "gw0.log").read_text(encoding="utf-8")
    assert "starting test_hanging.py::test_that_hangs" in log
    assert_every_thread_shown(log)
    # the controller shows the dump when the worker goes down
    assert "gw0 went down" in output, output
    assert "waiting_for_an_event_nobody_sets" in output.split("gw0 went down", 1)[1]


def test_without_workers_the_stacks_go_to_stderr(tmp_path: Path) -> None:
    done, _ = run_hanging_test(tmp_path, "-p", "no:xdist")
    assert done.returncode != 0
    assert_every_thread_shown(done.stdout + done.stderr)


def test_a_stuck_process_s_threads_are_named_by_py_spy() -> None:
    """The desk tests' waits give up on a stuck app with its stacks (tests/desk/real_window)."""
    if py_spy() is None:
        pytest.skip("py-spy is not installed (the test extras bring it)")
    code = (
        "import sys, time\n"
        "def stuck_in_a_long_call():\n"
        "    print('ready', flush=True)\n"
        "    time.sleep(600)\n"
        "stuck_in_a_long_call()\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n"
        stacks = process_stacks(child.pid)
    finally:
        child.kill()
        child.communicate()
    assert "stuck_in_a_long_call" in stacks, stacks
