"""The status-to-exception table and the 422 field-path split (pure functions).

The local service answers no 403 and no plain 500/503 on purpose, so those mappings are
checked here on constructed responses; every other class comes from a real answer in
test_errors.py.
"""

from __future__ import annotations

import httpx
import pytest

from desktop_app.client import (
    APIStatusError,
    InternalServerError,
    PermissionDeniedError,
    ServiceUnavailableError,
)
from desktop_app.client.errors import error_from_response, split_field_errors


def _response(status: int, body: object, **headers: str) -> httpx.Response:
    request = httpx.Request("GET", "https://service.example/v1/shipments")
    return httpx.Response(status, json=body, headers=headers, request=request)


@pytest.mark.parametrize(
    ("status", "cls"),
    [
        (403, PermissionDeniedError),
        (500, InternalServerError),
        (503, ServiceUnavailableError),
        (507, InternalServerError),
        (418, APIStatusError),
    ],
)
def test_status_mapping(status: int, cls: type[APIStatusError]) -> None:
    error = error_from_response(_response(status, {"errors": ["nope"]}, **{"X-Request-ID": "r1"}))
    assert type(error) is cls
    assert error.errors == ["nope"] and error.request_id == "r1"
    assert error.status_code == status


def test_non_json_error_body_is_kept_as_text() -> None:
    request = httpx.Request("GET", "https://service.example/v1/me")
    error = error_from_response(httpx.Response(502, text="Bad gateway", request=request))
    assert isinstance(error, InternalServerError)
    assert error.errors == ["Bad gateway"]


def test_split_field_errors() -> None:
    fields, general = split_field_errors(
        [
            "to.last_name: either company or first_name and last_name is required",
            "packages[1].weight: must be greater than 0",
            "additional_services[0].properties.email: not an e-mail address",
            "from: unknown stored address",
            "Carrier dhl: does not deliver there",
            "something went wrong",
        ]
    )
    assert fields == {
        "to.last_name": ["either company or first_name and last_name is required"],
        "packages[1].weight": ["must be greater than 0"],
        "additional_services[0].properties.email": ["not an e-mail address"],
        "from": ["unknown stored address"],
    }
    assert general == ["Carrier dhl: does not deliver there", "something went wrong"]


def test_importing_the_client_package_and_its_errors_loads_no_http_stack():
    """The desk app's first window imports the errors and rate-limit state, not httpx: each
    name of the package is loaded on first use, and every exported name resolves."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import desktop_app.client as client\n"
        "from desktop_app.client import APIError, UnprocessableEntityError\n"
        "from desktop_app.client.ratelimit import RateLimitState\n"
        "assert 'httpx' not in sys.modules, 'httpx loaded early'\n"
        "assert sorted(client.__all__) == sorted(client._HOMES)\n"
        "for name in client.__all__:\n"
        "    getattr(client, name)\n"
        "assert 'httpx' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)
