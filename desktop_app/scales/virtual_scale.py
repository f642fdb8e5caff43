"""A scale on a pseudo-terminal speaking MT-SICS (or NCI), for demos and tests.

It opens a pty pair and answers commands written to the terminal side (`path`, or the stable
symlink `link` that always points at the current terminal). Its load, unit, motion and
overload are set while it runs (`set_load`, `apply_control`); `unplug()` closes the pty, as
pulling a USB-serial cable does (the reader gets I/O errors), and `replug()` opens a new one
behind the same link.

MT-SICS as implemented: `S` (stable weight, `S I` while moving), `SI` (`S S`/`S D`), `Z`,
`T`, `TA`, `TAC`, `I2`, `I4`, `@`; `S +`/`S -` for overload and underload; `ES` otherwise.
NCI: `W`, `Z`, `S` (status); `?` otherwise.
"""

from __future__ import annotations

import contextlib
import os
import select
import threading
import tty
from pathlib import Path
from typing import Literal

from desktop_app.scales.readings import KG_PER_UNIT, from_kg, normalize_unit

Protocol = Literal["sics", "nci"]
DEFAULT_CAPACITY_KG = 30.0


class VirtualScale:
    """An MT-SICS (or NCI) scale on a pty, served by a thread."""

    def __init__(
        self,
        *,
        load_kg: float = 0.0,
        unit: str = "kg",
        stable: bool = True,
        protocol: Protocol = "sics",
        capacity_kg: float = DEFAULT_CAPACITY_KG,
        link: Path | None = None,
    ) -> None:
        if protocol not in ("sics", "nci"):
            raise ValueError(f"protocol is sics or nci, not {protocol!r}")
        self.protocol = protocol
        self.unit = normalize_unit(unit)
        self.load_kg = load_kg
        self.stable = stable
        self.capacity_kg = capacity_kg
        self.link = link
        self.zero_kg = 0.0
        self.tare_kg = 0.0
        self.commands: list[str] = []
        self._dropped = 0
        self._lock = threading.Lock()
        self._master: int | None = None
        self._slave: int | None = None
        self._path: str | None = None
        self._thread: threading.Thread | None = None
        self._wake_r, self._wake_w = os.pipe()
        self._stopping = False
        # the serving thread closes the pty itself (an fd closed under its select() could be
        # reused by another open and read from): unplug() asks it and waits
        self._unplug_asked = threading.Event()
        self._unplugged = threading.Event()

    # --- life cycle ---------------------------------------------------------------------------

    @property
    def path(self) -> str:
        """The device to open: the link if there is one, else the pty's terminal."""
        if self.link is not None:
            return str(self.link)
        if self._path is None:
            raise RuntimeError("the virtual scale is not plugged in")
        return self._path

    @property
    def uri(self) -> str:
        """The scale URI that reaches it."""
        return f"{self.protocol}:{self.path}"

    @property
    def plugged(self) -> bool:
        """Whether the pty is open."""
        return self._master is not None

    def start(self) -> None:
        """Open the pty and start answering."""
        self.replug()
        self._thread = threading.Thread(target=self._serve, name="virtual-scale", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop answering and close the pty."""
        self._stopping = True
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"x")
        if self._thread is not None:
            self._thread.join(5)
            self._thread = None
        self.unplug()
        for fd in (self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)
        if self.link is not None:
            with contextlib.suppress(OSError):
                self.link.unlink()

    def __enter__(self) -> VirtualScale:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def unplug(self) -> None:
        """Close the pty: a reader of the terminal gets I/O errors, as with a pulled cable."""
        thread = self._thread
        if thread is not None and thread.is_alive() and thread is not threading.current_thread():
            self._unplugged.clear()
            self._unplug_asked.set()
            os.write(self._wake_w, b"x")
            if self._unplugged.wait(5):
                return
        self._close_pty()

    def _close_pty(self) -> None:
        with self._lock:
            for fd in (self._master, self._slave):
                if fd is not None:
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self._master = self._slave = None
            self._path = None

    def replug(self) -> None:
        """Open a (new) pty and point the link at it."""
        with self._lock:
            if self._master is not None:
                return
            master, slave = os.openpty()
            # raw: no echo, no CR/LF translation (pyserial sets the same when it opens it);
            # the slave stays open here so the master never reads EIO between readers
            tty.setraw(slave)
            self._master, self._slave = master, slave
            self._path = os.ttyname(slave)
            if self.link is not None:
                tmp = self.link.with_name(self.link.name + ".new")
                with contextlib.suppress(OSError):
                    tmp.unlink()
                tmp.symlink_to(self._path)
                os.replace(tmp, self.link)
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"x")

    # --- state --------------------------------------------------------------------------------

    def set_load(self, kg: float, *, stable: bool | None = None) -> None:
        """Put `kg` on the pan (gross, before zero and tare)."""
        with self._lock:
            self.load_kg = kg
            if stable is not None:
                self.stable = stable

    def set_stable(self, stable: bool) -> None:
        """Settle the weight, or make it move."""
        with self._lock:
            self.stable = stable

    def drop_answers(self, count: int) -> None:
        """Leave the next `count` commands unanswered, as a noisy line loses them."""
        with self._lock:
            self._dropped = count

    def set_unit(self, unit: str) -> None:
        """The unit the scale displays and sends."""
        with self._lock:
            self.unit = normalize_unit(unit)

    def apply_control(self, control: dict[str, object]) -> None:
        """Apply `{"weight": 1.25, "unit": "kg", "stable": true, "plugged": true}`.

        `weight` is in `unit` if given, else in the scale's unit.
        """
        if "unit" in control and isinstance(control["unit"], str):
            self.set_unit(control["unit"])
        if "weight" in control and isinstance(control["weight"], int | float):
            self.set_load(float(control["weight"]) * KG_PER_UNIT[self.unit])
        if "stable" in control:
            self.set_stable(bool(control["stable"]))
        if "plugged" in control:
            if control["plugged"]:
                self.replug()
            else:
                self.unplug()

    @property
    def net_kg(self) -> float:
        """What the scale shows: load minus zero offset minus tare."""
        return self.load_kg - self.zero_kg - self.tare_kg

    # --- serving ------------------------------------------------------------------------------

    def _serve(self) -> None:
        buf = b""
        while not self._stopping:
            if self._unplug_asked.is_set():
                self._unplug_asked.clear()
                self._close_pty()
                buf = b""
                self._unplugged.set()
            master = self._master
            fds = [self._wake_r] + ([master] if master is not None else [])
            try:
                ready, _, _ = select.select(fds, [], [], 1.0)
            except (OSError, ValueError):
                continue  # the pty was closed under us (unplug)
            if self._wake_r in ready:
                with contextlib.suppress(OSError):
                    os.read(self._wake_r, 64)
            if master is None or master not in ready or self._unplug_asked.is_set():
                continue
            try:
                chunk = os.read(master, 1024)
            except OSError:
                buf = b""
                continue
            buf += chunk
            *lines, buf = buf.replace(b"\r\n", b"\r").replace(b"\n", b"\r").split(b"\r")
            for line in lines:
                command = line.decode("ascii", "replace").strip()
                if not command:
                    continue
                answer = self.answer(command)
                with self._lock:
                    if self._dropped > 0:
                        self._dropped -= 1
                        continue
                try:
                    os.write(master, answer)
                except OSError:
                    break

    def answer(self, command: str) -> bytes:
        """The bytes the scale sends back for `command` (one command, without its CR LF)."""
        with self._lock:
            self.commands.append(command)
            if self.protocol == "nci":
                return self._answer_nci(command.upper())
            return (self._answer_sics(command.upper()) + "\r\n").encode("ascii")

    def _weight_text(self, kg: float) -> str:
        value = from_kg(kg, self.unit)
        decimals = {"kg": 3, "g": 1, "lb": 2, "oz": 1, "mg": 0}[self.unit]
        return f"{value:>10.{decimals}f} {self.unit}"

    def _answer_sics(self, command: str) -> str:
        over = self.load_kg > self.capacity_kg
        under = self.net_kg < -0.02 * self.capacity_kg
        if command in ("S", "SI"):
            if over:
                return "S +"
            if under:
                return "S -"
            if command == "S" and not self.stable:
                return "S I"
            return f"S {'S' if self.stable else 'D'} {self._weight_text(self.net_kg)}"
        if command == "Z":
            if not self.stable:
                return "Z I"
            if over or abs(self.load_kg) > 0.2 * self.capacity_kg:
                return "Z +"
            self.zero_kg, self.tare_kg = self.load_kg, 0.0
            return "Z A"
        if command == "T":
            if not self.stable:
                return "T I"
            if over:
                return "T +"
            self.tare_kg = self.load_kg - self.zero_kg
            return f"T S {self._weight_text(self.tare_kg)}"
        if command == "TA":
            return f"TA A {self._weight_text(self.tare_kg)}"
        if command == "TAC":
            self.tare_kg = 0.0
            return "TAC A"
        if command == "I2":
            return f'I2 A "Packdesk virtual scale {self.capacity_kg:g} kg"'
        if command in ("I4", "@"):
            if command == "@":
                self.tare_kg = 0.0
            return 'I4 A "0000000001"'
        return "ES"

    def _nci_status(self) -> str:
        first = 0x30 | (0 if self.stable else 0x01) | (0x02 if abs(self.net_kg) < 1e-9 else 0)
        over = self.load_kg > self.capacity_kg
        under = self.net_kg < -0.02 * self.capacity_kg
        second = 0x30 | (0x02 if over else 0) | (0x01 if under else 0)
        return chr(first) + chr(second)

    def _answer_nci(self, command: str) -> bytes:
        if command == "W":
            if self.load_kg > self.capacity_kg:
                field = "^^^^^^^"
            elif self.net_kg < -0.02 * self.capacity_kg:
                field = "_______"
            else:
                value = from_kg(self.net_kg, self.unit)
                field = f"{value:7.2f}{self.unit.upper()}"
            return f"\n{field}\r\n{self._nci_status()}\r\x03".encode("ascii")
        if command == "Z":
            if self.stable and abs(self.load_kg) <= 0.2 * self.capacity_kg:
                self.zero_kg, self.tare_kg = self.load_kg, 0.0
            return f"\n{self._nci_status()}\r\x03".encode("ascii")
        if command == "S":
            return f"\n{self._nci_status()}\r\x03".encode("ascii")
        return b"\n?\r\x03"
