"""`packdesk batch` as a subprocess against the real service and a virtual printer."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.files import FileLock
from desktop_app.profiles.models import Preferences
from tests.fixtures.service import REPO_ROOT, RunningService
from tests.orders.helpers import (
    HEADERS,
    PACKAGE,
    SENDER,
    Station,
    make_station,
    order_rows,
    read_results,
    write_csv,
)

INVALID = {3, 17, 30, 44, 58, 71, 96}  # 0-based rows: even ones lack the postcode, odd ones
# have a weight that is not a number


async def run_cli(station: Station, *args: str, timeout: float = 90) -> tuple[int, str, str]:
    """Run `packdesk batch` to its end; exit code, stdout, stderr."""
    process = await asyncio.create_subprocess_exec(
        *station.command(*args),
        cwd=REPO_ROOT,
        env=station.env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), timeout)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def test_hundred_rows_seven_invalid(
    station: Station, vprinter: VirtualPrinter, tmp_path: Path
) -> None:
    station.add_printer(
        PrinterDefinition(name="Zebra", kind="zpl", transport=vprinter.uri, dpi=203, stock="4x6in")
    )
    orders = write_csv(tmp_path / "orders.csv", HEADERS, order_rows(100, invalid=INVALID))
    results = tmp_path / "results.csv"

    code, out, err = await run_cli(
        station, str(orders), "--printer", "Zebra", "--results", str(results)
    )

    assert code == 1, out + err
    assert "100 rows: 93 created, 0 failed, 7 invalid, 0 canceled" in out
    assert "93 labels printed on Zebra" in out
    reported = [line.strip() for line in out.splitlines() if " invalid: " in line]
    assert len(reported) == 7
    for i, line in zip(sorted(INVALID), reported, strict=True):
        assert line.startswith(f"row {i + 1} (line {i + 2}, A-{i + 1:04d}) invalid:")
        if i % 2 == 0:
            assert "column 'PLZ': Enter the postcode." in line
        else:
            assert "column 'Gewicht': Enter the weight in kg as a number." in line

    # the service has exactly the 93 valid orders, once each
    expected = [f"A-{i + 1:04d}" for i in range(100) if i not in INVALID]
    assert sorted(await station.references_on_service()) == expected

    # the printer got 93 labels, in file order: each job carries its row's tracking number
    rows = read_results(results)
    assert [r["reference"] for r in rows if r["status"] == "created"] == expected
    tracking = [r["tracking_number"] for r in rows if r["status"] == "created"]
    assert all(tracking) and len(set(tracking)) == 93
    jobs = [job for job in vprinter.jobs if job.complete]
    assert len(jobs) == 93
    for job, number in zip(jobs, tracking, strict=True):
        assert number.encode() in job.data
    invalid_rows = [r for r in rows if r["status"] == "invalid"]
    assert [int(r["row"]) for r in invalid_rows] == [i + 1 for i in sorted(INVALID)]
    assert all(r["errors"] and not r["shipment_id"] for r in invalid_rows)


async def test_killed_batch_rerun_creates_no_duplicate(
    service_factory: Callable[..., RunningService],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PACKDESK_API_KEY", raising=False)
    service = service_factory("--carrier-latency", "500", "--rate-limit", "100000/60")
    station = make_station(tmp_path, service, service.sandbox_key)
    # no order-number column: the rows get references derived from the file and row
    rows = [row[1:] for row in order_rows(30)]
    orders = write_csv(tmp_path / "orders.csv", HEADERS[1:], rows)

    first = await asyncio.create_subprocess_exec(
        *station.command(str(orders), "--no-print"),
        cwd=REPO_ROOT,
        env=station.env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert first.stderr is not None
    created = 0
    async with asyncio.timeout(60):
        while created < 10:
            line = await first.stderr.readline()
            assert line, "the batch ended before it could be killed"
            created += b": created " in line
    first.send_signal(signal.SIGKILL)  # mid-batch, with creations in flight
    await first.wait()
    assert first.returncode == -signal.SIGKILL

    with station.manager.open_store(station.profile) as store:
        assert store.list_pending(), "some creations were in flight when it was killed"
        assert store.count_shipments() < 30

    results = tmp_path / "results.csv"
    code, out, err = await run_cli(
        station, str(orders), "--no-print", "--reconcile-after", "3", "--results", str(results)
    )
    assert code == 0, out + err
    assert "30 created, 0 failed, 0 invalid" in out

    references = await station.references_on_service()
    assert len(references) == 30 and len(set(references)) == 30
    outcome = read_results(results)
    assert sorted(r["reference"] for r in outcome) == sorted(references)
    notes = [r["errors"] for r in outcome]
    assert sum("created by an earlier run" in n for n in notes) >= 10
    assert any("completed an interrupted attempt" in n for n in notes)
    with station.manager.open_store(station.profile) as store:
        assert store.list_pending() == [] and store.list_needs_decision() == []
        assert store.count_shipments() == 30


async def test_local_sandbox_is_started_and_stopped(
    tmp_path: Path, local_service: RunningService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PACKDESK_API_KEY", raising=False)
    # the station helper only provides directories and the environment here
    station = make_station(tmp_path, local_service, local_service.sandbox_key)
    builtin = station.manager.local_sandbox()
    station.manager.save(
        builtin.model_copy(
            update={"default_sender": SENDER, "preferences": Preferences(default_package=PACKAGE)}
        )
    )
    orders = write_csv(tmp_path / "o.csv", HEADERS, order_rows(3))
    results = tmp_path / "r.csv"

    process = await asyncio.create_subprocess_exec(
        *station.command(
            str(orders), "--results", str(results), "--carrier", "dpd", profile="Local sandbox"
        ),
        cwd=REPO_ROOT,
        env=station.env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 90)
    assert process.returncode == 0, out.decode() + err.decode()
    outcome = read_results(results)
    assert [r["status"] for r in outcome] == ["created"] * 3
    assert all(Path(r["label_file"]).is_file() for r in outcome)
    # the command started the Local sandbox's service (above: 3 shipments), and stopped it
    service_dir = station.manager.local_service_dir()
    assert not (service_dir / "service.json").exists()
    owner = FileLock(service_dir / "owner.lock")
    assert owner.try_acquire()  # nobody owns a running service any more
    owner.release()
