"""One account never sees, changes or deletes another's data; sandbox and production are apart."""

from __future__ import annotations

import httpx
import pytest

from tests.fixtures.service import RunningService
from tests.payloads import RECEIVER, shipment


@pytest.fixture
def two_accounts(local_service: RunningService) -> tuple[dict[str, str], dict[str, str]]:
    return local_service.add_account(), local_service.add_account()


def test_accounts_and_environments_are_separate(
    local_service: RunningService, two_accounts: tuple[dict[str, str], dict[str, str]]
) -> None:
    a, b = two_accounts
    with (
        local_service.client(a["sandbox_key"]) as a_sandbox,
        local_service.client(a["live_key"]) as a_live,
        local_service.client(b["sandbox_key"]) as b_sandbox,
    ):
        me = a_sandbox.get("/v1/me").json()
        assert (me["id"], me["email"]) == (a["account_id"], a["email"])
        assert me["environment"] == "sandbox"
        assert b_sandbox.get("/v1/me").json()["id"] == b["account_id"]

        made = a_sandbox.post("/v1/shipments", json=shipment()).json()
        address = a_sandbox.post("/v1/addresses", json=RECEIVER).json()
        ship_url, addr_url = f"/v1/shipments/{made['id']}", f"/v1/addresses/{address['id']}"
        assert a_sandbox.get(ship_url).status_code == 200

        for other in (b_sandbox, a_live):
            assert other.get(ship_url).status_code == 404
            assert other.put(ship_url, json=shipment()).status_code == 404
            assert other.delete(ship_url).status_code == 404
            assert other.get(addr_url).status_code == 404
            assert other.get("/v1/shipments").json() == {"shipments": []}
            assert other.get("/v1/addresses").json() == []
            # another account's stored address cannot be used by reference either
            ref = other.post("/v1/shipments", json=shipment(to={"id": address["id"]}))
            assert ref.status_code == 422 and ref.json()["errors"][0].startswith("to.id:")

        # after all those attempts the owner's data is untouched
        assert a_sandbox.get(ship_url).json()["to"] == made["to"]
        assert len(a_sandbox.get("/v1/shipments").json()["shipments"]) == 1


def test_key_rotation_stops_old_keys_at_once(local_service: RunningService) -> None:
    keys = local_service.add_account()
    with local_service.client(keys["sandbox_key"]) as old:
        assert old.get("/v1/me").status_code == 200
        rotated = local_service.accounts("rotate-keys", keys["email"])
        new = httpx.Client(
            base_url=local_service.base_url,
            verify=local_service.ssl_context(),
            auth=(json_key(rotated, "sandbox_key"), ""),
        )
        with new:
            assert new.get("/v1/me").json()["id"] == keys["account_id"]
        assert old.get("/v1/me").status_code == 401
    with local_service.client(keys["live_key"]) as old_live:
        assert old_live.get("/v1/me").status_code == 401


def json_key(output: str, name: str) -> str:
    import json

    return str(json.loads(output.splitlines()[-1])[name])
