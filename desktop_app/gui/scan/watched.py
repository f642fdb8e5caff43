"""The open profile's watched folder on the Scan page, without a widget: every 2 s while a
profile is open and connected, the CSV/XLSX order exports dropped into it are imported
(`desktop_app.orders.watched_folder`); `text` names the folder, `status` the last file's
result."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path, PureWindowsPath
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.problems import column_problem_text

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.orders.watched_folder import FileReport, WatchedFolder

log = logging.getLogger(__name__)

POLL_MS = 2000


def folder_name(folder: str) -> str:
    """The last part of a folder's path ("C:\\Orders\\in" -> "in"; a drive or root as it is)."""
    name = PureWindowsPath(folder).name if "\\" in folder else Path(folder).name
    return name or folder


class WatchedFolderPoller(QObject):
    """Polls the open profile's watched folder and says what it did."""

    changed = Signal()

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.watcher: WatchedFolder | None = None
        self._task: asyncio.Task[None] | None = None
        self.text = ""
        self.status = ""
        self.timer = QTimer(self)
        self.timer.setInterval(POLL_MS)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        ctx.profile_changed.connect(lambda *_: self._show_folder())
        self._show_folder()

    def folder(self) -> str | None:
        """The open profile's watched folder (None without a profile or folder)."""
        profile = self.ctx.profile
        return profile.preferences.watched_folder if profile is not None else None

    def _show_folder(self) -> None:
        folder = self.folder()
        if self.watcher is not None and str(self.watcher.folder) != folder:
            self.watcher = None
        if folder:
            # the folder's own name, never its path (the path is in the tooltip, and
            # "Open folder" opens it): a long path would crowd the Scan page at 1024x600
            self.text = translate("Scan", "Watched folder: %1").replace("%1", folder_name(folder))
        else:
            self.text = translate("Scan", "No watched folder")
        self.changed.emit()

    def set_folder(self, folder: str | None) -> None:
        """Save the open profile's watched folder (None: stop watching) and show it."""
        if self.ctx.update_preferences(watched_folder=folder):
            self._show_folder()

    def tick(self) -> None:
        """Import the folder's new files (in the background; one poll at a time)."""
        folder = self.folder()
        ctx = self.ctx
        if not folder or ctx.client is None or ctx.store is None:
            return
        if self._task is not None and not self._task.done():
            return
        self._task = ctx.spawn(self._poll(folder))

    async def _poll(self, folder: str) -> None:
        from desktop_app.orders.watched_folder import WatchedFolder

        ctx = self.ctx
        if ctx.client is None or ctx.store is None:
            return
        try:
            if self.watcher is None or str(self.watcher.folder) != folder:
                self.watcher = await asyncio.to_thread(WatchedFolder, Path(folder))
            reports = await self.watcher.poll(ctx.client, ctx.store)
        except Exception as exc:  # a folder gone or unreadable: say so, keep scanning
            log.exception("watched folder %s", folder)
            self.status = translate("Scan", "Watched folder not usable: %1").replace("%1", str(exc))
            self.changed.emit()
            return
        for report in reports:
            self.status = _report_text(report)
            self.changed.emit()


#: why a file could not be read at all, by `FileReport.reason`
_REASONS = {
    "encoding": QT_TRANSLATE_NOOP(
        "Scan", "it is not a text table in a known encoding: save it as CSV UTF-8 or XLSX"
    ),
    "empty": QT_TRANSLATE_NOOP("Scan", "the file is empty"),
    "no_header": QT_TRANSLATE_NOOP("Scan", "the file has no header row"),
    "malformed": QT_TRANSLATE_NOOP("Scan", "the file is not a valid CSV table"),
    "unreadable": QT_TRANSLATE_NOOP("Scan", "the file cannot be read"),
    "no_order": QT_TRANSLATE_NOOP("Scan", "the file holds no orders"),
    "no_valid_order": QT_TRANSLATE_NOOP("Scan", "no order of the file is complete"),
}


#: refused orders the status names one by one (the rest are counted)
SHOWN_REFUSALS = 5


def _refusals(report: FileReport) -> list[str]:
    """Each refused order's problems in words, naming the file's columns."""
    out = []
    for number, problems in list(report.problems.items())[:SHOWN_REFUSALS]:
        texts = "; ".join(column_problem_text(column, p) for column, p in problems)
        out.append(
            translate("Scan", "Order {number}: {problems}").format(number=number, problems=texts)
        )
    for entry in report.refused:  # refused by the service: its own words
        number = entry["external_order_id"]
        if number not in report.problems and len(out) < SHOWN_REFUSALS:
            reasons = "; ".join(entry.get("reasons") or [])
            out.append(
                translate("Scan", "Order {number}: {problems}").format(
                    number=number, problems=reasons
                )
            )
    more = len(report.refused) - len(out)
    if more > 0:
        out.append(translate("Scan", "… and %n more order(s) with problems.", None, more))
    return out


def _report_text(report: FileReport) -> str:
    """What importing a file did, in words: never only "see the report file"."""
    if report.status != "done":
        reason = _REASONS.get(report.reason or "")
        why = translate("Scan", reason) if reason else (report.error or "")
        lines = [translate("Scan", "{file} could not be imported: {why}.").format(
            file=report.file, why=why)]  # fmt: skip
        return "\n".join([*lines, *_refusals(report)])
    if report.refused:
        head = translate(
            "Scan", "%1: %n order(s) imported; these were not:", None, len(report.imported)
        ).replace("%1", report.file)
        return "\n".join([head, *_refusals(report)])
    return translate("Scan", "%1: %n order(s) imported", None, len(report.imported)).replace(
        "%1", report.file
    )
