"""People at stations: a station key needs a sign-in once the account has people; sessions are
bound to their station key, end at sign-out or when the person is disabled; the CLI never takes
a code from the command line."""

from __future__ import annotations

import json

from tests.payloads import shipment
from tests.service.people.warehouse import PEOPLE, SESSION_HEADER, Warehouse, serve


def test_a_station_key_needs_a_sign_in_the_account_key_does_not(warehouse: Warehouse) -> None:
    with warehouse.station_client() as station:
        refused = station.get("/v1/shipments")
        assert refused.status_code == 401
        assert refused.json() == {
            "errors": ["sign in at this station first: scan your badge or type your PIN"]
        }
        me = station.get("/v1/me").json()
        assert me["sign_in_required"] is True and me["person"] is None
        assert me["station"] == "Packtisch 1" and me["rights"] == []
        assert station.get("/v1/pairing").status_code == 200
    with warehouse.service.client("sandbox") as account:
        assert account.get("/v1/shipments").status_code == 200
        me = account.get("/v1/me").json()
        assert me["sign_in_required"] is False and "prices" in me["rights"]


def test_sign_in_gives_a_token_bound_to_the_station_key(warehouse: Warehouse) -> None:
    with warehouse.station_client() as station:
        wrong = station.post("/v1/sessions", json={"code": "9999"})
        assert wrong.status_code == 401
        assert wrong.json() == {"errors": ["badge or PIN not recognised"]}
        # a scanner's Enter arrives with the code
        signed = station.post("/v1/sessions", json={"code": PEOPLE["Ana"][1] + "\r\n"})
    assert signed.status_code == 201
    body = signed.json()
    assert body["person"]["name"] == "Ana" and body["person"]["role"] == "packer"
    assert body["station"] == "Packtisch 1" and body["idle_timeout_s"] == 900
    assert body["rights"] == ["labels", "scan", "weigh", "returns", "history"]
    token = body["token"]
    headers = {SESSION_HEADER: token}
    with warehouse.station_client(headers=headers) as ana:
        me = ana.get("/v1/me").json()
        assert me["person"]["name"] == "Ana" and me["sign_in_required"] is False
        assert ana.get("/v1/shipments").status_code == 200
    # the same token with the other station's key is no sign-in
    with warehouse.station_client("Packtisch 2", headers=headers) as elsewhere:
        assert elsewhere.get("/v1/shipments").status_code == 401
    with warehouse.station_client(headers=headers) as ana:
        assert ana.delete("/v1/sessions/current").status_code == 204
        assert ana.get("/v1/shipments").status_code == 401
        assert ana.get("/v1/me").json()["sign_in_required"] is True
    # the database keeps only the token's hash
    assert token.encode() not in (warehouse.service.data_dir / "service.db").read_bytes()


def test_the_account_key_cannot_open_a_session(warehouse: Warehouse) -> None:
    with warehouse.service.client("sandbox") as account:
        answer = account.post("/v1/sessions", json={"code": PEOPLE["Ana"][1]})
    assert answer.status_code == 422 and "station" in answer.json()["errors"][0]


def test_users_cli_adds_lists_disables_and_resets(warehouse: Warehouse) -> None:
    service = warehouse.service
    listed = serve(service, "users", "list")
    assert listed.returncode == 0
    assert "Ana\tpacker\tactive" in listed.stdout and "Cleo\tadmin\tactive" in listed.stdout
    # codes and names are unique; a code comes on stdin, never as an argument
    taken = serve(service, "users", "add", "Dora", "--role", "packer", stdin="4711\n")
    assert taken.returncode == 1 and "someone else's" in taken.stderr
    short = serve(service, "users", "add", "Dora", "--role", "packer", stdin="12\n")
    assert short.returncode == 1 and "4 to 200" in short.stderr
    assert (
        serve(service, "users", "add", "Dora", "--role", "packer", stdin="DORA-77\n").returncode
        == 0
    )
    assert (
        serve(service, "users", "add", "dora", "--role", "admin", stdin="x-DORA\n").returncode == 1
    )
    bad_role = serve(service, "users", "add", "Eve", "--role", "boss", stdin="EVE-1234\n")
    assert bad_role.returncode == 2
    with warehouse.station_client() as station:
        dora = station.post("/v1/sessions", json={"code": "DORA-77"})
    assert dora.status_code == 201
    headers = {SESSION_HEADER: dora.json()["token"]}
    assert serve(service, "users", "disable", "Dora").returncode == 0
    with warehouse.station_client(headers=headers) as station:
        assert station.get("/v1/shipments").status_code == 401  # signed out at once
        assert station.post("/v1/sessions", json={"code": "DORA-77"}).status_code == 401
    assert "Dora\tpacker\tdisabled" in serve(service, "users", "list").stdout
    assert serve(service, "users", "enable", "Dora").returncode == 0
    assert serve(service, "users", "reset", "Dora", stdin="DORA-88\n").returncode == 0
    with warehouse.station_client() as station:
        assert station.post("/v1/sessions", json={"code": "DORA-77"}).status_code == 401
        assert station.post("/v1/sessions", json={"code": "DORA-88"}).status_code == 201
    missing = serve(service, "users", "disable", "Nobody")
    assert missing.returncode == 1 and "no person named 'Nobody'" in missing.stderr
    # the database holds no code in the clear
    database = (service.data_dir / "service.db").read_bytes()
    for code in ("DORA-88", "BADGE-ANA-0001", "4711"):
        assert code.encode() not in database


def test_who_made_a_label_is_recorded_and_shown_by_right(warehouse: Warehouse) -> None:
    with warehouse.person_client("Ana", "Packtisch 2") as ana:
        made = ana.post("/v1/shipments", json=shipment(reference_number="ORDER-ANA-1"))
    assert made.status_code == 200, made.text
    shipment_id = made.json()["id"]
    assert "made_by" not in made.json()
    with warehouse.person_client("Ben") as ben:
        seen = ben.get(f"/v1/shipments/{shipment_id}").json()
        assert seen["made_by"] == {"person": "Ana", "station": "Packtisch 2"}
        listed = ben.get("/v1/shipments").json()["shipments"]
        assert {"person": "Ana", "station": "Packtisch 2"} in [s.get("made_by") for s in listed]
    with warehouse.person_client("Ana") as ana:
        assert "made_by" not in ana.get(f"/v1/shipments/{shipment_id}").json()
    # the audit log names the person and station, and `serve audit --person` finds it
    done = serve(warehouse.service, "audit", "--person", "ana", "--action", "shipment.created")
    assert done.returncode == 0
    entries = [json.loads(line) for line in done.stdout.splitlines()]
    assert [e["object_id"] for e in entries] == [shipment_id]
    assert entries[0]["person"] == "Ana" and entries[0]["station"] == "Packtisch 2"
    assert entries[0]["actor"] == "Packtisch 2"


def test_releases_need_the_release_right_and_a_reason(warehouse: Warehouse) -> None:
    release = {"kind": "release", "order_ref": "ORDER-9", "reason": "customer swapped colour"}
    with warehouse.person_client("Ana") as ana:
        refused = ana.post("/v1/station_events", json=release)
        assert refused.status_code == 403
        assert refused.json() == {
            "errors": ["a packer may not release a pack-check mismatch: ask a supervisor or admin"]
        }
        scan = ana.post("/v1/station_events", json={"kind": "scan", "order_ref": "ORDER-9"})
        assert scan.status_code == 201 and scan.json()["person"] == "Ana"
        assert ana.post("/v1/station_events", json={"kind": "dance"}).status_code == 422
        far = ana.post("/v1/station_events", json={"kind": "scan", "at": "2020-01-01T00:00:00Z"})
        assert far.status_code == 422 and far.json()["errors"] == [
            "at: more than a day away from the server's time"
        ]
    with warehouse.person_client("Ben") as ben:
        no_reason = ben.post("/v1/station_events", json={"kind": "release", "order_ref": "O"})
        assert no_reason.status_code == 422
        released = ben.post("/v1/station_events", json=release)
        assert released.status_code == 201 and released.json()["person"] == "Ben"
    done = serve(warehouse.service, "audit", "--person", "Ben", "--action", "station.release")
    assert '"object_id": "ORDER-9"' in done.stdout and '"station": "Packtisch 1"' in done.stdout
