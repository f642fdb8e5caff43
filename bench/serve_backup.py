"""Benchmark: `packdesk serve backup` and `restore` of a data dir with N shipments and labels.

Run: `.venv/bin/python bench/serve_backup.py [--shipments N]` (default 5000).
Starts `packdesk serve`, creates 20 shipments with labels over HTTPS (PDF and ZPL), stops it
and multiplies them in the SQLite file to N (new ids, the same label bytes: a real database's
size per shipment), then times `packdesk serve backup` and `packdesk serve restore` as
subprocesses (the commands an operator runs, start-up included) and compares every row of the
restored database with the original. Targets for 5000 shipments: backup under 10 s, restore
under 10 s, restored rows identical.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.support import exit_status, missed, quick_option, wrong  # noqa: E402
from tests.fixtures.service import LOCAL_SERVICE_ARGS, start_service  # noqa: E402
from tests.payloads import shipment  # noqa: E402
from tests.service.database_rows import snapshot, sqlite_url  # noqa: E402

SEED = 20
TARGET_SECONDS = 10.0
QUICK_SHIPMENTS = 50


def _seed(data_dir: Path) -> None:
    with start_service(data_dir, *LOCAL_SERVICE_ARGS, "--render-processes", "0") as service:
        with service.client("sandbox") as client:
            for index in range(SEED):
                body = shipment("ups" if index % 2 else "dhl", label=True)
                if index % 2:
                    body["label"] = {"format": "zpl2_4x6in_203dpi"}
                assert client.post("/v1/shipments", json=body).status_code == 200


def _multiply(database: Path, total: int) -> None:
    """Copy the seeded shipments (and their labels) under new ids until there are `total`."""
    with sqlite3.connect(database) as conn:
        shipments = conn.execute("SELECT * FROM shipments").fetchall()
        labels = conn.execute("SELECT * FROM label_files").fetchall()
        by_shipment: dict[str, list[tuple[object, ...]]] = {}
        for label in labels:
            by_shipment.setdefault(str(label[1]), []).append(label)
        marks = ",".join("?" * len(shipments[0]))
        label_marks = ",".join("?" * len(labels[0]))
        for index in range(total - len(shipments)):
            row = list(shipments[index % len(shipments)])
            original, row[0] = row[0], secrets.token_hex(20)
            conn.execute(f"INSERT INTO shipments VALUES ({marks})", row)
            for label in by_shipment.get(str(original), []):
                copy = list(label)
                copy[0], copy[1] = secrets.token_urlsafe(24), row[0]
                conn.execute(f"INSERT INTO label_files VALUES ({label_marks})", copy)


def _timed(*args: str) -> float:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app", "serve", *args],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    print(f"  {done.stdout.strip()}")
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shipments", type=int, default=5000)
    args = quick_option(parser).parse_args()
    total = QUICK_SHIPMENTS if args.quick else args.shipments
    with tempfile.TemporaryDirectory() as tmp:
        data_dir, restored_dir = Path(tmp) / "data", Path(tmp) / "restored"
        _seed(data_dir)
        _multiply(data_dir / "service.db", total)
        size = (data_dir / "service.db").stat().st_size
        archive = Path(tmp) / "backup.tar"
        backup_s = _timed("backup", str(archive), "--data-dir", str(data_dir))
        restore_s = _timed("restore", str(archive), "--data-dir", str(restored_dir))
        original = asyncio.run(snapshot(sqlite_url(data_dir / "service.db")))
        restored = asyncio.run(snapshot(sqlite_url(restored_dir / "service.db")))
        identical = original == restored
        print(
            f"{len(original['shipments'])} shipments, {len(original['label_files'])} labels, "
            f"database {size / 1e6:.1f} MB, archive {archive.stat().st_size / 1e6:.1f} MB"
        )
        print(f"backup  {backup_s:.2f} s (target < {TARGET_SECONDS:.0f} s)")
        print(f"restore {restore_s:.2f} s (target < {TARGET_SECONDS:.0f} s)")
        print(f"restored identical: {identical}")
        if not identical:
            wrong("the restored database differs from the original")
        if max(backup_s, restore_s) >= TARGET_SECONDS:
            missed(f"backup and restore under {TARGET_SECONDS:.0f} s")
    return exit_status(args.quick)


if __name__ == "__main__":
    sys.exit(main())
