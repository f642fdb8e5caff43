"""Results of a batch as CSV: one line per row with its outcome, for the shop's records."""

from __future__ import annotations

import csv
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from desktop_app.batch_runs.rows import BatchRow

__all__ = ["RESULT_COLUMNS", "result_record", "write_results"]

RESULT_COLUMNS = (
    "row",
    "line",
    "status",
    "reference",
    "shipment_id",
    "tracking_number",
    "label_file",
    "print_status",
    "errors",
)


def result_record(row: BatchRow) -> dict[str, str]:
    """One result line: outcome, identifiers, label file and every problem or error."""
    errors = [str(p) for p in row.problems]
    if row.error:
        errors.append(row.error)
    if row.note:
        errors.append(row.note)
    return {
        "row": str(row.number),
        "line": str(row.line),
        "status": row.status,
        "reference": row.reference,
        "shipment_id": row.shipment_id or "",
        "tracking_number": row.tracking_no or "",
        "label_file": str(row.label_path) if row.label_path else "",
        "print_status": row.print_state or "",
        "errors": "; ".join(errors),
    }


def write_results(rows: Iterable[BatchRow], path: Path | str) -> Path:
    """Write the results CSV (UTF-8 with BOM so spreadsheet programs read umlauts right)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".results-", suffix=".csv")
    try:
        with os.fdopen(fd, "w", encoding="utf-8-sig", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=RESULT_COLUMNS)
            writer.writeheader()
            for row in rows:
                writer.writerow(result_record(row))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
