"""The Batch page's decisions, without a widget: `BatchPresenter`.

It holds the orders file read (`Table`), its mapping (remembered per file layout in the
`MappingBook`), the `Batch` of checked rows with the profile's defaults (sender, carrier or
shipping presets, package), the sender notice shown before the first row is checked, which
actions are possible now (`BatchActions`), the run through a `BatchRunner` and its progress and
summary, the import as orders and the results export. Outcomes are said through
`message_shown`; the page only shows them. Tests drive it against the real local service.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from desktop_app.batch_runs.export import write_results
from desktop_app.batch_runs.rows import Batch, BatchRow, printer_format_chooser
from desktop_app.batch_runs.runner import BatchRunner, summarize
from desktop_app.gui.batch.partials.sender import maps_a_sender, sender_notice
from desktop_app.gui.batch.row_texts import count_text, create_all_text
from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate
from desktop_app.orders.engine import orders_of
from desktop_app.orders.importer import Table, TableError, read_table
from desktop_app.orders.mapping import ColumnMapping, MappingBook
from desktop_app.orders.records import OrderFile
from desktop_app.orders.service_orders import StoredOrders, drafts_of, file_origin, store_orders
from desktop_app.orders.shipment_drafts import Defaults

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

log = logging.getLogger(__name__)


def orders_import_text(result: StoredOrders, invalid: Sequence[Any]) -> tuple[str, bool]:
    """What an import as orders says (stored, skipped, invalid, refused, the first problems)
    and whether anything went wrong (texts in the page's own translation context)."""
    text = translate(
        "BatchPage",
        "Orders: {stored} stored, {skipped} already on the service, {invalid} with "
        "problems, {refused} refused.",
    ).format(
        stored=len(result.stored),
        skipped=len(result.skipped),
        invalid=len(invalid),
        refused=len(result.refused),
    )
    details = [
        translate("BatchPage", "Order {number} (line {lines}): {problem}").format(
            number=order.external_order_id,
            lines=", ".join(str(line) for line in order.lines),
            problem=order.problems[0],
        )
        for order in invalid
    ]
    details += [
        translate("BatchPage", "Order {number}: {error}").format(number=number, error=error)
        for number, error in result.refused.items()
    ]
    return "\n".join([text, *details[:5]]), bool(details)


def run_summary_text(counts: Mapping[str, int], total: int) -> tuple[str, bool]:
    """What a run ended with ("4 of 5 created, 1 failed."), and whether rows failed."""
    parts = [translate("Batch", "{0} of %n created", None, total).format(counts.get("created", 0))]
    for status in ("failed", "canceled", "invalid"):
        if counts.get(status):
            parts.append(count_text(status, counts[status]))
    bad = bool(counts.get("failed", 0) or counts.get("canceled", 0))
    return translate("Batch", "{0}.").format(", ".join(parts)), bad


async def announce_created(ctx: AppContext, ids: Sequence[str | None]) -> None:
    """Tell the other pages (history, pickups) about the new shipments."""
    store = ctx.store
    if store is None:
        return

    def read() -> list[Any]:
        found = []
        for shipment_id in ids:
            if shipment_id is None:
                continue
            try:
                found.append(store.shipments.get(shipment_id))
            except LookupError:
                continue
        return found

    for stored in await asyncio.to_thread(read):  # SQLite reads off the event loop
        ctx.shipment_created.emit(stored)


@dataclass(frozen=True, slots=True)
class BatchActions:
    """What the page's buttons may do now."""

    open: bool
    apply_mapping: bool
    create: bool
    create_text: str
    cancel: bool
    retry: bool
    export: bool
    import_orders: bool


def _same_grouping(before: ColumnMapping, after: ColumnMapping) -> bool:
    """True when both mappings take the order number (which groups the rows) from the same
    place, so the file's orders stay as they are."""
    keys = ("reference_number", "metadata.partner.order_number")
    return all(before.get(key) == after.get(key) for key in keys)


class BatchPresenter(Presenter):
    """A loaded orders file, its checked rows, and their run."""

    #: a file was loaded (its path)
    file_loaded = Signal(str)
    #: a run ended (summary dict of the batch core)
    run_finished = Signal(object)
    #: a run started (True) or ended (False)
    running_changed = Signal(bool)
    #: counts, actions or progress may have changed
    state_changed = Signal()
    #: the runner reported a row (its index)
    row_reported = Signal(int)
    #: the mapping note changed (its text)
    mapping_note_changed = Signal(str)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.mapping_book = MappingBook()
        self.table_data: Table | None = None
        """One row per order (what the page shows)."""
        self.file_table: Table | None = None
        """The file's rows as read (one per line item)."""
        self.orders: OrderFile | None = None
        self.batch: Batch | None = None
        self.runner: BatchRunner | None = None
        self.running = False
        self.importing = False
        self.mapping_remembered = False
        self.mapping_note = ""
        #: the carrier for rows whose file has none (None: by the profile's shipping presets)
        self.carrier: str | None = None
        #: print the labels of a run (when the profile has a printer)
        self.print_labels = True
        self.run_rows: list[BatchRow] = []

    def _note(self, text: str) -> None:
        self.mapping_note = text
        self.mapping_note_changed.emit(text)

    # --- defaults ------------------------------------------------------------------------------

    def carrier_choices(self) -> tuple[list[tuple[str, str | None]], str | None]:
        """The carriers offered for rows without one ((text, code); None: by shipping preset)
        and the one to choose: the current, else the profile's default carrier."""
        prefs = self.ctx.profile.preferences if self.ctx.profile else None
        wanted = self.carrier or (prefs.default_carrier if prefs else None)
        choices: list[tuple[str, str | None]] = [(translate("Batch", "By shipping preset"), None)]
        choices += [(offer.display_name, code) for code, offer in self.ctx.offers.items()]
        return choices, wanted

    def defaults(self) -> Defaults:
        """Sender, carrier, service and package every row starts from (the profile's)."""
        profile = self.ctx.profile
        prefs = profile.preferences if profile else None
        carrier = self.carrier or None
        service = prefs.default_service if prefs else None
        return Defaults(
            sender=profile.draft_sender() if profile else None,
            sender_origin=(
                "default sender" if profile is None or profile.default_sender else "sample sender"
            ),
            carrier=carrier,
            service=(service or "standard") if carrier else None,
            package=dict(prefs.default_package) if prefs and prefs.default_package else None,
            presets=tuple(profile.presets()) if profile else (),
            packaging_kg=prefs.packaging_weight if prefs else None,
        )

    def _format_chooser(self) -> Any:
        prefs = self.ctx.profile.preferences if self.ctx.profile else None
        return printer_format_chooser(
            self.ctx.printer(), prefs.label_format_override if prefs else None
        )

    def can_print(self) -> bool:
        """True when the profile has a printer for the labels."""
        return self.ctx.printer() is not None

    def print_tip(self) -> str:
        """Why labels cannot be printed (empty when they can)."""
        if self.can_print():
            return ""
        return translate("Batch", "Assign a printer to this profile in Settings")

    def sender_notice(self) -> str | None:
        """What is missing for the sender before any row is checked (None: nothing)."""
        profile = self.ctx.profile
        if profile is not None and not profile.default_sender and profile.draft_sender():
            return translate(
                "Batch",
                "No default sender: the Local sandbox's sample sender is used for every order "
                "(test data). Set the default sender to use yours.",
            )
        return sender_notice(
            bool(profile and profile.default_sender),
            maps_a_sender(self.batch.mapping if self.batch is not None else ()),
        )

    def follow_profile(self) -> None:
        """Another profile (or the same one changed): a run stops, the rows are checked again."""
        if self.running:
            self.cancel()
        self.rebuild_defaults()

    def rebuild_defaults(self) -> bool:
        """Check the rows again with the profile's defaults now (not during a run)."""
        batch = self.batch
        if batch is None or self.running:
            return False
        batch.defaults = self.defaults()
        batch.choose_format = self._format_chooser()
        batch.set_mapping(batch.mapping)
        return True

    # --- loading and mapping -------------------------------------------------------------------

    async def load_file(self, path: Path) -> Batch | None:
        """Read the file, pick the remembered (or guessed) mapping and check every row."""
        if self.running:
            self.show_message(
                translate("Batch", "Wait for the running batch to finish."), error=True
            )
            return None
        try:
            table = await asyncio.to_thread(read_table, path)
        except (TableError, OSError) as exc:
            self.show_message(
                translate("Batch", "Could not read {name}: {exc}").format(name=path.name, exc=exc),
                error=True,
            )
            return None
        catalogue = self.catalogue()
        orders = await asyncio.to_thread(
            orders_of, table, book=self.mapping_book, catalogue=catalogue
        )
        if orders.unknown_ids and await self._ids_from_shops(orders):
            catalogue = self.catalogue()
            orders = await asyncio.to_thread(
                orders_of, table, book=self.mapping_book, catalogue=catalogue
            )
        self.mapping_remembered = orders.mapping_origin == "remembered"
        # every order's draft is built and checked off the GUI thread (a 20 MB export holds
        # tens of thousands); the table view shows only the rows on screen
        self._use_orders(table, orders, await asyncio.to_thread(self._batch_of, orders))
        if orders.mapping_origin == "remembered":
            note = translate("Batch", "The mapping remembered for this file layout is used.")
        elif orders.platform is not None:
            note = translate("Batch", "Recognised: {platform}. Mapped without a question.").format(
                platform=orders.platform.name
            )
        else:
            note = translate(
                "Batch", "Mapping guessed from the column names: check it and apply it."
            )
        left_out = len(orders.notes)
        if left_out:
            note += " " + translate(
                "Batch", "%n line(s) of the file are not orders and were left out.", None, left_out
            )
        self._note(note)
        self.file_loaded.emit(str(path))
        return self.batch

    async def _ids_from_shops(self, orders: OrderFile) -> bool:
        """Ask the profile's connected shops what the file's ids stand for (before a
        person is asked); True when one answered."""
        store = self.ctx.store
        shops = self.ctx.shops
        if store is None or shops is None:
            return False
        from desktop_app.shops.sync import learn_ids_from_shops

        return await learn_ids_from_shops(shops.book, orders, store.catalogue)

    def unknown_shop_ids(self) -> dict[str, dict[str, list[str]]]:
        """The shop's ids of the file the profile has not learned (kind -> id -> orders)."""
        return self.orders.unknown_ids if self.orders is not None else {}

    def learn_shop_ids(self, answers: dict[str, dict[str, str]]) -> bool:
        """Remember what the shop's ids stand for (in the profile, for every later file of
        the shop) and read the file's orders again with them."""
        store, table, batch = self.ctx.store, self.file_table, self.batch
        if store is None or table is None or batch is None or self.running:
            return False
        catalogue = store.catalogue
        for kind, ids in answers.items():
            catalogue.learn_shop_ids(kind, ids)
        try:
            self._use_orders(table, orders_of(table, mapping=batch.mapping, catalogue=catalogue))
        except TableError as exc:  # the file was moved or deleted since it was opened
            self.show_message(translate("Batch", "Could not read {name}: {exc}").format(
                name=table.source.name, exc=exc), error=True)  # fmt: skip
            return False
        return True

    def catalogue(self) -> Any:
        """The profile's product catalogue (None before a profile's store is open)."""
        store = self.ctx.store
        if store is None:
            return None
        return store.catalogue_if_made()

    def _batch_of(self, orders: OrderFile) -> Batch:
        return Batch.of_orders(
            orders,
            self.defaults(),
            choose_format=self._format_chooser(),
            catalogue=self.catalogue(),
        )

    def _use_orders(self, table: Table, orders: OrderFile, batch: Batch | None = None) -> None:
        self.file_table = table
        self.orders = orders
        self.table_data = orders.table
        self.batch = batch if batch is not None else self._batch_of(orders)
        self.runner = None
        self.run_rows = []

    def file_text(self, path: Path) -> str:
        """What the page says about the loaded file."""
        rows = len(self.table_data.rows) if self.table_data is not None else 0
        return translate("Batch", "{name}: %n order(s)", None, rows).format(name=path.name)

    def apply_mapping(self, mapping: ColumnMapping) -> bool:
        """Use `mapping` for every row not yet created, and remember it for the layout."""
        batch, table = self.batch, self.file_table
        if batch is None or table is None or self.running:
            return False
        if batch.counts().get("created") or _same_grouping(batch.mapping, mapping):
            batch.set_mapping(mapping)
        else:  # the order number column may have changed: group the file's rows again
            try:
                regrouped = orders_of(table, mapping=mapping, catalogue=self.catalogue())
            except TableError as exc:  # the file was moved or deleted since it was opened
                self.show_message(translate("Batch", "Could not read {name}: {exc}").format(
                    name=table.source.name, exc=exc), error=True)  # fmt: skip
                return False
            self._use_orders(table, regrouped)
        try:
            self.mapping_book.put(table.layout, table.headers, mapping)
            self.mapping_remembered = True
            self._note(translate("Batch", "Applied and remembered for files with these columns."))
        except OSError as exc:
            self._note(translate("Batch", "Applied (not remembered: {exc}).").format(exc=exc))
        return True

    # --- state ---------------------------------------------------------------------------------

    def counts(self) -> dict[str, int]:
        """Rows per status."""
        return self.batch.counts() if self.batch else {}

    def counts_text(self) -> str:
        """The counts line ("3 ready, 1 with problems")."""
        return ", ".join(count_text(s, n) for s, n in sorted(self.counts().items()) if n)

    def actions(self) -> BatchActions:
        """Which buttons work now: a loaded batch, no run, a connection, rows to run."""
        counts = self.counts()
        loaded = self.batch is not None and not self.running
        connected = self.ctx.creator is not None
        ready = counts.get("ready", 0)
        retryable = counts.get("failed", 0) + counts.get("canceled", 0)
        if self.runner is not None:
            retryable += ready  # failed rows edited back to ready since the last run
        return BatchActions(
            open=not self.running,
            apply_mapping=loaded,
            create=loaded and connected and ready > 0,
            create_text=create_all_text(ready),
            cancel=self.running,
            retry=loaded and connected and retryable > 0,
            export=loaded,
            import_orders=loaded and self.ctx.client is not None and not self.importing,
        )

    def progress(self) -> tuple[int, int] | None:
        """Rows of the last run done, of how many (None before a run)."""
        if not self.run_rows:
            return None
        done = sum(1 for r in self.run_rows if r.status not in ("ready", "creating"))
        return done, len(self.run_rows)

    # --- orders --------------------------------------------------------------------------------

    async def import_orders(self, mapping: ColumnMapping) -> StoredOrders | None:
        """Store the file's orders (`mapping` plus its line-item columns) on the service; the
        message says how many were stored, skipped, refused or invalid."""
        table, client = self.file_table, self.ctx.client
        if table is None or client is None or self.running:
            return None
        orders = drafts_of(orders_of(table, mapping=mapping, catalogue=self.catalogue()))
        invalid = [order for order in orders if not order.valid]
        self.importing = True
        self.state_changed.emit()
        try:
            result = await store_orders(client, orders, store=self.ctx.store,
                                        origin=file_origin(table.source.name))  # fmt: skip
        finally:
            self.importing = False
            self.state_changed.emit()
        self.show_message(*orders_import_text(result, invalid))
        return result

    # --- running -------------------------------------------------------------------------------

    def _on_row(self, row: BatchRow) -> None:
        """The runner reports a row (on the event loop's thread)."""
        if self.batch is not None and row.index < len(self.batch.rows):
            self.row_reported.emit(row.index)

    def _make_runner(self) -> BatchRunner | None:
        creator, batch = self.ctx.creator, self.batch
        if creator is None or batch is None:
            self.show_message(translate("Batch", "Not connected to the service yet."), error=True)
            return None
        printer = self.ctx.printer() if self.print_labels else None
        queue = self.ctx.queue if printer is not None else None
        if self.runner is None or self.runner.creator is not creator:
            self.runner = BatchRunner(
                batch,
                creator,
                queue=queue,
                printer=printer if queue is not None else None,
                on_row=self._on_row,
            )
        else:
            self.runner.queue = queue
            self.runner.printer = printer if queue is not None else None
        return self.runner

    async def create_all(self) -> dict[str, Any] | None:
        """Create every valid row (concurrently; the client keeps within the rate limit)."""
        runner = self._make_runner()
        if runner is None or self.batch is None:
            return None
        rows = [r for r in self.batch.rows if r.status == "ready"]
        return await self._run(runner, rows, retry=False)

    async def retry_failed(self) -> dict[str, Any] | None:
        """Run the failed and canceled rows again (and rows edited back to ready)."""
        runner = self._make_runner()
        if runner is None or self.batch is None:
            return None
        rows = [r for r in self.batch.rows if r.status in ("failed", "canceled", "ready")]
        return await self._run(runner, rows, retry=True)

    async def _run(
        self, runner: BatchRunner, rows: list[BatchRow], *, retry: bool
    ) -> dict[str, Any] | None:
        if not rows or self.running:
            return None
        self.running = True
        self.run_rows = rows
        self.show_message(translate("Batch", "Creating %n shipment(s)…", None, len(rows)))
        self.running_changed.emit(True)
        try:
            if retry:
                await runner.retry_failed()
            else:
                await runner.run(rows)
        finally:
            self.running = False
            self.running_changed.emit(False)
        assert self.batch is not None
        summary = summarize(self.batch.rows)
        text, bad = self.summary_text()
        self.show_message(text, error=bad)
        await announce_created(self.ctx, [r.shipment_id for r in rows if r.status == "created"])
        self.run_finished.emit(summary)
        return summary

    def summary_text(self) -> tuple[str, bool]:
        """What a run ended with ("4 of 5 created, 1 failed."), and whether rows failed."""
        return run_summary_text(self.counts(), len(self.batch.rows) if self.batch else 0)

    def cancel(self) -> None:
        """Send no further rows; those being created finish."""
        if self.runner is not None and self.running:
            self.runner.cancel()
            self.show_message(
                translate("Batch", "Canceling: rows already sent finish, the others wait.")
            )

    # --- export --------------------------------------------------------------------------------

    def export_suggestion(self) -> str:
        """Where the results CSV goes by default: beside the orders file."""
        if self.table_data is None:
            return ""
        source = self.table_data.source
        return str(source.with_name(f"{source.stem}-results.csv"))

    def export(self, path: Path) -> Path | None:
        """Write the results CSV (one line per row, in file order)."""
        if self.batch is None:
            return None
        try:
            written = write_results(self.batch.rows, path)
        except OSError as exc:
            self.show_message(
                translate("Batch", "Could not write {path}: {exc}").format(path=path, exc=exc),
                error=True,
            )
            return None
        self.show_message(
            translate("Batch", "Results written to {written}.").format(written=written)
        )
        return written
