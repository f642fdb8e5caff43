"""The packing figures: parcels, orders and rates per person and station, per day or week.

Read from the service (`GET /v1/reports/packing`, the reports right); the page only shows them.
"""

from __future__ import annotations

import asyncio
import csv
import io
import logging
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any, Literal

from PySide6.QtCore import QObject, Signal

from desktop_app.client.presence import PackingRow
from desktop_app.domain.packing_figures import PACKING_CSV_COLUMNS
from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

log = logging.getLogger(__name__)

#: the CSV's columns (machine names: a spreadsheet or script reads them in any language)


class PackingFiguresPresenter(Presenter):
    """Which period is asked, the rows the service gave, and the CSV of them."""

    rows_changed = Signal(list)  # list[PackingRow]

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.until = date.today()
        self.since = self.until - timedelta(days=6)
        self.per: Literal["day", "week"] = "day"
        self.rows: list[PackingRow] = []
        self.task: asyncio.Task[Any] | None = None
        ctx.connection_changed.connect(self._on_connection)

    def _on_connection(self, state: str, _message: str = "") -> None:
        if state != "connected":
            self._show([], "")  # the figures of the one signed out are not left on screen

    def ask(
        self, since: date, until: date, per: Literal["day", "week"]
    ) -> asyncio.Task[Any] | None:
        """Read the figures of `since`..`until` (both included) per day or week."""
        if until < since:
            self.show_message(
                translate("Figures", "The end of the period is before its start."), error=True
            )
            return None
        self.since, self.until, self.per = since, until, per
        self.task = self.ctx.spawn(self._load())
        return self.task

    async def _load(self) -> None:
        from desktop_app.client.errors import APIError
        from desktop_app.gui.core.connection import failure_text

        client = self.ctx.client
        if client is None or not self.ctx.connected:
            self._show([], translate("Figures", "Not connected to the server."), error=True)
            return
        self.show_message(translate("Figures", "Reading the figures…"))
        try:
            rows = await client.people.packing_report(self.since, self.until, self.per)
        except APIError as exc:
            self._show([], failure_text(exc), error=True)
            return
        if not rows:
            self._show([], translate("Figures", "No parcels were packed in this period."))
            return
        self._show(rows, translate("Figures", "%n row(s)", None, len(rows)))

    def _show(self, rows: list[PackingRow], message: str, error: bool = False) -> None:
        self.rows = rows
        self.rows_changed.emit(rows)
        self.show_message(message, error)

    def csv_text(self) -> str:
        """The rows shown, as CSV (one header line, then a line per row)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(PACKING_CSV_COLUMNS)
        for row in self.rows:
            median = row.median_scan_to_label_s
            writer.writerow(
                [
                    row.period,
                    row.person,
                    row.station,
                    row.parcels,
                    row.orders,
                    f"{row.hours:.2f}",
                    f"{row.parcels_per_hour:.1f}",
                    row.pack_check_mismatches,
                    "" if median is None else f"{median:.0f}",
                ]
            )
        return out.getvalue()

    def suggested_file_name(self) -> str:
        """The CSV's file name for the period asked."""
        return f"packing-{self.since.isoformat()}-{self.until.isoformat()}-{self.per}.csv"
