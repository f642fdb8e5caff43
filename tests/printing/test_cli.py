import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from desktop_app.printing.cli import print_main, printers_main
from desktop_app.printing.printers import PrinterBook

from .label_factory import pdf_label, zpl_label


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    pdf = tmp_path / "label.pdf"
    pdf.write_bytes(pdf_label())
    zpl = tmp_path / "label.zpl"
    zpl.write_bytes(zpl_label(dpi=203))
    return {"pdf": pdf, "zpl": zpl, "db": tmp_path / "queue.sqlite3", "book": tmp_path / "p.json"}


async def run(main, *argv: str) -> int:
    # the CLI runs its own event loop: give it a thread, the virtual printer keeps this one
    return await asyncio.to_thread(main, [str(a) for a in argv])


async def test_print_pdf_converted_for_a_300_dpi_printer(vprinter, files, capsys):
    vprinter.panel.dpi = 300  # a 300-dpi printer (a 203-dpi one would hold the job)
    rc = await run(
        print_main, files["pdf"], "--to", vprinter.uri, "--dpi", "300", "--queue-db", files["db"]
    )
    assert rc == 0
    assert "converted to ZPL at 300 dpi" in capsys.readouterr().out
    (job,) = vprinter.jobs
    assert b"^PW1200^LL1800" in job.data


async def test_print_zpl_for_the_wrong_dpi_fails_clearly(vprinter, files, capsys):
    rc = await run(
        print_main, files["zpl"], "--to", vprinter.uri, "--dpi", "300", "--queue-db", files["db"]
    )
    assert rc == 1
    assert "made for 203 dpi" in capsys.readouterr().err
    assert vprinter.received == []


async def test_print_to_an_unreachable_printer_gives_up_after_wait(vprinter, files, capsys):
    await vprinter.set_refusing(True)
    rc = await run(
        print_main, files["zpl"], "--to", vprinter.uri, "--wait", "1", "--queue-db", files["db"]
    )
    assert rc == 1
    err = capsys.readouterr().err
    assert "connection refused" in err and "job canceled" in err


async def test_print_to_a_folder(tmp_path, files):
    rc = await run(
        print_main, files["zpl"], "--to", f"file:{tmp_path}/out", "--queue-db", files["db"]
    )
    assert rc == 0
    (written,) = (tmp_path / "out").iterdir()
    assert written.read_bytes() == zpl_label(dpi=203)


async def test_print_usage_errors(files, capsys):
    assert await run(print_main, files["zpl"], "--to", "ftp://x", "--queue-db", files["db"]) == 2
    assert "unknown transport" in capsys.readouterr().err
    missing = await run(
        print_main, files["zpl"], "--printer", "nope", "--printers-file", files["book"]
    )
    assert missing == 2
    assert "unknown printer 'nope'" in capsys.readouterr().err
    assert await run(print_main, "/nonexistent.zpl", "--to", "file:/tmp") == 1


async def test_printers_add_list_test_remove(vprinter, files, capsys):
    book = ["--printers-file", files["book"]]
    assert await run(printers_main, *book, "add", "desk", "--kind", "zpl", "--to", vprinter.uri,
                     "--dpi", "203", "--darkness", "18", "--label-home", "8,0") == 0  # fmt: skip
    assert (
        await run(printers_main, *book, "add", "desk", "--kind", "zpl", "--to", vprinter.uri) == 2
    )
    assert "--replace" in capsys.readouterr().err
    assert await run(printers_main, *book, "add", "bad", "--kind", "zpl", "--to", vprinter.uri,
                     "--dpi", "250") == 2  # fmt: skip
    assert "203 or 300" in capsys.readouterr().err
    assert await run(printers_main, *book, "list", "--json") == 0
    listed = json.loads(capsys.readouterr().out)["printers"]
    assert [(p["name"], p["darkness"], p["label_offset_dots"]) for p in listed] == [
        ("desk", 18, [8, 0])
    ]
    assert await run(printers_main, *book, "test", "desk", "--queue-db", files["db"]) == 0
    (job,) = vprinter.jobs
    assert job.data.startswith(b"~SD18\n^XA^LH8,0") and b"Packdesk test print" in job.data
    # print by printer name goes through the same definition
    assert (
        await run(print_main, files["zpl"], "--printer", "desk", *book, "--queue-db", files["db"])
        == 0
    )
    assert len(vprinter.jobs) == 2
    assert await run(printers_main, *book, "remove", "desk") == 0
    assert len(PrinterBook(files["book"])) == 0


async def test_printers_scan(vprinter, capsys):
    assert await run(printers_main, "scan", "127.0.0.1", "--port", vprinter.port) == 0
    assert vprinter.uri in capsys.readouterr().out
    assert await run(printers_main, "scan", "10.0.0.0/8") == 2


async def test_virtual_printer_command(tmp_path):
    out = tmp_path / "vp"
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "desktop_app", "virtual-printer", "--port", "0", "--out", str(out),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        banner = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        uri = banner.split()[2]
        assert uri.startswith("tcp://127.0.0.1:")
        host, port = uri[len("tcp://") :].split(":")
        _, writer = await asyncio.open_connection(host, int(port))
        writer.write(zpl_label())
        writer.write_eof()
        await writer.drain()
        writer.close()
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        assert line.startswith("job-0001.zpl: ") and "complete" in line
        assert (out / "job-0001.zpl").read_bytes() == zpl_label()
        # the control file switches fault modes while it runs
        (out / "control.json").write_text('{"refuse": true}')
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        assert "refuse=True" in line
        with pytest.raises(ConnectionRefusedError):
            await asyncio.open_connection(host, int(port))
    finally:
        if proc.returncode is None:
            os.kill(proc.pid, signal.SIGTERM)
        rc = await asyncio.wait_for(proc.wait(), 30)
    assert rc == 0


def test_packdesk_print_help_runs():
    out = subprocess.run(
        [sys.executable, "-m", "desktop_app", "print", "--help"], capture_output=True, text=True
    )
    assert out.returncode == 0 and "--printer" in out.stdout and "--to" in out.stdout
