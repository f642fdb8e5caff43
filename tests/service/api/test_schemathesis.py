"""Schemathesis against the service's own OpenAPI, over real HTTPS with the local CA.

Every operation of `/v1/openapi.json` is one test; nothing is excluded. Per operation,
`MAX_EXAMPLES` generated requests (schema-conforming and deliberately non-conforming ones)
go to the live session service, with no Hypothesis deadline (a loaded CI machine is slow)
and the default schemathesis checks: no 5xx, documented status codes, content types, headers
and bodies conforming to the documented schemas, non-conforming data rejected. One check is
left out: `positive_data_acceptance` (schema-valid bodies must be accepted), because the
domain rules (contact rule, carrier/service/package combinations, per-carrier field limits)
go beyond what JSON Schema states, so the service rightly answers 422 to many schema-valid
bodies. The run uses its own fresh account. (schemathesis' `from_fixture` does not work
with pytest 9, so the operations are listed from the app's schema at collection time and
driven with `as_strategy`.)
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from desktop_app.service.app import create_app
from desktop_app.service.settings import ServiceSettings
from tests.fixtures.service import RunningService

MAX_EXAMPLES = 25


def _documented_operations() -> list[str]:
    # building the app opens no database connection; only its OpenAPI document is used
    app = create_app(ServiceSettings(data_dir=Path(tempfile.gettempdir()) / "packdesk-openapi"))
    schema = schemathesis.openapi.from_dict(app.openapi())
    return [result.ok().label for result in schema.get_all_operations()]


OPERATIONS = _documented_operations()


@pytest.fixture(scope="module")
def fuzz_session(local_service: RunningService) -> Iterator[requests.Session]:
    account = local_service.add_account()
    session = requests.Session()
    # REQUESTS_CA_BUNDLE would otherwise replace the local CA: requests lets env win
    session.trust_env = False
    session.verify = str(local_service.ca_file)
    session.auth = (account["sandbox_key"], "")
    yield session
    session.close()


@pytest.fixture(scope="module")
def live_schema(local_service: RunningService, fuzz_session: requests.Session) -> Any:
    raw = fuzz_session.get(f"{local_service.base_url}/v1/openapi.json", timeout=30).json()
    schema = schemathesis.openapi.from_dict(raw)
    schema.config.base_url = local_service.base_url
    return schema


def test_every_area_is_documented() -> None:
    paths = {label.split(" ", 1)[1] for label in OPERATIONS}
    for path in ("/v1/me", "/v1/carriers", "/v1/addresses", "/v1/shipments", "/v1/shipment_quotes"):
        assert path in paths
    assert "/v1/label_files/{name}" in paths


@pytest.mark.parametrize("label", OPERATIONS)
def test_operation_conforms(
    label: str, live_schema: Any, fuzz_session: requests.Session, local_service: RunningService
) -> None:
    operation = live_schema.find_operation_by_label(label)
    assert operation is not None, f"{label} is not served by the running service"
    strategy = st.one_of(
        operation.as_strategy(GenerationMode.POSITIVE),
        operation.as_strategy(GenerationMode.NEGATIVE),
    )

    @given(case=strategy)
    @settings(
        max_examples=MAX_EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        derandomize=True,
        database=None,
    )
    def run(case: schemathesis.Case) -> None:
        case.call_and_validate(
            base_url=local_service.base_url,
            session=fuzz_session,
            verify=str(local_service.ca_file),
            timeout=30,
            excluded_checks=[positive_data_acceptance],
        )

    run()
