"""A TCP label printer that stores every job it receives (and renders ZPL to PNG with zplkit).

One connection is one job. A job is complete when the sender half-closes cleanly; it is then
saved as `job-0001.zpl` (or `.pdf`, `.bin`) and the printer closes its side, which is the
acknowledgement the TCP transport waits for. A connection that ends in an error, or that the
sender reset before the printer read it (a sender giving up on a stall), is saved as
`job-0002.partial` and does not count as a job. Fault modes, switchable at run time:
`refuse` (stop listening), `stall` (accept but read nothing for N seconds) and `drop_after`
(reset the connection after N bytes).

Like a Zebra printer it answers `~HS` (host status), `~HI` (identification: model, firmware,
dots per mm) and `^HH` (configuration: print width, label length) on the same connection,
from its `panel`: paper out, head open, paused and ribbon out are set at run time too. A
connection that only asked is a status query, not a job. A job that arrives while the
printer reports a fault is stored (a real printer keeps it in its buffer) with the faults.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import re
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from desktop_app.printing.listener import Listener
from desktop_app.printing.preview import PreviewUnavailable, preview_available, render_zpl_images
from desktop_app.printing.transports import abort_with_reset
from desktop_app.printing.zpl import is_pdf, is_zpl
from desktop_app.profiles.files import atomic_write_bytes

# jobs are labels with names and addresses: readable by their owner only, like label PDFs
JOB_FILE_MODE = 0o600

log = logging.getLogger(__name__)


@dataclass(slots=True)
class ReceivedJob:
    """One connection's bytes and where they were saved."""

    index: int
    path: Path
    data: bytes
    complete: bool
    pngs: list[Path] = field(default_factory=list)
    render_error: str | None = None
    faults: tuple[str, ...] = ()
    """What the printer reported (paper_out, head_open...) when the job arrived."""


FAULTS = ("paper_out", "head_open", "paused", "ribbon_out")
_QUERY = re.compile(rb"~H[SI]|\^XA\s*\^HH\s*\^XZ", re.IGNORECASE)
_DOTS_PER_MM = {203: 8, 300: 12}


@dataclass(slots=True)
class PrinterPanel:
    """What the virtual printer reports about itself, and its answers to the queries."""

    dpi: int = 203
    stock_mm: tuple[float, float] = (101.6, 152.4)
    model: str = "ZD421"
    firmware: str = "V84.20.21Z"
    paper_out: bool = False
    head_open: bool = False
    paused: bool = False
    ribbon_out: bool = False
    labels_remaining: int = 0

    def faults(self) -> tuple[str, ...]:
        """The faults set now."""
        return tuple(name for name in FAULTS if getattr(self, name))

    def set(self, **flags: bool) -> None:
        """Set faults by name (paper_out=True...); ValueError for unknown names."""
        for name, value in flags.items():
            if name not in FAULTS:
                raise ValueError(f"unknown printer state {name!r}: use one of {', '.join(FAULTS)}")
            setattr(self, name, bool(value))

    def _dots(self, mm: float) -> int:
        return round(mm * self.dpi / 25.4)

    def answer(self, query: bytes) -> bytes:
        """The bytes a Zebra printer sends back for `~HS`, `~HI` or `^XA^HH^XZ`."""
        flag = {True: "1", False: "0"}
        command = query.upper()
        if command == b"~HS":
            length = self._dots(self.stock_mm[1])
            one = f"030,{flag[self.paper_out]},{flag[self.paused]},{length:04d},000,0,0,0,000,0,0,0"
            two = (
                f"001,0,{flag[self.head_open]},{flag[self.ribbon_out]},"
                f"{flag[self.ribbon_out]},2,6,0,{self.labels_remaining:08d},1,000"
            )
            three = "1234,0"
            return b"".join(f"\x02{x}\x03\r\n".encode() for x in (one, two, three))
        if command == b"~HI":
            dpm = _DOTS_PER_MM.get(self.dpi, 8)
            model = f"{self.model}-{self.dpi}dpi"
            return f"\x02{model},{self.firmware},{dpm},8192KB\x03\r\n".encode()
        lines = [
            ("+10.0", "DARKNESS"),
            ("4 IPS", "PRINT SPEED"),
            ("TEAR OFF", "PRINT MODE"),
            ("GAP/NOTCH", "MEDIA TYPE"),
            ("DIRECT-THERMAL", "PRINT METHOD"),
            (str(self._dots(self.stock_mm[0])), "PRINT WIDTH"),
            (str(self._dots(self.stock_mm[1])), "LABEL LENGTH"),
            (self.firmware, "FIRMWARE"),
        ]
        body = "".join(f"  {value:.<19} {name}\r\n" for value, name in lines)
        return f"\x02{body}\x03\r\n".encode()


class VirtualPrinter:
    """An asyncio TCP server acting as a raw (port 9100) label printer."""

    def __init__(
        self,
        out_dir: Path,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        dpi: int = 203,
        render: bool = True,
        refuse: bool = False,
        stall: float | None = None,
        drop_after: int | None = None,
        panel: PrinterPanel | None = None,
    ) -> None:
        self.out_dir = Path(out_dir)
        self.host = host
        self.port = port
        self.dpi = dpi
        self.panel = panel or PrinterPanel(dpi=dpi)
        self.status_queries = 0
        self.render = render and preview_available()
        self.stall = stall
        self.drop_after = drop_after
        self._refusing = refuse
        self._listener: Listener | None = None
        self._counter = 0
        self.connections = 0
        self.open_now = 0
        self.most_open = 0
        """The most connections open at once (a real printer serves one at a time)."""
        self.probes = 0
        self.received: list[ReceivedJob] = []
        self._changed = asyncio.Condition()
        self.on_job: Callable[[ReceivedJob], None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    # --- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Bind (port 0 picks a free port, read it back from `port`) unless refusing."""
        if self._listener is not None:
            return
        self.out_dir.mkdir(parents=True, exist_ok=True)
        existing = sorted(self.out_dir.glob("job-*.*"))
        if existing:
            # continue the numbering of an earlier run in the same folder
            self._counter = max(int(p.name[4:8]) for p in existing if p.name[4:8].isdigit())
        if self._refusing:
            if self.port == 0:
                self.port = _free_port(self.host)
            return
        await self._listen()

    async def _listen(self) -> None:
        # not asyncio's Server: stopped while it accepts (the app asking for the printer's
        # status as it stops), that one leaves the connection's socket open (listener.py)
        listener = Listener(self._handle)
        self.port = await listener.open(self.host, self.port)
        self._listener = listener

    async def stop(self) -> None:
        """Stop listening and finish handling connections in progress."""
        await self._close_server()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _close_server(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            await listener.close()

    async def __aenter__(self) -> VirtualPrinter:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def uri(self) -> str:
        """The transport URI that reaches this printer."""
        return f"tcp://{self.host}:{self.port}"

    @property
    def jobs(self) -> list[ReceivedJob]:
        """The complete jobs received, in order."""
        return [j for j in self.received if j.complete]

    # --- fault modes -----------------------------------------------------------------------

    @property
    def refusing(self) -> bool:
        """Whether the printer is not listening (connections are refused)."""
        return self._refusing

    async def set_refusing(self, refuse: bool) -> None:
        """Stop or resume listening on the same port."""
        if refuse == self._refusing:
            return
        self._refusing = refuse
        if refuse:
            await self._close_server()
        else:
            await self._listen()

    def set_stall(self, seconds: float | None) -> None:
        """Accept connections but read nothing for `seconds` (None: read at once)."""
        self.stall = seconds

    def set_drop_after(self, count: int | None) -> None:
        """Reset each connection after `count` bytes (None: read whole jobs)."""
        self.drop_after = count

    async def apply_control(self, control: dict[str, object]) -> None:
        """Apply a control dict `{"refuse": bool, "stall": s|null, "drop_after": n|null,
        "paper_out": bool, "head_open": bool, "paused": bool, "ribbon_out": bool}`."""
        self.panel.set(**{k: bool(v) for k, v in control.items() if k in FAULTS})
        if "refuse" in control:
            await self.set_refusing(bool(control["refuse"]))
        if "stall" in control:
            value = control["stall"]
            self.set_stall(float(value) if isinstance(value, int | float) and value > 0 else None)
        if "drop_after" in control:
            value = control["drop_after"]
            self.set_drop_after(int(value) if isinstance(value, int) and value >= 0 else None)

    async def wait_for_jobs(self, count: int, timeout: float = 60.0) -> list[ReceivedJob]:
        """Wait until `count` complete jobs have arrived; TimeoutError otherwise (the deadline
        is generous: a loaded machine is slow, only a job that never comes reaches it)."""

        async def _wait() -> None:
            async with self._changed:
                await self._changed.wait_for(lambda: len(self.jobs) >= count)

        await asyncio.wait_for(_wait(), timeout)
        return self.jobs

    async def wait_for_connections(self, count: int, timeout: float = 60.0) -> None:
        """Wait until `count` connections have been accepted (whatever became of them)."""

        async def _wait() -> None:
            async with self._changed:
                await self._changed.wait_for(lambda: self.connections >= count)

        await asyncio.wait_for(_wait(), timeout)

    # --- connections -----------------------------------------------------------------------

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        self.open_now += 1
        self.most_open = max(self.most_open, self.open_now)
        try:
            await self._receive(reader, writer)
        except asyncio.CancelledError:
            # stopping: drop the connection; finishing normally keeps asyncio's
            # connection callback from logging the cancellation as an error
            abort_with_reset(writer)
        except BaseException:
            # any other failure (e.g. a task woken after its loop stopped) drops the connection
            # too: left open, its socket outlived the printer until the garbage collector
            abort_with_reset(writer)
            raise
        finally:
            self.open_now -= 1
            if task is not None:
                self._tasks.discard(task)

    async def _receive(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        await self._notify()
        stall, drop_after = self.stall, self.drop_after
        if stall:
            await asyncio.sleep(stall)
        buf = bytearray()
        complete = False
        scanned = answered = 0
        try:
            while True:
                size = 65536 if drop_after is None else min(65536, drop_after - len(buf))
                if size <= 0:
                    break
                chunk = await reader.read(size)
                if not chunk:
                    complete = True
                    break
                buf += chunk
                if not buf.startswith(b"%PDF"):
                    # queries are answered as they arrive, on the same connection
                    for m in _QUERY.finditer(buf, scanned):
                        writer.write(self.panel.answer(m[0]))
                        scanned, answered = m.end(), answered + 1
                    scanned = max(scanned, len(buf) - 16)
                    if answered:
                        await writer.drain()
        except OSError:
            complete = False
        if complete and _pending_error(writer):
            # the sender reset the connection (it gave up on a stall) before we got to the job:
            # like a printer that checks its connection before printing, drop it
            complete = False
        data = bytes(buf)
        if answered:
            data = _QUERY.sub(b"", data)
            if not data.strip():
                # a status query (~HS, ~HI, ^HH), not a job
                writer.close()
                self.status_queries += 1
                await self._notify()
                return
        if not data:
            # a connection closed without data is a probe (discovery scan), not a job
            writer.close()
            self.probes += 1
            await self._notify()
            return
        loop = asyncio.get_running_loop()
        self._counter += 1
        index = self._counter
        # stored before the acknowledgement, so a sender that saw "done" finds the job here
        job = await loop.run_in_executor(None, self._store, index, data, complete)
        job.faults = self.panel.faults()
        self.received.append(job)
        if complete:
            # our close after the sender's EOF is what tells it the job arrived whole
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()
        else:
            abort_with_reset(writer)
        if complete and job.path.suffix == ".zpl" and self.render:
            await loop.run_in_executor(None, self._render, job)
        if self.on_job is not None:
            self.on_job(job)
        await self._notify()

    def _store(self, index: int, data: bytes, complete: bool) -> ReceivedJob:
        if not complete:
            ext = "partial"
        else:
            ext = "pdf" if is_pdf(data) else "zpl" if is_zpl(data) else "bin"
        path = self.out_dir / f"job-{index:04d}.{ext}"
        atomic_write_bytes(path, data, mode=JOB_FILE_MODE)
        return ReceivedJob(index, path, data, complete)

    def _render(self, job: ReceivedJob) -> None:
        index, data = job.index, job.data
        try:
            for n, image in enumerate(render_zpl_images(data, dpi=self.dpi), start=1):
                png = self.out_dir / f"job-{index:04d}-{n}.png"
                encoded = io.BytesIO()
                image.save(encoded, format="PNG")
                atomic_write_bytes(png, encoded.getvalue(), mode=JOB_FILE_MODE)
                job.pngs.append(png)
        except (PreviewUnavailable, ValueError) as exc:
            job.render_error = str(exc)


def _pending_error(writer: asyncio.StreamWriter) -> int:
    sock = writer.get_extra_info("socket")
    if sock is None:
        return 0
    try:
        return int(sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR))
    except OSError as exc:
        return exc.errno or 1


def _free_port(host: str) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])
