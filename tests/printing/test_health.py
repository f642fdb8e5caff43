"""Printer health: ~HS/~HI/^HH answers, the queue holding jobs, the status command."""

import asyncio
import contextlib
import json
import os
import sqlite3
import threading
from pathlib import Path

import pytest

from desktop_app.printing.cli import printers_main
from desktop_app.printing.health import (
    PROBLEMS,
    HealthChecker,
    PrinterSilent,
    PrinterUnreachable,
    frames,
    parse_configuration,
    parse_host_identification,
    parse_host_status,
    query_printer,
    status_options,
)
from desktop_app.printing.printers import PrinterBook, PrinterDefinition
from desktop_app.printing.queue import PrintQueue
from desktop_app.printing.virtual_printer import FAULTS, PrinterPanel, VirtualPrinter
from tests.patience import PATIENCE

from .label_factory import pdf_label, zpl_label

FAST = {"backoff_initial": 0.2, "backoff_max": 1.0, "hold_poll": 0.1}


def zebra(vp: VirtualPrinter, dpi: int = 203, name: str = "zebra") -> PrinterDefinition:
    return PrinterDefinition(name, "zpl", vp.uri, dpi, "4x6in")


# --- parsers ---------------------------------------------------------------------------------

# ~HS as a ZD420 in tear-off mode sends it: ready, 1218-dot labels, nothing in the buffer
READY_HS = (
    b"\x02030,0,0,1218,000,0,0,0,000,0,0,0\x03\r\n"
    b"\x02001,0,0,0,0,2,6,0,00000000,1,000\x03\r\n"
    b"\x021234,0\x03\r\n"
)


def test_host_status_ready():
    status = parse_host_status(frames(READY_HS))
    assert status.ready and status.reason is None
    assert (status.label_length_dots, status.formats_in_buffer, status.labels_remaining) == (
        1218,
        0,
        0,
    )


@pytest.mark.parametrize(
    ("one", "two", "problem"),
    [
        ("030,1,0,1218,000,0,0,0,000,0,0,0", "001,0,0,0,0,2,6,0,00000000,1,000", "paper_out"),
        ("030,0,1,1218,000,0,0,0,000,0,0,0", "001,0,0,0,0,2,6,0,00000000,1,000", "paused"),
        ("030,0,0,1218,000,0,0,0,000,0,0,0", "001,0,1,0,0,2,6,0,00000000,1,000", "head_open"),
        ("030,0,0,1218,000,0,0,0,000,0,0,0", "001,0,0,1,1,2,6,0,00000000,1,000", "ribbon_out"),
        ("030,0,0,1218,012,1,0,0,000,0,0,0", "001,0,0,0,0,2,6,0,00000003,1,000", "buffer_full"),
        ("030,0,0,1218,000,0,0,0,000,1,0,0", "001,0,0,0,0,2,6,0,00000000,1,000", "corrupt_ram"),
        ("030,0,0,1218,000,0,0,0,000,0,1,0", "001,0,0,0,0,2,6,0,00000000,1,000", "too_cold"),
        ("030,0,0,1218,000,0,0,0,000,0,0,1", "001,0,0,0,0,2,6,0,00000000,1,000", "too_hot"),
    ],
)
def test_host_status_problems(one, two, problem):
    status = parse_host_status([one, two, "1234,0"])
    assert status.problems == [problem] and status.reason == PROBLEMS[problem]


def test_host_status_most_important_problem_first():
    status = parse_host_status(
        ["030,1,1,1218,000,0,0,0,000,0,0,0", "001,0,1,0,0,2,6,0,00000000,1,000", "1234,0"]
    )
    assert status.problems == ["head_open", "paper_out", "paused"]
    assert status.reason == "Print head open: close the print head"
    assert PROBLEMS["paper_out"] == "Out of labels: load labels and press Feed"


@pytest.mark.parametrize("bad", [[], ["1,2,3"], ["a,b,c,d,e,f,g,h,i,j,k,l", "x,y,z,1,2,3,4,5,6"]])
def test_host_status_garbage(bad):
    with pytest.raises(ValueError, match="~HS"):
        parse_host_status(bad)


@pytest.mark.parametrize(
    ("text", "model", "dpi"),
    [
        ("ZD421-203dpi,V84.20.21Z,8,8192KB", "ZD421-203dpi", 203),
        ("ZT410-300dpi,V75.19.15Z,12,4104KB", "ZT410-300dpi", 300),
        ("GK420d,V61.17.17Z,8,2104KB", "GK420d", 203),
        ("ZT610-600dpi,V72.20.01Z,24,8176KB", "ZT610-600dpi", 600),
        ("Honeywell PC42t,1.0,x", "Honeywell PC42t", None),
    ],
)
def test_host_identification(text, model, dpi):
    ident = parse_host_identification(text)
    assert (ident.model, ident.dpi) == (model, dpi)
    with pytest.raises(ValueError):
        parse_host_identification("")


def test_configuration_lines():
    text = "\x02  +10.0.............. DARKNESS\r\n  832................ PRINT WIDTH\r\n"
    text += "  1218 .............. LABEL LENGTH\r\n  garbage\r\n\x03"
    assert parse_configuration(text) == {
        "DARKNESS": "+10.0",
        "PRINT WIDTH": "832",
        "LABEL LENGTH": "1218",
    }


def test_which_printers_are_asked():
    def p(kind, transport):
        return PrinterDefinition("p", kind, transport, 203 if kind == "zpl" else 300)

    assert status_options(p("zpl", "tcp://10.0.0.5")) == ("tcp", "10.0.0.5", 9100)
    assert status_options(p("zpl", "tcp://10.0.0.5:6101?ack_timeout=3")) == (
        "tcp",
        "10.0.0.5",
        6101,
    )
    assert status_options(p("zpl", "serial:/dev/ttyS0?baudrate=19200")) == (
        "serial",
        "/dev/ttyS0",
        19200,
    )
    assert status_options(p("zpl", "tcp://10.0.0.5?status=0")) is None
    assert status_options(p("zpl", "cups:Zebra")) is None  # the spooler owns the printer
    assert status_options(p("zpl", "file:/tmp/x")) is None
    assert status_options(p("pdf", "tcp://10.0.0.5")) is None  # a query could print as text


# --- the virtual printer answers like a Zebra --------------------------------------------------


async def test_virtual_printer_reports_each_state(vprinter):
    printer = zebra(vprinter)
    report = await query_printer(printer, identify=True, configuration=True)
    assert report.status.ready and report.dpi == 203 and report.stock() == "4x6in"
    assert report.identification.model == "ZD421-203dpi"
    for fault in FAULTS:
        vprinter.panel.set(**{fault: True})
        report = await query_printer(printer)
        assert report.status.problems == [fault] and report.hold_reason(printer) == PROBLEMS[fault]
        vprinter.panel.set(**{fault: False})
    # status queries are not jobs (the printer counts one when the asker has closed)
    async with asyncio.timeout(30):
        while vprinter.status_queries < 1 + len(FAULTS):
            await asyncio.sleep(0.01)
    assert vprinter.jobs == [] and vprinter.status_queries == 1 + len(FAULTS)


async def _checks_later(vprinter: VirtualPrinter, count: int = 3) -> None:
    """Wait until the printer has been asked for its status `count` more times (a held job
    is asked about again every `hold_poll`): several checks later."""
    target = vprinter.status_queries + count
    async with asyncio.timeout(30):
        while vprinter.status_queries < target:
            await asyncio.sleep(0.01)


async def test_300_dpi_printer_reports_its_stock(tmp_path):
    panel = PrinterPanel(dpi=300, stock_mm=(100.0, 150.0))
    async with VirtualPrinter(tmp_path / "vp", dpi=300, render=False, panel=panel) as vp:
        report = await query_printer(zebra(vp, 300), identify=True, configuration=True)
    assert report.dpi == 300 and report.print_width_dots == 1181 and report.stock() == "100x150mm"


async def test_unreachable_and_silent_printers(tmp_path):
    async with VirtualPrinter(tmp_path / "vp", render=False, refuse=True) as vp:
        with pytest.raises(PrinterUnreachable):
            await query_printer(zebra(vp))
    async with silent_printer() as uri:
        with pytest.raises(PrinterSilent):
            await query_printer(PrinterDefinition("x", "zpl", uri, 203), timeout=0.3)


@contextlib.asynccontextmanager
async def silent_printer(received: list[bytes] | None = None):
    """A raw printer of another brand: reads each connection to its end, never answers."""

    async def handle(reader, writer):
        data = await reader.read()
        if received is not None and data:
            received.append(data)
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    try:
        yield f"tcp://127.0.0.1:{server.sockets[0].getsockname()[1]}"
    finally:
        server.close()
        await server.wait_closed()


def test_serial_printer_answers_over_a_pty():
    pytest.importorskip("serial")
    master, slave = os.openpty()
    panel = PrinterPanel(dpi=300, paper_out=True)
    stop = threading.Event()

    def serve():
        buf = b""
        while not stop.is_set():
            import select

            if master in select.select([master], [], [], 0.05)[0]:
                buf += os.read(master, 256)
                for query in (b"~HI", b"~HS"):
                    if query in buf:
                        os.write(master, panel.answer(query))
                        buf = buf.replace(query, b"", 1)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        printer = PrinterDefinition("s", "zpl", f"serial:{os.ttyname(slave)}?baudrate=9600", 203)
        report = asyncio.run(query_printer(printer, identify=True, timeout=2))
    finally:
        stop.set()
        thread.join()
        os.close(master)
        os.close(slave)
    assert report.status.paper_out and report.dpi == 300
    assert report.hold_reason(printer) == PROBLEMS["paper_out"]


# --- the queue holds jobs for a printer that cannot print -----------------------------------


@pytest.mark.parametrize("fault", FAULTS)
async def test_each_state_holds_the_job_then_releases_it(vprinter, tmp_path, fault):
    vprinter.panel.set(**{fault: True})
    async with PrintQueue(tmp_path / "q.sqlite3", **FAST) as queue:
        job = queue.enqueue(zebra(vprinter), zpl_label())
        held = await queue.wait_for(job.id, timeout=PATIENCE, states={"waiting"})
        assert held.held_reason == PROBLEMS[fault] and held.attempts == 0 and not held.connected
        status = queue.status("zebra")
        assert status.state == "waiting" and status.message == f"held: {PROBLEMS[fault]}"
        await _checks_later(vprinter)  # still nothing sent
        assert vprinter.jobs == [] and queue.get(job.id).state == "waiting"
        vprinter.panel.set(**{fault: False})
        done = await queue.wait_for(job.id, timeout=PATIENCE)
    assert done.state == "done" and done.held_reason is None and done.attempts == 1
    (received,) = vprinter.jobs
    assert received.data == zpl_label() and received.faults == ()


async def test_a_held_job_survives_a_restart_and_prints_once(vprinter, tmp_path):
    db = tmp_path / "q.sqlite3"
    vprinter.panel.set(paper_out=True)
    async with PrintQueue(db, **FAST) as queue:
        job = queue.enqueue(zebra(vprinter), zpl_label())
        await queue.wait_for(job.id, timeout=PATIENCE, states={"waiting"})
    async with PrintQueue(db, **FAST) as again:
        assert again.get(job.id).held_reason == PROBLEMS["paper_out"]
        await _checks_later(vprinter)
        assert vprinter.jobs == []
        vprinter.panel.set(paper_out=False)
        assert (await again.wait_for(job.id, timeout=PATIENCE)).state == "done"
        await asyncio.sleep(0.3)
    assert len(vprinter.jobs) == 1


async def test_printer_running_out_between_jobs(vprinter, tmp_path):
    # the first label uses up the roll: the printer says so after it; the second job waits
    vprinter.on_job = lambda job: vprinter.panel.set(paper_out=True)
    async with PrintQueue(tmp_path / "q.sqlite3", **FAST) as queue:
        printer = zebra(vprinter)
        first = queue.enqueue(printer, zpl_label("1"))
        second = queue.enqueue(printer, zpl_label("2"))
        await queue.wait_for(first.id, timeout=PATIENCE)
        held = await queue.wait_for(second.id, timeout=PATIENCE, states={"waiting"})
        assert held.held_reason == PROBLEMS["paper_out"]
        async with asyncio.timeout(30):
            while not queue.get(first.id).notes:
                await asyncio.sleep(0.02)
        assert "after this job the printer reported: Out of labels" in queue.get(first.id).notes
        vprinter.on_job = None
        vprinter.panel.set(paper_out=False)
        await queue.wait_for(second.id, timeout=PATIENCE)
    assert [j.data for j in vprinter.jobs] == [zpl_label("1"), zpl_label("2")]


async def test_cancel_a_held_job(vprinter, tmp_path):
    vprinter.panel.set(head_open=True)
    async with PrintQueue(tmp_path / "q.sqlite3", **FAST) as queue:
        job = queue.enqueue(zebra(vprinter), zpl_label())
        await queue.wait_for(job.id, timeout=PATIENCE, states={"waiting"})
        queue.cancel(job.id)
        vprinter.panel.set(head_open=False)
        await asyncio.sleep(0.3)
        assert queue.get(job.id).state == "canceled"
    assert vprinter.jobs == []


async def test_dpi_mismatch_is_flagged_before_printing(vprinter, tmp_path):
    printers = {"zebra": zebra(vprinter, dpi=300)}  # the printer is a 203-dpi one
    async with PrintQueue(tmp_path / "q.sqlite3", printers, **FAST) as queue:
        job = queue.enqueue(printers["zebra"], pdf_label())
        held = await queue.wait_for(job.id, timeout=30, states={"waiting"})
        assert "prints at 203 dpi but is set up here for 300 dpi" in held.held_reason
        await _checks_later(vprinter)
        assert vprinter.jobs == []
        printers["zebra"] = zebra(vprinter, dpi=203)  # the user corrects the definition
        assert (await queue.wait_for(job.id, timeout=30)).state == "done"
    (received,) = vprinter.jobs
    assert b"^PW812" in received.data  # converted again for the corrected 203 dpi


async def test_a_printer_that_does_not_answer_prints_as_before_and_is_asked_once(tmp_path):
    received: list[bytes] = []
    checker = HealthChecker(timeout=0.3)
    async with (
        silent_printer(received) as uri,
        PrintQueue(tmp_path / "q.sqlite3", health=checker, **FAST) as queue,
    ):
        printer = PrinterDefinition("other", "zpl", uri, 203)
        jobs = [queue.enqueue(printer, zpl_label(str(n))) for n in range(3)]
        for job in jobs:
            assert (await queue.wait_for(job.id, timeout=PATIENCE)).state == "done"
    # one status query (3 bytes, no answer), then the three labels; never asked again
    assert checker.queries == 1
    assert received == [b"~HI~HS"] + [zpl_label(str(n)) for n in range(3)]


async def test_health_checks_can_be_turned_off(vprinter, tmp_path):
    vprinter.panel.set(paper_out=True)
    async with PrintQueue(tmp_path / "q.sqlite3", health=False, **FAST) as queue:
        job = queue.enqueue(zebra(vprinter), zpl_label())
        assert (await queue.wait_for(job.id, timeout=PATIENCE)).state == "done"
    assert vprinter.jobs[0].faults == ("paper_out",) and vprinter.status_queries == 0


async def test_an_older_queue_file_gets_the_new_column(vprinter, tmp_path):
    db = tmp_path / "q.sqlite3"
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.executescript(
            "CREATE TABLE print_jobs (id INTEGER PRIMARY KEY AUTOINCREMENT, printer TEXT NOT NULL,"
            " printer_json TEXT NOT NULL, state TEXT NOT NULL, title TEXT NOT NULL, reference TEXT,"
            " document BLOB NOT NULL, doc_kind TEXT NOT NULL, source_format TEXT,"
            " attempts INTEGER NOT NULL DEFAULT 0, connected INTEGER NOT NULL DEFAULT 0,"
            " last_error TEXT, notes TEXT, next_attempt_at REAL, created_at REAL NOT NULL,"
            " updated_at REAL NOT NULL, acknowledged_at REAL);"
        )
    async with PrintQueue(db, **FAST) as queue:
        job = queue.enqueue(zebra(vprinter), zpl_label())
        assert (await queue.wait_for(job.id, timeout=PATIENCE)).state == "done"


# --- packdesk printers status / add --detect ----------------------------------------------


async def test_printers_status_command(vprinter, tmp_path, capsys):
    book_path = tmp_path / "printers.json"
    book = PrinterBook(book_path)
    book.put(zebra(vprinter))
    book.put(PrinterDefinition("wrong-dpi", "zpl", vprinter.uri, 300))

    def status(*args):
        return printers_main(["--printers-file", str(book_path), "status", *args])

    assert await asyncio.to_thread(status, "zebra") == 0
    out = capsys.readouterr().out
    assert "zebra: ready" in out and "ZD421-203dpi" in out and "stock 4x6in" in out
    vprinter.panel.set(paused=True)
    assert await asyncio.to_thread(status, "zebra", "--json") == 1
    data = json.loads(capsys.readouterr().out)
    assert data["problems"] == ["paused"] and data["dpi"] == 203 and data["ready"] is False
    vprinter.panel.set(paused=False)
    assert await asyncio.to_thread(status, "wrong-dpi") == 1
    assert "set up here for 300 dpi" in capsys.readouterr().out
    assert await asyncio.to_thread(status, "missing") == 2
    async with silent_printer() as uri:
        book.put(PrinterDefinition("other", "zpl", uri, 203))
        assert await asyncio.to_thread(status, "other", "--timeout", "0.3") == 3


async def test_printers_add_detect_fills_dpi_and_stock(tmp_path, capsys):
    book_path = Path(tmp_path / "printers.json")
    panel = PrinterPanel(dpi=300, stock_mm=(100.0, 150.0))
    async with VirtualPrinter(tmp_path / "vp", dpi=300, render=False, panel=panel) as vp:
        rc = await asyncio.to_thread(
            printers_main,
            [
                "--printers-file",
                str(book_path),
                "add",
                "z",
                "--kind",
                "zpl",
                "--to",
                vp.uri,
                "--detect",
            ],
        )
    assert rc == 0
    saved = PrinterBook(book_path)["z"]
    assert (saved.dpi, saved.stock) == (300, "100x150mm")
    assert "ZD421-300dpi reports 300 dpi, stock 100x150mm" in capsys.readouterr().out


async def test_virtual_printer_command_states_from_flags_and_control_file(tmp_path):
    import sys

    out = tmp_path / "vp"
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "desktop_app",
        "virtual-printer",
        "--port",
        "0",
        "--out",
        str(out),
        "--no-render",
        "--paper-out",
        "--head-open",
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        line = (await asyncio.wait_for(proc.stdout.readline(), 30)).decode()
        uri = line.split()[2]
        printer = PrinterDefinition("vp", "zpl", uri, 203)
        report = await query_printer(printer)
        assert report.status.problems == ["head_open", "paper_out"]
        (out / "control.json").write_text(json.dumps({"head_open": False, "paused": True}))
        line = (await asyncio.wait_for(proc.stdout.readline(), 10)).decode()
        assert "faults=paper_out,paused" in line
        assert (await query_printer(printer)).status.problems == ["paper_out", "paused"]
    finally:
        proc.terminate()
        await asyncio.wait_for(proc.wait(), 10)


async def test_detect_settings_for_discovery(tmp_path):
    from desktop_app.printing.discovery import DiscoveryError, detect_settings

    panel = PrinterPanel(dpi=300)
    async with VirtualPrinter(tmp_path / "vp", dpi=300, render=False, panel=panel) as vp:
        found = await detect_settings(PrinterDefinition("new", "zpl", vp.uri, 203))
        assert (found.model, found.dpi, found.stock) == ("ZD421-300dpi", 300, "4x6in")
        applied = found.apply(PrinterDefinition("new", "zpl", vp.uri, 203, "100x150mm"))
        assert (applied.dpi, applied.stock) == (300, "4x6in")
        with pytest.raises(DiscoveryError, match="only ZPL printers"):
            await detect_settings(PrinterDefinition("pdf", "pdf", vp.uri, 300))
    with pytest.raises(DiscoveryError, match="did not report"):
        await detect_settings(PrinterDefinition("gone", "zpl", vp.uri, 203), timeout=0.3)


async def test_printers_scan_identify(vprinter, capsys):
    rc = await asyncio.to_thread(
        printers_main, ["scan", "127.0.0.1", "--port", str(vprinter.port), "--identify"]
    )
    assert rc == 0
    out = capsys.readouterr().out
    assert "ZD421-203dpi, 203 dpi, stock 4x6in" in out
    assert f"--to {vprinter.uri} --dpi 203 --stock 4x6in" in out
    assert vprinter.jobs == []


async def test_a_status_check_waits_while_a_job_holds_the_port(vprinter, tmp_path):
    """Settings' Check status beside a job being sent: the printer's port serves one at a
    time (a real one refuses or mixes a second connection), so the check waits its turn."""
    vprinter.set_stall(0.5)  # the printer takes its time with each connection
    async with PrintQueue(tmp_path / "q.sqlite3", health=False, **FAST) as queue:
        job = queue.enqueue(zebra(vprinter), zpl_label())
        async with asyncio.timeout(30):
            while vprinter.open_now == 0:  # the job's connection is open (and stalled)
                await asyncio.sleep(0.01)
        report = await query_printer(zebra(vprinter), timeout=5.0)
        assert report is not None and report.status.problems == []
        assert (await queue.wait_for(job.id, timeout=30)).state == "done"
    assert vprinter.most_open == 1 and vprinter.connections == 2


async def test_an_idle_printer_found_paused_says_so_not_ready(vprinter, tmp_path):
    """The queue's status of a printer with nothing to print names the problem its last health
    check saw (the status bar said "ready" for a paused printer)."""
    printer = zebra(vprinter)
    async with PrintQueue(tmp_path / "q.sqlite3", {"zebra": printer}, **FAST) as queue:
        job = queue.enqueue(printer, zpl_label())
        assert (await queue.wait_for(job.id, timeout=PATIENCE)).state == "done"
        assert queue.status("zebra").state == "idle"
        vprinter.panel.set(paused=True)
        assert queue.health is not None
        await queue.health.check(printer)
        status = queue.status("zebra")
        assert (status.state, status.problem) == ("attention", "paused")
        assert status.message == PROBLEMS["paused"]
        vprinter.panel.set(paused=False)
        await queue.health.check(printer)
        assert queue.status("zebra").state == "idle"
