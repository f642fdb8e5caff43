"""Fixtures of the printing tests: a virtual printer on loopback, printers, a queue DB."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from desktop_app.printing.virtual_printer import VirtualPrinter


@pytest.fixture
async def vprinter(tmp_path: Path) -> AsyncIterator[VirtualPrinter]:
    """A virtual 203-dpi printer on 127.0.0.1 (free port), storing jobs under tmp_path/vp."""
    printer = VirtualPrinter(tmp_path / "vp", dpi=203, render=False)
    await printer.start()
    yield printer
    await printer.stop()
