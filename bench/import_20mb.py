"""The import engine on a 20 MB Shopify orders export (the full column set of the export: the
fixture tests/orders/fixtures/platforms/shopify_orders_export.csv, its orders repeated under
new numbers, each receiver's name, e-mail, street and postcode made its own so that the file
is not one address repeated).

Each door's work runs in a child process of its own, measured from a clean start:
- the Batch page and `packdesk batch`: read and group the rows into orders, build and check
  every order's shipment draft (what happens before the first request);
- the watched folder and `packdesk orders import`: read and group, build and check every
  order's order body.

Targets (2-core reference machine, shared; the load average is printed): each door within
30 s for the 20 MB file, and the memory it adds (max RSS of the child above its RSS after the
imports) under 10 times the file's size. The file itself is never held (its rows are read
from the file as they are grouped, twice: one pass checks it, one groups it); what stays is
one record per order - its non-empty cells, one string per distinct text, and its items -
(about 4x the file). The Batch door keeps per order its problems, not its draft (built
again from the cells when it is sent or shown): about 7x in all. The orders door keeps every
order body until they are stored: about 10x. Reading the file's rows as dicts and keeping
them and every draft measured 30x.

Usage: python bench/import_20mb.py [--megabytes N] [--quick]   (--quick: a 0.5 MB file)
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.support import exit_status, missed, quick_option, wrong  # noqa: E402

TIME_TARGET_S = 30.0
MEMORY_TARGET_X = 10.0
FIXTURE = REPO_ROOT / "tests" / "orders" / "fixtures" / "platforms" / "shopify_orders_export.csv"
DOORS = (
    ("batch", "shipment drafts (Batch page, packdesk batch)"),
    ("orders", "order bodies (watched folder, orders import)"),
)
#: the fixture's receivers' fields made unique per copy of an order
VARIED = ("Erika Mustermann", "Musterstraße 12a", "10115", "erika@example.com")


def write_export(path: Path, megabytes: float) -> tuple[int, int]:
    """The fixture's orders repeated under new numbers up to `megabytes`; (rows, orders)."""
    header, *body = FIXTURE.read_text(encoding="utf-8").splitlines()
    rows = orders = 0
    with path.open("w", encoding="utf-8", newline="\n") as fh:
        fh.write(header + "\n")
        while fh.tell() < megabytes * 1_000_000:
            orders += 4
            name, street, zip_code, email = VARIED
            for line in body:
                line = line.replace("#100", f"#{orders}-100", 1)
                line = line.replace(name, f"Erika Muster{orders}").replace(street,
                                    f"Musterstraße {orders % 997 + 1}")  # fmt: skip
                line = line.replace(zip_code, f"{10115 + orders % 800}")
                fh.write(line.replace(email, f"erika{orders}@example.com") + "\n")
                rows += 1
    return rows, orders


def door(kind: str, path: Path, profile_dir: Path) -> dict[str, float | int]:
    """One door's work on the file, in this (child) process."""
    from bench.batch_csv import PRODUCTS
    from desktop_app.batch_runs.rows import Batch
    from desktop_app.orders.engine import read_orders
    from desktop_app.orders.service_orders import drafts_of
    from desktop_app.orders.shipment_drafts import Defaults
    from desktop_app.profiles.catalogue import Catalogue
    from desktop_app.profiles.models import sample_sender

    catalogue = Catalogue.of_profile(profile_dir)
    catalogue.put_many(PRODUCTS)
    before_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    orders = read_orders(path, catalogue=catalogue)
    read_s = time.perf_counter() - started
    if kind == "batch":
        defaults = Defaults(sender=sample_sender(), carrier="dhl", service="standard",
                            package={"length": 30, "width": 20, "height": 10})  # fmt: skip
        batch = Batch.of_orders(orders, defaults, catalogue=catalogue)
        valid = sum(1 for row in batch.rows if row.valid)
    else:
        valid = sum(1 for body in drafts_of(orders) if body.valid)
    return {"orders": len(orders.records), "valid": valid, "read_s": read_s,
            "total_s": time.perf_counter() - started, "before_kib": before_kib}  # fmt: skip


def run_door(kind: str, path: Path, profile_dir: Path) -> tuple[dict[str, float | int], int]:
    """A door in a child process: what it reported and its max RSS (KiB)."""
    child = subprocess.Popen(
        [sys.executable, __file__, "--door", kind, str(path), str(profile_dir)],
        stdout=subprocess.PIPE,
    )
    out = child.stdout.read() if child.stdout else b""
    _pid, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"the {kind} door failed ({child.returncode})")
    return json.loads(out), usage.ru_maxrss


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=20.0)
    parser.add_argument("--door", nargs=3, metavar=("KIND", "FILE", "PROFILE"),
                        help=argparse.SUPPRESS)  # fmt: skip
    args = quick_option(parser).parse_args()
    if args.quick:
        args.megabytes = 0.5
    if args.door:
        kind, file, profile = args.door
        print(json.dumps(door(kind, Path(file), Path(profile))))
        return 0
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-import-") as tmp:
        root = Path(tmp)
        path = root / "orders_export.csv"
        rows, count = write_export(path, args.megabytes)
        size = path.stat().st_size
        print(f"  file                  {size / 1e6:7.1f} MB, {rows} rows, {count} orders")
        print(f"  load average          {os.getloadavg()[0]:7.1f} (on {os.cpu_count()} cores)")
        for kind, title in DOORS:
            report, peak_kib = run_door(kind, path, root / kind)
            added = (peak_kib - int(report["before_kib"])) * 1024
            print(f"  {title}")
            print(f"    orders / valid      {report['orders']} / {report['valid']}")
            print(f"    read and grouped    {report['read_s']:7.2f} s")
            print(f"    + checked           {report['total_s']:7.2f} s  "
                  f"(target <= {TIME_TARGET_S:.0f} s)")  # fmt: skip
            print(f"    peak memory (RSS)   {peak_kib / 1024:7.1f} MiB "
                  f"({int(report['before_kib']) / 1024:.1f} MiB after the imports)")  # fmt: skip
            print(f"    added by the import {added / size:7.1f}x the file "
                  f"(target <= {MEMORY_TARGET_X:.0f}x)")  # fmt: skip
            if not report["orders"] == count == report["valid"]:
                wrong(f"{title}: {report['orders']} orders, {report['valid']} valid of {count}")
            if float(report["total_s"]) > TIME_TARGET_S:
                missed(f"{kind} door within {TIME_TARGET_S:.0f} s")
            if added > MEMORY_TARGET_X * size:
                missed(f"{kind} door's memory within {MEMORY_TARGET_X:.0f}x the file")
    return exit_status(args.quick)


if __name__ == "__main__":
    sys.exit(main())
