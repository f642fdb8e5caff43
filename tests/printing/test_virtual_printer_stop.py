"""The virtual printer stopped (or set to refuse) while a connection is being accepted closes
that connection at once: with asyncio's Server the socket stayed open until the garbage
collector found it (CPython gh-109564), seen as an "unclosed socket" at the teardown of
tests/gui/batch/test_batch_weights.py when the print queue's after-job status query came as
the test's printer stopped. The loop turns between the client's connect and the stop walk
through the accept's steps; two turns left the socket open on the old code."""

from __future__ import annotations

import asyncio
import logging
import socket
from pathlib import Path

import pytest

from desktop_app.printing.listener import Listener
from desktop_app.printing.virtual_printer import VirtualPrinter

#: only a printer that never closes the connection reaches this
CLOSED_WITHIN = 30.0


def connect_with_a_job(port: int) -> socket.socket:
    """A sender that has sent a whole job (and its end) and waits for the printer's answer."""
    client = socket.create_connection(("127.0.0.1", port), timeout=CLOSED_WITHIN)
    client.sendall(b"^XA^FDjob^FS^XZ")
    client.shutdown(socket.SHUT_WR)
    return client


async def closed_by_the_printer(client: socket.socket) -> bool:
    """Whether the printer closed its side of `client` (an EOF: the job taken, or a reset:
    refused); never left open with nobody reading it. Read on the loop the printer runs on."""
    client.setblocking(False)
    try:
        async with asyncio.timeout(CLOSED_WITHIN):
            return await asyncio.get_running_loop().sock_recv(client, 1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


@pytest.mark.parametrize("turns", range(7))
async def test_a_printer_stopped_as_it_accepts_closes_the_connection(
    tmp_path: Path, turns: int
) -> None:
    printer = VirtualPrinter(tmp_path / "vp", render=False)
    await printer.start()
    with connect_with_a_job(printer.port) as client:
        for _ in range(turns):
            await asyncio.sleep(0)  # one loop turn further into accepting it
        await printer.stop()
        assert await closed_by_the_printer(client)


@pytest.mark.parametrize("turns", range(7))
async def test_a_printer_set_to_refuse_as_it_accepts_closes_the_connection_and_comes_back(
    tmp_path: Path, turns: int
) -> None:
    printer = VirtualPrinter(tmp_path / "vp", render=False)
    async with printer:
        with connect_with_a_job(printer.port) as client:
            for _ in range(turns):
                await asyncio.sleep(0)
            await printer.set_refusing(True)
            assert await closed_by_the_printer(client)
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", printer.port), timeout=CLOSED_WITHIN).close()
        taken = len(printer.jobs)  # the job before, if its connection was served
        await printer.set_refusing(False)  # on the same port again: a job gets through
        _, writer = await asyncio.open_connection("127.0.0.1", printer.port)
        writer.write(b"^XA^FDback^FS^XZ")
        writer.write_eof()
        jobs = await printer.wait_for_jobs(taken + 1)
        assert b"back" in jobs[-1].data
        writer.close()
        await writer.wait_closed()


async def test_a_handler_that_fails_is_logged_and_the_listener_goes_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    answered: list[bytes] = []

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        line = await reader.readline()
        if line.startswith(b"fail"):
            writer.close()
            raise ValueError("a broken handler")
        answered.append(line)
        writer.close()

    listener = Listener(handle)
    port = await listener.open("127.0.0.1", 0)
    try:
        for line in (b"fail\n", b"fine\n"):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(line)
            assert await reader.read() == b""  # the handler closed it
            writer.close()
            await writer.wait_closed()
    finally:
        await listener.close()
    assert answered == [b"fine\n"]
    failures = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert [r.getMessage() for r in failures] == ["a connection's handler failed"]
    assert "a broken handler" in str(failures[0].exc_info)


async def test_a_connection_whose_handling_fails_is_closed_not_left_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A status query whose handling fails before it is read (seen under load: a teardown's
    "unclosed StreamWriter" holding the 3 bytes of `~HS` and the sender's EOF) is dropped at
    once, and the printer goes on taking jobs."""
    printer = VirtualPrinter(tmp_path / "vp", render=False)
    failures = iter([RuntimeError("no running event loop")])

    async def notify_failing_once() -> None:
        failure = next(failures, None)
        if failure is not None:
            raise failure

    monkeypatch.setattr(printer, "_notify", notify_failing_once)
    await printer.start()
    try:
        with caplog.at_level(logging.ERROR):
            query = socket.create_connection(("127.0.0.1", printer.port), timeout=CLOSED_WITHIN)
            with query:
                query.sendall(b"~HS")
                query.shutdown(socket.SHUT_WR)
                assert await closed_by_the_printer(query)
        assert "no running event loop" in caplog.text  # the failure is logged, not hidden
        with connect_with_a_job(printer.port) as client:
            assert await closed_by_the_printer(client)
        assert len(printer.received) == 1
    finally:
        await printer.stop()


async def test_a_handler_that_fails_before_it_takes_the_connection_leaves_it_closed(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The listener closes a connection whose handler failed without closing it (its first
    step, say, ran where no loop was running): the sender sees it closed at once, and the
    socket is not left to the garbage collector."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        raise RuntimeError("no running event loop")

    listener = Listener(handle)
    port = await listener.open("127.0.0.1", 0)
    try:
        with caplog.at_level(logging.ERROR):
            query = socket.create_connection(("127.0.0.1", port), timeout=CLOSED_WITHIN)
            with query:
                query.sendall(b"~HI~HS")
                assert await closed_by_the_printer(query)
    finally:
        await listener.close()
    assert "no running event loop" in caplog.text
