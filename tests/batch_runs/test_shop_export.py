"""A typical shop export (no carrier, no dimensions, no sender) through `packdesk batch` on a
fresh Local sandbox: the profile's presets and sandbox sender fill in the rest."""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path

import pytest

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.fixtures.service import REPO_ROOT, RunningService
from tests.orders.helpers import make_station, read_results, write_csv

SHOP_HEADERS = ["Bestellnummer", "Name", "Straße", "PLZ", "Ort", "Land", "Gewicht"]
SHOP_ROWS = [
    ["SO-1001", "Erika Mustermann", "Hauptstraße 5a", "10115", "Berlin", "Deutschland", "1,2"],
    ["SO-1002", "Hans Huber", "Ringstraße 12", "1010", "Wien", "Österreich", "0,8"],
    ["SO-1003", "Jan Jansen", "Kerkstraat 3", "1012 AB", "Amsterdam", "Niederlande", "12,5"],
]


async def test_shop_export_prints_every_label_with_no_flag(
    tmp_path: Path,
    local_service: RunningService,
    vprinter: VirtualPrinter,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PACKDESK_API_KEY", raising=False)
    # the station helper provides directories and the environment; the profile used is the
    # untouched built-in Local sandbox with only a printer assigned
    station = make_station(tmp_path, local_service, local_service.sandbox_key)
    station.add_printer(
        PrinterDefinition(name="Zebra", kind="zpl", transport=vprinter.uri, dpi=203, stock="4x6in")
    )
    builtin = station.manager.local_sandbox()
    assert builtin.default_sender is None and builtin.preferences.default_carrier is None
    station.manager.save(builtin.model_copy(update={"printer": "Zebra"}))
    orders = write_csv(tmp_path / "orders.csv", SHOP_HEADERS, SHOP_ROWS)
    results = tmp_path / "results.csv"

    process = await asyncio.create_subprocess_exec(
        *station.command(str(orders), "--results", str(results), profile="Local sandbox"),
        cwd=REPO_ROOT,
        env=station.env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 120)
    assert process.returncode == 0, out.decode() + err.decode()
    assert "3 created, 0 failed, 0 invalid" in out.decode()
    assert "3 labels printed on Zebra" in out.decode()
    # the order number column is the shipment's reference, not the partner's order number
    assert "reference_number <- 'Bestellnummer'" in err.decode()
    outcome = read_results(results)
    assert [r["reference"] for r in outcome] == ["SO-1001", "SO-1002", "SO-1003"]
    assert [r["status"] for r in outcome] == ["created"] * 3
    assert [r["print_status"] for r in outcome] == ["done"] * 3
    jobs = await vprinter.wait_for_jobs(3)
    assert all(job.data.startswith(b"^XA") or b"^XA" in job.data[:200] for job in jobs)
