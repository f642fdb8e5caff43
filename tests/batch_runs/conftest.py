"""Fixtures of the batch run tests: the station profile of the order tests."""

from __future__ import annotations

from tests.orders.conftest import on_station, station

__all__ = ["on_station", "station"]
