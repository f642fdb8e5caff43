"""`packdesk serve backup` while stations keep writing, `packdesk serve restore` into an empty
data dir: every shipment and label restored identical, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
import tarfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.fixtures.service import LOCAL_SERVICE_ARGS, REPO_ROOT, RunningService, start_service
from tests.payloads import shipment
from tests.service.database_rows import Rows, snapshot, sqlite_url
from tests.service.postgres import PostgresCluster, throwaway_cluster

SERVE_ARGS = (*LOCAL_SERVICE_ARGS, "--render-processes", "0", "--no-label-warm-up")
SHIPMENTS = 12


def _packdesk(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", "serve", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _fill(service: RunningService) -> list[str]:
    ids = []
    with service.client("sandbox") as client:
        for index in range(SHIPMENTS):
            body = shipment(
                "ups" if index % 2 else "dhl", label=True, reference_number=f"B-{index}"
            )
            if index % 2:
                body["label"] = {"format": "zpl2_4x6in_203dpi"}
            made = client.post("/v1/shipments", json=body)
            assert made.status_code == 200, made.text
            ids.append(made.json()["id"])
    return ids


class Writer:
    """A station creating shipments until stopped; what was acknowledged, what was refused."""

    def __init__(self, service: RunningService) -> None:
        self.service = service
        self.acknowledged: list[str] = []
        self.refused: list[str] = []
        self.stop = threading.Event()
        self.first = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        # shipments without labels: many writes while the backup runs, few labels to check
        with self.service.client("sandbox") as client:
            while not self.stop.is_set():
                try:
                    made = client.post("/v1/shipments", json=shipment("dhl"))
                except httpx.HTTPError as exc:
                    self.refused.append(repr(exc))
                    continue
                if made.status_code == 200:
                    self.acknowledged.append(made.json()["id"])
                    self.first.set()
                else:
                    self.refused.append(made.text)

    def __enter__(self) -> Writer:
        self.thread.start()
        assert self.first.wait(60)
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.thread.join(60)


def _by_id(rows: Rows, table: str) -> dict[Any, tuple[Any, ...]]:
    return {row[0]: row for row in rows[table]}


def _labels_served_identical(service: RunningService, original: Rows) -> int:
    """Download every label of the restored service; the bytes are the original's."""
    labels = {row[0]: row[6] for row in original["label_files"]}
    labelled = {row[1] for row in original["label_files"]}
    checked = 0
    with service.client("sandbox") as client:
        for shipment_id in sorted(labelled):
            body = client.get(f"/v1/shipments/{shipment_id}").json()
            urls = [body.get("label_url")] + [
                p.get("label_url") for p in body.get("packages", []) if p.get("label_url")
            ]
            for url in {u for u in urls if u}:
                token = url.rsplit("/", 1)[1].split(".")[0]
                label = client.get(url.replace(service.base_url, ""))
                assert label.status_code == 200 and label.content == labels[token]
                checked += 1
    return checked


@pytest.mark.timeout(600)  # two services, two backups and restores: minutes under load
def test_backup_while_stations_write_then_restore_identical(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with start_service(data_dir, *SERVE_ARGS) as service:
        before_backup = set(_fill(service))
        archive = tmp_path / "online.tar"
        with Writer(service) as writer:
            done = _packdesk("backup", str(archive), "--data-dir", str(data_dir))
            written_during = len(writer.acknowledged)
        assert done.returncode == 0, done.stderr
        assert writer.refused == []  # the station kept working: every create answered 200
        assert archive.stat().st_mode & 0o777 == 0o600

        # quiet now: a second backup is the database exactly
        quiet = tmp_path / "quiet.tar"
        assert _packdesk("backup", str(quiet), "--data-dir", str(data_dir)).returncode == 0
        original = asyncio.run(snapshot(sqlite_url(data_dir / "service.db")))
        ca = service.ca_file.read_bytes()
        keys = (service.sandbox_key, service.live_key)

    # the online copy: one moment of the database (everything acknowledged before it began,
    # nothing half-written), every row as the original's
    online_dir = tmp_path / "online"
    restored = _packdesk("restore", str(archive), "--data-dir", str(online_dir))
    assert restored.returncode == 0, restored.stderr
    online = asyncio.run(snapshot(sqlite_url(online_dir / "service.db")))
    online_shipments = _by_id(online, "shipments")
    assert before_backup <= online_shipments.keys()
    assert online_shipments.keys() <= _by_id(original, "shipments").keys()
    for table in ("shipments", "label_files", "api_keys", "accounts"):
        original_rows = _by_id(original, table)
        for key, row in _by_id(online, table).items():
            assert original_rows[key] == row, (table, key)
    labelled = {row[1] for row in online["label_files"]}
    assert labelled == before_backup  # the labelled ones, each with its labels

    quiet_dir = tmp_path / "quiet"
    restored = _packdesk("restore", str(quiet), "--data-dir", str(quiet_dir))
    assert restored.returncode == 0, restored.stderr
    assert asyncio.run(snapshot(sqlite_url(quiet_dir / "service.db"))) == original
    assert (quiet_dir / "tls" / "ca-key.pem").stat().st_mode & 0o777 == 0o600
    assert quiet_dir.stat().st_mode & 0o777 == 0o700

    with start_service(quiet_dir, *SERVE_ARGS) as again:
        assert (again.sandbox_key, again.live_key) == keys
        assert again.ca_file.read_bytes() == ca
        checked = _labels_served_identical(again, original)
    shipments, labels = len(original["shipments"]), len(original["label_files"])
    assert checked == labels
    print(  # noqa: T201 - the figures of the report
        f"\nonline backup: {written_during} shipments acknowledged while it ran, "
        f"{len(online_shipments)} in the copy; quiet backup restored identical: "
        f"{shipments} shipments, {labels} labels ({done.stdout.strip()})"
    )


def test_restore_refuses_what_would_mix_or_lose_data(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    assert _packdesk("migrate", "--data-dir", str(data_dir)).returncode == 0
    archive = tmp_path / "backup.tar"
    assert _packdesk("backup", str(archive), "--data-dir", str(data_dir)).returncode == 0

    occupied = _packdesk("restore", str(archive), "--data-dir", str(data_dir))
    assert occupied.returncode == 1 and "is not empty" in occupied.stderr
    assert "Traceback" not in occupied.stderr

    not_a_backup = tmp_path / "notes.txt"
    not_a_backup.write_text("hello", encoding="utf-8")
    refused = _packdesk("restore", str(not_a_backup), "--data-dir", str(tmp_path / "a"))
    assert refused.returncode == 1 and "cannot read" in refused.stderr
    assert not (tmp_path / "a").exists()

    # a backup of a newer Packdesk (a schema revision this code does not know)
    newer = tmp_path / "newer.tar"
    with tarfile.open(archive) as source, tarfile.open(newer, "w:gz") as target:
        for member in source.getmembers():
            data = source.extractfile(member)
            if member.name == "packdesk-backup.json":
                assert data is not None
                manifest = json.loads(data.read())
                manifest["schema_revision"] = "0999_from_the_future"
                payload = json.dumps(manifest).encode()
                member.size = len(payload)
                data = io.BytesIO(payload)
            target.addfile(member, data)
    refused = _packdesk("restore", str(newer), "--data-dir", str(tmp_path / "b"))
    assert refused.returncode == 1 and "newer Packdesk" in refused.stderr


@pytest.fixture(scope="module")
def cluster() -> Iterator[PostgresCluster]:
    with throwaway_cluster() as pg:
        yield pg


@pytest.mark.timeout(600)
def test_postgresql_backup_and_restore_identical(cluster: PostgresCluster, tmp_path: Path) -> None:
    source = cluster.create_database("backup_source")
    data_dir = tmp_path / "data"
    with start_service(data_dir, "--database-url", source, *SERVE_ARGS) as service:
        _fill(service)
        archive = tmp_path / "pg.tar"
        with Writer(service) as writer:
            done = _packdesk(
                "backup", str(archive), "--data-dir", str(data_dir), "--database-url", source
            )
        assert done.returncode == 0, done.stderr
        assert writer.refused == []
    original = asyncio.run(snapshot(source))

    target = cluster.create_database("backup_target")
    restored = _packdesk(
        "restore", str(archive), "--data-dir", str(tmp_path / "restored"), "--database-url", target
    )
    assert restored.returncode == 0, restored.stderr
    copy = asyncio.run(snapshot(target))
    assert copy.keys() == original.keys()
    for table in copy:
        original_rows = _by_id(original, table) if original[table] else {}
        for key, row in _by_id(copy, table).items():
            assert original_rows[key] == row, (table, key)
    assert len(copy["shipments"]) >= SHIPMENTS

    again = _packdesk(
        "restore", str(archive), "--data-dir", str(tmp_path / "other"), "--database-url", target
    )
    assert again.returncode == 1 and "already holds tables" in again.stderr
    sqlite_dir = tmp_path / "wrong-kind"
    wrong = _packdesk("restore", str(archive), "--data-dir", str(sqlite_dir))
    assert wrong.returncode == 1 and "postgresql backup" in wrong.stderr
