"""The virtual printer's job files hold labels (names, addresses): owner-only, like label PDFs."""

import asyncio
import stat
import sys
from pathlib import Path

import pytest

from desktop_app.printing.preview import preview_available
from desktop_app.printing.virtual_printer import VirtualPrinter

from .label_factory import zpl_label


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
async def test_job_files_and_their_renderings_are_readable_by_their_owner_only(
    tmp_path: Path,
) -> None:
    render = preview_available()
    async with VirtualPrinter(tmp_path / "vp", dpi=203, render=render) as printer:
        handled = asyncio.Event()
        printer.on_job = lambda _job: handled.set()  # called once the job is rendered
        reader, writer = await asyncio.open_connection("127.0.0.1", printer.port)
        writer.write(zpl_label())
        writer.write_eof()
        await reader.read()  # the printer closes its side once the job is stored
        writer.close()
        await writer.wait_closed()
        await asyncio.wait_for(handled.wait(), 30)
        (job,) = printer.received
    files = [job.path, *job.pngs]
    assert job.path.suffix == ".zpl" and len(files) == (2 if render else 1)
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
