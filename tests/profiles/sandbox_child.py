"""A second Packdesk instance for the Local sandbox tests, in its own process.

Usage: python -m tests.profiles.sandbox_child SERVICE_DIR
Starts (or reuses) the Local sandbox, writes one JSON line {base_url, pid, owner}, then
waits for a line on stdin (or EOF) and stops as the app does on exit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from desktop_app.profiles.local_sandbox import LocalSandbox


def main(argv: list[str]) -> int:
    """Run one instance; see the module docstring."""
    sandbox = LocalSandbox(Path(argv[0]))
    info = sandbox.start_blocking()
    line = {"base_url": info.base_url, "pid": info.pid, "owner": sandbox.owner}
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()
    sys.stdin.readline()
    sandbox.stop_blocking()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
