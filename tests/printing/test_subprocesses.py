import asyncio
import sys

import pytest

from desktop_app.printing.subprocesses import communicate

SLEEPER = [sys.executable, "-c", "import sys, time; sys.stdin.read(); time.sleep(30)"]


async def _start() -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        *SLEEPER,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def test_answer_within_the_time_out():
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        "import sys; sys.stdout.write(sys.stdin.read().upper())",
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await communicate(proc, b"^xa^xz", 20)
    assert (out, err, proc.returncode) == (b"^XA^XZ", b"", 0)


async def test_time_out_kills_and_reaps_the_child():
    proc = await _start()
    with pytest.raises(TimeoutError):
        await communicate(proc, b"job", 0.3)
    assert proc.returncode is not None  # killed and reaped, no pipe left open


async def test_cancel_kills_and_reaps_the_child():
    proc = await _start()
    task = asyncio.create_task(communicate(proc, b"job", 30))
    await asyncio.sleep(0.3)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert proc.returncode is not None
