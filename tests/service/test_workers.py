"""The service's worker processes (workers.py): each job crosses one socket that the event loop
reads itself, no thread of the service; errors, waiting, callers that give up, a killed
worker, and a shutdown that leaves no process, thread or socket behind; and the
ProcessPoolExecutor the pool stays on Windows."""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import socket
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from desktop_app.parent_watch import pid_alive
from desktop_app.service.errors import ServiceError
from desktop_app.service.workers import RemoteTraceback, WorkerPool

BOUND = 60.0  # seconds only a broken pool needs for any of these states


def whoami(tag: Any) -> tuple[int, Any]:
    """The process that ran the job, and the job's argument."""
    return os.getpid(), tag


def fail_with(error: BaseException) -> None:
    raise error


def hold_until_closed(port: int) -> int:
    """Busy until the test closes the connection this opens; the process that ran it."""
    with socket.create_connection(("127.0.0.1", port)) as connection:
        connection.recv(1)
    return os.getpid()


def note_pid(path: str) -> None:
    """A warm-up that leaves the process it ran in."""
    Path(path).write_text(str(os.getpid()), encoding="utf-8")


def _thread_names() -> set[str]:
    return {f"{t.name}:{t.ident}" for t in threading.enumerate()}


def _open_fds() -> set[str]:
    return set(os.listdir("/proc/self/fd")) if Path("/proc/self/fd").is_dir() else set()


async def _within(condition: Callable[[], bool], what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + BOUND
    while not condition():
        assert loop.time() < deadline, f"waited {BOUND:g} s for {what}"
        await asyncio.sleep(0.01)


async def _accept(listener: socket.socket) -> socket.socket:
    connection, _ = await asyncio.wait_for(asyncio.get_running_loop().sock_accept(listener), BOUND)
    return connection


def _listener() -> socket.socket:
    listener = socket.create_server(("127.0.0.1", 0))
    listener.setblocking(False)
    return listener


async def test_jobs_run_in_the_worker_and_cross_no_thread_of_the_service() -> None:
    threads = _thread_names()
    pool = WorkerPool("test jobs", 2)
    try:
        answers = await asyncio.gather(*(pool.run(whoami, n) for n in range(12)))
        workers = set(pool.pids())
        # ProcessPoolExecutor ran a manager thread and a queue-feeder thread in the service
        assert _thread_names() == threads, "the pool started threads in the service process"
    finally:
        pool.close()
    assert [tag for _, tag in answers] == list(range(12))
    assert {pid for pid, _ in answers} <= workers and os.getpid() not in workers
    assert len(workers) == 2 and pool.in_progress() == 0


async def test_an_error_of_the_job_is_raised_as_itself_and_the_worker_stays() -> None:
    pool = WorkerPool("test errors", 1)
    try:
        await pool.run(whoami, "start")
        worker = pool.pids()
        with pytest.raises(ServiceError) as refused:
            await pool.run(fail_with, ServiceError(422, ["to.zip_code: not a German code"]))
        assert refused.value.status == 422
        assert refused.value.messages == ["to.zip_code: not a German code"]
        cause = refused.value.__cause__
        assert isinstance(cause, RemoteTraceback) and "fail_with" in str(cause)
        # an OSError of the job is the job's: not taken for a dead worker and run again here
        with pytest.raises(FileNotFoundError):
            await pool.run(fail_with, FileNotFoundError(2, "no such font"))
        assert pool.pids() == worker
        pid, _ = await pool.run(whoami, "after")
        assert pid == worker[0]
    finally:
        pool.close()


async def test_a_caller_that_gives_up_leaves_the_worker_free_for_the_next_job() -> None:
    pool = WorkerPool("test cancel", 1)
    try:
        with _listener() as listener:
            port = listener.getsockname()[1]
            held = asyncio.ensure_future(pool.run(hold_until_closed, port))
            connection = await _accept(listener)  # the worker is on the job now
            waiting = asyncio.ensure_future(pool.run(whoami, "waited"))  # queued behind it
            given_up = asyncio.ensure_future(pool.run(whoami, "given up"))
            await _within(lambda: pool.in_progress() == 3, "three jobs in the pool")
            held.cancel()
            given_up.cancel()
            connection.close()  # the held job ends; its answer goes to nobody
            pid, tag = await asyncio.wait_for(waiting, BOUND)
        assert tag == "waited" and pid == pool.pids()[0]
        assert held.cancelled() and given_up.cancelled()
        assert await pool.run(whoami, "next") == (pid, "next")
        assert pool.in_progress() == 0
    finally:
        pool.close()


async def test_a_worker_killed_during_a_job_ends_the_pool_and_the_job_runs_in_a_thread() -> None:
    pool = WorkerPool("test killed", 1)
    try:
        with _listener() as listener:
            port = listener.getsockname()[1]
            job = asyncio.ensure_future(pool.run(hold_until_closed, port))
            in_worker = await _accept(listener)
            (worker,) = pool.pids()
            os.kill(worker, signal.SIGKILL)
            in_thread = await _accept(listener)  # the same job, again, in this process
            in_worker.close()
            in_thread.close()
            assert await asyncio.wait_for(job, BOUND) == os.getpid()
        assert not pool.pids() and not pid_alive(worker)
        # and so does all later work
        assert await pool.run(whoami, "later") == (os.getpid(), "later")
    finally:
        pool.close()


async def test_a_worker_killed_while_idle_ends_the_pool() -> None:
    pool = WorkerPool("test idle kill", 1)
    try:
        await pool.run(whoami, "start")
        (worker,) = pool.pids()
        os.kill(worker, signal.SIGKILL)
        await _within(lambda: not pool.pids(), "the pool to notice its worker ended")
        assert await pool.run(whoami, "later") == (os.getpid(), "later")
    finally:
        pool.close()


async def test_the_warm_up_runs_in_the_worker_before_its_first_job(tmp_path: Path) -> None:
    marker = tmp_path / "warm"
    pool = WorkerPool("test warm", 1)
    try:
        assert pool.warm(functools.partial(note_pid, str(marker))) is None  # the worker's own
        (worker,) = pool.pids()
        pid, _ = await pool.run(whoami, "first")
        assert pid == worker
        assert marker.read_text(encoding="utf-8") == str(worker)
    finally:
        pool.close()


async def test_close_leaves_no_process_thread_or_socket_and_a_later_use_starts_anew() -> None:
    threads, fds = _thread_names(), _open_fds()
    pool = WorkerPool("test close", 2)
    await asyncio.gather(*(pool.run(whoami, n) for n in range(4)))
    first = pool.pids()
    pool.close()
    await asyncio.sleep(0)  # the transports close their sockets on the loop's next turn
    assert not pool.pids() and not any(pid_alive(pid) for pid in first)
    assert _thread_names() == threads
    assert _open_fds() == fds, {f: os.readlink(f"/proc/self/fd/{f}") for f in _open_fds() - fds}
    # a service started again (a second lifespan) gets new workers
    try:
        pid, _ = await pool.run(whoami, "again")
        assert pid in pool.pids() and pid not in first
    finally:
        pool.close()


async def test_close_during_a_job_stops_the_worker_and_tells_the_caller() -> None:
    pool = WorkerPool("test close busy", 1)
    with _listener() as listener:
        port = listener.getsockname()[1]
        job = asyncio.ensure_future(pool.run(hold_until_closed, port))
        connection = await _accept(listener)
        (worker,) = pool.pids()
        connection.close()  # the job can end; its answer has nowhere to go
        pool.close()
        with pytest.raises(RuntimeError, match="stopping"):
            await asyncio.wait_for(job, BOUND)
    assert not pid_alive(worker)


async def test_without_processes_jobs_run_in_a_thread() -> None:
    pool = WorkerPool("test threads", 0)
    try:
        assert await pool.run(whoami, "here") == (os.getpid(), "here")
        assert not pool.pids()
    finally:
        pool.close()


async def test_without_sockets_the_workers_are_a_process_pool_executors_as_on_windows() -> None:
    pool = WorkerPool("test executor", 1, sockets=False)
    try:
        assert pool.warm(functools.partial(whoami, "warm")) is not None
        pid, tag = await pool.run(whoami, "in a worker")
        assert tag == "in a worker" and pid in pool.pids() and pid != os.getpid()
        os.kill(pid, signal.SIGKILL)
        # the broken pool is left; this job and later ones run in a thread
        assert await pool.run(whoami, "after") == (os.getpid(), "after")
        assert not pool.pids()
    finally:
        pool.close()
    assert not pid_alive(pid)
