"""Per-station keys: named, listed by name and prefix, revoked one at a time, named in the log."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest

from tests.fixtures.service import RunningService

ServiceFactory = Callable[..., RunningService]


def _me(service: RunningService, key: str) -> int:
    with service.client(key) as client:
        return client.get("/v1/me").status_code


def test_station_keys_added_listed_revoked_and_logged(service_factory: ServiceFactory) -> None:
    service = service_factory()
    email = service.email
    three = json.loads(service.accounts("add-key", email, "--name", "Station 3"))
    four = json.loads(service.accounts("add-key", email, "--name", "  Station   4 "))
    assert three["name"] == "Station 3" and four["name"] == "Station 4"
    assert three["sandbox_key"] != three["live_key"] != four["sandbox_key"]
    for key in (three["sandbox_key"], three["live_key"], four["sandbox_key"]):
        assert _me(service, key) == 200
    with service.client(three["live_key"]) as client:
        assert client.get("/v1/me").json()["environment"] == "production"

    # listed by name and prefix, never in full
    listing = service.accounts("list")
    for raw in (three["sandbox_key"], three["live_key"], four["live_key"], service.sandbox_key):
        assert raw not in listing
    account = next(a for a in map(json.loads, listing.splitlines()) if a["email"] == email)
    names = {(k["name"], k["environment"], k["prefix"]) for k in account["keys"]}
    assert ("Station 3", "sandbox", three["sandbox_key"][:8]) in names
    assert ("Station 4", "production", four["live_key"][:8]) in names
    assert (None, "sandbox", service.sandbox_key[:8]) in names
    assert account["sandbox_key_prefix"] == service.sandbox_key[:8]

    # the log names the key's label with each request
    log = (service.data_dir / "service.log").read_text()
    assert f'key "Station 3" (production {three["live_key"][:8]})' in log
    assert three["sandbox_key"] not in log

    # a name is unique among active keys
    with pytest.raises(RuntimeError, match="already has active keys named"):
        service.accounts("add-key", email, "--name", "station 3")

    # revoking Station 3 stops its keys at once; Station 4 and the account's own keys go on
    revoked = json.loads(service.accounts("revoke-key", email, "Station 3"))
    assert sorted(revoked["revoked"]) == sorted([three["sandbox_key"][:8], three["live_key"][:8]])
    assert _me(service, three["sandbox_key"]) == 401
    assert _me(service, three["live_key"]) == 401
    assert _me(service, four["sandbox_key"]) == 200
    assert _me(service, service.sandbox_key) == 200
    # by prefix, one key alone
    json.loads(service.accounts("revoke-key", email, four["live_key"][:8]))
    assert _me(service, four["live_key"]) == 401 and _me(service, four["sandbox_key"]) == 200
    with pytest.raises(RuntimeError, match="no active key named"):
        service.accounts("revoke-key", email, "Station 3")

    # rotating the account's own keys leaves station keys alone
    service.accounts("rotate-keys", email)
    assert _me(service, service.sandbox_key) == 401
    assert _me(service, four["sandbox_key"]) == 200

    # a sandbox-only station
    five = json.loads(
        service.accounts("add-key", email, "--name", "Five", "--environment", "sandbox")
    )
    assert "live_key" not in five and _me(service, five["sandbox_key"]) == 200


def test_station_keys_of_one_account_see_its_data_only(
    local_service: RunningService, sandbox: httpx.Client
) -> None:
    other = local_service.add_account()
    station = json.loads(local_service.accounts("add-key", other["email"], "--name", "Desk 1"))
    created = sandbox.post(
        "/v1/addresses",
        json={
            "company": "Mine",
            "street": "A",
            "street_no": "1",
            "zip_code": "10115",
            "city": "Berlin",
            "country": "DE",
        },
    )
    assert created.status_code in (200, 201), created.text
    with local_service.client(station["sandbox_key"]) as client:
        assert client.get("/v1/me").json()["email"] == other["email"]
        ids = [a["id"] for a in client.get("/v1/addresses").json()]
    assert created.json()["id"] not in ids
