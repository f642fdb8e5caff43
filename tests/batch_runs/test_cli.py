"""`packdesk batch` in process: usage errors, dry runs, remembered mappings, Local sandbox."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from desktop_app.batch_runs.cli import batch_main
from desktop_app.batch_runs.progress_bar import ProgressBar
from desktop_app.batch_runs.rows import Batch
from desktop_app.orders.importer import read_table
from desktop_app.orders.mapping import guess_mapping
from desktop_app.orders.shipment_drafts import Defaults
from desktop_app.printing.printers import PrinterDefinition
from tests.orders.helpers import HEADERS, Station, order_rows, write_csv


def test_dry_run_reports_every_problem_and_creates_nothing(
    on_station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = write_csv(tmp_path / "o.csv", HEADERS, order_rows(5, invalid={1, 4}))
    results = tmp_path / "r.csv"
    code = batch_main([str(orders), "--profile", "station", "--dry-run", "--results", str(results)])
    out, err = capsys.readouterr()
    assert code == 1
    assert "5 rows, 3 valid, 2 with problems (dry run: nothing created)" in out
    assert "row 2 (line 3, A-0002) invalid: column 'Gewicht':" in out
    assert "row 5 (line 6, A-0005) invalid: column 'PLZ': Enter the postcode." in out
    assert "mapping guessed from the header names" in err
    assert results.is_file()
    with on_station.manager.open_store(on_station.profile) as store:
        assert store.list_journal() == [] and store.count_shipments() == 0

    valid = write_csv(tmp_path / "ok.csv", HEADERS, order_rows(3))
    assert batch_main([str(valid), "--profile", "Station", "--dry-run"]) == 0
    assert "3 rows, 3 valid, 0 with problems" in capsys.readouterr().out


def test_mapping_file_is_remembered_for_the_layout(
    on_station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    headers = ["Kd", "Empf", "Anschrift", "Postleitzahl X", "Stadt", "kg"]
    rows = [["K1", "Eva Weber", "Ringstr. 4", "10115", "Berlin", "2,5"]]
    orders = write_csv(tmp_path / "o.csv", headers, rows)
    # "Empf" (receiver) and the country are not guessed
    assert batch_main([str(orders), "--profile", "Station", "--dry-run"]) == 1
    out = capsys.readouterr().out
    # in words, not field paths
    assert "receiver, last name: Enter a company or a first and last name." in out
    assert "receiver, country: Enter the country code." in out
    assert "to.last_name" not in out

    mapping = tmp_path / "m.json"
    mapping.write_text(
        json.dumps(
            {
                "reference_number": "Kd",
                "to.name": "Empf",
                "to.street": "Anschrift",
                "to.zip_code": "Postleitzahl X",
                "to.city": "Stadt",
                "to.country": "=DE",
                "package.weight": "kg",
            }
        )
    )
    args = [str(orders), "--profile", "Station", "--dry-run"]
    assert batch_main([*args, "--mapping", str(mapping)]) == 0
    assert "(remembered for this layout)" in capsys.readouterr().err
    # a later file of the same layout uses the remembered mapping without --mapping
    later = write_csv(tmp_path / "later.csv", headers, rows)
    assert batch_main([str(later), "--profile", "Station", "--dry-run"]) == 0
    out, err = capsys.readouterr()
    assert "mapping remembered for this layout" in err
    assert "1 rows, 1 valid" in out
    assert (on_station.config_dir / "batch_mappings.json").is_file()


def test_usage_errors_exit_2(
    on_station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    orders = write_csv(tmp_path / "o.csv", HEADERS, order_rows(1))
    cases = [
        ([str(tmp_path / "missing.csv"), "--profile", "Station"], "no such file"),
        ([str(orders), "--profile", "Nope"], "no profile 'Nope'"),
        ([str(orders), "--profile", "Station", "--printer", "Ghost"], "unknown printer 'Ghost'"),
        ([str(orders), "--profile", "Station", "--concurrency", "0"], "at least 1"),
        ([str(orders), "--profile", "Station", "--label-format", "pdf_a0"], "unknown label"),
        ([str(orders)], "--profile"),
    ]
    bad_mapping = tmp_path / "bad.json"
    bad_mapping.write_text('{"to.last_name": "Surname"}')
    cases.append(
        ([str(orders), "--profile", "Station", "--mapping", str(bad_mapping)], "no column")
    )
    for argv, message in cases:
        assert batch_main(argv) == 2, argv
        assert message in capsys.readouterr().err, argv


def test_live_run_without_printer_output_and_exit_0(
    on_station: Station, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    on_station.add_printer(
        PrinterDefinition(name="Unused", kind="zpl", transport="tcp://127.0.0.1:9", stock="4x6in")
    )
    orders = write_csv(tmp_path / "o.csv", HEADERS, order_rows(4))
    assert batch_main([str(orders), "--profile", "Station"]) == 0
    out, err = capsys.readouterr()
    assert "4 rows: 4 created, 0 failed, 0 invalid, 0 canceled" in out
    assert "labels printed" not in out  # the profile names no printer
    assert err.count(": created A-") == 4  # one plain progress line per row (no TTY)
    # the same file again: nothing new, still exit 0
    assert batch_main([str(orders), "--profile", "Station"]) == 0
    out, err = capsys.readouterr()
    assert "4 created" in out and err.count("created by an earlier run") == 4


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_and_plain_lines_otherwise(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "o.csv", HEADERS, order_rows(2))
    table = read_table(path)
    batch = Batch(table, guess_mapping(table.headers), Defaults())
    first, second = batch.rows
    first.status, first.tracking_no = "created", "00340434"
    second.status, second.error = "failed", "carrier refused"

    terminal = _Terminal()
    bar = ProgressBar(2, terminal)
    for row in (first, second):
        bar.row_changed(row)
    bar.finish()
    text = terminal.getvalue()
    assert "\r[" + "#" * 30 + "] 2/2 1 created, 1 failed" in text and text.endswith("\n")
    assert "row 1" not in text

    log = io.StringIO()
    bar = ProgressBar(2, log)
    for row in (first, first, second):  # a row reported twice counts once
        bar.row_changed(row)
    lines = log.getvalue().splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("[1/2 ") and "row 1: created A-0001 tracking 00340434" in lines[0]
    assert "row 2: FAILED A-0002: carrier refused" in lines[1]


def test_shopware_ids_said_once_with_shop_id_and_remembered(
    on_station: Station, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.orders.helpers import SHOPWARE_IDS

    export = (
        Path(__file__).parents[1] / "orders" / "fixtures" / "platforms" / "shopware6_orders.csv"
    )
    args = [str(export), "--profile", "Station", "--dry-run", "--carrier", "dhl"]
    assert batch_main(args) == 1
    err = capsys.readouterr().err
    germany = "0191c12dd4b970949e9aeec40433a4ed"
    assert (f"the shop's country id {germany} (order(s) 10001, 10002) is not known to this "
            f"profile: say once what it is on the Batch page or with `packdesk batch "
            f"--shop-id country:{germany}=DE`") in err  # fmt: skip
    answers = [f"--shop-id={kind}:{shop_id}={value}" for kind, ids in SHOPWARE_IDS.items()
               for shop_id, value in ids.items()]  # fmt: skip
    answers[0] = answers[0].replace("=DE", "=Deutschland")  # a name does as well
    assert batch_main([*args, *answers]) == 0
    out, err = capsys.readouterr()
    assert "not known" not in err and "4 rows, 4 valid" in out
    assert batch_main(args) == 0  # remembered in the profile: not asked again
    assert "not known" not in capsys.readouterr().err
