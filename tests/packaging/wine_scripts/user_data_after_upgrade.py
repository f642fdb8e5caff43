"""Run by the current build's installed Python under Wine after the upgrade: the profile, its
key and the queued label made by user_data_before_upgrade.py, as the app reads them. Prints
JSON (whether the key matches, never the key).

    python.exe user_data_after_upgrade.py <the install's pkgs folder> <profile id>
"""

from __future__ import annotations

import asyncio
import json
import site
import sys

site.addsitedir(sys.argv[1])

import desktop_app  # noqa: E402
from desktop_app.paths import PRINT_QUEUE_DB_NAME  # noqa: E402
from desktop_app.printing.queue import PrintQueue  # noqa: E402
from desktop_app.profiles.manager import ProfileManager  # noqa: E402


async def main(profile_id: str) -> dict[str, object]:
    manager = ProfileManager()
    profile = manager.get(profile_id)
    queue = PrintQueue(manager.profile_data_dir(profile) / PRINT_QUEUE_DB_NAME)
    jobs = [
        {"id": j.id, "state": j.state, "title": j.title, "printer": j.printer} for j in queue.jobs()
    ]
    label = queue.document(jobs[0]["id"]) if jobs else b""
    await queue.close()
    return {
        "label": label.decode("ascii", "replace"),
        "version": desktop_app.__version__,
        "profile": profile.name,
        "key_kept": manager.secrets.get(profile.id) == "pk_test_kept_over_the_upgrade",
        "jobs": jobs,
    }


sys.stdout.write(json.dumps(asyncio.run(main(sys.argv[2]))) + "\n")
