import asyncio
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.transports import (
    OutgoingJob,
    TransportError,
    create_transport,
    transport_schemes,
)

from .label_factory import zpl_label


def printer(uri: str, kind: str = "zpl") -> PrinterDefinition:
    return PrinterDefinition("p", kind, uri)  # type: ignore[arg-type]


async def test_bytes_arrive_unchanged_over_tcp(vprinter):
    data = bytes(range(256)) * 2000 + zpl_label()  # 500 KB, every byte value
    connected = []
    await create_transport(printer(vprinter.uri)).send(
        OutgoingJob(data, "zpl"), lambda: connected.append(True)
    )
    (job,) = await vprinter.wait_for_jobs(1)
    assert job.data == data and job.path.read_bytes() == data
    assert connected == [True]


async def test_refused_connection_names_host_and_reason(vprinter):
    await vprinter.set_refusing(True)
    connected = []
    with pytest.raises(TransportError) as err:
        await create_transport(printer(vprinter.uri)).send(
            OutgoingJob(b"^XA^XZ", "zpl"), lambda: connected.append(True)
        )
    assert f"127.0.0.1:{vprinter.port}: connection refused" in err.value.message
    assert not err.value.connected and err.value.retryable and connected == []


async def test_stalled_printer_is_reported_and_gets_a_reset(vprinter):
    vprinter.set_stall(1.0)
    with pytest.raises(TransportError) as err:
        await create_transport(printer(vprinter.uri + "?ack_timeout=0.2")).send(
            OutgoingJob(zpl_label(), "zpl")
        )
    assert "stalled while waiting for the printer to confirm" in err.value.message
    assert err.value.connected
    # the printer, once it reads, sees the reset: the job is partial, not printed
    while len(vprinter.received) < 1:
        await asyncio.sleep(0.05)
    assert vprinter.jobs == [] and vprinter.received[0].path.suffix == ".partial"


async def test_drop_mid_job_is_a_lost_connection(vprinter):
    vprinter.set_drop_after(100)
    with pytest.raises(TransportError) as err:
        await create_transport(printer(vprinter.uri)).send(OutgoingJob(zpl_label() * 50, "zpl"))
    assert "connection lost" in err.value.message and err.value.connected


async def test_connect_timeout_when_nobody_answers():
    # a listener whose accept queue is full drops further SYNs: the connect attempt hangs
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(0)
        port = server.getsockname()[1]
        fillers = []
        try:
            for _ in range(3):
                s = socket.socket()
                s.setblocking(False)
                s.connect_ex(("127.0.0.1", port))
                fillers.append(s)
            with pytest.raises(TransportError) as err:
                uri = f"tcp://127.0.0.1:{port}?connect_timeout=0.3&ack_timeout=0.3"
                await create_transport(printer(uri)).send(OutgoingJob(b"^XA^XZ", "zpl"))
        finally:
            for s in fillers:
                s.close()
    assert err.value.message.startswith(f"127.0.0.1:{port}: ")
    assert not err.value.connected or "stalled" in err.value.message


async def test_file_transport_writes_each_job(tmp_path):
    t = create_transport(printer(f"file:{tmp_path}/out"))
    await t.send(OutgoingJob(b"^XA^FDone^FS^XZ", "zpl", "Order 1", job_id=7))
    await t.send(OutgoingJob(b"%PDF-1.4 x", "pdf", "Order 2", job_id=8))
    files = sorted((tmp_path / "out").iterdir())
    assert [f.suffix for f in files] == [".zpl", ".pdf"]
    assert "job7-Order-1" in files[0].name
    assert files[0].read_bytes() == b"^XA^FDone^FS^XZ"


def test_bad_uris_are_rejected_with_a_reason():
    with pytest.raises(ValueError, match="unknown transport 'ftp'"):
        create_transport(printer("ftp://x"))
    with pytest.raises(ValueError, match="no host"):
        create_transport(printer("tcp://:9100"))
    with pytest.raises(ValueError, match="usb:VENDOR:PRODUCT"):
        create_transport(printer("usb:zebra"))
    with pytest.raises(ValueError, match="not a CUPS queue"):
        create_transport(printer("cups:"))
    assert {"tcp", "cups", "usb", "serial", "win32", "file", "qt", "qt-pdf"} <= set(
        transport_schemes()
    )


def test_tcp_defaults_to_port_9100():
    t = create_transport(printer("tcp://192.0.2.10"))
    assert t.describe() == "192.0.2.10:9100"


def test_heavy_modules_are_imported_only_when_used():
    code = (
        "import sys, desktop_app.printing.queue, desktop_app.printing.transports;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('escpos', 'PySide6', 'usb')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_cups_lp_command_line():
    t = create_transport(printer("cups:Zebra_ZD421?server=/run/cups/cups.sock"))
    args = t.lp_args(OutgoingJob(b"", "zpl", "Label 1"))
    assert args == [
        "lp", "-h", "/run/cups/cups.sock", "-d", "Zebra_ZD421", "-t", "Label 1", "-o", "raw",
        "--", "-",
    ]  # fmt: skip
    pdf_args = create_transport(printer("cups:Office", "pdf")).lp_args(OutgoingJob(b"", "pdf", "L"))
    assert "raw" not in pdf_args and "print-scaling=none" in pdf_args


async def test_cups_error_is_reported(tmp_path):
    # a server socket nobody listens on: lp fails and cupsd never had the job
    t = create_transport(printer(f"cups:nosuchqueue?server={tmp_path}/none.sock&timeout=20"))
    with pytest.raises(TransportError) as err:
        await t.send(OutgoingJob(b"^XA^XZ", "zpl"))
    assert err.value.message.startswith("CUPS queue nosuchqueue: ")
    assert not err.value.connected


async def test_serial_transport_over_a_pty():
    pytest.importorskip("serial", reason="pyserial (the 'serial' extra) not installed")
    master, slave = os.openpty()
    received = bytearray()
    data = zpl_label() * 20

    def reader() -> None:
        while len(received) < len(data):
            received.extend(os.read(master, 65536))

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    try:
        t = create_transport(printer(f"serial:{os.ttyname(slave)}?baudrate=115200&dsrdtr=0"))
        await t.send(OutgoingJob(data, "zpl"))
        await asyncio.get_running_loop().run_in_executor(None, thread.join, 10)
    finally:
        os.close(slave)
        os.close(master)
    assert bytes(received) == data


async def test_usb_printer_missing_gives_a_clear_message():
    t = create_transport(printer("usb:0a5f:0164"))
    with pytest.raises(TransportError) as err:
        await t.send(OutgoingJob(b"^XA^XZ", "zpl"))
    message = err.value.message
    assert "usb" in message.lower()
    assert not err.value.connected
    if "packdesk[usb]" in message:  # pyusb missing: a retry cannot help
        assert not err.value.retryable


def test_file_uri_with_slashes(tmp_path: Path):
    t = create_transport(printer(f"file://{tmp_path}"))
    assert t.describe() == f"folder {tmp_path}"
