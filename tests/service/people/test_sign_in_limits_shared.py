"""Sign-in and join-request limits of two servers on one PostgreSQL (issue 37, item 3): counted
in the database, so 5 wrong codes at server A lock the station at server B too, a restart keeps
the lock, the service's clock (`--clock-offset`, never a sleep) ends it, and wrong codes sent
to both servers at once never get more than the limit checked."""

from __future__ import annotations

import concurrent.futures
import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from desktop_app.service.api.routes.station_joins import PER_ADDRESS
from desktop_app.service.api.sign_in_limits import MAX_PER_STATION, WINDOW_S
from tests.fixtures.service import REPO_ROOT, RunningService, start_service
from tests.service.postgres import PostgresCluster, throwaway_cluster
from tests.service.storage.test_two_servers import SERVER_A, _address, _pair

PIN = "4711"
LOCKED = re.compile(r"too many wrong sign-ins at this station: try again in \d+ minutes?")


@pytest.fixture(scope="module")
def cluster() -> Iterator[PostgresCluster]:
    with throwaway_cluster() as pg:
        yield pg


def _url(service: RunningService) -> str:
    return service.args[service.args.index("--database-url") + 1]


def _packdesk(service: RunningService, *args: str, stdin: str = "") -> str:
    """`packdesk accounts ...` or `packdesk serve ...` on the server's data dir and database
    (the code, if any, on stdin); its stdout."""
    where = ["--data-dir", str(service.data_dir), "--database-url", _url(service)]
    group, *rest = args
    # `accounts` takes them before its command, `serve`'s commands after theirs
    argv = [group, *where, *rest] if group == "accounts" else [group, *rest, *where]
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app", *argv],
        cwd=REPO_ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _client(service: RunningService, key: str | None, local: str = "127.0.0.1") -> httpx.Client:
    transport = httpx.HTTPTransport(verify=service.ssl_context(), local_address=local)
    auth = (key, "") if key else None
    return httpx.Client(base_url=_address(service), transport=transport, auth=auth, timeout=60.0)


def _sign_in(
    service: RunningService, key: str, code: str, local: str = "127.0.0.1"
) -> httpx.Response:
    with _client(service, key, local) as station:
        return station.post("/v1/sessions", json={"code": code})


def _restarted(service: RunningService, *extra: str) -> RunningService:
    """The server stopped and started again on its data dir and database (same address)."""
    service.stop()
    return start_service(service.data_dir, *service.args, *extra)


def test_a_lock_is_shared_by_both_servers_kept_over_a_restart_and_ends_by_the_clock(
    cluster: PostgresCluster, tmp_path: Path
) -> None:
    first, second = _pair(cluster, tmp_path, f"https://{SERVER_A}:1")
    servers = [first, second]
    try:
        email = first.email
        keys = json.loads(_packdesk(first, "accounts", "add-key", email, "--name", "Packtisch 1"))
        key = keys["sandbox_key"]
        _packdesk(first, "serve", "users", "add", "Ben", "--role", "supervisor", stdin=PIN + "\n")
        wrong = [_sign_in(first, key, f"{n:04d}-x").status_code for n in range(MAX_PER_STATION)]
        assert wrong == [401] * MAX_PER_STATION
        # the sixth, at the other server, is not even checked: the right PIN is refused too
        locked = _sign_in(second, key, PIN)
        assert locked.status_code == 429, locked.text
        assert LOCKED.fullmatch(locked.json()["errors"][0]), locked.text
        assert 0 < int(locked.headers["Retry-After"]) <= WINDOW_S
        # both servers started again: the lock is in the database, not in a process
        servers[0] = first = _restarted(first)
        assert _sign_in(first, key, PIN).status_code == 429
        # the clock moved on past the window (the servers' own clock, by injection)
        servers[1] = second = _restarted(second, "--clock-offset", str(WINDOW_S + 1))
        signed_in = _sign_in(second, key, PIN)
        assert signed_in.status_code == 201, signed_in.text
        assert signed_in.json()["person"]["name"] == "Ben"
        audit = _packdesk(second, "serve", "audit", "--action", "session.*", "--limit", "100")
        actions = Counter(json.loads(line)["action"] for line in audit.splitlines())
        # the lock was written down once though both servers refused
        assert actions == {
            "session.failed": MAX_PER_STATION,
            "session.locked": 1,
            "session.started": 1,
        }
    finally:
        for server in servers:
            server.stop()


def test_wrong_codes_at_both_servers_at_once_never_get_more_than_the_limit_checked(
    cluster: PostgresCluster, tmp_path: Path
) -> None:
    first, second = _pair(cluster, tmp_path, f"https://{SERVER_A}:1")
    try:
        keys = json.loads(
            _packdesk(first, "accounts", "add-key", first.email, "--name", "Packtisch 2")
        )
        key = keys["sandbox_key"]
        _packdesk(first, "serve", "users", "add", "Ana", "--role", "packer", stdin="9999\n")
        attempts = 4 * MAX_PER_STATION

        def wrong(n: int) -> int:
            server = (first, second)[n % 2]
            return _sign_in(server, key, f"{n:04d}-x", "127.0.0.5").status_code

        with concurrent.futures.ThreadPoolExecutor(attempts) as pool:
            statuses = Counter(pool.map(wrong, range(attempts)))
        assert statuses == {401: MAX_PER_STATION, 429: attempts - MAX_PER_STATION}
        # join requests from one address: counted across both servers too
        asked = []
        for n in range(PER_ADDRESS + 1):
            with _client((first, second)[n % 2], None, "127.0.0.6") as station:
                asked.append(
                    station.post("/v1/stations/join_requests", json={"station": f"Tisch {n}"})
                )
        assert [a.status_code for a in asked] == [201] * PER_ADDRESS + [429]
        assert asked[-1].json()["errors"] == [
            "too many join requests from this address: try again in 10 minutes"
        ]
    finally:
        first.stop()
        second.stop()
