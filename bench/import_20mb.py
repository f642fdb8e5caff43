"""The import engine on a 20 MB Shopify orders export (the full column set of the export: the
fixture tests/batch/fixtures/platforms/shopify_orders_export.csv, its orders repeated under
new numbers): time and memory to read it, group its rows into orders, build and check every
order's shipment draft (what the Batch page and `packdesk batch` do before the first request)
and its order body (what the watched folder and `packdesk orders import` store).

Targets: the whole file within 90 s on the 2-core reference machine, and the memory it adds
(max RSS of this process above what the imports took) under 20 times the file's size.

Usage: python bench/import_20mb.py [--megabytes N]
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.batch_csv import PRODUCTS  # noqa: E402
from desktop_app.batch.engine import read_orders  # noqa: E402
from desktop_app.batch.mapping import Defaults  # noqa: E402
from desktop_app.batch.orders import drafts_of  # noqa: E402
from desktop_app.batch.rows import Batch  # noqa: E402
from desktop_app.profiles.catalogue import Catalogue  # noqa: E402
from desktop_app.profiles.models import sample_sender  # noqa: E402

TIME_TARGET_S = 90.0
MEMORY_TARGET_X = 20.0
FIXTURE = REPO_ROOT / "tests" / "batch" / "fixtures" / "platforms" / "shopify_orders_export.csv"


def write_export(path: Path, megabytes: float) -> tuple[int, int]:
    """The fixture's orders repeated under new numbers up to `megabytes`; (rows, orders)."""
    header, *body = FIXTURE.read_text(encoding="utf-8").splitlines()
    rows = orders = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        fh.write(header + "\n")
        while fh.tell() < megabytes * 1_000_000:
            orders += 4
            for line in body:
                fh.write(line.replace("#100", f"#{orders}-100", 1) + "\n")
                rows += 1
    return rows, orders


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=20.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-import-") as tmp:
        root = Path(tmp)
        catalogue = Catalogue.of_profile(root)
        catalogue.put_many(PRODUCTS)
        path = root / "orders_export.csv"
        rows, count = write_export(path, args.megabytes)
        size = path.stat().st_size
        before_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.perf_counter()
        orders = read_orders(path, catalogue=catalogue)
        read_s = time.perf_counter() - started
        batch = Batch.of_orders(
            orders,
            Defaults(sender=sample_sender(), carrier="dhl", service="standard",
                     package={"length": 30, "width": 20, "height": 10}),
            catalogue=catalogue,
        )  # fmt: skip
        checked_s = time.perf_counter() - started
        bodies = drafts_of(orders)
        total_s = time.perf_counter() - started
        peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        valid = sum(1 for row in batch.rows if row.valid)
        valid_bodies = sum(1 for body in bodies if body.valid)
    print(f"  file                  {size / 1e6:7.1f} MB, {rows} rows, {count} orders")
    name = orders.platform.name if orders.platform else "no platform"
    print(f"  orders read           {len(orders.records)} ({name})")
    print(f"  valid drafts / bodies {valid} / {valid_bodies}")
    print(f"  read and grouped      {read_s:7.2f} s")
    print(f"  + shipment drafts     {checked_s:7.2f} s  (checked with the domain rules)")
    print(f"  + order bodies        {total_s:7.2f} s  (target <= {TIME_TARGET_S:.0f} s)")
    added = peak_mib * 1048576 - before_kib * 1024
    print(f"  peak memory (RSS)     {peak_mib:7.1f} MiB ({before_kib / 1024:.1f} MiB before)")
    print(
        f"  added by the import   {added / size:7.1f}x the file (target <= {MEMORY_TARGET_X:.0f}x)"
    )
    ok = (
        len(orders.records) == count == valid == valid_bodies
        and total_s <= TIME_TARGET_S
        and added <= MEMORY_TARGET_X * size
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
