"""The watched folder (`packdesk orders watch FOLDER --profile NAME`): a dropped file is
imported once into the service and the profile's orders cache and moved to done/ with a report;
a broken file goes to failed/; a file still being written is left alone; a watcher killed
mid-file (SIGKILL) leaves nothing stored twice after the next run."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import openpyxl
import pytest

from desktop_app.orders.cli import orders_main
from desktop_app.orders.watched_folder import WatchedFolder
from tests.orders.helpers import Station, write_csv
from tests.orders.test_orders_import import HEADERS, ROWS


def _age(path: Path, seconds: float = 60) -> Path:
    """Make a file look finished `seconds` ago."""
    moment = time.time() - seconds
    os.utime(path, (moment, moment))
    return path


def _numbers_on_service(station: Station) -> list[str]:
    async def listed() -> list[str]:
        async with station.client() as client:
            return [o.external_order_id or "" async for o in client.orders.iter_all()]

    return sorted(asyncio.run(listed()))


def _numbers_in_cache(station: Station) -> list[str]:
    with station.manager.open_store(station.profile) as store:
        return sorted(o.external_order_id for o in store.list_orders())


def _watch_once(folder: Path) -> int:
    return orders_main(["watch", str(folder), "--profile", "Station", "--once", "--settle", "1"])


def test_dropped_file_imported_once_and_moved_to_done(on_station: Station, tmp_path: Path) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    dropped = _age(write_csv(folder / "shop.csv", HEADERS, ROWS))
    assert _watch_once(folder) == 0
    assert not dropped.exists()
    assert (folder / "done" / "shop.csv").is_file()
    report = json.loads((folder / "done" / "shop.csv.report.json").read_text(encoding="utf-8"))
    assert report["status"] == "done"
    assert [(o["external_order_id"], o["lines"]) for o in report["imported"]] == [
        ("W-1001", [2, 3]),
        ("W-1002", [4]),
    ]
    assert report["refused"] == [] and report["already_there"] == []
    assert _numbers_on_service(on_station) == ["W-1001", "W-1002"]
    assert _numbers_in_cache(on_station) == ["W-1001", "W-1002"]

    # the same export dropped again (a shop re-sends it): nothing stored twice, reported
    _age(write_csv(folder / "shop.csv", HEADERS, ROWS))
    assert _watch_once(folder) == 0
    again = json.loads((folder / "done" / "shop-2.csv.report.json").read_text(encoding="utf-8"))
    assert again["imported"] == []
    assert [o["external_order_id"] for o in again["already_there"]] == ["W-1001", "W-1002"]
    assert _numbers_on_service(on_station) == ["W-1001", "W-1002"]
    assert (folder / "done" / "shop.csv").is_file()  # the first one kept


def test_refused_rows_reported_with_reasons(on_station: Station, tmp_path: Path) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    rows = [*ROWS, ["W-1003", "K-9", "", "Ida", "Ohne", "Weg 1", "", "Köln", "DE",
                    "SKU-4", "Mütze", "1", "9,99", "1,6", "", ""]]  # fmt: skip
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.append(HEADERS)
    for row in rows:
        sheet.append(row)
    workbook.save(folder / "shop.xlsx")
    _age(folder / "shop.xlsx")
    assert _watch_once(folder) == 1  # one order refused
    report = json.loads((folder / "done" / "shop.xlsx.report.json").read_text(encoding="utf-8"))
    assert [o["external_order_id"] for o in report["imported"]] == ["W-1001", "W-1002"]
    [refused] = report["refused"]
    assert refused["external_order_id"] == "W-1003" and refused["lines"] == [5]
    assert "column 'PLZ': Enter the postcode." in refused["reasons"]
    assert _numbers_on_service(on_station) == ["W-1001", "W-1002"]


def test_broken_file_moved_to_failed(on_station: Station, tmp_path: Path) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    (folder / "broken.xlsx").write_bytes(b"PK\x03\x04 not really a workbook")
    _age(folder / "broken.xlsx")
    _age(write_csv(folder / "empty.csv", HEADERS, [["", "", "", "", "", "", "", "", ""]]))
    assert _watch_once(folder) == 1
    for name in ("broken.xlsx", "empty.csv"):
        assert (folder / "failed" / name).is_file()
        report = json.loads((folder / "failed" / f"{name}.report.json").read_text("utf-8"))
        assert report["status"] == "failed" and report["error"]
    assert not list((folder / "done").iterdir())
    assert _numbers_on_service(on_station) == []


def test_file_still_being_written_is_not_taken(tmp_path: Path) -> None:
    now = [1000.0]
    folder = WatchedFolder(tmp_path, settle=2, clock=lambda: now[0])
    growing = tmp_path / "shop.csv"
    growing.write_text("Bestellnummer;PLZ\n", encoding="utf-8")
    os.utime(growing, (999.5, 999.5))
    assert folder.ready_files() == []  # modified half a second ago
    now[0] = 1003.0
    with growing.open("a", encoding="utf-8") as fh:
        fh.write("W-1;10115\n")  # the shop writes more: size changed since the last poll
    os.utime(growing, (999.5, 999.5))
    assert folder.ready_files() == []
    assert folder.ready_files() == [growing]  # unchanged since the last poll, old enough
    (tmp_path / ".~lock.shop.csv#").write_text("x", encoding="utf-8")
    (tmp_path / "notes.pdf").write_text("x", encoding="utf-8")
    assert folder.ready_files() == [growing]


def test_killed_mid_file_then_rerun_imports_nothing_twice(
    on_station: Station, tmp_path: Path
) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    rows = [[f"K-{n}", *row[1:]] for n, row in enumerate(ROWS[1:] * 3)]
    _age(write_csv(folder / "big.csv", HEADERS, rows))
    env = {**on_station.env(), "PACKDESK_TEST_KEY": on_station.key}
    with subprocess.Popen(
        [sys.executable, "-m", "tests.orders.watch_child", str(folder)],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    ) as child:
        try:
            assert child.stdout is not None
            assert child.stdout.readline().strip() == "STORED"
        finally:
            child.kill()  # SIGKILL: mid-file, the file claimed in processing/
            child.wait(timeout=30)
    assert (folder / "processing" / "big.csv").is_file()
    assert _numbers_on_service(on_station) == ["K-0"]

    assert _watch_once(folder) == 0
    report = json.loads((folder / "done" / "big.csv.report.json").read_text(encoding="utf-8"))
    assert [o["external_order_id"] for o in report["already_there"]] == ["K-0"]
    assert len(report["imported"]) == 5
    expected = sorted(f"K-{n}" for n in range(6))
    assert _numbers_on_service(on_station) == expected
    assert _numbers_in_cache(on_station) == expected
    assert not list((folder / "processing").iterdir())


@pytest.mark.parametrize("argv", [["watch", "/nonexistent-dir/x", "--profile", "Nobody"]])
def test_watch_unknown_profile_is_a_usage_error(on_station: Station, argv: list[str]) -> None:
    assert orders_main(argv) == 2


def test_watch_without_a_folder_uses_the_profile_s_watched_folder(
    on_station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["watch", "--profile", "Station", "--once", "--settle", "1"]
    assert orders_main(argv) == 2  # no folder given and none configured
    assert "has no watched folder" in capsys.readouterr().err
    folder = tmp_path / "shop-drop"
    folder.mkdir()
    profile = on_station.manager.get(on_station.profile.id)
    preferences = profile.preferences.model_copy(update={"watched_folder": str(folder)})
    on_station.manager.update(profile.model_copy(update={"preferences": preferences}))
    _age(write_csv(folder / "shop.csv", HEADERS, ROWS))
    assert orders_main(argv) == 0
    assert (folder / "done" / "shop.csv").is_file()
    assert _numbers_in_cache(on_station) == ["W-1001", "W-1002"]


def test_etsy_orders_and_order_items_dropped_together_store_the_items_quantities(
    on_station: Station, tmp_path: Path
) -> None:
    platforms = Path(__file__).parent / "fixtures" / "platforms"
    folder = tmp_path / "inbox"
    folder.mkdir()
    # the orders file is the older one: still the items file is read first
    orders = folder / "EtsySoldOrders2026-11.csv"
    orders.write_bytes((platforms / "etsy_sold_orders.csv").read_bytes())
    _age(orders, 120)
    items = folder / "EtsySoldOrderItems2026-11.csv"
    items.write_bytes((platforms / "etsy_sold_order_items.csv").read_bytes())
    _age(items, 60)
    assert _watch_once(folder) == 0
    done = folder / "done"
    first = json.loads((done / f"{items.name}.report.json").read_text(encoding="utf-8"))
    second = json.loads((done / f"{orders.name}.report.json").read_text(encoding="utf-8"))
    assert len(first["imported"]) == 4 and second["imported"] == []
    assert len(second["already_there"]) == 4

    async def quantities() -> dict[str, list[tuple[str, float]]]:
        async with on_station.client() as client:
            return {
                o.external_order_id or "": sorted(
                    (i["sku"], i["quantity"]) for i in o.to_wire()["order_line_items"]
                )
                async for o in client.orders.iter_all()
            }

    assert asyncio.run(quantities())["3001001"] == [("MUG-01", 1), ("TSHIRT-M", 2)]
