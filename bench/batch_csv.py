"""`packdesk batch` on a Shopify orders export of 500 orders: carrier latency 300 ms, rate limit
120 requests per 60 s.

The file is as Shopify exports it (tests/orders/fixtures/platforms/shopify_orders_export.csv
names the document): one row per line item (1 to 3 per order, the order's fields on its
first row only), no weights: they come from the profile's product catalogue. The command
recognises the layout, groups the rows into orders and fills the weights.

The command runs as a station would run it: a profile on a local service, a ZPL virtual
printer (`packdesk virtual-printer`), every label created, downloaded, journaled and printed
in file order. Prints the wall time of the whole command against the theoretical bound, the
labels per minute, and the peak memory (max RSS) of the batch process. Target: within 10 %.

The bound (as in bench/batch.py): the service's windows are fixed and start at the key's first
request, so with N rows (one rate-limited POST each; label downloads are not limited) the
last of ceil(N / limit) windows cannot start before (windows - 1) x interval, and its calls
still take the carrier latency in ceil(left / concurrency) rounds; and never less than
latency x rows / concurrency.

Usage: python bench/batch_csv.py [--count N] [--concurrency C] [--latency MS] [--rate-limit N/S]
                                 [--quick]   (--quick: 20 orders, carrier latency 50 ms)
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench.support import (  # noqa: E402
    SHOP_SENDER,
    exit_status,
    missed,
    quick_option,
    stop_process,
    wrong,
)
from desktop_app.printing.printers import PrinterBook, PrinterDefinition  # noqa: E402
from desktop_app.profiles.catalogue import Catalogue, Product  # noqa: E402
from desktop_app.profiles.manager import ProfileManager  # noqa: E402
from desktop_app.profiles.models import Preferences, Profile  # noqa: E402
from desktop_app.profiles.secrets import choose_secret_store  # noqa: E402

HEADERS = [
    "Name", "Email", "Financial Status", "Currency", "Created at", "Lineitem quantity",
    "Lineitem name", "Lineitem price", "Lineitem sku", "Shipping Name", "Shipping Street",
    "Shipping Address1", "Shipping Address2", "Shipping Company", "Shipping City",
    "Shipping Zip", "Shipping Province", "Shipping Country", "Shipping Phone",
]  # fmt: skip
PRODUCTS = [
    Product(sku="TSHIRT-M", name="T-Shirt M", weight_kg=0.18, value=19.9),
    Product(sku="MUG-01", name="Tasse", weight_kg=0.45, value=12.5),
    Product(sku="POSTER-A2", name="Poster A2", weight_kg=0.25, value=9.0),
]


def python_m(*args: str) -> list[str]:
    """`python -m desktop_app ARGS`."""
    return [sys.executable, "-m", "desktop_app", *args]


def start(cmd: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    """Start a child and return it with its first stdout line (then keep draining stdout)."""
    process = subprocess.Popen(
        cmd, cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    threading.Thread(target=lambda: process.stdout and process.stdout.read(), daemon=True).start()
    return process, line


def write_orders(path: Path, count: int) -> int:
    """A Shopify orders export of `count` valid orders; the number of rows written."""
    rows = 0
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(HEADERS)
        for i in range(count):
            for n in range(1 + i % 3):
                product = PRODUCTS[(i + n) % len(PRODUCTS)]
                item = [str(1 + n % 2), product.name, f"{product.value:.2f}", product.sku]
                order = ["", "", "", "", ""] + item + [""] * 10
                if n == 0:
                    order = [f"#{i + 1001}", f"kunde{i}@example.com", "paid", "EUR",
                             "2026-11-20 10:15:00 +0100", *item, f"Erika Muster{i}",
                             f"Heidestraße {i % 90 + 1}", f"Heidestraße {i % 90 + 1}", "", "",
                             "Köln", "51147", "", "DE", ""]  # fmt: skip
                order[0] = f"#{i + 1001}"
                writer.writerow(order)
                rows += 1
    return rows


def bound(count: int, concurrency: int, latency: float, limit: int, interval: float) -> float:
    """The theoretical lower bound of the wall time (see the module docstring)."""
    latency_bound = latency * count / concurrency
    if count <= limit:
        return latency_bound
    windows = math.ceil(count / limit)
    last = count - (windows - 1) * limit
    return max(latency_bound, (windows - 1) * interval + latency * math.ceil(last / concurrency))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--latency", type=int, default=300, metavar="MS")
    parser.add_argument("--rate-limit", default="120/60", metavar="N/SECONDS")
    args = quick_option(parser).parse_args()
    if args.quick:
        args.count, args.latency = 20, 50
    limit, interval = (float(x) for x in args.rate_limit.split("/"))
    print(
        f"machine: {os.cpu_count()} cores; {args.count} rows, carrier latency {args.latency} ms, "
        f"rate limit {args.rate_limit}, concurrency {args.concurrency}"
    )
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-csv-") as tmp:
        root = Path(tmp)
        config_dir, data_dir = root / "config", root / "data"
        env = {k: v for k, v in os.environ.items() if k != "PACKDESK_API_KEY"}
        env.update(
            PACKDESK_CONFIG_DIR=str(config_dir),
            PACKDESK_DATA_DIR=str(data_dir),
            PACKDESK_SECRET_STORE="file",
            PYTHONUNBUFFERED="1",
        )
        serve = python_m("serve", "--port", "0", "--data-dir", str(root / "service"))
        serve += ["--carrier-latency", str(args.latency), "--rate-limit", args.rate_limit]
        service, line = start([*serve, "--log-level", "warning"], env)
        printer_out = root / "printed"
        vp_cmd = python_m("virtual-printer", "--port", "0", "--out", str(printer_out))
        printer, vp_line = start([*vp_cmd, "--no-render"], env)
        try:
            info = json.loads(line)
            creds = json.loads(Path(info["credentials_file"]).read_text(encoding="utf-8"))
            uri = vp_line.split()[2]  # "virtual printer tcp://127.0.0.1:PORT at ..."
            PrinterBook(config_dir / "printers.json").put(
                PrinterDefinition(name="Bench ZPL", kind="zpl", transport=uri, stock="4x6in")
            )
            manager = ProfileManager(
                config_dir=config_dir,
                data_dir=data_dir,
                secrets=choose_secret_store(data_dir, prefer="file"),
            )
            profile = Profile(
                name="Bench",
                environment="sandbox",
                base_url=info["base_url"],
                ca_file=info["ca_file"],
                default_sender=SHOP_SENDER,
                printer="Bench ZPL",
                preferences=Preferences(
                    default_carrier="ups",
                    default_package={"length": 30, "width": 20, "height": 10},
                ),
            )
            profile = manager.save(profile, creds["sandbox_key"], verified_environment="sandbox")
            Catalogue.of_profile(manager.profile_data_dir(profile)).put_many(PRODUCTS)
            orders = root / "orders.csv"
            file_rows = write_orders(orders, args.count)
            print(f"  Shopify export        {file_rows} rows, {args.count} orders")
            results = root / "results.csv"
            batch = python_m("batch", str(orders), "--profile", "Bench", "--results", str(results))
            batch += ["--concurrency", str(args.concurrency)]

            started = time.perf_counter()
            done = subprocess.run(batch, cwd=REPO_ROOT, env=env, capture_output=True, text=True)
            if os.environ.get("BENCH_DEBUG"):
                print(done.stderr)
            elapsed = time.perf_counter() - started
            # the largest waited-for child: the batch command (service and printer still run)
            peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        finally:
            stop_process(printer)
            stop_process(service)
        with results.open(encoding="utf-8-sig", newline="") as fh:
            outcome = list(csv.DictReader(fh))
        created = sum(1 for r in outcome if r["status"] == "created")
        printed = sum(1 for r in outcome if r["print_status"] == "done")
        received = len(list(printer_out.glob("job-*.zpl")))
        lower = bound(args.count, args.concurrency, args.latency / 1000, int(limit), interval)
        print(f"  exit code             {done.returncode}")
        print(f"  orders created        {created} / {args.count}")
        print(f"  labels printed        {printed} (virtual printer received {received})")
        print(f"  wall time             {elapsed:7.2f} s  (whole command, start-up included)")
        print(f"  theoretical bound     {lower:7.2f} s")
        print(f"  ratio                 {elapsed / lower:7.3f}  (target <= 1.10)")
        print(f"  labels per minute     {printed / elapsed * 60:7.1f}")
        print(f"  peak memory (RSS)     {peak_mib:7.1f} MiB")
        if done.returncode != 0:
            print(done.stdout[-2000:])
            print(done.stderr[-2000:])
        if done.returncode != 0 or created != args.count or printed != args.count:
            wrong(f"exit code {done.returncode}, {created} created, {printed} printed")
        if received != printed:
            wrong(f"the printer received {received} of {printed} labels printed")
        if elapsed > lower * 1.10:
            missed("batch_csv: wall time within 10 % of the bound")
    return exit_status(args.quick)


if __name__ == "__main__":
    sys.exit(main())
