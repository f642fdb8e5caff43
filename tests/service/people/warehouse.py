"""A warehouse service for the people tests: one account, two stations, three people."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any

import httpx

from tests.fixtures.service import REPO_ROOT, RunningService

SESSION_HEADER = "X-Packdesk-Session"
#: name -> (role, badge code)
PEOPLE = {
    "Ana": ("packer", "BADGE-ANA-0001"),
    "Ben": ("supervisor", "4711"),
    "Cleo": ("admin", "BADGE-CLEO-0003"),
}


def serve(
    service: RunningService, *args: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`packdesk serve ARGS --data-dir DIR` (stdin given as text)."""
    command, *rest = args
    argv = [sys.executable, "-m", "desktop_app", "serve", command, *rest]
    argv += ["--data-dir", str(service.data_dir)]
    return subprocess.run(
        argv,
        cwd=REPO_ROOT,
        input=stdin or "",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def add_person(service: RunningService, name: str, role: str, code: str) -> None:
    """`serve users add NAME --role ROLE` with the code on stdin."""
    done = serve(service, "users", "add", name, "--role", role, stdin=code + "\n")
    assert done.returncode == 0, done.stderr


@dataclass
class Warehouse:
    """The service, its two station keys (sandbox) and signed-in sessions by person."""

    service: RunningService
    stations: dict[str, str]
    tokens: dict[str, str] = field(default_factory=dict)

    def station_client(self, station: str = "Packtisch 1", **kwargs: Any) -> httpx.Client:
        """A client with the station's sandbox key, no session."""
        return self.service.client(self.stations[station], **kwargs)

    def sign_in(self, name: str, station: str = "Packtisch 1") -> str:
        """A fresh session token of the person at the station."""
        with self.station_client(station) as client:
            answer = client.post("/v1/sessions", json={"code": PEOPLE[name][1]})
        assert answer.status_code == 201, answer.text
        token: str = answer.json()["token"]
        return token

    def person_client(self, name: str, station: str = "Packtisch 1") -> httpx.Client:
        """A client of the person signed in at the station (one session per person, reused)."""
        slot = f"{name}@{station}"
        if slot not in self.tokens:
            self.tokens[slot] = self.sign_in(name, station)
        token = self.tokens[slot]
        return self.station_client(station, headers={SESSION_HEADER: token})

    def forget(self, name: str, station: str = "Packtisch 1") -> None:
        """Drop the cached session (after it was ended)."""
        self.tokens.pop(f"{name}@{station}", None)


def make_warehouse(service: RunningService) -> Warehouse:
    """Two station keys and the three people on a fresh service."""
    stations = {}
    for station in ("Packtisch 1", "Packtisch 2"):
        keys = json.loads(service.accounts("add-key", service.email, "--name", station))
        stations[station] = keys["sandbox_key"]
    for name, (role, code) in PEOPLE.items():
        add_person(service, name, role, code)
    return Warehouse(service, stations)
