"""The Batch page's decisions without a window: `BatchPresenter` loads a file, guesses or
remembers the mapping, says what is missing for the sender before a row is checked, offers
the actions that work now, runs the rows against the real local service (printing to the
virtual printer), sums the run up and exports the results."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from desktop_app.gui.batch.presenter import BatchPresenter
from desktop_app.gui.core.context import AppContext
from desktop_app.orders.mapping import FieldSource
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import SENDER, use_printer
from tests.gui.batch.test_batch_page import HEADERS, _rows, _write


def _no_default_sender(ctx: AppContext) -> None:
    assert ctx.profile is not None
    ctx.manager.update(ctx.profile.model_copy(update={"default_sender": None}))
    ctx.reload_profile()


def _presenter(ctx: AppContext) -> tuple[BatchPresenter, list[tuple[str, bool]]]:
    presenter = BatchPresenter(ctx)
    messages: list[tuple[str, bool]] = []
    presenter.message_shown.connect(lambda text, error: messages.append((text, error)))
    ctx.profile_changed.connect(lambda *_: presenter.follow_profile())
    return presenter, messages


async def test_sender_notice_mapping_and_actions(batch_ctx: AppContext, tmp_path: Path) -> None:
    ctx = batch_ctx
    _no_default_sender(ctx)
    presenter, messages = _presenter(ctx)
    # before any file: no default sender, no sender columns -> both ways out named
    notice = presenter.sender_notice()
    assert notice is not None and "no row can be created yet" in notice
    assert "map the file's sender columns" in notice
    actions = presenter.actions()
    assert actions.open and not actions.create and not actions.apply_mapping
    assert presenter.progress() is None and presenter.counts_text() == ""

    loaded: list[str] = []
    presenter.file_loaded.connect(loaded.append)
    path = _write(tmp_path / "orders.csv", _rows(3, "P"))
    batch = await presenter.load_file(path)
    assert batch is not None and loaded == [str(path)]
    assert not presenter.mapping_remembered
    assert presenter.mapping_note.startswith("Mapping guessed from the column names")
    assert presenter.file_text(path) == "orders.csv: 3 orders"
    # "Adressat" is no known column: no last name; and no sender anywhere
    assert presenter.counts() == {"invalid": 3}
    assert presenter.counts_text() == "3 with problems"
    actions = presenter.actions()
    assert actions.apply_mapping and not actions.create and actions.create_text == "Create all"

    mapping = {**batch.mapping, "to.last_name": FieldSource(column="Adressat")}
    assert presenter.apply_mapping(mapping)
    assert presenter.mapping_remembered and presenter.mapping_note.startswith("Applied and")
    assert presenter.counts() == {"invalid": 3}  # still no sender
    assert all("Sender" in r.problem_text() or "from" in r.problem_text() for r in batch.rows)

    # the default sender set in the profile: the rows are checked again, the notice goes
    assert ctx.profile is not None
    ctx.manager.update(ctx.profile.model_copy(update={"default_sender": dict(SENDER)}))
    ctx.reload_profile()
    assert presenter.sender_notice() is None
    assert presenter.counts() == {"ready": 3}
    actions = presenter.actions()
    assert actions.create and actions.create_text == "Create all (3)" and not actions.retry

    # the same layout again: the remembered mapping
    assert await presenter.load_file(_write(tmp_path / "more.csv", _rows(2, "Q")))
    assert presenter.mapping_remembered and presenter.counts() == {"ready": 2}
    assert presenter.mapping_note == "The mapping remembered for this file layout is used."

    # an unreadable file: said, the loaded batch kept
    assert await presenter.load_file(tmp_path / "missing.csv") is None
    assert messages[-1][0].startswith("Could not read missing.csv") and messages[-1][1]
    assert presenter.counts() == {"ready": 2}


async def test_sender_columns_without_default_sender(batch_ctx: AppContext, tmp_path: Path) -> None:
    ctx = batch_ctx
    _no_default_sender(ctx)
    presenter, _ = _presenter(ctx)
    headers = [*HEADERS, "Absender Firma", "Absender Straße", "Absender PLZ", "Absender Ort"]
    headers.append("Absender Land")
    sender = ["Filiale Süd GmbH", "Hafenweg 3", "80331", "München", "DE"]
    rows = [row + sender for row in _rows(1, "S")] + [_rows(1, "N")[0] + [""] * len(sender)]
    path = tmp_path / "senders.csv"
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter=";")
        writer.writerow(headers)
        writer.writerows(rows)
    batch = await presenter.load_file(path)
    assert batch is not None
    presenter.apply_mapping({**batch.mapping, "to.last_name": FieldSource(column="Adressat")})
    assert presenter.counts() == {"ready": 1, "invalid": 1}
    notice = presenter.sender_notice()
    assert notice is not None and "rows with an empty sender column" in notice


async def test_run_prints_sums_up_and_exports(batch_ctx: AppContext, tmp_path: Path) -> None:
    ctx = batch_ctx
    presenter, messages = _presenter(ctx)
    assert not presenter.can_print()
    assert presenter.print_tip() == "Assign a printer to this profile in Settings"
    uid = tmp_path.name[-6:].upper().replace("_", "")
    rows = _rows(3, f"R{uid}")
    rows[1][1] = "CARRIER-ERROR AG"  # the carrier refuses this one
    batch = await presenter.load_file(_write(tmp_path / "orders.csv", rows))
    assert batch is not None
    presenter.apply_mapping({**batch.mapping, "to.last_name": FieldSource(column="Adressat")})
    assert presenter.counts() == {"ready": 3}

    async with VirtualPrinter(tmp_path / "vp", render=False) as printer:
        use_printer(ctx, printer.uri)
        assert presenter.can_print() and presenter.print_tip() == ""
        reported: list[int] = []
        presenter.row_reported.connect(reported.append)
        running: list[bool] = []
        presenter.running_changed.connect(running.append)
        created: list[Any] = []
        ctx.shipment_created.connect(created.append)

        summary = await presenter.create_all()
        assert summary is not None and running == [True, False]
        assert [r.status for r in batch.rows] == ["created", "failed", "created"]
        assert set(reported) == {0, 1, 2}
        assert presenter.progress() == (3, 3)
        assert messages[-1] == ("2 of 3 created, 1 failed.", True)
        assert len(created) == 2
        assert presenter.actions().retry and not presenter.actions().create
        assert presenter.runner is not None
        await presenter.runner.wait_printed(timeout=30)
        await printer.wait_for_jobs(2, timeout=30)

    assert presenter.export_suggestion() == str(tmp_path / "orders-results.csv")
    written = presenter.export(tmp_path / "results.csv")
    assert written is not None and messages[-1] == (f"Results written to {written}.", False)
    with written.open(encoding="utf-8-sig") as fh:
        assert [line["status"] for line in csv.DictReader(fh)] == ["created", "failed", "created"]
    assert presenter.export(tmp_path) is None  # a folder, not a file
    assert messages[-1][0].startswith("Could not write") and messages[-1][1]


async def test_carrier_choice_and_defaults(batch_ctx: AppContext) -> None:
    ctx = batch_ctx
    presenter, _ = _presenter(ctx)
    choices, wanted = presenter.carrier_choices()
    assert choices[0] == ("By shipping preset", None) and wanted is None
    assert {code for _text, code in choices[1:]} == set(ctx.offers)
    assert presenter.defaults().carrier is None and presenter.defaults().service is None
    presenter.carrier = next(iter(ctx.offers))
    defaults = presenter.defaults()
    assert defaults.carrier == presenter.carrier and defaults.service == "standard"
    assert defaults.package == {"length": 30, "width": 20, "height": 10}
    assert presenter.carrier_choices()[1] == presenter.carrier
