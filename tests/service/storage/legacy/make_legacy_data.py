"""Makes the databases of tests/service/storage/test_migrations.py with a release's own code.

Run it from a checkout of the release whose database the fixture stands for (the fixtures
committed here were made from main at a658287, the last schema made by `create_all` alone,
before Alembic): it starts that checkout's `packdesk serve`, fills it over HTTPS through the
public API (station keys, shipments with PDF and ZPL labels, an address, a pickup, a
manifest, a webhook, a routing rule, a deleted shipment) and keeps the database:

    python tests/service/storage/legacy/make_legacy_data.py sqlite OUT.db
    python tests/service/storage/legacy/make_legacy_data.py postgresql OUT.sql   # a pg_dump

Beside each it writes OUT.keys.json: the credentials file and the station keys it made (keys
of this throw-away database only), so the tests can use the upgraded service with them.

Run from a later checkout, it makes that release's database instead (upgraded by Alembic).
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[4]
sys.path.insert(0, str(REPO_ROOT))

from tests.fixtures.service import LOCAL_SERVICE_ARGS, start_service  # noqa: E402
from tests.payloads import shipment  # noqa: E402
from tests.service.postgres import PG_DATABASE, PG_USER, PostgresCluster, find_pg_bin  # noqa: E402


def _fill(service: object) -> dict[str, object]:
    """Fill the service; the keys it made."""
    from tests.fixtures.service import RunningService

    assert isinstance(service, RunningService)
    url = (
        service.args[service.args.index("--database-url") + 1]
        if "--database-url" in service.args
        else None
    )
    database = ("--database-url", url) if url else ()
    stations = [
        json.loads(service.accounts(*database, "add-key", service.email, "--name", name))
        for name in ("Station 1", "Packtisch Süd")
    ]
    other = service.add_account("second@example.com")
    start = dt.datetime.now(dt.UTC).replace(microsecond=0) + dt.timedelta(hours=2)
    window = {"earliest": start.isoformat(), "latest": (start + dt.timedelta(hours=4)).isoformat()}
    with service.client("sandbox") as client, service.client(other["sandbox_key"]) as second:
        made = []
        for index, (carrier, label_format) in enumerate(
            [
                ("dhl", None),
                ("dhl", "zpl2_100x70mm_203dpi"),
                ("dpd", None),
                ("ups", "zpl2_4x6in_203dpi"),
            ]
        ):
            body = shipment(carrier, label=True, reference_number=f"LEGACY-{index}")
            if label_format:
                body["label"] = {"format": label_format}
            response = client.post("/v1/shipments", json=body)
            assert response.status_code == 200, response.text
            made.append(response.json())
        two = shipment("ups", label=True, reference_number="LEGACY-multi")
        two.pop("package")
        two["packages"] = [
            {"weight": 1.0 + i, "length": 30, "width": 20, "height": 10} for i in range(2)
        ]
        response = client.post("/v1/shipments", json=two)
        assert response.status_code == 200, response.text
        prepared = client.post(
            "/v1/shipments", json=shipment("hermes", reference_number="LEGACY-p")
        )
        assert prepared.status_code == 200, prepared.text
        gone = client.post("/v1/shipments", json=shipment("dhl", label=True))
        assert client.delete(f"/v1/shipments/{gone.json()['id']}").status_code in (200, 204)
        address = client.post("/v1/addresses", json=dict(shipment()["from"]))
        assert address.status_code == 200, address.text
        pickup = client.post(
            "/v1/pickup_requests",
            json={"carrier": "ups", "pickup_time": window, "shipments": [{"id": made[3]["id"]}]},
        )
        assert pickup.status_code == 200, pickup.text
        manifest = client.post("/v1/manifests", json={"carrier": "dpd"})
        assert manifest.status_code == 200, manifest.text
        hook = client.post(
            "/v1/webhooks",
            json={"url": "https://127.0.0.1:9/hook", "event_types": ["shipment.*"]},
        )
        assert hook.status_code in (200, 201), hook.text
        other_made = second.post("/v1/shipments", json=shipment("dhl", label=True))
        assert other_made.status_code == 200, other_made.text
    credentials = json.loads(service.credentials_file.read_text(encoding="utf-8"))
    credentials.pop("ca_file", None)
    return {"credentials": credentials, "stations": stations, "second_account": other}


def _write_keys(out: Path, keys: dict[str, object]) -> None:
    out.with_suffix(".keys.json").write_text(json.dumps(keys, indent=2) + "\n", encoding="utf-8")


def make_sqlite(out: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        with start_service(Path(tmp), *LOCAL_SERVICE_ARGS, "--render-processes", "0") as service:
            keys = _fill(service)
        database = Path(tmp) / "service.db"
        subprocess.run(
            ["sqlite3", str(database), "PRAGMA wal_checkpoint(TRUNCATE); VACUUM;"], check=True
        )
        shutil.copyfile(database, out)
    _write_keys(out, keys)


def make_postgresql(out: Path) -> None:
    bin_dir = find_pg_bin()
    assert bin_dir is not None, "PostgreSQL is not installed"
    cluster = PostgresCluster(bin_dir).start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            args = ("--database-url", cluster.url, *LOCAL_SERVICE_ARGS, "--render-processes", "0")
            with start_service(Path(tmp), *args) as service:
                keys = _fill(service)
        dump = subprocess.run(
            cluster._cmd(
                "pg_dump",
                "-h",
                str(cluster.socket_dir),
                "-U",
                PG_USER,
                "--no-owner",
                "--no-privileges",
                PG_DATABASE,
            ),
            check=True,
            capture_output=True,
        )
        out.write_bytes(dump.stdout)
        _write_keys(out, keys)
    finally:
        cluster.stop()


if __name__ == "__main__":
    kind, target = sys.argv[1], Path(sys.argv[2]).resolve()
    (make_sqlite if kind == "sqlite" else make_postgresql)(target)
