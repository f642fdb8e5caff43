"""Atomic file writes and inter-process file locks, shared by profiles, secrets and the store."""

from __future__ import annotations

import contextlib
import os
import secrets
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType

TEMP_PREFIX = ".tmp-"


def fsync_dir(directory: Path) -> None:
    """Make a rename inside `directory` durable (a no-op where directories cannot be opened)."""
    if sys.platform == "win32":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def atomic_write_bytes(path: Path, data: bytes, *, mode: int = 0o644) -> None:
    """Write `data` to `path` so that readers see the old or the new file, never a torn one.

    The temp file is created with `mode` from the start (os.open), so a secret never sits in a
    world-readable file even for a moment; then fsync, rename over the target, fsync the folder.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{TEMP_PREFIX}{path.name}-{secrets.token_hex(6)}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), mode)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    fsync_dir(path.parent)


def remove_stale_temp_files(directory: Path, *, older_than_seconds: float) -> int:
    """Delete temp files left by a crash; young ones may belong to a write in progress."""
    if not directory.is_dir():
        return 0
    cutoff = time.time() - older_than_seconds
    removed = 0
    for entry in directory.iterdir():
        if not entry.name.startswith(TEMP_PREFIX):
            continue
        with contextlib.suppress(OSError):
            if entry.stat().st_mtime < cutoff:
                entry.unlink()
                removed += 1
    return removed


class LockTimeout(TimeoutError):
    """The lock stayed held by another process for longer than the caller would wait."""


class FileLock:
    """An exclusive advisory lock on a file, held across processes (flock; msvcrt on Windows).

    The lock belongs to this object's open file: two FileLock objects on the same path
    exclude each other even inside one process, and the OS drops the lock if the process dies.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def try_acquire(self) -> bool:
        """Take the lock if it is free; never blocks."""
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            if not _lock_fd(fd):
                os.close(fd)
                return False
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return True

    def acquire(self, timeout: float) -> None:
        """Take the lock, waiting at most `timeout` seconds for its holder to let go."""
        deadline = time.monotonic() + timeout
        delay = 0.01
        while not self.try_acquire():
            if time.monotonic() >= deadline:
                raise LockTimeout(f"{self.path} is held by another process")
            # flock has no timed wait; a short, growing back-off keeps this cheap.
            time.sleep(delay)
            delay = min(delay * 2, 0.1)

    def release(self) -> None:
        """Let go of the lock (closing the file releases it)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            _unlock_fd(fd)
        os.close(fd)

    def __enter__(self) -> FileLock:
        self.acquire(timeout=30.0)
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.release()


@contextlib.contextmanager
def locked(path: Path, timeout: float = 30.0) -> Iterator[FileLock]:
    """Hold the lock file `path` for the duration of a `with` block."""
    lock = FileLock(path)
    lock.acquire(timeout)
    try:
        yield lock
    finally:
        lock.release()


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock_fd(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock_fd(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock_fd(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
