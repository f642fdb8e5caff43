"""A day at the desk in a real window: the parts of `test_desk_day.py` that are not its steps.

`Day` is the installed `packdesk` (a `DeskApp`) on a fresh profile in one language, with the
virtual scale (`packdesk virtual-scale`, driven by its control file) and the records of the
day: the labels made, the time from Ctrl+P to each label at the printer, the GUI thread's
watchdog and what each step showed. `Day.step` runs a step: afterwards the window holds no
cut text, nothing lies off the screen, the watchdog saw no turn over its limit and a
screenshot is saved; when a step fails, the probe's state, a screenshot, the print queue and
the app's log are saved beside it and named in the failure.

Tests wait for states (the probe's answers, files appearing), never for time.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from desktop_app.gui.shell import probe as probe_module
from tests.desk.real_window import DeskApp, Display, _wait, problems_in, type_into

#: the longest a turn of the GUI thread may hold it, in the thread's own CPU time (issue 33)
TURN_LIMIT_MS = 250.0
#: the committed screenshots are written here too when this variable names a folder
SHOTS_ENV = "PACKDESK_DESK_DAY_SHOTS"
#: the probe's answer to a command it does not know (a check another branch brings)
UNKNOWN = "unknown "
#: job files the virtual printer keeps: whole jobs, and connections that broke off
WHOLE_JOBS, PARTIAL_JOBS = (".zpl", ".pdf", ".bin"), (".partial",)


def closed_port(host: str) -> int:
    """A TCP port on `host` that nothing listens on (it refuses connections)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def small_copy(shot: Path, to: Path) -> None:
    """A screenshot in 256 colours (a third of the size; the UI's colours kept) for the
    committed set."""
    from PIL import Image

    with Image.open(shot) as image:
        palette = image.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE)
        palette.save(to, optimize=True)


def probe_knows(do: str) -> bool:
    """Whether the app's probe (desktop_app/gui/shell/probe.py) defines the command `do`."""
    source = Path(probe_module.__file__).read_text("utf-8")
    return f'"{do}":' in source


class Installed:
    """An installed `packdesk` sub-command running beside the app, its output in a file."""

    def __init__(self, out: Path, *args: str, started: str) -> None:
        self.out = out
        command = Path(sys.executable).with_name("packdesk")
        self._log = out.open("w")
        self.process = subprocess.Popen(
            [str(command), *args], stdout=self._log, stderr=subprocess.STDOUT
        )
        _wait(lambda: started in self.output(), f"packdesk {args[0]} to start", 60)

    def output(self) -> str:
        if self.process.poll() is not None:
            raise AssertionError(f"{self.process.args} ended: {self.out.read_text('utf-8')}")
        return self.out.read_text("utf-8", "replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()


class VirtualScale(Installed):
    """`packdesk virtual-scale` with a control file: the test puts parcels on it and takes
    them off."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.link = folder / "scale"
        self.control = folder / "scale.json"
        self._changes = 0
        super().__init__(
            folder / "scale.log",
            *("virtual-scale", "--weight", "0", "--link", str(self.link)),
            *("--control", str(self.control)),
            started="virtual scale",
        )

    @property
    def uri(self) -> str:
        return f"sics:{self.link}"

    def put(self, kg: float) -> None:
        """`kg` on the pan (0: the parcel taken off), once the scale has taken it."""
        partial = self.control.with_suffix(".part")
        partial.write_text(json.dumps({"weight": kg, "stable": True}), "utf-8")
        partial.replace(self.control)
        self._changes += 1
        wanted = self._changes
        _wait(
            lambda: self.output().count("control: load") >= wanted,
            f"the virtual scale to carry {kg} kg",
            60,
        )


class LabelPrinter(Installed):
    """`packdesk virtual-printer --out DIR`: the desk's label printer, a process of its own
    (so a label reaches it whatever the window does); its stored jobs by state."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.jobs_dir = folder / "jobs"
        self.port = closed_port("127.0.0.1")
        super().__init__(
            folder / "printer.log",
            *("virtual-printer", "--out", str(self.jobs_dir), "--port", str(self.port)),
            "--no-render",
            started="virtual printer",
        )

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"


@dataclass
class DayRecord:
    """What the day measured, for the report (written as day.json beside the screenshots)."""

    language: str
    labels: int = 0
    #: seconds from Ctrl+P (or the scan's weight) to the label's file at the printer
    to_printer: list[float] = field(default_factory=list)
    longest_turn_cpu_ms: float | None = None
    watchdog_turns: int | None = None
    cut_text_checked: bool = False
    steps: list[str] = field(default_factory=list)
    printer_jobs: dict[str, int] = field(default_factory=dict)
    queue: dict[str, int] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        times = sorted(self.to_printer)
        return {
            "language": self.language,
            "labels": self.labels,
            "to_printer_p50_s": round(statistics.median(times), 3) if times else None,
            "to_printer_max_s": round(times[-1], 3) if times else None,
            "longest_turn_cpu_ms": self.longest_turn_cpu_ms,
            "watchdog_turns": self.watchdog_turns,
            "cut_text_checked": self.cut_text_checked,
            "printer_jobs": self.printer_jobs,
            "queue": self.queue,
            "steps": self.steps,
        }


class Day:
    """The installed app in one language through a day at the desk (see the module)."""

    def __init__(self, display: Display, home: Path, language: str) -> None:
        self.display = display
        self.home = home
        self.language = language
        self.shots = home / "shots"
        self.shots.mkdir(parents=True, exist_ok=True)
        committed = os.environ.get(SHOTS_ENV)
        self.committed = Path(committed) / language if committed else None
        self.record = DayRecord(language)
        self.scale = VirtualScale(home / "scale")
        self.printer = LabelPrinter(home / "printer")
        self.app = DeskApp(display, home / "desk", language)
        self.failed: str | None = None
        #: what a step showed wrong while the day could go on (cut, out of view, a long
        #: turn): the test of that part of the day fails with all of them at its end
        self.findings: list[str] = []
        self._step = ""
        self._shot = 0

    def close(self) -> None:
        try:
            self.app.stop()
        finally:
            self.scale.stop()
            self.printer.stop()
        (self.shots / "day.json").write_text(json.dumps(self.record.summary(), indent=1))

    # --- the virtual printer --------------------------------------------------------------------

    def printer_files(self) -> list[Path]:
        """The job files at the virtual printers, oldest first: the Local sandbox's built-in
        one (the first run's label) and the desk's label printer (rendered PNGs left out)."""
        found = [*self.app.data.rglob("virtual-printer/job-*"), *self.printer.jobs_dir.glob("*")]
        return sorted(
            (p for p in found if p.is_file() and p.suffix in WHOLE_JOBS + PARTIAL_JOBS),
            key=lambda p: p.stat().st_mtime,
        )

    def printer_jobs(self) -> dict[str, int]:
        """The printer's stored jobs by state: whole and broken off."""
        files = self.printer_files()
        return {
            "whole": sum(p.suffix in WHOLE_JOBS for p in files),
            "partial": sum(p.suffix in PARTIAL_JOBS for p in files),
        }

    def wait_printed(self, count: int, what: str, since: float | None = None) -> list[Path]:
        """Wait until the printer holds `count` whole jobs; the newest ones after `since`
        give the time from `since` to the label at the printer."""
        files = _wait(
            lambda: [p for p in self.printer_files() if p.suffix in WHOLE_JOBS][count - 1 :],
            f"{what}: job {count} at the virtual printer (it has {self.printer_jobs()}; "
            f"queue {self.app.ask('print_jobs')['counts']})",
        )
        if since is not None:
            self.record.to_printer.append(files[0].stat().st_mtime - since)
        return files

    def whole_jobs(self) -> int:
        return self.printer_jobs()["whole"]

    # --- steps ----------------------------------------------------------------------------------

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        """Run a step of the day; then check the window and save its screenshot. A failure
        keeps the probe's state, a screenshot, the print queue and the app's log."""
        if self.failed is not None:
            import pytest

            pytest.skip(f"an earlier step of the day failed: {self.failed}")
        self.record.steps.append(name)
        self._step = name
        try:
            yield
            self.check_window(name)
        except BaseException as exc:
            self.failed = name
            where = self.diagnose(name)
            frozen = (
                " (the window stopped answering its probe: a frozen GUI thread)"
                if "the probe's answer" in str(exc)
                else ""
            )
            raise AssertionError(f"{name}: {exc}{frozen}\n(diagnostics in {where})") from exc

    def found(self, finding: str) -> None:
        """Note what the window shows wrong in the current step (see `settle`)."""
        self.findings.append(f"{self._step}: {finding}")

    def settle(self) -> None:
        """Fail with every finding of the steps since the last settle (a test's end)."""
        findings, self.findings = self.findings, []
        assert not findings, "\n".join(findings)

    def shot(self, name: str) -> Path:
        """A screenshot of the screen now (the test's folder, and the committed set)."""
        self._shot += 1
        path = self.shots / f"{self._shot:02d}-{name}.png"
        self.app.ask("shot", path=str(path))
        if self.committed is not None:
            self.committed.mkdir(parents=True, exist_ok=True)
            small_copy(path, self.committed / path.name)
        return path

    def check_window(self, name: str) -> None:
        """No turn of the GUI thread over the limit, no cut text, nothing off the screen;
        then the step's screenshot."""
        state = self.app.state()
        self.shot(name)
        if problems_in(state):
            self.found(f"off the screen: {problems_in(state)}")
        self.check_watchdog(name)
        self.check_cut_texts(name)

    def optional(self, do: str, **args: Any) -> Any:
        """A probe command another branch brings; None while the app does not know it (once
        the probe's source names it, the app must answer it)."""
        try:
            return self.app.ask(do, **args)
        except AssertionError as exc:
            if f"{do}: {UNKNOWN}{do}" in str(exc) and not probe_knows(do):
                return None
            raise

    def check_watchdog(self, name: str) -> None:
        """The GUI thread's watchdog saw no turn over `TURN_LIMIT_MS` of its CPU since the
        last step (it counts afresh after each answer)."""
        watchdog = self.optional("watchdog", reset=True)
        if watchdog is None:
            return
        record = self.record
        record.watchdog_turns = (record.watchdog_turns or 0) + watchdog["turns"]
        record.longest_turn_cpu_ms = max(
            record.longest_turn_cpu_ms or 0.0, float(watchdog["longest_cpu_ms"])
        )
        over = [t for t in watchdog["over_limit"] if t["cpu_ms"] > TURN_LIMIT_MS]
        if over:
            self.found(f"the GUI thread was held over {TURN_LIMIT_MS} ms of its CPU: {over}")

    def check_cut_texts(self, name: str) -> None:
        """No visible text in the open windows is cut."""
        cut = self.optional("cut_texts")
        if cut is None:
            return
        self.record.cut_text_checked = True
        if cut:
            self.found(f"cut text: {cut}")

    def diagnose(self, name: str) -> Path:
        """Keep what shows why a step failed: state, screenshot, print queue, app log."""
        folder = self.home / f"failed-{name}"
        folder.mkdir(parents=True, exist_ok=True)
        answering = True
        for file_name, ask in (
            ("state.json", lambda: self.app.state()),
            ("print_jobs.json", lambda: self.app.ask("print_jobs")),
            ("watchdog.json", lambda: self.optional("watchdog")),
            ("cut_texts.json", lambda: self.optional("cut_texts")),
            ("screenshot", lambda: self.app.ask("shot", path=str(folder / "screen.png"))),
        ):
            try:
                found = ask() if answering else "not asked: the app stopped answering"
            except (AssertionError, OSError) as exc:
                # an app that does not answer would keep every next question waiting too
                answering = "timed out" not in str(exc)
                found = f"not answered: {exc}"
            if file_name != "screenshot":
                (folder / file_name).write_text(json.dumps(found, indent=1, default=str))
        (folder / "printer.json").write_text(json.dumps([str(p) for p in self.printer_files()]))
        log = self.app.home / "packdesk.log"
        if log.exists():
            shutil.copyfile(log, folder / "packdesk.log")
        shutil.copyfile(self.scale.out, folder / "scale.log")
        shutil.copyfile(self.printer.out, folder / "printer.log")
        return folder

    # --- the window -----------------------------------------------------------------------------

    def page(self, index: int, what: str) -> None:
        """Show page `index` (Ctrl+1…9, as at the desk) and wait until it shows."""
        self.display.keys(f"ctrl+{index + 1}")
        self.app.wait_state(lambda s: s["page"] == what if what else True, f"the page {what}")

    def type_into(self, name: str, text: str) -> None:
        """Type `text` key by key into the control named `name` (empty before)."""
        type_into(self.app, name, text)

    def type_field(self, path: str, text: str) -> None:
        """Type `text` into the shipment form's field of the wire path `path`."""
        self.app.ask("form_field", path=path, focus=True)
        self.typed(text, path)

    def typed(self, text: str, where: str) -> None:
        self.app.wait_state(lambda s: s["focus"] is not None, f"the cursor in {where}")
        self.display.type(text)
        # X delivers the keys after xdotool returns: all of them in before the next field
        self.app.wait_state(
            lambda s: (s["focus"] or {}).get("whole_text") == text, f"{text!r} typed in {where}"
        )

    def seen(self, name: str) -> dict[str, Any]:
        """The control called `name`: its text, shown, in view."""
        view: dict[str, Any] | None = self.app.ask("seen", names=[name])[name]
        assert view is not None, f"no control {name}"
        return view

    def wait_seen(
        self, name: str, predicate: Callable[[dict[str, Any]], Any], what: str
    ) -> dict[str, Any]:
        """The view of `name` once `predicate` holds for it."""
        found: list[dict[str, Any]] = []

        def check() -> bool:
            found[:] = [self.seen(name)]
            return bool(predicate(found[0]))

        try:
            _wait(check, what)
        except AssertionError as exc:
            raise AssertionError(f"{exc}; {name} shows {found[-1:]}") from None
        return found[0]

    def answer_in_view(
        self, name: str, before: str, what: str, expect: Callable[[str], bool] = bool
    ) -> dict[str, Any]:
        """The answer the control `name` shows once it differs from `before` (and from an
        "in progress" text ending in …) and `expect` holds for it; it must be in view."""
        view = self.wait_seen(
            name,
            lambda v: v["shown"] and v["whole_text"] not in (before, "")
            and not v["whole_text"].rstrip().endswith("…") and expect(v["whole_text"]),
            what,
        )  # fmt: skip
        # by the control (its text may change again meanwhile: a refresh's own message)
        where = self.optional("out_of_view", names=[name])
        shown = view if where is None else where[name]
        if not shown["in_view"]:
            self.found(f"{what}: the answer is shown out of view: {view}, {shown}")
        return view
