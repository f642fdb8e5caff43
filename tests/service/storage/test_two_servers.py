"""Two `packdesk serve` processes on one PostgreSQL behind HAProxy, as docs/serve.md sets it up.

- Four stations create shipments through HAProxy with `Idempotency-Key`s; some requests are sent
  again with the same key straight to the other server, some to both at once; one server is
  killed with SIGKILL mid-run and later started again. Every acknowledged shipment is in the
  database, no key made two shipments, nothing answered 5xx, HAProxy took the dead server out
  and back in by its `/health` checks. The figures are printed (pytest -s) for the closing note.
- A key's rate limit is counted once across both servers, one after the other and at once.
- `serve export-join` / `serve join`: the second server's data dir from a bundle, a backup or the
  first's data dir (0600 keys, the same CA); a second server started before joining stops (78).
Everything on 127.0.0.x; PostgreSQL is a throw-away cluster in a temporary directory.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import shutil
import stat
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from tests.fixtures.haproxy import CONFIG as HAPROXY_CONFIG
from tests.fixtures.haproxy import Balancer, free_port
from tests.fixtures.service import REPO_ROOT, RunningService, run_packdesk, start_service
from tests.payloads import shipment
from tests.service.postgres import PostgresCluster, throwaway_cluster

BALANCER = "127.0.0.2"
SERVER_A, SERVER_B = "127.0.0.3", "127.0.0.4"
# no worker processes: a killed server leaves nothing behind, and two servers share 2 cores
LEAN = ("--render-processes", "0", "--check-processes", "0", "--no-warm-up")
STATIONS = 4
ACKS_BEFORE_KILL = 24
ACKS_PER_STATION_AFTER = 6
WAIT_SECONDS = 120.0


@pytest.fixture(scope="module")
def cluster() -> Iterator[PostgresCluster]:
    with throwaway_cluster() as pg:
        yield pg


def _packdesk(*args: str) -> subprocess.CompletedProcess[str]:
    return run_packdesk(*args)


def _joined(first: RunningService, data_dir: Path, url: str, bundle: Path) -> None:
    exported = _packdesk("serve", "export-join", str(bundle), "--data-dir", str(first.data_dir))
    assert exported.returncode == 0, exported.stderr
    done = _packdesk(
        "serve", "join", str(bundle), "--data-dir", str(data_dir), "--database-url", url
    )
    assert done.returncode == 0, done.stderr


def _pair(
    cluster: PostgresCluster, root: Path, public_url: str, *args: str
) -> tuple[RunningService, RunningService]:
    """Server A, and server B joined to it, on a new database of the cluster."""
    url = cluster.create_database(f"two_{uuid.uuid4().hex[:8]}")
    common = ("--database-url", url, "--public-url", public_url, *LEAN, *args)
    # fixed ports: the public URL (the balancer's) says nothing of where a server listens
    first = start_service(root / "a", *_listen(SERVER_A), *common)
    try:
        _joined(first, root / "b", url, root / "join.tar")
        second = start_service(root / "b", *_listen(SERVER_B), *common)
    except BaseException:
        first.stop()
        raise
    return first, second


def _listen(host: str) -> tuple[str, ...]:
    return ("--host", host, "--port", str(free_port(host)))


def _address(service: RunningService) -> str:
    """`https://HOST:PORT` the server listens on (its certificate names the address too)."""
    args = service.args
    return f"https://{args[args.index('--host') + 1]}:{args[args.index('--port') + 1]}"


def _host_port(service: RunningService) -> tuple[str, int]:
    host, port = _address(service).removeprefix("https://").rsplit(":", 1)
    return host, int(port)


def _direct(service: RunningService) -> httpx.Client:
    """A client of one server by its own address."""
    return httpx.Client(
        base_url=_address(service),
        verify=service.ssl_context(),
        auth=(service.sandbox_key, ""),
        timeout=30.0,
    )


@dataclass
class Answer:
    station: int
    reference: str
    key: str
    status: int
    shipment_id: str | None
    ended: float
    via: str
    replayed: bool = False


@dataclass
class Run:
    """Stations creating shipments through the balancer until stopped; every answer kept."""

    balancer_url: str
    servers: dict[str, RunningService]
    answers: list[Answer] = field(default_factory=list)
    retries: int = 0
    stop: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)
    threads: list[threading.Thread] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def _client(self, base_url: str, service: RunningService) -> httpx.Client:
        return httpx.Client(
            base_url=base_url,
            verify=service.ssl_context(),
            auth=(service.sandbox_key, ""),
            timeout=30.0,
        )

    def _keep(self, answer: Answer) -> None:
        with self.lock:
            self.answers.append(answer)

    def _post(
        self, client: httpx.Client, station: int, reference: str, key: str, via: str
    ) -> Answer | None:
        """One try; None when the connection failed (the server died, or is dead)."""
        try:
            response = client.post(
                "/v1/shipments",
                json=shipment(reference_number=reference),
                headers={"Idempotency-Key": key},
            )
        except httpx.TransportError:
            return None
        status = response.status_code
        answer = Answer(
            station,
            reference,
            key,
            status,
            response.json().get("id") if status == 200 else None,
            time.monotonic(),
            via,
            response.headers.get("Idempotent-Replayed") == "true",
        )
        self._keep(answer)
        return answer

    def _until_acknowledged(self, client: httpx.Client, station: int, reference: str) -> None:
        """Send one shipment until it is acknowledged, always under the same key."""
        key = str(uuid.uuid4())
        for _ in range(200):
            answer = self._post(client, station, reference, key, "balancer")
            if answer is not None and answer.status == 200:
                self._cross_check(station, reference, key)
                return
            if answer is not None and answer.status not in (409, 503):
                self.problems.append(f"{reference}: {answer.status}")
                return
            with self.lock:
                self.retries += 1
            time.sleep(0.05)
        self.problems.append(f"{reference}: never acknowledged")

    def _cross_check(self, station: int, reference: str, key: str) -> None:
        """Every third shipment again on one server, every fifth on both at once."""
        number = int(reference.rsplit("-", 1)[1])
        names = sorted(self.servers)
        if number % 3 == 0:
            name = names[number % 2]
            service = self.servers[name]
            with self._client(_address(service), service) as direct:
                self._post(direct, station, reference, key, name)
        if number % 5 == 0:
            with concurrent.futures.ThreadPoolExecutor(2) as pool:
                list(pool.map(lambda n: self._both(n, station, reference, key), names))

    def _both(self, name: str, station: int, reference: str, key: str) -> None:
        service = self.servers[name]
        with self._client(_address(service), service) as direct:
            self._post(direct, station, reference, key, name)

    def _station(self, station: int, service: RunningService) -> None:
        with self._client(self.balancer_url, service) as client:
            number = 0
            while not self.stop.is_set() and number < 400:
                number += 1
                self._until_acknowledged(client, station, f"station{station}-{number}")

    def start(self, service: RunningService) -> None:
        for station in range(STATIONS):
            thread = threading.Thread(target=self._station, args=(station, service), daemon=True)
            thread.start()
            self.threads.append(thread)

    def finish(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(WAIT_SECONDS)
            assert not thread.is_alive(), "a station did not stop"

    def acknowledged(self, since: float = 0.0) -> list[Answer]:
        with self.lock:
            return [a for a in self.answers if a.status == 200 and a.ended >= since]

    def per_station(self, since: float) -> dict[int, int]:
        counts = dict.fromkeys(range(STATIONS), 0)
        for answer in self.acknowledged(since):
            if answer.via == "balancer":
                counts[answer.station] += 1
        return counts


def _wait_until(check: object, what: str, seconds: float = WAIT_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"not within {seconds} s: {what}")
        time.sleep(0.05)


def _stored(url: str) -> dict[str | None, list[str]]:
    """Shipment ids by reference number, straight from the database."""

    async def read() -> dict[str | None, list[str]]:
        from desktop_app.service.storage.db import make_engine
        from desktop_app.service.storage.shipments import ShipmentRow

        engine = make_engine(url)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(select(ShipmentRow.reference_number, ShipmentRow.id))
                found: dict[str | None, list[str]] = {}
                for reference, sid in rows:
                    found.setdefault(reference, []).append(sid)
                return found
        finally:
            await engine.dispose()

    return asyncio.run(read())


def _largest_gap(answers: list[Answer], killed: float) -> float:
    """The longest a station waited for an acknowledgement across the kill."""
    gaps = []
    for station in range(STATIONS):
        times = sorted(a.ended for a in answers if a.station == station and a.via == "balancer")
        before = [t for t in times if t <= killed]
        after = [t for t in times if t > killed]
        if before and after:
            gaps.append(after[0] - before[-1])
    return max(gaps)


def test_two_servers_behind_haproxy_one_killed(cluster: PostgresCluster, tmp_path: Path) -> None:
    port = free_port(BALANCER)
    public_url = f"https://{BALANCER}:{port}"
    first, second = _pair(cluster, tmp_path, public_url, "--rate-limit", "100000/60")
    url = first.args[first.args.index("--database-url") + 1]
    servers = {"a": first, "b": second}
    try:
        backends = {name: _host_port(service) for name, service in servers.items()}
        with Balancer(BALANCER, port, backends, first.ca_file, tmp_path) as balancer:
            balancer.wait_for({"a": "UP", "b": "UP"}, WAIT_SECONDS)
            run = Run(balancer.url, servers)
            run.start(first)
            try:
                _wait_until(
                    lambda: len(run.acknowledged()) >= ACKS_BEFORE_KILL,
                    f"{ACKS_BEFORE_KILL} shipments acknowledged before the kill",
                )
                first.process.kill()
                killed = time.monotonic()
                first.process.wait(30)
                balancer.wait_for({"a": "DOWN", "b": "UP"}, WAIT_SECONDS)
                _wait_until(
                    lambda: min(run.per_station(killed).values()) >= ACKS_PER_STATION_AFTER,
                    f"{ACKS_PER_STATION_AFTER} shipments per station after the kill",
                )
                first.restart()
                back = time.monotonic()
                balancer.wait_for({"a": "UP", "b": "UP"}, WAIT_SECONDS)
                _wait_until(
                    lambda: (
                        min(run.per_station(back).values()) >= 3
                        and any(a.via == "a" for a in run.acknowledged(back))
                    ),
                    "three shipments per station, one straight to server A, after A's return",
                )
            finally:
                run.finish()
            sessions = balancer.sessions()
        stored = _stored(url)
    finally:
        first.stop()
        second.stop()

    acknowledged = run.acknowledged()
    by_key: dict[str, set[str]] = {}
    for answer in acknowledged:
        by_key.setdefault(answer.key, set()).add(str(answer.shipment_id))
    ids = {str(a.shipment_id) for a in acknowledged}
    present = {sid for sids in stored.values() for sid in sids}
    lost = ids - present
    doubled = {ref: sids for ref, sids in stored.items() if len(sids) > 1}
    keys_two_ids = {key: sids for key, sids in by_key.items() if len(sids) > 1}
    statuses: dict[int, int] = {}
    for answer in run.answers:
        statuses[answer.status] = statuses.get(answer.status, 0) + 1
    server_errors = sum(n for status, n in statuses.items() if status >= 500)
    replays = sum(a.replayed for a in acknowledged)
    gap = _largest_gap(run.answers, killed)
    print(  # noqa: T201 - the figures of the closing note (pytest -s)
        f"\ntwo servers behind HAProxy: shipments acknowledged {len(ids)} "
        f"({len(acknowledged)} answers 200, {replays} of them replays of a key), "
        f"lost {len(lost)}, doubled {len(doubled)}, keys with two ids {len(keys_two_ids)}, "
        f"5xx {server_errors}, answers {statuses}, retries after a failed connection or 503 "
        f"{run.retries}, longest gap a station saw across the kill {gap:.2f} s, "
        f"connections HAProxy passed on per server {sessions}"
    )
    assert not run.problems, run.problems[:10]
    assert not lost and not doubled and not keys_two_ids
    assert server_errors == 0, statuses
    assert replays > 0
    assert set(stored) >= {a.reference for a in acknowledged}


def test_a_keys_rate_limit_counts_once_across_both(
    cluster: PostgresCluster, tmp_path: Path
) -> None:
    limit = 10
    first, second = _pair(
        cluster, tmp_path, f"https://{SERVER_A}:1", "--rate-limit", f"{limit}/600"
    )
    try:
        with _direct(first) as a, _direct(second) as b:
            answers = [(a if n % 2 else b).get("/v1/me") for n in range(2 * limit)]
            statuses = [r.status_code for r in answers]
            assert statuses == [200] * limit + [429] * limit, statuses
            remaining = [int(r.headers["RateLimit-Remaining"]) for r in answers[:limit]]
            assert remaining == list(range(limit - 1, -1, -1))
            assert all(int(r.headers["Retry-After"]) > 0 for r in answers[limit:])

        # the live key, all at once on both servers: still exactly `limit`
        def ask(n: int) -> int:
            service = first if n % 2 else second
            with httpx.Client(
                base_url=_address(service),
                verify=service.ssl_context(),
                auth=(service.live_key, ""),
                timeout=30.0,
            ) as client:
                return client.get("/v1/me").status_code

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            at_once = list(pool.map(ask, range(3 * limit)))
    finally:
        first.stop()
        second.stop()
    print(f"\nrate limit {limit} a window, one key on both servers at once: {sorted(at_once)}")  # noqa: T201
    assert at_once.count(200) == limit and at_once.count(429) == 2 * limit, at_once


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_join_from_bundle_backup_or_data_dir(cluster: PostgresCluster, tmp_path: Path) -> None:
    url = cluster.create_database(f"join_{uuid.uuid4().hex[:8]}")
    first = start_service(tmp_path / "a", "--database-url", url, *LEAN)
    try:
        bundle = tmp_path / "join.tar"
        backup = tmp_path / "backup.tar"
        exported = _packdesk("serve", "export-join", str(bundle), "--data-dir", str(first.data_dir))
        assert exported.returncode == 0, exported.stderr
        assert _mode(bundle) == 0o600
        made = _packdesk(
            "serve", "backup", str(backup), "--data-dir", str(first.data_dir), "--database-url", url
        )
        assert made.returncode == 0, made.stderr
        ca = (first.data_dir / "tls" / "ca.pem").read_bytes()
        ca_key = (first.data_dir / "tls" / "ca-key.pem").read_bytes()
        for source in (bundle, backup, first.data_dir):
            target = tmp_path / f"from-{source.name}"
            done = _packdesk(
                "serve", "join", str(source), "--data-dir", str(target), "--database-url", url
            )
            assert done.returncode == 0, done.stderr
            assert (target / "tls" / "ca.pem").read_bytes() == ca
            assert (target / "tls" / "ca-key.pem").read_bytes() == ca_key
            assert not (target / "tls" / "server-key.pem").exists()
            for private in ("tls/ca-key.pem", "credentials.json"):
                assert _mode(target / private) == 0o600, private
            assert _mode(target) == 0o700

        # a joined server answers with the first server's keys
        joined = start_service(tmp_path / f"from-{bundle.name}", "--database-url", url, *LEAN)
        with joined:
            assert joined.sandbox_key == first.sandbox_key
            assert joined.ca_file.read_bytes() == ca
            with joined.client() as client:
                assert client.get("/v1/me").status_code == 200

        again = _packdesk(
            "serve", "join", str(bundle), "--data-dir", str(first.data_dir), "--database-url", url
        )
        assert again.returncode == 1 and "already holds an installation" in again.stderr
        elsewhere = cluster.create_database(f"other_{uuid.uuid4().hex[:8]}")
        wrong = _packdesk(
            "serve",
            "join",
            str(bundle),
            "--data-dir",
            str(tmp_path / "w"),
            "--database-url",
            elsewhere,
        )
        assert wrong.returncode == 1 and "does not hold the account" in wrong.stderr
        sqlite = _packdesk("serve", "join", str(bundle), "--data-dir", str(tmp_path / "s"))
        assert sqlite.returncode == 1 and "--database-url" in sqlite.stderr
    finally:
        first.stop()


def test_a_second_server_started_before_joining_stops(
    cluster: PostgresCluster, tmp_path: Path
) -> None:
    url = cluster.create_database(f"unjoined_{uuid.uuid4().hex[:8]}")
    with start_service(tmp_path / "a", "--database-url", url, *LEAN) as first:
        keys = first.credentials_file.read_bytes()
        fresh = tmp_path / "b"
        started = _packdesk(
            "serve", "--port", "0", "--data-dir", str(fresh), "--database-url", url, *LEAN
        )
        assert started.returncode == 78, started.stderr
        assert "packdesk serve join" in started.stderr
        assert not (fresh / "tls").exists() and not (fresh / "credentials.json").exists()
        with first.client() as client:
            assert client.get("/v1/me").status_code == 200
        assert first.credentials_file.read_bytes() == keys


def test_the_documented_haproxy_configuration_is_valid(tmp_path: Path) -> None:
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not Path(haproxy).exists():
        pytest.skip("HAProxy is not installed (apt-get install haproxy)")
    text = (REPO_ROOT / "docs" / "serve.md").read_text(encoding="utf-8")
    documented = text.split("`/etc/haproxy/haproxy.cfg`:\n\n```\n", 1)[1].split("```", 1)[0]
    ca = tmp_path / "ca.pem"
    with start_service(tmp_path / "service", *LEAN) as service:
        ca.write_bytes(service.ca_file.read_bytes())
    config = tmp_path / "haproxy.cfg"
    config.write_text(
        documented.replace("/etc/haproxy/packdesk-ca.pem", str(ca)).replace(
            "/run/haproxy/admin.sock", str(tmp_path / "admin.sock")
        ),
        encoding="utf-8",
    )
    checked = subprocess.run(
        [haproxy, "-c", "-f", str(config)], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # the test's balancer runs the documented frontend and backend (its own addresses, timings)
    sections = HAPROXY_CONFIG.split("defaults", 1)[1].replace("{{", "{").replace("}}", "}")
    for line in sections.splitlines():
        if line.strip() and not line.strip().startswith(("bind", "default-server", "{servers}")):
            assert line in documented, line


def test_many_keyed_writes_at_once_leave_connections_for_their_work(
    cluster: PostgresCluster, tmp_path: Path
) -> None:
    """60 creates with keys in flight at once (each holding its key's lock while the carrier
    takes 0.3 s) on one server with a 50-connection pool: every one answered 200."""
    url = cluster.create_database(f"many_{uuid.uuid4().hex[:8]}")
    args = ("--database-url", url, *LEAN, "--rate-limit", "100000/60", "--carrier-latency", "300")
    with start_service(tmp_path / "a", *args) as service:

        def create(n: int) -> int:
            with service.client() as client:
                return client.post(
                    "/v1/shipments",
                    json=shipment(label=True, reference_number=f"many-{n}"),
                    headers={"Idempotency-Key": f"many-{n}"},
                ).status_code

        with concurrent.futures.ThreadPoolExecutor(60) as pool:
            statuses = list(pool.map(create, range(60)))
    assert statuses == [200] * 60, statuses
