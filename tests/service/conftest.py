"""Clients of the session service; the service fixtures live in tests/fixtures/service.py."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.fixtures.service import RunningService


@pytest.fixture
def sandbox(local_service: RunningService) -> Iterator[httpx.Client]:
    """A client of the session service with the first account's sandbox key."""
    with local_service.client("sandbox") as client:
        yield client


@pytest.fixture
def live(local_service: RunningService) -> Iterator[httpx.Client]:
    """A client of the session service with the first account's live key."""
    with local_service.client("live") as client:
        yield client


@pytest.fixture
def anonymous(local_service: RunningService) -> Iterator[httpx.Client]:
    """A client of the session service without a key."""
    with local_service.client(None) as client:
        yield client
