"""Finding printers (CUPS queues, a port-9100 scan of a host or a /24) and the test-print label."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import os
import socket
from dataclasses import dataclass

from desktop_app.label_fonts import ZplText
from desktop_app.printing.health import PrinterSilent, PrinterUnreachable, query_printer
from desktop_app.printing.printers import DPIS, PrinterDefinition
from desktop_app.printing.subprocesses import communicate

SCAN_PORT = 9100
MAX_SCAN_HOSTS = 256


class DiscoveryError(RuntimeError):
    """Discovery could not run; the message says why (no CUPS, range too large...)."""


@dataclass(frozen=True, slots=True)
class CupsQueue:
    """A CUPS destination and the device it prints to."""

    name: str
    device_uri: str

    @property
    def is_raw_capable(self) -> bool:
        """Whether the device is a label printer address raw data can go to directly."""
        return self.device_uri.startswith(("socket://", "usb://", "serial:"))


@dataclass(frozen=True, slots=True)
class FoundPrinter:
    """A host that accepted a connection on the scanned port."""

    host: str
    port: int

    @property
    def uri(self) -> str:
        """Its TCP transport URI."""
        return f"tcp://{self.host}:{self.port}"


async def list_cups_queues(server: str | None = None, timeout: float = 10.0) -> list[CupsQueue]:
    """CUPS queues from `lpstat -v`; DiscoveryError if CUPS is missing or not running."""
    args = ["lpstat"] + (["-h", server] if server else []) + ["-v"]
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}  # parse the untranslated output
    try:
        proc = await asyncio.create_subprocess_exec(
            *args,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
        )
    except FileNotFoundError:
        raise DiscoveryError("lpstat not found: install the CUPS client (cups-client)") from None
    try:
        out, err = await communicate(proc, None, timeout)
    except TimeoutError:
        raise DiscoveryError(f"lpstat did not answer within {timeout:g} s") from None
    text = out.decode(errors="replace")
    if proc.returncode != 0 and not text.strip():
        message = err.decode(errors="replace").strip() or f"lpstat exited {proc.returncode}"
        if "No destinations added" in message:
            return []
        raise DiscoveryError(f"cannot list CUPS queues: {message}")
    queues = []
    for line in text.splitlines():
        # "device for NAME: URI"
        if line.startswith("device for ") and ": " in line:
            name, uri = line[len("device for ") :].split(": ", 1)
            queues.append(CupsQueue(name.strip(), uri.strip()))
    return queues


def scan_targets(target: str) -> list[str]:
    """The addresses to probe for `target`: a host name, an IP, or a network of at most /24."""
    target = target.strip()
    if "/" in target:
        try:
            network = ipaddress.ip_network(target, strict=False)
        except ValueError as exc:
            raise DiscoveryError(f"{target!r} is not a network: {exc}") from None
        if network.num_addresses > MAX_SCAN_HOSTS:
            raise DiscoveryError(
                f"{target} has {network.num_addresses} addresses; scan at most a /24"
            )
        hosts = list(network.hosts()) or [network.network_address]
        return [str(h) for h in hosts]
    return [target]


async def _probe(host: str, port: int, timeout: float) -> bool:
    try:
        async with asyncio.timeout(timeout):  # not wait_for: see transports.TcpTransport.send
            _, writer = await asyncio.open_connection(host, port)
    except (TimeoutError, OSError):
        return False
    writer.close()
    with contextlib.suppress(OSError, TimeoutError):
        async with asyncio.timeout(timeout):
            await writer.wait_closed()
    return True


async def scan(
    target: str,
    port: int = SCAN_PORT,
    *,
    per_host_timeout: float = 0.3,
    concurrency: int = 64,
    total_timeout: float = 15.0,
) -> list[FoundPrinter]:
    """Hosts of `target` that accept TCP on `port`, within `total_timeout` seconds overall.

    Each probe opens a connection and closes it without sending anything, which raw printers
    ignore. Hosts not probed when the total time runs out are skipped.
    """
    hosts = scan_targets(target)
    if len(hosts) == 1 and not _is_ip(hosts[0]):
        try:
            infos = await asyncio.get_running_loop().getaddrinfo(
                hosts[0], port, type=socket.SOCK_STREAM
            )
        except socket.gaierror as exc:
            raise DiscoveryError(f"unknown host {hosts[0]!r} ({exc.strerror})") from None
        if not infos:
            raise DiscoveryError(f"unknown host {hosts[0]!r}")
    gate = asyncio.Semaphore(concurrency)
    found: list[FoundPrinter] = []

    async def one(host: str) -> None:
        async with gate:
            if await _probe(host, port, per_host_timeout):
                found.append(FoundPrinter(host, port))

    tasks = [asyncio.ensure_future(one(h)) for h in hosts]
    _, pending = await asyncio.wait(tasks, timeout=total_timeout)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    return sorted(found, key=lambda f: _sort_key(f.host))


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _sort_key(host: str) -> tuple[int, object]:
    try:
        return (0, ipaddress.ip_address(host))
    except ValueError:
        return (1, host)


@dataclass(frozen=True, slots=True)
class DetectedSettings:
    """What a Zebra-compatible printer reports about itself (None: it did not say)."""

    model: str | None
    firmware: str | None
    dpi: int | None
    stock: str | None

    def apply(self, printer: PrinterDefinition) -> PrinterDefinition:
        """`printer` with the reported dpi (203 or 300) and stock filled in."""
        changes: dict[str, object] = {}
        if self.dpi in DPIS:
            changes["dpi"] = self.dpi
        if self.stock:
            changes["stock"] = self.stock
        return printer.with_changes(**changes)


async def detect_settings(printer: PrinterDefinition, timeout: float = 2.0) -> DetectedSettings:
    """Ask a ZPL printer (tcp: or serial:) for its model, dpi and stock (`~HI`, `~HS`, `^HH`).

    DiscoveryError if it cannot be asked, is unreachable or does not answer. Only for a
    printer known to speak ZPL: other printers on port 9100 may print the query as text.
    """
    try:
        report = await query_printer(printer, identify=True, configuration=True, timeout=timeout)
    except (PrinterSilent, PrinterUnreachable) as exc:
        raise DiscoveryError(f"the printer did not report its settings ({exc})") from None
    if report is None:
        raise DiscoveryError("only ZPL printers on tcp:// or serial: report their settings")
    ident = report.identification
    return DetectedSettings(
        ident.model if ident else None,
        ident.firmware if ident else None,
        report.dpi,
        report.stock(),
    )


# --- test print -------------------------------------------------------------------------------


def make_test_label_zpl(printer: PrinterDefinition) -> bytes:
    """A test label at the printer's dpi: stock edges, 10 mm ticks, a 1-inch square, its figures."""
    dpi = printer.dpi
    w, h = printer.stock_dots
    wmm, hmm = printer.stock_mm
    dots_per_mm = dpi / 25.4
    font = round(dpi * 0.14)  # about 3.5 mm text
    small = round(dpi * 0.1)
    lines = [f"^XA^PW{w}^LL{h}^LH0,0^CI28"]
    # a 3-dot frame on the stock's very edges: a cut-off side shows which way the stock is off
    lines.append(f"^FO0,0^GB{w},{h},3^FS")
    tick = round(2 * dots_per_mm)
    for mm in range(10, int(wmm), 10):
        x = round(mm * dots_per_mm)
        lines.append(f"^FO{x},0^GB2,{tick * (2 if mm % 50 == 0 else 1)},2^FS")
        lines.append(f"^FO{x},{h - tick}^GB2,{tick},2^FS")
    for mm in range(10, int(hmm), 10):
        y = round(mm * dots_per_mm)
        lines.append(f"^FO0,{y}^GB{tick * (2 if mm % 50 == 0 else 1)},2,2^FS")
        lines.append(f"^FO{w - tick},{y}^GB{tick},2,2^FS")
    x0 = round(8 * dots_per_mm)
    y = round(8 * dots_per_mm)
    texts = [
        (font, "Packdesk test print"),
        (small, f"Printer: {printer.name}"),
        (small, f"Resolution: {dpi} dpi ({dots_per_mm:.2f} dots/mm)"),
        (small, f"Stock: {printer.stock} = {wmm:.1f} x {hmm:.1f} mm = {w} x {h} dots"),
        (small, "Frame = stock edges; ticks every 10 mm"),
    ]
    # a printer named "Küche" is printed so, in a font downloaded with the label
    fonts = ZplText.in_label_font(text for _, text in texts)
    if fonts.downloads_font:
        lines.insert(1, fonts.download())
    for size, text in texts:
        lines.append(f"^FO{x0},{y}{fonts.field(size, text)}")
        y += round(size * 1.5)
    # a 1-inch square: measures exactly 25.4 mm if the dpi setting is right
    y += small
    lines.append(f"^FO{x0},{y}^GB{dpi},{dpi},4^FS")
    label_y = y + dpi // 2 - small // 2
    lines.append(f"^FO{x0 + dpi + small},{label_y}^A0N,{small},{small}^FD1 inch^FS")
    y += dpi + small
    # 1-dot and 2-dot line pairs: at the right dpi setting both print as clean stripes
    for k, width in enumerate((1, 2)):
        for i in range(24):
            x, top = x0 + i * 2 * width, y + k * small * 3
            lines.append(f"^FO{x},{top}^GB{width},{small * 2},{width}^FS")
    y += small * 6
    module = 2 if dpi < 300 else 3
    lines.append(f"^FO{x0},{y}^BY{module}^BCN,{round(dpi * 0.5)},Y,N,N^FDPACKDESK-{dpi}DPI^FS")
    lines.append("^XZ")
    return ("\n".join(lines) + "\n").encode("utf-8")


def make_test_label_pdf(printer: PrinterDefinition) -> bytes:
    """A test page for a PDF printer: the paper's edges, 10 mm ticks, a 1-inch square, figures."""
    from fpdf import FPDF

    from desktop_app.label_fonts import font_file

    wmm, hmm = printer.paper_mm
    pdf = FPDF(unit="mm", format=(wmm, hmm))
    pdf.set_auto_page_break(False)
    # the labels' own font (shipped, embedded): a printer named "Küche Łódź" prints so
    pdf.add_font("labelsans", "", str(font_file("")))
    pdf.add_font("labelsans", "B", str(font_file("B")))
    pdf.add_page()
    pdf.set_line_width(0.3)
    pdf.rect(0.5, 0.5, wmm - 1, hmm - 1)
    for mm in range(10, int(wmm), 10):
        pdf.line(mm, 0, mm, 4 if mm % 50 else 8)
    for mm in range(10, int(hmm), 10):
        pdf.line(0, mm, 4 if mm % 50 else 8, mm)
    pdf.set_font("labelsans", "B", 14)
    pdf.text(12, 16, "Packdesk test print")
    pdf.set_font("labelsans", size=9)
    rows = [
        f"Printer: {printer.name}",
        f"Paper: {printer.paper} = {wmm:.1f} x {hmm:.1f} mm, printed at 100 %",
        "Frame = paper edges (0.5 mm in); ticks every 10 mm",
    ]
    for i, row in enumerate(rows):
        pdf.text(12, 23 + i * 5, row)
    pdf.rect(12, 42, 25.4, 25.4)
    pdf.text(40, 56, "1 inch")
    return bytes(pdf.output())


def make_test_label(printer: PrinterDefinition) -> bytes:
    """The test label for this printer's kind (ZPL or PDF)."""
    return make_test_label_zpl(printer) if printer.kind == "zpl" else make_test_label_pdf(printer)
