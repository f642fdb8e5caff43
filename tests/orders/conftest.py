"""Fixtures of the order import tests: a station profile on the test service (`vprinter`
is shared)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fixtures.service import RunningService
from tests.orders.helpers import Station, make_station


@pytest.fixture
def station(
    tmp_path: Path, local_service: RunningService, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Station]:
    """A station on the session's service, with an account of its own (empty history)."""
    monkeypatch.delenv("PACKDESK_API_KEY", raising=False)
    account = local_service.add_account()
    yield make_station(tmp_path, local_service, account["sandbox_key"])


@pytest.fixture
def on_station(station: Station, monkeypatch: pytest.MonkeyPatch) -> Station:
    """Run the CLI in this process with the station's directories."""
    for name, value in station.env().items():
        if name.startswith("PACKDESK_"):
            monkeypatch.setenv(name, value)
    return station
