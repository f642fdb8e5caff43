"""A private cupsd on a Unix socket for tests (root only: it drops to the lp user), with raw
queues added by `lpadmin`; skips (with the reason) where it cannot run."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

CUPSD_CONF = """\
Listen {sock}
LogLevel info
Browsing No
DefaultAuthType None
WebInterface No
<Location />
  Order allow,deny
  Allow all
</Location>
<Location /admin>
  Order allow,deny
  Allow all
</Location>
"""
CUPS_FILES_CONF = """\
ServerRoot {root}/etc
RequestRoot {root}/spool
StateDir {root}/state
CacheDir {root}/cache
TempDir {root}/tmp
ErrorLog {root}/log/error_log
AccessLog {root}/log/access_log
PageLog {root}/log/page_log
Printcap {root}/printcap
User lp
Group lp
SystemGroup root
"""
#: how long cupsd may take to answer on a loaded machine
STARTUP_S = 60.0


def _answers(sock: str) -> bool:
    done = subprocess.run(
        ["lpstat", "-h", sock, "-r"], capture_output=True, text=True, timeout=15, check=False
    )
    return done.stdout.startswith("scheduler is running")


@contextmanager
def private_cupsd() -> Iterator[str]:
    """A private cupsd; its socket (a `-h` server / CUPS_SERVER)."""
    binary = shutil.which("cupsd") or (
        "/usr/sbin/cupsd" if Path("/usr/sbin/cupsd").exists() else None
    )
    if binary is None or shutil.which("lpadmin") is None or shutil.which("lp") is None:
        pytest.skip("cupsd/lpadmin/lp not installed (apt packages cups, cups-client, cups-bsd)")
    if os.geteuid() != 0:
        pytest.skip("starting a private cupsd needs root (it drops to the lp user)")
    # a short path: Unix socket names are limited to ~100 bytes; readable by the lp user
    root = Path(tempfile.mkdtemp(prefix="pdcups-"))
    root.chmod(0o755)
    for sub in ("etc", "spool", "state", "cache", "tmp", "log"):
        (root / sub).mkdir(mode=0o755)
    for name in ("raw.types", "raw.convs"):
        if Path("/etc/cups", name).exists():
            shutil.copy(Path("/etc/cups", name), root / "etc" / name)
    sock = str(root / "cups.sock")
    (root / "etc" / "cupsd.conf").write_text(CUPSD_CONF.format(sock=sock))
    (root / "etc" / "cups-files.conf").write_text(CUPS_FILES_CONF.format(root=root))
    process = subprocess.Popen(
        [binary, "-f", "-c", str(root / "etc/cupsd.conf"), "-s", str(root / "etc/cups-files.conf")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # cupsd has no readiness signal: wait (bounded) for its socket to answer
        deadline = time.monotonic() + STARTUP_S
        while process.poll() is None and not (Path(sock).exists() and _answers(sock)):
            if time.monotonic() > deadline:
                pytest.skip(f"cupsd did not come up within {STARTUP_S:g} s")
            time.sleep(0.1)
        if process.poll() is not None:
            log = (root / "log" / "error_log").read_text(errors="replace")[-500:]
            pytest.skip(
                f"cupsd could not start: {log.strip() or 'exit ' + str(process.returncode)}"
            )
        yield sock
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(10)
        shutil.rmtree(root, ignore_errors=True)


def add_raw_queue(sock: str, name: str, device_uri: str) -> None:
    """A raw queue `name` sending to `device_uri` (a skip where this CUPS has no raw queues)."""
    done = subprocess.run(
        ["lpadmin", "-h", sock, "-p", name, "-E", "-v", device_uri, "-m", "raw"],
        capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        pytest.skip(f"this CUPS cannot make raw queues: {(done.stdout + done.stderr).strip()}")
