"""Storage trouble is never a false acknowledgement, nor a 500.

- PostgreSQL stopped (`pg_ctl stop -m immediate`) and restarted under four writing stations:
  answers during the outage are 503 with Retry-After, none 500; every acknowledged shipment is
  there afterwards; the service answers again within 5 s of the restart; one log line per outage.
- SQLite: the directory read-only (a read-only bind mount as root, else chmod), a full file
  system (a small tmpfs), the database file deleted: 503 with Retry-After, then back to 200.
The figures of the PostgreSQL run are printed (run with -s) for the closing note.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.fixtures.service import LOCAL_SERVICE_ARGS, RunningService
from tests.patience import PATIENCE
from tests.payloads import shipment
from tests.service.postgres import PostgresCluster, throwaway_cluster

ServiceFactory = Callable[..., RunningService]
OUTAGE_LINE = "database unreachable"
BACK_LINE = "database reachable again"


@dataclass
class Answer:
    started: float
    ended: float
    status: int
    shipment_id: str | None


@dataclass
class Writers:
    """Stations creating shipments in a loop until stopped; every answer recorded."""

    service: RunningService
    count: int = 4
    answers: list[Answer] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _run(self) -> None:
        with self.service.client() as client:
            while not self._stop.is_set():
                started = time.monotonic()
                try:
                    response = client.post("/v1/shipments", json=shipment())
                    status = response.status_code
                    sid = response.json().get("id") if status == 200 else None
                    if status == 503:
                        assert response.headers.get("Retry-After"), response.headers
                except httpx.TransportError:
                    status, sid = 0, None
                with self._lock:
                    self.answers.append(Answer(started, time.monotonic(), status, sid))
                if status != 200:
                    time.sleep(0.05)

    def __enter__(self) -> Writers:
        for _ in range(self.count):
            thread = threading.Thread(target=self._run, daemon=True)
            thread.start()
            self._threads.append(thread)
        return self

    def __exit__(self, *_exc: object) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(30)

    def acknowledged(self) -> list[str]:
        return [a.shipment_id for a in self.answers if a.status == 200 and a.shipment_id]

    def statuses(self, since: float = 0.0, until: float = float("inf")) -> dict[int, int]:
        counts: dict[int, int] = {}
        for answer in self.answers:
            if since <= answer.ended <= until:
                counts[answer.status] = counts.get(answer.status, 0) + 1
        return counts


def _present(service: RunningService, ids: list[str]) -> int:
    with service.client() as client:
        return sum(client.get(f"/v1/shipments/{sid}").status_code == 200 for sid in ids)


def _log(service: RunningService) -> str:
    return (service.data_dir / "service.log").read_text(encoding="utf-8")


def _wait_for(check: Callable[[], bool], seconds: float, what: str = "the condition") -> float:
    """Poll `check` until true; the seconds it took (pytest.fail after `seconds`, naming
    `what` it waited for)."""
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > seconds:
            pytest.fail(f"{what}: not within {seconds} s")
        time.sleep(0.05)
    return time.monotonic() - started


def _health(service: RunningService) -> httpx.Response:
    with service.client(None) as anonymous:
        return anonymous.get("/health")


def _post_status(service: RunningService) -> int:
    with service.client() as client:
        response = client.post("/v1/shipments", json=shipment())
    if response.status_code == 503:
        assert int(response.headers["Retry-After"]) > 0
        assert "database" in response.json()["errors"][0]
    return response.status_code


# PostgreSQL


@pytest.fixture
def cluster() -> Iterator[PostgresCluster]:
    with throwaway_cluster(durable_commits=True) as pg:
        yield pg


def test_postgresql_stopped_and_restarted_under_writers(
    cluster: PostgresCluster, service_factory: ServiceFactory
) -> None:
    service = service_factory("--database-url", cluster.url, *LOCAL_SERVICE_ARGS)
    with Writers(service) as writers:
        time.sleep(2.0)
        halted = time.monotonic()
        cluster.halt()
        time.sleep(5.0)
        restart = time.monotonic()
        cluster.resume()
        restarted = time.monotonic()
        # the writers are answered again once PostgreSQL is back (a state, not a time)
        _wait_for(
            lambda: any(a.status == 200 and a.started >= restarted for a in writers.answers),
            PATIENCE,
            "a writer's 200 after PostgreSQL's restart",
        )
        time.sleep(1.0)  # a few more answers after the first good one
    during = writers.statuses(halted + 0.5, restart)
    after_restart = [a for a in writers.answers if a.status == 200 and a.started >= restarted]
    first_good = min(a.ended for a in after_restart) - restarted
    acknowledged = writers.acknowledged()
    present = _present(service, acknowledged)
    all_statuses = writers.statuses()
    print(  # noqa: T201 - the figures of the closing note (pytest -s)
        f"\nPostgreSQL outage: answers during the outage {during}, all answers {all_statuses}, "
        f"acknowledged {len(acknowledged)}, present afterwards {present}, "
        f"restart took {restarted - restart:.1f} s, first good answer {first_good:.2f} s after it"
    )
    assert 500 not in all_statuses and 0 not in all_statuses
    assert set(during) == {503}, during
    assert present == len(acknowledged) > 0
    log = _log(service)
    assert log.count(OUTAGE_LINE) == 1, log[-3000:]
    assert log.count(BACK_LINE) == 1
    assert "Traceback" not in log and "internal error" not in log


def test_health_says_when_postgresql_is_away(
    cluster: PostgresCluster, service_factory: ServiceFactory
) -> None:
    service = service_factory("--database-url", cluster.url)
    with service.client(None) as anonymous:
        assert anonymous.get("/health").json()["database_reachable"] is True
        cluster.halt()
        try:
            away = anonymous.get("/health")
            assert away.status_code == 503 and away.headers["Retry-After"]
            assert away.json()["database_reachable"] is False
            assert _post_status(service) == 503
        finally:
            cluster.resume()
        _wait_for(lambda: anonymous.get("/health").status_code == 200, 5.0)
    assert _post_status(service) == 200


# SQLite


def _mount(*args: str) -> bool:
    done = subprocess.run(["mount", *args], capture_output=True, text=True, check=False)
    return done.returncode == 0


@contextlib.contextmanager
def _tmpfs(path: Path, size: str) -> Iterator[None]:
    path.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or not _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)):
        pytest.skip("cannot mount a small tmpfs here (needs root and mount rights)")
    try:
        yield
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


@contextlib.contextmanager
def _read_only(directory: Path) -> Iterator[None]:
    """Make `directory` read-only for the service: a read-only bind mount as root, else chmod."""
    if os.geteuid() == 0:
        if not _mount("--bind", str(directory), str(directory)):
            pytest.skip("cannot bind-mount here (needs mount rights)")
        if not _mount("-o", "remount,bind,ro", str(directory)):
            subprocess.run(["umount", str(directory)], check=False)
            pytest.skip("cannot remount a bind mount read-only here")
        try:
            yield
        finally:
            subprocess.run(["umount", "-l", str(directory)], check=False)
    else:
        os.chmod(directory, 0o555)
        for item in directory.iterdir():
            os.chmod(item, 0o444)
        try:
            yield
        finally:
            os.chmod(directory, 0o755)
            for item in directory.iterdir():
                os.chmod(item, 0o644)


def test_sqlite_directory_read_only(service_factory: ServiceFactory, tmp_path: Path) -> None:
    db_dir = tmp_path / "db"
    db_dir.mkdir()
    url = f"sqlite+aiosqlite:///{db_dir / 'service.db'}"
    data_dir = tmp_path / "data"
    service = service_factory("--database-url", url, data_dir=data_dir)
    with service.client() as client:
        stored = client.post("/v1/shipments", json=shipment()).json()["id"]
    service.stop()
    with _read_only(db_dir):
        service = service_factory("--database-url", url, data_dir=data_dir)
        assert _post_status(service) == 503
        with service.client(None) as anonymous:
            health = anonymous.get("/health")
        assert health.status_code == 503 and health.json()["database_reachable"] is False
    # writable again: the running service recovers without a restart (the write probe sees it)
    _wait_for(lambda: _health(service).status_code == 200, 10.0)
    assert _post_status(service) == 200
    assert _present(service, [stored]) == 1
    log = _log(service)
    assert log.count(OUTAGE_LINE) == 1 and log.count(BACK_LINE) == 1, log[-3000:]
    assert "Traceback" not in log and "internal error" not in log
    assert BACK_LINE in log


def test_sqlite_full_file_system(service_factory: ServiceFactory, tmp_path: Path) -> None:
    mount = tmp_path / "small"
    with _tmpfs(mount, "32m"):  # room for ~1 s of writers at full speed (~3 MB quiet)
        url = f"sqlite+aiosqlite:///{mount / 'service.db'}"
        service = service_factory("--database-url", url, *LOCAL_SERVICE_ARGS)
        with Writers(service, count=2) as writers:
            time.sleep(1.0)
            filler = mount / "filler"
            # suppress outermost: closing the file flushes its buffer, which fails on a full disk
            with contextlib.suppress(OSError), open(filler, "wb") as fh:
                while True:
                    fh.write(b"\0" * 65536)
            # the write probe finds the full disk: health says so while it lasts
            _wait_for(lambda: _health(service).status_code == 503, 10.0)
            full_health = _health(service)
            time.sleep(1.0)
            full_until = time.monotonic()
            filler.unlink()
            _wait_for(lambda: _health(service).status_code == 200, 10.0)
            time.sleep(1.0)
        statuses = writers.statuses()
        full_answers = writers.statuses(full_until - 1.5, full_until)
        acknowledged = writers.acknowledged()
        assert 500 not in statuses and 0 not in statuses, statuses
        # SQLite may still commit into WAL pages it already has (truly stored: 200); what it cannot
        # store is answered 503, never 500 and never acknowledged
        assert full_answers.get(503, 0) > 0 and set(full_answers) <= {200, 503}, full_answers
        assert writers.statuses(full_until + 1.0).get(200, 0) > 0
        assert _present(service, acknowledged) == len(acknowledged)
        assert full_health.json()["database_writable"] is False
        assert full_health.headers["Retry-After"]
        log = _log(service)
        assert log.count(OUTAGE_LINE) == 1 and log.count(BACK_LINE) == 1, log[-3000:]
        assert "Traceback" not in log
        stderr = (service.data_dir / "serve-stderr.log").read_text(encoding="utf-8")
        assert "Traceback" not in stderr and "Logging error" not in stderr
        service.stop()


def test_sqlite_file_deleted_while_running(service_factory: ServiceFactory) -> None:
    service = service_factory()
    assert _post_status(service) == 200
    database = service.data_dir / "service.db"
    database.unlink()
    # a write would go into the deleted file and be lost at the next start: not acknowledged
    assert _post_status(service) == 503
    # reads would answer from the deleted file: refused as well
    with service.client() as client:
        listed = client.get("/v1/shipments")
    assert listed.status_code == 503 and listed.headers["Retry-After"]
    health = _health(service)
    assert health.status_code == 503 and health.json()["database_writable"] is False
    log = _log(service)
    assert log.count(OUTAGE_LINE) == 1 and "is gone" in log
