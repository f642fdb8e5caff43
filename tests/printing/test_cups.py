"""CUPS raw queue end to end: a private cupsd, a raw queue pointing at the virtual printer."""

import asyncio
import os
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from desktop_app.printing.discovery import list_cups_queues
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue import PrintQueue
from desktop_app.printing.transports import OutgoingJob, create_transport

from .label_factory import pdf_label, zpl_label

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


async def _run(*args: str) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        *args, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    out, _ = await asyncio.wait_for(proc.communicate(), 15)
    return proc.returncode or 0, out.decode(errors="replace")


@pytest.fixture
async def cupsd() -> AsyncIterator[str]:
    """A private cupsd on a Unix socket; skips (with the reason) where it cannot run."""
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
    proc = await asyncio.create_subprocess_exec(
        binary, "-f", "-c", str(root / "etc/cupsd.conf"), "-s", str(root / "etc/cups-files.conf"),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )  # fmt: skip
    try:
        # cupsd has no readiness signal: wait (bounded) for its socket to answer
        for _ in range(100):
            if proc.returncode is not None:
                break
            if Path(sock).exists() and (await _run("lpstat", "-h", sock, "-r"))[1].startswith(
                "scheduler is running"
            ):
                break
            await asyncio.sleep(0.1)
        else:
            pytest.skip("cupsd did not come up within 10 s")
        if proc.returncode is not None:
            log = (root / "log" / "error_log").read_text(errors="replace")[-500:]
            pytest.skip(f"cupsd could not start: {log.strip() or 'exit ' + str(proc.returncode)}")
        yield sock
    finally:
        if proc.returncode is None:
            proc.terminate()
            await asyncio.wait_for(proc.wait(), 10)
        shutil.rmtree(root, ignore_errors=True)


async def test_raw_queue_receives_jobs_unchanged(cupsd, vprinter, tmp_path):
    rc, out = await _run(
        "lpadmin", "-h", cupsd, "-p", "pd_test", "-E", "-v", f"socket://127.0.0.1:{vprinter.port}",
        "-m", "raw",
    )  # fmt: skip
    if rc != 0:
        pytest.skip(f"this CUPS cannot make raw queues: {out.strip()}")
    assert [q.name for q in await list_cups_queues(server=cupsd)] == ["pd_test"]

    printer = PrinterDefinition("cups", "zpl", f"cups:pd_test?server={cupsd}", 203, "4x6in")
    label = zpl_label() + bytes(range(256))  # every byte value must pass through untouched
    await create_transport(printer).send(OutgoingJob(label, "zpl", "raw test"))
    (job,) = await vprinter.wait_for_jobs(1, timeout=15)
    assert job.data == label

    # and through the queue, a PDF converted for the thermal printer behind CUPS
    async with PrintQueue(tmp_path / "q.sqlite3", backoff_initial=0.2) as queue:
        queued = queue.enqueue(printer, pdf_label(), title="converted")
        assert (await queue.wait_for(queued.id, timeout=15)).state == "done"
    jobs = await vprinter.wait_for_jobs(2, timeout=15)
    assert jobs[1].data.startswith(b"^XA^PON^PW812^LL1218")


async def test_missing_queue_is_reported(cupsd):
    printer = PrinterDefinition("cups", "zpl", f"cups:nosuchqueue?server={cupsd}", 203)
    with pytest.raises(Exception, match="nosuchqueue") as err:
        await create_transport(printer).send(OutgoingJob(b"^XA^XZ", "zpl"))
    assert not err.value.connected
