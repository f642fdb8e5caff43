"""Child process of the watched folder's crash test: imports the folder once, and after the
service has answered the first stored order prints `STORED` and hangs (the test kills it with
SIGKILL there, mid-file, the file claimed in processing/).

Run as `python -m tests.orders.watch_child FOLDER` in a station's environment, with the API key
in PACKDESK_TEST_KEY (never on the command line).
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import httpx

from desktop_app.client import ShippingClient
from desktop_app.orders.commands import find_profile
from desktop_app.orders.watched_folder import WatchedFolder
from desktop_app.profiles.manager import ProfileManager


async def _run(folder: Path) -> None:
    async def hang_after_first_order(response: httpx.Response) -> None:
        if response.request.method == "POST" and response.request.url.path.endswith("/orders"):
            sys.stdout.write("STORED\n")
            sys.stdout.flush()
            await asyncio.sleep(3600)

    manager = ProfileManager()
    profile = find_profile(manager, "Station")
    with manager.open_store(profile) as store:
        async with ShippingClient(
            profile.base_url,
            os.environ["PACKDESK_TEST_KEY"],
            ca_file=profile.ca_file,
            event_hooks={"response": [hang_after_first_order]},
        ) as client:
            await WatchedFolder(folder, settle=0).poll(client, store)
    sys.stdout.write("DONE\n")
    sys.stdout.flush()


if __name__ == "__main__":
    asyncio.run(_run(Path(sys.argv[1])))
