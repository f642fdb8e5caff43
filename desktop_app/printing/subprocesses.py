"""Child processes (lp, lpstat) run with a time-out that never leaves them behind."""

from __future__ import annotations

import asyncio
import contextlib


async def communicate(
    proc: asyncio.subprocess.Process, data: bytes | None, timeout: float
) -> tuple[bytes, bytes]:
    """`proc.communicate(data)` within `timeout` (TimeoutError past it).

    On a time-out or a cancel (the user closed the dialog, the app is quitting) the child is
    killed and reaped, so neither it nor its pipes outlive the call.
    """
    try:
        async with asyncio.timeout(timeout):
            out, err = await proc.communicate(data)
    except BaseException:
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            await proc.wait()
        raise
    return out, err
