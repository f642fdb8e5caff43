"""`packdesk storage copy`: a SQLite service's data moved to PostgreSQL, served from there."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.fixtures.service import REPO_ROOT, RunningService
from tests.payloads import shipment
from tests.service.postgres import PostgresCluster, throwaway_cluster

ServiceFactory = Callable[..., RunningService]


@pytest.fixture
def cluster() -> Iterator[PostgresCluster]:
    with throwaway_cluster() as pg:
        yield pg


def _copy(data_dir: Path, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "desktop_app", "storage", "copy", "--data-dir", str(data_dir)]
        + ["--to", target],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_sqlite_data_moves_to_postgresql(
    cluster: PostgresCluster, service_factory: ServiceFactory, tmp_path: Path
) -> None:
    data_dir = tmp_path / "service"
    sqlite_service = service_factory(data_dir=data_dir)
    station = sqlite_service.accounts("add-key", sqlite_service.email, "--name", "Station 1")
    with sqlite_service.client() as client:
        labelled = client.post("/v1/shipments", json=shipment(label=True)).json()
        prepared = client.post("/v1/shipments", json=shipment(reference_number="R-1")).json()
    sqlite_service.stop()

    done = _copy(data_dir, cluster.url)
    assert done.returncode == 0, done.stderr
    assert "shipments: 2 rows" in done.stdout

    pg_service = service_factory("--database-url", cluster.url, data_dir=data_dir)
    with pg_service.client() as client:
        again = client.get(f"/v1/shipments/{labelled['id']}")
        assert again.status_code == 200
        assert again.json()["carrier_tracking_no"] == labelled["carrier_tracking_no"]
        assert client.get(f"/v1/shipments/{prepared['id']}").json()["reference_number"] == "R-1"
        label = client.get(again.json()["label_url"])
        assert label.status_code == 200 and label.content.startswith(b"%PDF")
    station_key = json.loads(station)["sandbox_key"]
    with pg_service.client(station_key) as client:
        assert client.get("/v1/me").status_code == 200
    pg_service.stop()

    # a second copy would mix data: refused, nothing changed
    refused = _copy(data_dir, cluster.url)
    assert refused.returncode == 1 and "already holds data" in refused.stderr
