"""ZPL hygiene: strip commands that change a printer's saved setup, apply darkness and offset.

Removed commands (format `^` or control `~` prefix, any case):

- `JU` configuration update: `^JUS` save, `^JUF`/`^JUN` factory defaults, `^JUR` recall,
  `^JUA`/`^JUB`
- `JR` power-on reset, `JB` initialise/erase flash memory
- `JC` media sensor calibration, `JL` set label length (both store new sensor values)
- `JI` start ZBI (runs programs on the printer), `JJ` auxiliary port setup
- `KP` printer password, `KN` printer name, `KL` display language
- `NB NC ND NN NP NS NT NW` network settings, `WA WE WP WR WS WX` wireless settings
- `SC` serial port settings, `ST` real-time clock, `SX` alert settings, `SZ` ZPL mode
- Set-Get-Do lines outside formats (`! U1 setvar ...`, `! U1 do ...`)

Per-format commands such as `^MT` (media type) or `^PR` (speed) are kept: they shape this
label, and without `^JUS` they are not saved. Binary graphic data (`^GFB`, `^GFC`, `~DY`) is
skipped by its byte count, so a `^` inside it is never mistaken for a command.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from desktop_app.domain.labels import LABEL_FORMATS, mm_to_dots

REMOVED_COMMANDS = frozenset(
    {
        "JU",
        "JR",
        "JB",
        "JC",
        "JL",
        "JI",
        "JJ",
        "KP",
        "KN",
        "KL",
        "NB",
        "NC",
        "ND",
        "NN",
        "NP",
        "NS",
        "NT",
        "NW",
        "WA",
        "WE",
        "WP",
        "WR",
        "WS",
        "WX",
        "SC",
        "ST",
        "SX",
        "SZ",
    }
)
_SGD_LINE = re.compile(rb"(?im)^[ \t]*!\s*U1?[ \t]+(?:setvar|do)\b[^\r\n]*(?:\r?\n)?")


@dataclass(slots=True)
class ZplCommand:
    """One command and its parameters: `data[start:end]` (end = next command or end of data)."""

    start: int
    end: int
    prefix: str
    name: str


def _binary_length(data: bytes, pos: int, name: str) -> int | None:
    """For binary graphic commands, where their payload ends; None when not binary."""
    # ^GFa,b,c,d,DATA with a = B or C: DATA is b bytes; ~DYd:f,b,x,t,w,DATA with b = B/C/P: t bytes
    if name == "GF":
        fields = data[pos : pos + 64].split(b",", 4)
        if len(fields) == 5 and fields[0][:1].upper() in (b"B", b"C"):
            try:
                count = int(fields[1])
            except ValueError:
                return None
            start = pos + sum(len(f) + 1 for f in fields[:4])
            return start + count
    if name == "DY":
        fields = data[pos : pos + 128].split(b",", 5)
        if len(fields) == 6 and fields[1][:1].upper() in (b"B", b"C", b"P"):
            try:
                count = int(fields[3])
            except ValueError:
                return None
            start = pos + sum(len(f) + 1 for f in fields[:5])
            return start + count
    return None


def tokenize(data: bytes) -> list[ZplCommand]:
    """Split ZPL into commands, following prefix changes (`^CC`, `~CT`) and binary payloads."""
    fmt, ctl = ord("^"), ord("~")
    commands: list[ZplCommand] = []
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b != fmt and b != ctl:
            i += 1
            continue
        prefix = chr(b)
        name = data[i + 1 : i + 3].decode("latin-1").upper()
        start = i
        j = i + 1 + len(name)
        skip_to = _binary_length(data, j, name)
        if name in ("CC", "CT") and j < n:
            # ^CCx / ~CCx change the format prefix, ^CTx / ~CTx the control prefix
            if name == "CC":
                fmt = data[j]
            else:
                ctl = data[j]
            j += 1
        if skip_to is not None:
            j = min(skip_to, n)
        # parameters run to the next prefix character
        k = j
        while k < n and data[k] != fmt and data[k] != ctl:
            k += 1
        commands.append(ZplCommand(start, k, prefix, name))
        i = k
    return commands


@dataclass(slots=True)
class HygieneResult:
    """Cleaned ZPL and the commands that were taken out (as text, for logs and the UI)."""

    data: bytes
    removed: list[str] = field(default_factory=list)


def clean_zpl(data: bytes) -> HygieneResult:
    """Remove the commands listed in this module's docstring; everything else is kept as is."""
    out = bytearray()
    removed: list[str] = []
    commands = tokenize(data)
    pos = 0
    if commands:
        out += _strip_sgd(data[: commands[0].start], removed)
        pos = commands[0].start
    inside = False
    for cmd in commands:
        chunk = data[cmd.start : cmd.end]
        if cmd.name == "XA":
            inside = True
        if cmd.name in REMOVED_COMMANDS:
            removed.append(chunk.decode("latin-1").strip())
        elif cmd.name == "XZ" or not inside:
            # outside a format, text after the command's own line may hold Set-Get-Do lines
            nl = chunk.find(b"\n")
            head_len = 3 if cmd.name == "XZ" else (len(chunk) if nl == -1 else nl + 1)
            out += chunk[:head_len]
            out += _strip_sgd(chunk[head_len:], removed)
        else:
            out += chunk
        if cmd.name == "XZ":
            inside = False
        pos = cmd.end
    if not commands:
        out += _strip_sgd(data, removed)
    else:
        out += data[pos:]
    return HygieneResult(bytes(out), removed)


def _strip_sgd(text: bytes, removed: list[str]) -> bytes:
    for m in _SGD_LINE.finditer(text):
        removed.append(m.group(0).decode("latin-1").strip())
    return _SGD_LINE.sub(b"", text)


def apply_settings(
    data: bytes,
    *,
    darkness: int | None = None,
    label_home: tuple[int, int] = (0, 0),
    label_top: int | None = None,
) -> bytes:
    """Apply the printer's darkness (`~SD`, absolute 0-30) and offsets (`^LH`, `^LT`) to labels.

    The carrier's own `^LH x,y` is shifted by `label_home` rather than overridden, and its
    `^LT` by `label_top` (clamped to the printer's -120..120 range).
    """
    if darkness is None and label_home == (0, 0) and label_top is None:
        return data
    hx, hy = label_home
    out = bytearray()
    if darkness is not None:
        if not 0 <= darkness <= 30:
            raise ValueError(f"darkness must be 0..30, not {darkness}")
        out += b"~SD%02d\n" % darkness
    commands = tokenize(data)
    pos = 0
    for cmd in commands:
        out += data[pos : cmd.start]
        chunk = data[cmd.start : cmd.end]
        pos = cmd.end
        if cmd.name == "XA":
            out += chunk[:3]
            if label_home != (0, 0):
                out += b"^LH%d,%d" % (hx, hy)
            if label_top is not None:
                out += b"^LT%d" % label_top
            out += chunk[3:]
        elif cmd.name == "LH" and label_home != (0, 0):
            x, y = _ints(chunk[3:], 2)
            out += b"^LH%d,%d" % (x + hx, y + hy) + _after_params(chunk)
        elif cmd.name == "LT" and label_top is not None:
            (t,) = _ints(chunk[3:], 1)
            out += b"^LT%d" % max(-120, min(120, t + label_top)) + _after_params(chunk)
        else:
            out += chunk
    out += data[pos:]
    return bytes(out)


def _ints(params: bytes, count: int) -> list[int]:
    parts = params.split(b",")
    values = []
    for k in range(count):
        try:
            values.append(int(parts[k].strip()) if k < len(parts) else 0)
        except ValueError:
            values.append(0)
    return values


def _after_params(chunk: bytes) -> bytes:
    # whitespace/newlines after the parameters are kept so line layout is preserved
    body = chunk[3:]
    stripped = body.rstrip()
    return body[len(stripped) :]


def first_int_param(data: bytes, name: str) -> int | None:
    """The first integer parameter of the first `^<name>` command (e.g. `PW`), or None."""
    for cmd in tokenize(data):
        if cmd.name == name and cmd.prefix == "^":
            params = data[cmd.start + 3 : cmd.end].split(b",")[0].strip()
            try:
                return int(params)
            except ValueError:
                return None
    return None


def infer_dpi(data: bytes, stock_mm: tuple[float, float] | None = None) -> int | None:
    """Guess the dpi a ZPL label was made for from its `^PW` (print width), or None if unsure.

    The stock the label is meant for is tried first, then every ZPL format of the label table.
    """
    pw = first_int_param(data, "PW")
    if pw is None or pw <= 0:
        return None
    widths: list[float] = []
    if stock_mm is not None:
        widths.append(stock_mm[0])
    widths += [f.width_mm for f in LABEL_FORMATS.values() if f.kind == "zpl"]
    for width in widths:
        for dpi in (203, 300):
            expected = mm_to_dots(width, dpi)
            if abs(pw - expected) <= max(4, expected * 0.02):
                return dpi
    return None


def is_zpl(data: bytes) -> bool:
    """Whether `data` looks like ZPL (has a `^XA` format start)."""
    return b"^XA" in data[:4096].upper()


def is_pdf(data: bytes) -> bool:
    """Whether `data` is a PDF file."""
    return data[:1024].lstrip().startswith(b"%PDF-")
