"""One user of a printer's port at a time in this process.

A label printer's serial port, USB device or raw TCP port (9100) serves one connection at a
time: a status query (`~HS`) opened beside a job being sent takes the job's answers or is
refused, and two jobs on one serial port interleave their bytes. Every print queue, health
check and Settings' Check status of the process goes through `port_in_use(uri)`, which lets
them in one after the other (spoolers, files and PDF printers queue jobs themselves and
are let through at once).
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit

_EXCLUSIVE_SCHEMES = ("tcp", "serial", "usb")

# per event loop (an asyncio.Lock belongs to one), per port
_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Lock]] = (
    weakref.WeakKeyDictionary()
)


def port_of(uri: str) -> str | None:
    """The port a printer URI opens (`tcp:host:9100`, `serial:/dev/ttyUSB0`), or None for
    transports that queue jobs themselves."""
    scheme = uri.split(":", 1)[0].lower() if ":" in uri else ""
    if scheme not in _EXCLUSIVE_SCHEMES:
        return None
    if scheme == "tcp":
        parts = urlsplit(uri)
        try:
            port = parts.port or 9100
        except ValueError:
            return None
        return f"tcp:{(parts.hostname or '').lower()}:{port}"
    target = uri.split(":", 1)[1]
    return f"{scheme}:{target.split('?', 1)[0]}"


# per port, for the whole process: a print queue's workers run on a thread and loop of their
# own, beside the window's loop (Settings' Check status)
_port_owners: dict[str, threading.Lock] = {}
_port_owners_lock = threading.Lock()


@asynccontextmanager
async def port_in_use(uri: str) -> AsyncIterator[None]:
    """Hold the printer's port for the block (waiting while another user holds it, on this
    loop or on another thread's)."""
    port = port_of(uri)
    if port is None:
        yield
        return
    locks = _locks.setdefault(asyncio.get_running_loop(), {})
    lock = locks.setdefault(port, asyncio.Lock())
    with _port_owners_lock:
        owner = _port_owners.setdefault(port, threading.Lock())
    async with lock:  # the users of this loop in turn, without a thread each
        if not owner.acquire(blocking=False):
            taking = asyncio.ensure_future(asyncio.to_thread(owner.acquire))
            try:
                await asyncio.shield(taking)
            except asyncio.CancelledError:
                # the thread still takes it: give it back as soon as it has
                taking.add_done_callback(lambda _f: owner.release())
                raise
        try:
            yield
        finally:
            owner.release()
