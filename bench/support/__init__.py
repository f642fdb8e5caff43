"""Helpers shared by the benchmark scripts (a package, so `make bench` does not run it)."""

from __future__ import annotations

import subprocess
from typing import Any

from desktop_app.profiles.local_sandbox import terminate_child

STOP_TIMEOUT = 15.0

#: The shop's address in the batch benches (`packdesk batch` and the client's create loop).
SHOP_SENDER: dict[str, Any] = {
    "company": "Bench Shop",
    "street": "Hauptstraße",
    "street_no": "1",
    "zip_code": "10115",
    "city": "Berlin",
    "country": "DE",
}
#: The desk's default sender in the GUI benches.
DESK_SENDER: dict[str, Any] = {
    "company": "Packdesk Bench GmbH",
    "street": "Hafenstrasse",
    "street_no": "12",
    "zip_code": "20457",
    "city": "Hamburg",
    "country": "DE",
}


def stop_process(process: subprocess.Popen[Any]) -> None:
    """Terminate a child process; kill it if it has not exited after 15 s."""
    terminate_child(process, STOP_TIMEOUT)
