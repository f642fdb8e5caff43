"""A watched folder: a shop system drops CSV/XLSX order exports into it, each file is imported
once as orders (the same import as `packdesk orders import`: the remembered or guessed column
mapping, `store_orders` on the service, then the profile's orders cache) and moved to `done/`,
or to `failed/` when it cannot be read or has no valid order, with `NAME.report.json` beside it
(orders imported, already there, refused with reasons). Qt-free.

Only complete files are taken: a file whose size and modification time have not changed for
`settle` seconds. A file is claimed by renaming it into `processing/` before anything is
stored (a second watcher's rename fails, so it is never taken twice); a file left in
`processing/` by a crash is imported again on the next poll, and since the import skips
every order number the service already has, nothing is stored twice.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.domain.rules.problems import Problem
from desktop_app.orders.engine import orders_of
from desktop_app.orders.importer import XLSX_SUFFIXES, TableError, read_table
from desktop_app.orders.mapping import MappingBook
from desktop_app.orders.platforms import PLATFORMS
from desktop_app.orders.service_orders import DEFAULT_CURRENCY, drafts_of, file_origin, store_orders
from desktop_app.orders.shop_ids import unknown_id_lines

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.catalogue import Catalogue
    from desktop_app.profiles.store import ProfileStore

__all__ = ["DEFAULT_POLL_INTERVAL", "DEFAULT_SETTLE", "FileReport", "WatchedFolder"]

DEFAULT_POLL_INTERVAL = 2.0
#: seconds a file must stay unchanged before it is taken (a shop may still be writing it)
DEFAULT_SETTLE = 2.0
SUFFIXES = frozenset({".csv", ".txt", ".tsv", *XLSX_SUFFIXES})
PROCESSING, DONE, FAILED = "processing", "done", "failed"
REPORT_SUFFIX = ".report.json"


@dataclass
class FileReport:
    """What importing one file did; written as JSON beside the file in done/ or failed/."""

    file: str
    status: str = "done"  # or "failed"
    error: str | None = None  # why the file failed as a whole
    reason: str | None = None
    """What kind of why: a TableError's reason, or "no_valid_order" (for the UI's words)."""
    imported: list[dict[str, Any]] = field(default_factory=list)
    already_there: list[dict[str, Any]] = field(default_factory=list)
    refused: list[dict[str, Any]] = field(default_factory=list)
    problems: dict[str, list[tuple[str | None, Problem]]] = field(default_factory=dict, repr=False)
    """Order number -> (the file's column, problem) of each refused order (not in the JSON)."""
    notes: list[str] = field(default_factory=list)
    """Lines of the file that are not orders (a report's title or footer)."""

    def to_json(self) -> dict[str, Any]:
        """The report file's content."""
        return {
            "file": self.file,
            "status": self.status,
            "error": self.error,
            "reason": self.reason,
            "notes": self.notes,
            "imported": self.imported,
            "already_there": self.already_there,
            "refused": self.refused,
        }


class WatchedFolder:
    """One folder of a profile; `poll()` imports every complete file once."""

    def __init__(
        self,
        folder: Path,
        *,
        settle: float = DEFAULT_SETTLE,
        currency: str = DEFAULT_CURRENCY,
        book: MappingBook | None = None,
        clock: Callable[[], float] = time.time,
        catalogue: Catalogue | None = None,
    ) -> None:
        self.catalogue = catalogue
        self.folder = Path(folder)
        self.settle = settle
        self.currency = currency
        self.book = book
        self._clock = clock
        self._seen: dict[str, tuple[int, int]] = {}
        for name in (PROCESSING, DONE, FAILED):
            (self.folder / name).mkdir(parents=True, exist_ok=True)

    def ready_files(self) -> list[Path]:
        """Files of the folder that are complete: unchanged since the last poll (if seen
        before) and not modified for `settle` seconds; oldest first."""
        ready: list[tuple[int, Path]] = []
        seen: dict[str, tuple[int, int]] = {}
        now = self._clock()
        for path in self.folder.iterdir():
            if path.name.startswith((".", "~$")) or path.suffix.lower() not in SUFFIXES:
                continue
            try:
                stat = path.stat()
            except FileNotFoundError:
                continue
            if not path.is_file():
                continue
            state = (stat.st_size, stat.st_mtime_ns)
            seen[path.name] = state
            before = self._seen.get(path.name)
            if (before is None or before == state) and now - stat.st_mtime >= self.settle:
                ready.append((stat.st_mtime_ns, path))
        self._seen = seen
        return [path for *_, path in sorted((_after_its_items(path), mtime, path)
                                            for mtime, path in ready)]  # fmt: skip

    def claim(self, path: Path) -> Path | None:
        """Move a ready file into processing/ (atomic); None when another watcher took it."""
        target = _free_name(self.folder / PROCESSING, path.name)
        try:
            os.rename(path, target)
        except FileNotFoundError:
            return None
        return target

    async def poll(self, client: ShippingClient, store: ProfileStore | None) -> list[FileReport]:
        """Import what a crash left in processing/, then every ready file; the reports."""
        reports = []
        for left in sorted((self.folder / PROCESSING).iterdir()):
            if left.is_file():
                reports.append(await self.import_file(left, client, store))
        for path in self.ready_files():
            claimed = self.claim(path)
            if claimed is not None:
                reports.append(await self.import_file(claimed, client, store))
        return reports

    async def import_file(
        self, claimed: Path, client: ShippingClient, store: ProfileStore | None
    ) -> FileReport:
        """Import one claimed file and move it to done/ or failed/ with its report."""
        report = FileReport(file=claimed.name)
        catalogue = self.catalogue
        if catalogue is None and store is not None:
            catalogue = store.catalogue_if_made()
        try:
            table = read_table(claimed)
            read = orders_of(table, book=self.book or MappingBook(), catalogue=catalogue)
        except TableError as exc:
            report.reason = exc.reason
            return self._finish(claimed, report, f"cannot be read: {exc}")
        except OSError as exc:
            report.reason = "unreadable"
            return self._finish(claimed, report, f"cannot be read: {exc}")
        report.notes = [*read.notes, *unknown_id_lines(read.unknown_ids)]
        orders = drafts_of(read, currency=self.currency)
        lines = {order.external_order_id: order.lines for order in orders}
        for order in orders:
            if not order.valid:
                report.refused.append(
                    {
                        "external_order_id": order.external_order_id,
                        "lines": order.lines,
                        "reasons": order.problem_lines(),
                    }
                )
                report.problems[order.external_order_id] = [
                    (order.column_for(p.path), p) for p in order.problems
                ]
        valid = [order for order in orders if order.valid]
        if not valid:
            report.reason = "no_valid_order" if orders else "no_order"
            return self._finish(claimed, report, "no valid order in the file")
        result = await store_orders(client, valid, store=store, origin=file_origin(claimed.name))
        for number, order_id in result.stored.items():
            report.imported.append({"external_order_id": number, "id": order_id,
                                    "lines": lines[number]})  # fmt: skip
        for number in result.skipped:
            report.already_there.append({"external_order_id": number, "lines": lines[number]})
        for number, error in result.refused.items():
            report.refused.append(
                {"external_order_id": number, "lines": lines[number], "reasons": [error]}
            )
        if store is not None and (result.stored or result.skipped):
            from desktop_app.profiles.store.orders import put_service_orders

            await put_service_orders(store.orders, client.orders.iter_all())
        return self._finish(claimed, report, None)

    def _finish(self, claimed: Path, report: FileReport, error: str | None) -> FileReport:
        if error is not None:
            report.status, report.error = FAILED, error
        target = _free_name(self.folder / report.status, claimed.name)
        report_path = target.with_name(target.name + REPORT_SUFFIX)
        partial = report_path.with_name(report_path.name + ".part")
        partial.write_text(
            json.dumps(report.to_json(), ensure_ascii=False, indent=2), encoding="utf-8"
        )
        os.replace(partial, report_path)
        os.rename(claimed, target)  # last: until here a crash leaves it in processing/
        return report


def _after_its_items(path: Path) -> bool:
    """True for a file of orders whose items come in a file of their own beside it (Etsy's
    sold orders and sold order items): the items file is read first, so that its orders -
    with their quantities - are the ones stored, and the same orders again are skipped."""
    for platform in PLATFORMS:
        if platform.items_beside is not None:
            mine, theirs = platform.items_beside
            name = path.name.casefold()
            if name.startswith(mine.casefold()) and not name.startswith(theirs.casefold()):
                return True
    return False


def _free_name(folder: Path, name: str) -> Path:
    """folder/name, or folder/stem-2.suffix ... when that name (or its report) is taken."""
    candidate, number = folder / name, 1
    stem, suffix = Path(name).stem, Path(name).suffix
    while candidate.exists() or candidate.with_name(candidate.name + REPORT_SUFFIX).exists():
        number += 1
        candidate = folder / f"{stem}-{number}{suffix}"
    return candidate
