"""CPU work of the service off its event loop: in a worker process, else in a thread.

A thread of the service process does not free the loop: it holds the GIL while it works, C
code such as `json.loads` of a large body for its whole run, Python code in turns of 5 ms,
after each of which the loop waits for the GIL again (a thread checking 1 MB bodies held the
loop up to ~30 ms and tripled another station's p99). A worker process works on another core
instead; only its arguments and result cross (pickled). A frozen app (PyInstaller would start
itself again as the child), `processes=0`, or a pool that broke work in a thread instead.

Each worker process is joined to the service by one socket, and the event loop itself writes
a job to it and reads the answer from it (an asyncio transport): a job crosses no thread of the
service. `ProcessPoolExecutor` passed each job through a queue-feeder thread and each answer
through a manager thread, and each of those hand-offs took the GIL from the loop: ~1.4 ms of
the loop's time per label at 8 creates in flight, while every request waited (issue 34).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import logging
import multiprocessing
import os
import pickle
import signal
import socket
import struct
import sys
import threading
import traceback
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any, TypeVar, cast

from desktop_app.parent_watch import exit_with_pool_parent

log = logging.getLogger(__name__)

T = TypeVar("T")

#: the length of the pickled job or answer that follows it on a worker's socket
FRAME_HEADER = struct.Struct("!Q")
#: seconds a stopping worker has to end by itself (it finishes the job it is on first)
STOP_SECONDS = 10.0
#: POSIX hands a worker its socket as it starts, so the socket closes with the process however
#: it ends (how the pool learns a worker died). Windows would pass it through multiprocessing's
#: resource sharer, which keeps a copy in the service until the worker has fetched it: a
#: worker dying before that would leave its jobs waiting. There the pool stays a
#: ProcessPoolExecutor.
SOCKET_WORKERS = os.name == "posix"


class WorkerGone(Exception):
    """The worker process ended (killed, crashed) or was stopped before it answered."""

    def __init__(self, message: str, *, stopped: bool = False) -> None:
        super().__init__(message)
        self.stopped = stopped


class RemoteTraceback(Exception):
    """Where a job failed in the worker process (the `__cause__` of the error re-raised)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return self.text


def _logged(name: str, preload: Callable[[], object]) -> None:
    """`preload`, logging a failure (a warm-up never stops the service; the work reports it)."""
    try:
        preload()
    except Exception:
        log.exception("%s: loading in advance failed", name)


def _read_frame(sock: socket.socket) -> bytearray | None:
    """The next length-prefixed frame from a blocking socket; None at its end."""
    header = _read_exactly(sock, FRAME_HEADER.size)
    if header is None:
        return None
    (size,) = FRAME_HEADER.unpack(header)
    return _read_exactly(sock, size)


def _read_exactly(sock: socket.socket, size: int) -> bytearray | None:
    buffer = bytearray(size)
    view = memoryview(buffer)
    got = 0
    while got < size:
        count = sock.recv_into(view[got:])
        if count == 0:
            return None
        got += count
    return buffer


def _frame(data: bytes) -> bytes:
    return FRAME_HEADER.pack(len(data)) + data


def _answer(name: str, job: bytearray) -> bytes:
    """The pickled answer to one pickled job (a call without arguments): (True, result, "")
    or (False, error, traceback)."""
    try:
        answer: tuple[bool, Any, str] = (True, pickle.loads(job)(), "")
    except BaseException as exc:  # the caller gets it as from a local call
        answer = (False, exc, traceback.format_exc())
    try:
        return pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
    except Exception as exc:
        failed = RuntimeError(f"{name}: the answer could not be sent back ({exc!r})")
        return pickle.dumps((False, failed, answer[2]), pickle.HIGHEST_PROTOCOL)


def serve_jobs(sock: socket.socket, name: str, preload: Callable[[], object] | None) -> None:
    """A worker process: loads `preload`, then answers jobs from `sock` one at a time until
    the service closes its end (or ends: its end closes with it)."""
    # Ctrl-C in a terminal reaches the whole process group: the service stops its workers
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_pool_parent()  # a job that never ends would never read the end-of-file
    if preload is not None:
        _logged(name, preload)
    with sock:
        while True:
            job = _read_frame(sock)
            if job is None:
                return
            try:
                sock.sendall(_frame(_answer(name, job)))
            except OSError:
                return  # the service closed its end meanwhile


class _Answers(asyncio.Protocol):
    """The event loop's end of one worker's socket: one answer (frame) per job written."""

    def __init__(self, worker: _Worker, pool: WorkerPool) -> None:
        self.worker = worker
        self.pool = pool
        self.transport: asyncio.Transport | None = None
        self.pending: asyncio.Future[bytearray] | None = None
        self.buffer = bytearray()
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # a stream socket's transport

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if len(self.buffer) < FRAME_HEADER.size:
            return
        (size,) = FRAME_HEADER.unpack_from(self.buffer)
        end = FRAME_HEADER.size + size
        if len(self.buffer) < end:
            return
        answer = self.buffer[FRAME_HEADER.size : end]
        del self.buffer[:end]
        pending, self.pending = self.pending, None
        # the worker is free for the next job even when its caller gave up waiting
        self.pool._release(self.worker)
        if pending is not None and not pending.done():
            pending.set_result(answer)

    def eof_received(self) -> bool:
        return False  # close: a worker only closes its end when it ends

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        pending, self.pending = self.pending, None
        gone = self.worker.gone(exc)
        if pending is not None and not pending.done():
            pending.set_exception(gone)
        self.pool._lost(self.worker)


@dataclass(eq=False)
class _Worker:
    """One worker process and the service's end of its socket."""

    name: str
    process: BaseProcess
    sock: socket.socket
    protocol: _Answers | None = None
    connecting: asyncio.Task[tuple[asyncio.Transport, _Answers]] | None = None
    stopped: bool = False
    closed_by_pool: bool = False

    def gone(self, error: Exception | None = None) -> WorkerGone:
        """The error of a job this worker will not answer."""
        if self.stopped:
            return WorkerGone(f"{self.name} process stopped", stopped=self.closed_by_pool)
        self.process.join(0)  # reaps it when it has ended, so its exit code is known
        why = f"exit code {self.process.exitcode}" if error is None else repr(error)
        return WorkerGone(f"{self.name} process ended ({why})")

    async def connected(self, pool: WorkerPool) -> _Answers:
        """The loop's end of the socket, joined to the running loop by the first job."""
        loop = asyncio.get_running_loop()
        if self.connecting is None:
            self.connecting = loop.create_task(
                loop.connect_accepted_socket(lambda: _Answers(self, pool), sock=self.sock)
            )
        elif self.connecting.get_loop() is not loop:
            raise WorkerGone(f"{self.name} process belongs to another event loop")
        # shielded: a caller that gives up must not close the socket half joined
        _, protocol = await asyncio.shield(self.connecting)
        self.protocol = protocol
        return protocol

    def stop(self, wait: bool) -> None:
        """End the worker: it sees the end of its socket and ends after its job; with `wait`,
        wait for that (and end it hard after STOP_SECONDS)."""
        self.stopped = True
        if self.connecting is None:
            self.sock.close()
        else:
            # the transport owns the socket now and closes it; taking it out of the loop's
            # selector is at once (abort), the end-of-file the worker needs too (shutdown)
            protocol = self.protocol
            if protocol is not None and protocol.transport is not None:
                with contextlib.suppress(RuntimeError):  # its loop is closed already
                    protocol.transport.abort()
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RDWR)
        if wait:
            self.join()

    def join(self) -> None:
        """Wait for the process to end (ended hard after STOP_SECONDS), and free its pipes."""
        self.process.join(STOP_SECONDS)
        if self.process.is_alive():
            log.warning("%s process did not end; ending it", self.name)
            self.process.kill()
            self.process.join()
        self.process.close()


class WorkerPool:
    """Runs functions in up to `processes` worker processes (0: in threads of the service).

    The pool starts on its first use or `warm`, not with the object: a service that never
    needs it (most test services) pays nothing. Work submitted while all workers are busy
    queues, so a flood of costly requests waits there instead of taking turns with the loop.
    A worker that dies (killed, crashed) ends the pool: its job and all later work run in a
    thread. The workers serve the event loop that gave them their first job. Without
    `sockets` (Windows) the workers are a ProcessPoolExecutor's, as before.
    """

    def __init__(self, name: str, processes: int = 1, *, sockets: bool = SOCKET_WORKERS) -> None:
        self.name = name
        self.processes = max(0, processes)
        self.sockets = sockets
        self._executor: ProcessPoolExecutor | None = None  # without sockets (Windows)
        self._workers: list[_Worker] = []
        self._idle: list[_Worker] = []
        self._waiting: collections.deque[asyncio.Future[_Worker]] = collections.deque()
        self._ending: list[_Worker] = []  # stopped, not yet waited for
        self._threads: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._in_progress = 0
        self._unavailable = self.processes == 0 or bool(getattr(sys, "frozen", False))

    def _thread_pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(
                    max(1, self.processes), thread_name_prefix=self.name.replace(" ", "-")
                )
            return self._threads

    def _start(self, preload: Callable[[], object] | None) -> bool:
        """Start the worker processes unless they run (or cannot); whether they run."""
        with self._lock:
            if self._unavailable:
                return False
            if self._workers or self._executor is not None:
                return True
            # spawn, because forking a process with running threads (aiosqlite, uvicorn)
            # is unsafe
            context = multiprocessing.get_context("spawn")
            if not self.sockets:
                self._executor = ProcessPoolExecutor(
                    self.processes, mp_context=context, initializer=exit_with_pool_parent
                )
                return True
            try:
                for _ in range(self.processes):
                    ours, theirs = socket.socketpair()
                    with theirs:
                        process = context.Process(
                            target=serve_jobs,
                            args=(theirs, self.name, preload),
                            name=f"{self.name} worker",
                            daemon=True,
                        )
                        try:
                            process.start()
                        except BaseException:
                            ours.close()
                            raise
                    worker = _Worker(self.name, process, ours)
                    self._workers.append(worker)
                    self._idle.append(worker)
            except (OSError, RuntimeError) as exc:
                log.warning("%s process not started (%s); working in a thread", self.name, exc)
                self._unavailable = True
                self._stop_all(by_pool=False)
                return False
            return True

    def warm(self, preload: Callable[[], object]) -> Future[None] | None:
        """Start the workers now, in the background; each runs `preload` (imports, fonts)
        before its first piece of work, which otherwise waits for that (~0.4 s).

        Without worker processes a thread runs `preload`, and its future is returned; None
        when the worker processes load it themselves.
        """
        if not self._start(preload):
            return self._thread_pool().submit(_logged, self.name, preload)
        if self._executor is None:
            return None
        try:
            return self._executor.submit(_logged, self.name, preload)
        except (BrokenProcessPool, RuntimeError, OSError) as exc:
            log.warning("%s process not started (%s)", self.name, exc)
            return None

    def pids(self) -> list[int]:
        """The worker processes running now (none before the first use, or in threads)."""
        if self._executor is not None:
            return list(getattr(self._executor, "_processes", None) or {})
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    async def run(self, func: Callable[..., T], *args: Any) -> T:
        """`func(*args)` in a worker (or a thread), never on the event loop; its result or its
        exception (both pickled across when in a process)."""
        call = functools.partial(func, *args)
        self._in_progress += 1
        try:
            if self._start(None) and self._executor is not None:
                return await self._in_executor(self._executor, call)
            if self._workers:
                job = pickle.dumps(call, pickle.HIGHEST_PROTOCOL)
                try:
                    answer = await self._in_worker(job)
                except WorkerGone as exc:
                    if exc.stopped:
                        raise RuntimeError(f"{self.name}: the service is stopping") from exc
                    # a killed worker: keep serving, in a thread
                    log.warning("%s process unavailable (%s); working in a thread", self.name, exc)
                    self._discard()
                else:
                    ok, value, trace = pickle.loads(answer)
                    if ok:
                        return value  # type: ignore[no-any-return]
                    raise value from RemoteTraceback(trace)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._thread_pool(), call)
        finally:
            self._in_progress -= 1

    async def _in_executor(self, executor: ProcessPoolExecutor, call: Callable[[], T]) -> T:
        """`call` in the ProcessPoolExecutor (Windows); in a thread once the pool broke."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(executor, call)
        except (BrokenProcessPool, OSError) as exc:
            # a killed worker or no way to start one: keep serving, in a thread
            log.warning("%s process unavailable (%s); working in a thread", self.name, exc)
            with self._lock:
                if self._executor is executor:
                    self._executor = None
                    self._unavailable = True
            executor.shutdown(wait=False, cancel_futures=True)
        return await loop.run_in_executor(self._thread_pool(), call)

    async def _in_worker(self, job: bytes) -> bytearray:
        """A worker's pickled answer to the pickled `job` (waiting for a free worker first)."""
        worker = await self._take()
        sent = False
        try:
            protocol = await worker.connected(self)
            if protocol.lost or protocol.transport is None:
                raise worker.gone()
            answer: asyncio.Future[bytearray] = asyncio.get_running_loop().create_future()
            protocol.pending = answer
            protocol.transport.write(_frame(job))
            sent = True
        finally:
            if not sent:
                self._release(worker)
        # a caller that gives up stops waiting here; the worker still answers, and is free then
        return await answer

    async def _take(self) -> _Worker:
        """A free worker, waiting for one when all are busy."""
        if self._idle:
            return self._idle.pop()
        waiter: asyncio.Future[_Worker] = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                self._release(waiter.result())  # handed over just as its caller gave up
            raise

    def _release(self, worker: _Worker) -> None:
        """The worker is free: to the job waiting longest, else idle (unless it stopped)."""
        if worker.stopped or (worker.protocol is not None and worker.protocol.lost):
            return
        if worker not in self._workers:  # the pool broke while it worked
            self._ending.append(worker)
            worker.stop(wait=False)
            return
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(worker)
                return
        self._idle.append(worker)

    def _lost(self, worker: _Worker) -> None:
        """A worker's socket closed: stopped by the pool, or the process ended."""
        if not worker.stopped:
            log.warning("%s process ended (exit code %s)", self.name, worker.process.exitcode)
            self._discard()

    def _discard(self) -> None:
        """A worker died: stop the others (each after its job); threads from now on."""
        with self._lock:
            self._unavailable = True
            self._stop_all(by_pool=False)

    def _stop_all(self, by_pool: bool) -> None:
        """Stop every worker and wake the jobs waiting for one (all at once when `by_pool`,
        the pool closing; else a busy worker finishes its job first)."""
        workers, self._workers, self._idle = self._workers, [], []
        waiting, self._waiting = self._waiting, collections.deque()
        for waiter in waiting:
            if not waiter.done():
                waiter.set_exception(WorkerGone(f"{self.name} process stopped", stopped=by_pool))
        for worker in workers:
            busy = worker.protocol is not None and worker.protocol.pending is not None
            if by_pool or not busy:
                worker.closed_by_pool = by_pool
                worker.stop(wait=False)
                self._ending.append(worker)
            # else `_release` stops it when its answer is in

    def in_progress(self) -> int:
        """Calls of `run` not answered yet (running in a worker or waiting for one)."""
        return self._in_progress

    def close(self) -> None:
        """Stop the workers and wait for them to end (service shutdown); a later use starts
        new ones."""
        with self._lock:
            self._stop_all(by_pool=True)
            ending, self._ending = self._ending, []
            threads, self._threads = self._threads, None
            executor, self._executor = self._executor, None
        for worker in ending:
            worker.join()
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        if threads is not None:
            threads.shutdown(wait=True, cancel_futures=True)
