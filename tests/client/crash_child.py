"""Child process of the crash-recovery test: creates one shipment through the journal.

Run as `python -m tests.client.crash_child BASE_URL CA_FILE STORE_DIR REFERENCE` with the API
key in the environment variable PACKDESK_TEST_KEY (never on the command line). Prints
`SENDING` when the creation request is about to go out, then waits for the answer; the test
kills it before that answer can be stored.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import httpx

from desktop_app.client import ShippingClient
from desktop_app.client.journaled_creation import ShipmentCreator
from desktop_app.profiles.store import ProfileStore
from tests.client.conftest import shipment_request


async def _run(base_url: str, ca_file: str, store_dir: Path, reference: str) -> None:
    async def announce(request: httpx.Request) -> None:
        if request.method == "POST":
            sys.stdout.write("SENDING\n")
            sys.stdout.flush()

    with ProfileStore(store_dir, profile_id="crash", environment="sandbox") as store:
        async with ShippingClient(
            base_url,
            os.environ["PACKDESK_TEST_KEY"],
            ca_file=ca_file,
            event_hooks={"request": [announce]},
        ) as client:
            await ShipmentCreator(client, store).create(
                shipment_request(reference_number=reference)
            )
    sys.stdout.write("STORED\n")
    sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(_run(sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4]))
