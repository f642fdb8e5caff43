"""Run by the previous build's installed Python under Wine (tests/packaging/
test_windows_installer.py): what a shop owner has before upgrading, made through the app's own
code: a profile with its API key (in the secret store the app picks: on Windows the Credential
Manager), a printer and a label queued for it (the printer is off). Prints it as JSON.

    python.exe user_data_before_upgrade.py <the install's pkgs folder>
"""

from __future__ import annotations

import asyncio
import json
import site
import sys

site.addsitedir(sys.argv[1])  # as the installed launchers do

from desktop_app.paths import PRINT_QUEUE_DB_NAME  # noqa: E402
from desktop_app.printing.printers import PrinterBook, PrinterDefinition  # noqa: E402
from desktop_app.printing.queue import PrintQueue  # noqa: E402
from desktop_app.profiles.manager import ProfileManager  # noqa: E402
from desktop_app.profiles.models import Profile  # noqa: E402

PROFILE = "Shop before the upgrade"
KEY = "pk_test_kept_over_the_upgrade"
PRINTER = "Upgrade Zebra"
LABEL = b"^XA^FO50,50^A0N,40,40^FDqueued before the upgrade^FS^XZ"


async def main() -> dict[str, object]:
    manager = ProfileManager()
    printer = PrinterDefinition(name=PRINTER, kind="zpl", transport="tcp://127.0.0.1:9")
    book = PrinterBook()
    book.put(printer)
    profile = manager.add(
        Profile(
            name=PROFILE, environment="sandbox", base_url="https://127.0.0.1:9", printer=PRINTER
        ),
        KEY,
        # what the Settings page passes once GET /v1/me answered; no service is asked here
        verified_environment="sandbox",
    )
    queue = PrintQueue(manager.profile_data_dir(profile) / PRINT_QUEUE_DB_NAME, book)
    job = queue.enqueue(printer, LABEL, title="queued before the upgrade")  # not started: stays
    await queue.close()
    return {
        "profile": profile.id,
        "job": job.id,
        "state": job.state,
        "secret_store": type(manager.secrets.inner).__name__,
        "config_dir": str(manager.config_dir),
    }


sys.stdout.write(json.dumps(asyncio.run(main())) + "\n")
