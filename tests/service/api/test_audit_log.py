"""The audit log: creations, deletions, pickups, manifests and key changes are recorded with
time, account, station key and object; `packdesk serve audit` filters them; `GET
/v1/audit_log` shows a key its own account's entries only."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from tests.fixtures.service import REPO_ROOT, RunningService
from tests.payloads import SENDER, shipment

ServiceFactory = Callable[..., RunningService]


def _audit(service: RunningService, *args: str) -> list[dict[str, Any]]:
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app", "serve", "audit", "--data-dir"]
        + [str(service.data_dir), "--limit", "1000", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def _window() -> dict[str, str]:
    start = dt.datetime.now(dt.UTC).replace(microsecond=0) + dt.timedelta(hours=2)
    return {"earliest": start.isoformat(), "latest": (start + dt.timedelta(hours=4)).isoformat()}


def test_who_did_what_is_recorded_and_listed(service_factory: ServiceFactory) -> None:
    service = service_factory("--render-processes", "0", "--no-label-warm-up")
    station = json.loads(service.accounts("add-key", service.email, "--name", "Station 3"))
    other = service.add_account("other@example.com")
    with (
        service.client(station["sandbox_key"]) as client,
        service.client("sandbox") as owner,
        service.client(other["sandbox_key"]) as stranger,
    ):
        kept = client.post("/v1/shipments", json=shipment("ups", label=True)).json()
        gone = client.post("/v1/shipments", json=shipment("dhl", label=True)).json()
        assert client.delete(f"/v1/shipments/{gone['id']}").status_code == 204
        refused = client.post("/v1/shipments", json={"carrier": "nobody"})
        assert refused.status_code == 422  # no entry for what did not happen
        pickup = client.post(
            "/v1/pickup_requests",
            json={"carrier": "ups", "pickup_time": _window(), "shipments": [{"id": kept["id"]}]},
        ).json()
        manifest = owner.post("/v1/manifests", json={"carrier": "ups"}).json()
        address = owner.post("/v1/addresses", json=SENDER).json()
        hook = owner.post(
            "/v1/webhooks", json={"url": "https://127.0.0.1:9/h", "event_types": ["shipment.*"]}
        ).json()
        assert owner.delete(f"/v1/webhooks/{hook['id']}").status_code == 204
        theirs = stranger.post("/v1/shipments", json=shipment("dhl")).json()
    service.accounts("revoke-key", service.email, "Station 3")

    entries = _audit(service)
    seen = {(e["action"], e["object_id"]): e for e in entries}
    by_station = seen[("shipment.created", kept["id"])]
    assert by_station["actor"] == "Station 3" and by_station["account"] == service.email
    assert by_station["key_prefix"] == station["sandbox_key"][:8]
    assert by_station["environment"] == "sandbox"
    assert dt.datetime.fromisoformat(by_station["at"]) <= dt.datetime.now(dt.UTC)
    assert seen[("shipment.deleted", gone["id"])]["actor"] == "Station 3"
    assert seen[("pickup.created", pickup["id"])]["actor"] == "Station 3"
    assert seen[("manifest.created", manifest["id"])]["actor"] == "account key"
    assert ("address.created", address["id"]) in seen
    assert ("webhook.created", hook["id"]) in seen and ("webhook.deleted", hook["id"]) in seen
    assert seen[("key.added", "Station 3")]["actor"] == "command line"
    assert seen[("key.revoked", "Station 3")]["account"] == service.email
    assert seen[("account.created", service.account_id)]["actor"] == "service start"
    assert seen[("shipment.created", theirs["id"])]["account"] == "other@example.com"
    created = [e for e in entries if e["action"] == "shipment.created"]
    assert len(created) == 3  # the refused one is not there
    assert [e["at"] for e in entries] == sorted((e["at"] for e in entries), reverse=True)

    # filters: action (and a family), account, since
    assert {e["action"] for e in _audit(service, "--action", "shipment.*")} == {
        "shipment.created",
        "shipment.deleted",
    }
    assert [e["object_id"] for e in _audit(service, "--action", "pickup.created")] == [pickup["id"]]
    mine = _audit(service, "--account", "other@example.com")
    assert {e["object_id"] for e in mine} == {theirs["id"]}
    tomorrow = (dt.datetime.now(dt.UTC) + dt.timedelta(days=1)).date().isoformat()
    assert _audit(service, "--since", tomorrow) == []
    assert len(_audit(service, "--since", "2000-01-01")) == len(entries)


def test_a_key_sees_its_own_accounts_entries_only(service_factory: ServiceFactory) -> None:
    service = service_factory("--render-processes", "0", "--no-label-warm-up")
    first = service.add_account("first@example.com")
    second = service.add_account("second@example.com")
    made: dict[str, str] = {}
    for name, keys in (("first", first), ("second", second)):
        with service.client(keys["sandbox_key"]) as client:
            made[name] = client.post("/v1/shipments", json=shipment("dhl")).json()["id"]
    with service.client(first["live_key"]) as live:
        made["first-live"] = live.post("/v1/addresses", json=SENDER).json()["id"]

    def listed(key: str, **params: str) -> list[dict[str, Any]]:
        with service.client(key) as client:
            response = client.get("/v1/audit_log", params=params)
            assert response.status_code == 200, response.text
            return list(response.json())

    assert [e["object_id"] for e in listed(first["sandbox_key"])] == [made["first"]]
    assert [e["object_id"] for e in listed(second["sandbox_key"])] == [made["second"]]
    assert [e["object_id"] for e in listed(first["live_key"])] == [made["first-live"]]
    assert listed(first["sandbox_key"], action="address.*") == []
    assert listed(second["sandbox_key"], since="2999-01-01") == []
    with service.client(first["sandbox_key"]) as client:
        bad = client.get("/v1/audit_log", params={"since": "yesterday"})
        assert bad.status_code == 422 and "since" in bad.json()["errors"][0]
    with service.client(None) as anonymous:
        assert anonymous.get("/v1/audit_log").status_code == 401
