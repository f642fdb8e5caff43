"""The app's loop runs a callback only while it runs (gui/core/event_loop.py).

qasync's own loop ran a task woken while it was stopped inside any `processEvents` (its own
after `run_until_complete`, pytest-qt's around each test): the task failed with "no running
event loop" before it could close its socket. These tests drive the loop by hand (plain,
not async tests) to stop it where that happened.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from desktop_app.gui.core.event_loop import GIL_SWITCH_INTERVAL_S, DeskEventLoop


@pytest.fixture
def loop(qapp: Any) -> Iterator[DeskEventLoop]:
    made = DeskEventLoop(qapp)
    asyncio.set_event_loop(made)
    try:
        yield made
    finally:
        asyncio.set_event_loop(None)
        made.close()


def _process_events_while_stopped() -> None:
    """What pytest-qt does around each test, and qasync after `run_until_complete`."""
    for _ in range(3):  # a zero timer fires in the first pass; more passes change nothing
        QApplication.processEvents()


async def _step_in(_: Any) -> None:
    """One turn of the loop."""
    await asyncio.sleep(0)


def test_a_task_woken_while_the_loop_is_stopped_runs_in_the_loops_next_run(
    loop: DeskEventLoop,
) -> None:
    woken_on: list[asyncio.AbstractEventLoop] = []
    closed: list[str] = []

    async def connection(event: asyncio.Event) -> None:
        try:
            await event.wait()
            woken_on.append(asyncio.get_running_loop())
        finally:
            closed.append("closed")  # a handler's finally: where it closes its socket

    event = asyncio.Event()
    task = loop.create_task(connection(event))
    loop.run_until_complete(_step_in(None))  # the task waits now
    event.set()  # wakes it: its step is scheduled while the loop is stopped
    _process_events_while_stopped()
    assert not task.done(), "the task ran while its loop was stopped (no running loop there)"
    assert closed == []
    loop.run_until_complete(task)
    assert woken_on == [loop]
    assert closed == ["closed"]


def test_callbacks_that_waited_run_in_the_order_they_came_due(loop: DeskEventLoop) -> None:
    ran: list[int] = []
    for number in range(5):
        loop.call_soon(ran.append, number)
    _process_events_while_stopped()
    assert ran == []
    loop.run_until_complete(_step_in(None))
    assert ran == [0, 1, 2, 3, 4]


def test_a_callback_from_another_thread_waits_for_the_loop_too(loop: DeskEventLoop) -> None:
    import threading

    ran: list[bool] = []

    def on_loop() -> None:
        ran.append(asyncio.get_running_loop() is loop)

    thread = threading.Thread(target=loop.call_soon_threadsafe, args=(on_loop,))
    thread.start()
    thread.join(30)
    _process_events_while_stopped()
    assert ran == []
    loop.run_until_complete(_step_in(None))
    _process_events_while_stopped()  # the signal's delivery may land after that one turn
    loop.run_until_complete(_step_in(None))
    assert ran == [True]


def test_a_cancelled_callback_never_runs(loop: DeskEventLoop) -> None:
    ran: list[str] = []
    waiting = loop.call_soon(ran.append, "waiting")
    _process_events_while_stopped()
    waiting.cancel()
    loop.call_soon(ran.append, "after")
    loop.run_until_complete(_step_in(None))
    assert ran == ["after"]


def test_a_closed_loop_drops_what_waited(qapp: Any) -> None:
    made = DeskEventLoop(qapp)
    ran: list[str] = []
    made.call_soon(ran.append, "waiting")
    _process_events_while_stopped()
    made.close()
    _process_events_while_stopped()
    assert ran == []


def test_the_loop_runs_as_asyncio_runs_it(qapp: Any) -> None:
    """asyncio.Runner's own steps (tasks cancelled at the end, executor shut down) on our loop."""
    finished: list[str] = []

    async def main() -> str:
        async def lingering() -> None:
            try:
                await asyncio.sleep(3600)
            finally:
                finished.append("cancelled and cleaned up")

        asyncio.get_running_loop().create_task(lingering())
        await asyncio.sleep(0)
        return await asyncio.to_thread(lambda: "from a thread")

    with asyncio.Runner(loop_factory=lambda: DeskEventLoop(qapp)) as runner:
        assert runner.run(main()) == "from a thread"
    assert finished == ["cancelled and cleaned up"]


def test_the_desk_loop_lets_other_threads_take_the_interpreter_within_a_millisecond(
    qapp: Any,
) -> None:
    """The print queue's thread waits at most the switch interval for the interpreter at
    each step while the window's thread runs Python (5 ms by default: bench/print_latency.py
    measured 168 ms from queue to printer with the window held, 36 ms at 1 ms)."""
    python_default = 0.005
    sys.setswitchinterval(python_default)
    made = DeskEventLoop(qapp)
    try:
        assert sys.getswitchinterval() == GIL_SWITCH_INTERVAL_S <= 0.001
    finally:
        made.close()
