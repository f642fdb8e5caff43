"""Fixtures of the batch tests: a station profile on the test service, a virtual printer."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.batch.helpers import Station, make_station
from tests.fixtures.service import RunningService


@pytest.fixture
def station(
    tmp_path: Path, local_service: RunningService, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Station]:
    """A station on the session's service, with an account of its own (empty history)."""
    monkeypatch.delenv("PACKDESK_API_KEY", raising=False)
    account = local_service.add_account()
    yield make_station(tmp_path, local_service, account["sandbox_key"])


@pytest.fixture
async def vprinter(tmp_path: Path) -> AsyncIterator[VirtualPrinter]:
    """A virtual 203-dpi ZPL printer on loopback."""
    printer = VirtualPrinter(tmp_path / "vp", dpi=203, render=False)
    await printer.start()
    yield printer
    await printer.stop()
