"""`packdesk serve stations pending|approve|deny` on a running server's data dir (issue 37, 3)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable

import httpx

from tests.fixtures.service import REPO_ROOT, RunningService

ServiceFactory = Callable[..., RunningService]
PATH = "/v1/stations/join_requests"


def stations(service: RunningService, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "desktop_app", "serve", "stations"]
    cmd += ["--data-dir", str(service.data_dir), *args]
    return subprocess.run(
        cmd, cwd=REPO_ROOT, capture_output=True, text=True, timeout=120, check=False
    )


def ask(service: RunningService, name: str) -> dict[str, str]:
    with service.client(None) as station:
        answer = station.post(PATH, json={"station": name})
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def poll(service: RunningService, asked: dict[str, str]) -> dict[str, object]:
    with service.client(None) as station:
        answer = station.get(
            f"{PATH}/{asked['id']}", headers={"X-Join-Secret": asked["poll_secret"]}
        )
    return dict(answer.json())


def test_pending_approve_by_phrase_and_deny(service_factory: ServiceFactory) -> None:
    service = service_factory()
    asked = ask(service, "Packtisch Süd")
    other = ask(service, "Packtisch West")

    listed = stations(service, "pending")
    assert listed.returncode == 0, listed.stderr
    line = next(row for row in listed.stdout.splitlines() if row.startswith(asked["id"][:8]))
    assert "'Packtisch Süd'" in line and f"phrase {asked['phrase']}" in line
    assert "expires in 1" in line  # 14 or 15 minutes
    as_json = [
        json.loads(row) for row in stations(service, "pending", "--json").stdout.splitlines()
    ]
    assert {item["id"] for item in as_json} == {asked["id"], other["id"]}

    wrong = stations(service, "approve", asked["id"][:8], "--phrase", "zebra-zebra-10")
    assert wrong.returncode == 1
    assert "the phrase does not match the one this station shows" in wrong.stderr
    assert poll(service, asked)["status"] == "pending"

    done = stations(service, "approve", asked["id"][:8], "--phrase", asked["phrase"])
    assert done.returncode == 0, done.stderr
    assert "approved 'Packtisch Süd': the station receives its live key" in done.stdout
    answer = poll(service, asked)
    key = answer["key"]
    assert isinstance(key, dict) and key["environment"] == "live"
    with httpx.Client(
        base_url=service.base_url, verify=service.ssl_context(), auth=(key["key"], "")
    ) as new_station:
        me = new_station.get("/v1/me")
    assert me.status_code == 200 and me.json()["environment"] == "production"

    denied = stations(service, "deny", other["id"])
    assert denied.returncode == 0 and "denied 'Packtisch West'" in denied.stdout
    assert poll(service, other)["status"] == "denied"
    assert stations(service, "pending").stdout == ""
    again = stations(service, "deny", other["id"])
    assert again.returncode == 1 and "already denied" in again.stderr
    unknown = stations(service, "approve", "ffffffff", "--phrase", "a-b-10")
    assert unknown.returncode == 1 and "no single join request" in unknown.stderr
