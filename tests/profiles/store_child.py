"""Child process for the crash tests: journals and completes shipments, and dies on request.

Usage: python -m tests.profiles.store_child PROFILE_DIR COUNT [KILL_POINT [KILL_AT]]
It prints one line per completed shipment. With KILL_POINT (a step of `complete()`:
label_written, before_commit, committed) it SIGKILLs itself at that step of the
KILL_AT-th completion (default 1), as a power cut or a crash would stop it.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

from desktop_app.profiles.store import ProfileStore
from desktop_app.profiles.store import base as store_base


def shipment(n: int, tag: str) -> dict[str, object]:
    """A shipment as the service returns it."""
    return {
        "id": f"{tag}{n:04d}".ljust(40, "0"),
        "carrier": "dhl",
        "service": "standard",
        "reference_number": f"REF-{tag}-{n}",
        "carrier_tracking_no": f"TRACK{tag}{n:06d}",
        "to": {"first_name": "Erika", "last_name": f"Muster{n}", "city": "Berlin"},
        "created_at": f"2026-11-22T01:{n // 60 % 60:02d}:{n % 60:02d}+00:00",
        "label": {"format": "pdf_a6"},
        "price": 0.0,
    }


def main(argv: list[str]) -> int:
    """Run the loop; see the module docstring."""
    profile_dir, count = Path(argv[0]), int(argv[1])
    kill_point = argv[2] if len(argv) > 2 else None
    kill_at = int(argv[3]) if len(argv) > 3 else 1
    tag = f"{os.getpid() % 0xFFFF:04x}"
    done = 0

    def hook(point: str) -> None:
        if point == kill_point and done + 1 == kill_at:
            os.kill(os.getpid(), signal.SIGKILL)

    store_base._fault_hook = hook
    store = ProfileStore(profile_dir)
    for n in range(count):
        data = shipment(n, tag)
        journal_id = store.journal.add_pending(
            {"carrier": "dhl", "n": n}, str(data["reference_number"])
        )
        store.journal.complete(journal_id, data, b"%PDF-1.4 label " + bytes(str(n), "ascii") * 200)
        done += 1
        sys.stdout.write(f"{data['id']}\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
