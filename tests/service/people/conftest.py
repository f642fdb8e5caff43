"""One warehouse service for the module's tests (people added: do not share it further)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fixtures.service import LOCAL_SERVICE_ARGS, start_service
from tests.service.people.warehouse import Warehouse, make_warehouse


@pytest.fixture(scope="module")
def warehouse(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Warehouse]:
    """A service with two stations and three people (packer Ana, supervisor Ben, admin Cleo)."""
    with start_service(tmp_path_factory.mktemp("warehouse"), *LOCAL_SERVICE_ARGS) as service:
        yield make_warehouse(service)
