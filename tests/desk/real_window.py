"""A real desk for tests: Xvfb at 1024x600 with the openbox window manager, the installed
`packdesk` command on throw-away folders, real key events by xdotool, and the app's test-only
probe (`desktop_app.gui.shell.probe`) answering what the window system shows.

Tests wait for states (the probe's answers, files appearing), never for time.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.hang_guard import process_stacks

SCREEN = (1024, 600)
TOOLS = ("Xvfb", "openbox", "xdotool", "xprop")
#: how long a state may take to come on a loaded 2-core machine (the app starts its service)
PATIENCE = 90.0


def missing_tools() -> list[str]:
    """The X tools this machine lacks (make install's APT_TEST brings them)."""
    return [tool for tool in TOOLS if shutil.which(tool) is None]


def _wait(predicate: Callable[[], Any], what: str, timeout: float = PATIENCE) -> Any:
    """Poll `predicate` until it returns something true; its value (AssertionError after
    `timeout` seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class Display:
    """Xvfb on a free display number with openbox managing its windows."""

    def __init__(self, tmp: Path) -> None:
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24"]
            + ["-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.xvfb.kill()
            raise RuntimeError("Xvfb did not start")
        self.name = f":{number}"
        self.env = {**os.environ, "DISPLAY": self.name}
        self.wm = subprocess.Popen(
            ["openbox", "--sm-disable", "--config-file", str(_openbox_config(tmp))],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait(self._managed, "openbox to manage the screen", 30)

    def _managed(self) -> bool:
        out = self.run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK", check=False)
        return "window id" in out

    def run(self, *cmd: str, check: bool = True) -> str:
        """Run an X tool on this display; its output."""
        done = subprocess.run(cmd, env=self.env, capture_output=True, text=True, check=check)
        return done.stdout

    def keys(self, *keys: str) -> None:
        """Press keys (xdotool names: Tab, ctrl+p, Escape) in the focused window."""
        self.run("xdotool", "key", "--clearmodifiers", *keys)

    def type(self, text: str) -> None:
        """Type `text` key by key into the focused window."""
        self.run("xdotool", "type", "--delay", "15", text)

    def close(self) -> None:
        for process in (self.wm, self.xvfb):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _openbox_config(tmp: Path) -> Path:
    """openbox's own defaults, but no desktop margins (Xvfb has no panel); Alt+F4 closes the
    active window, as on a desktop."""
    path = tmp / "openbox-rc.xml"
    path.write_text(
        '<?xml version="1.0"?><openbox_config xmlns="http://openbox.org/3.4/rc">'
        "<focus><focusNew>yes</focusNew></focus>"
        '<keyboard><keybind key="A-F4"><action name="Close"/></keybind></keyboard>'
        "</openbox_config>",
        encoding="utf-8",
    )
    return path


class ProbeClient:
    """Questions to the app's test-only probe in `probe` (a folder both sides see), while
    `ended()` says nothing (a reason once the app ended)."""

    def __init__(self, probe: Path) -> None:
        self.probe = probe
        self._next_id = 0

    def ended(self) -> str | None:
        """Why the app cannot answer any more (it ended), or None while it runs."""
        return None

    def stacks(self) -> str:
        """Every thread's stack of the app, for a wait that gave up on it."""
        return ""

    def _gave_up(self, exc: AssertionError, detail: str = "") -> AssertionError:
        """`exc` of a wait that timed out, with `detail` and the app's stacks (a stuck GUI
        thread does not answer the probe: its stack says where it is)."""
        stacks = self.stacks()
        threads = f"\nthe app's threads now:\n{stacks}" if stacks else ""
        return AssertionError(f"{exc}{detail}{threads}")

    def ask(self, do: str, **args: Any) -> Any:
        """One command to the probe; its result."""
        self._next_id += 1
        command = {"id": self._next_id, "do": do, **args}
        self.probe.mkdir(parents=True, exist_ok=True)
        partial = self.probe / "command.part"
        partial.write_text(json.dumps(command), "utf-8")
        partial.replace(self.probe / "command.json")

        def answered() -> Any:
            reason = self.ended()
            if reason is not None:
                raise AssertionError(reason)
            try:
                answer = json.loads((self.probe / "answer.json").read_text("utf-8"))
            except (OSError, ValueError):
                return None
            return answer if answer.get("id") == self._next_id else None

        try:
            result = _wait(answered, f"the probe's answer to {do}")["result"]
        except AssertionError as exc:
            if self.ended() is not None:
                raise
            raise self._gave_up(exc) from None
        if isinstance(result, dict) and "error" in result:
            raise AssertionError(f"{do}: {result['error']}")
        return result

    def click(self, button: str) -> None:
        """Click the button with that object name once it is shown and enabled."""

        def clicked() -> bool:
            try:
                self.ask("click", text=button)
            except AssertionError as exc:
                if "no button" in str(exc):
                    return False
                raise
            return True

        _wait(clicked, f"the button {button}")

    def state(self) -> dict[str, Any]:
        """What the window system shows now (see the probe's `state`)."""
        result: dict[str, Any] = self.ask("state")
        return result

    def wait_state(
        self, predicate: Callable[[dict[str, Any]], Any], what: str, timeout: float = PATIENCE
    ) -> dict[str, Any]:
        """The first state for which `predicate` holds."""
        found: list[dict[str, Any]] = []

        def check() -> bool:
            state = self.state()
            found[:] = [state]
            return bool(predicate(state))

        try:
            _wait(check, what, timeout)
        except AssertionError as exc:
            if self.ended() is not None or "the app's threads now" in str(exc):
                raise
            raise self._gave_up(exc, f"; last state: {json.dumps(found[-1:])[:3000]}") from None
        return found[0]

    def ready(self) -> dict[str, Any]:
        """Wait until every page is there and the Local sandbox is connected."""
        return self.wait_state(
            lambda s: s["connected"] and s["pages"] >= 7, "the pages and the connection"
        )


class DeskApp(ProbeClient):
    """`packdesk` (the installed command) on fresh folders under `home`, with the probe."""

    def __init__(self, display: Display, home: Path, language: str) -> None:
        super().__init__(home / "probe")
        self.display = display
        self.home = home
        self.config = home / "config"
        self.data = home / "data"
        self.config.mkdir(parents=True, exist_ok=True)
        ini = self.config / "settings.ini"
        if not ini.exists():  # a restart keeps what the app saved (the window's place)
            ini.write_text(f"[ui]\nlanguage={language}\n", "utf-8")
        env = {
            **display.env,
            "QT_QPA_PLATFORM": "xcb",
            "PACKDESK_UI_PROBE": str(self.probe),
            "PACKDESK_SECRET_STORE": "file",
        }
        env.pop("PACKDESK_API_KEY", None)
        command = Path(sys.executable).with_name("packdesk")
        self.log = (home / "packdesk.log").open("w")
        self.process = subprocess.Popen(
            [str(command), "--config-dir", str(self.config), "--data-dir", str(self.data)],
            env=env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )

    def ended(self) -> str | None:
        if self.process.poll() is None:
            return None
        return f"packdesk ended ({self.process.returncode}):\n{self.logs()}"

    def stacks(self) -> str:
        return process_stacks(self.process.pid) if self.process.poll() is None else ""

    def printed_jobs(self) -> list[Path]:
        """Label files the built-in virtual printer received."""
        return sorted(p for p in self.data.rglob("virtual-printer/*") if p.is_file())

    def logs(self) -> str:
        self.log.flush()
        return (self.home / "packdesk.log").read_text("utf-8", "replace")[-4000:]

    def stop(self) -> None:
        """Close it as a desktop's logout does (SIGTERM), then make sure it is gone."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                # stuck in its shutdown: where, into its log, before it is killed
                stacks = self.stacks()
                self.log.write(f"\n==== not ended 60 s after SIGTERM; its threads:\n{stacks}")
                self.log.flush()
                self.process.kill()
                self.process.wait()
        self.log.close()


@contextmanager
def desk_app(display: Display, home: Path, language: str) -> Iterator[DeskApp]:
    """A started `DeskApp`, stopped afterwards."""
    app = DeskApp(display, home, language)
    try:
        yield app
    finally:
        app.stop()


def within(rect: list[int], screen: list[int]) -> bool:
    """Whether `rect` ([x, y, w, h]) lies inside `screen`."""
    x, y, w, h = rect
    sx, sy, sw, sh = screen
    return sx <= x and sy <= y and x + w <= sx + sw and y + h <= sy + sh


#: dialogs opened by their buttons' object names: (page index, settings tab or None, button)
DIALOG_BUTTONS = (
    (6, 0, "profile_add"),
    (6, 0, "connect_server"),
    (6, 0, "station_approvals"),
    (6, 1, "printer_add"),
    (6, 1, "printer_discover"),
    (6, 5, "preset_add"),
    (4, None, "batch_open"),
    (4, None, "batch_set_sender"),
    (5, None, "scan_watched_choose"),
)
#: dialogs about a label made (`make_label`): the printed label, and the History's row actions
#: on the first shipment
LABEL_DIALOG_BUTTONS = (
    (0, None, "lastPrintButton"),
    (1, None, "return_button"),
    (1, None, "history_delete"),
)
HISTORY_PAGE, HISTORY_TABLE = 1, "history_table"
#: the README's first run: a receiver and a weight (the parcel's sizes are the profile's)
FIRST_RUN = (
    ("to_first_name", "Erika"),
    ("to_last_name", "Mustermann"),
    ("to_street", "Heidestrasse"),
    ("to_street_no", "17"),
    ("to_zip_code", "51147"),
    ("to_city", "Koeln"),
    ("weight", "1.5"),
)


def type_into(app: DeskApp, name: str, text: str) -> None:
    """Type `text` key by key into the control called `name` (empty before)."""
    app.ask("focus", name=name)
    # the window system activates the control's window after the probe asked for it: keys
    # typed before that go to the window before (a dialog just opened lost its first key)
    app.wait_state(lambda s: (s["focus"] or {}).get("name") == name, f"the cursor in {name}")
    app.display.type(text)
    # X delivers the keys after xdotool returns: all of them in before the next field
    app.wait_state(
        lambda s: (s["focus"] or {}).get("whole_text") == text, f"{text} typed in {name}"
    )


def make_label(app: DeskApp) -> None:
    """The README's first run typed into the fields, Ctrl+P: a label at the virtual printer."""
    app.ask("page", index=0)
    for name, text in FIRST_RUN:
        type_into(app, name, text)
    app.display.keys("ctrl+p")
    jobs = app.printed_jobs
    app.wait_state(lambda _s: jobs(), "a label at the virtual printer")


SETTINGS_PAGE = 6
#: names of the views in the main window's order (screenshot file names)
PAGES = ("new-shipment", "history", "addresses", "end-of-day", "batch", "scan", "settings")
SETTINGS_TABS = ("profiles", "printers", "scales", "preferences", "station", "presets", "shops")


def problems_in(state: dict[str, Any]) -> list[str]:
    """What lies off the screen or pushes a page sideways in `state`."""
    screen = state["available"]
    found = (
        [f"window {state['window']} outside {screen}"]
        if not within(state["window"], screen)
        else []
    )
    for window in state["windows"]:
        if not within(window["frame"], screen):
            found.append(f"{window['class']} {window['window']!r} at {window['frame']}")
    found += [f"{w['class']} {w['name']!r} {w['text']!r} at {w['rect']}" for w in state["outside"]]
    found += [f"{w['name']} scrolls sideways" for w in state["sideways"]]
    return found


def dialog_shown(app: DeskApp, what: str) -> dict[str, Any]:
    """The state once a dialog is up, active (the window manager placed and focused it) and
    where it stays."""
    frames: list[Any] = []

    def settled(state: dict[str, Any]) -> bool:
        dialogs = [w["frame"] for w in state["windows"] if w["dialog"]]
        frames.append(dialogs)
        return bool(dialogs) and state["active"] != "MainWindow" and frames[-2:-1] == [dialogs]

    return app.wait_state(settled, f"the dialog of {what}")


def walk(app: DeskApp, seen: Callable[[str, dict[str, Any]], None]) -> None:
    """Every page, every Settings tab and every dialog (those about a label too once
    `make_label` made one); `seen(view name, state)` for each once it shows (a dialog: once its
    window is up)."""
    for index in range(app.state()["pages"]):
        app.ask("page", index=index)
        if index == SETTINGS_PAGE:
            tabs = app.wait_state(lambda s: s["tabs"], "the Settings tabs")["tabs"][0]
            for tab in range(tabs["count"]):
                app.ask("tab", name="settings_tabs", index=tab)
                names = (*SETTINGS_TABS, "webhooks", "products")
                seen(f"settings-{names[tab] if tab < len(names) else tab}", app.state())
        else:
            seen(PAGES[index] if index < len(PAGES) else f"page-{index}", app.state())
    labelled = bool(app.printed_jobs())
    for page, tab, button in DIALOG_BUTTONS + (LABEL_DIALOG_BUTTONS if labelled else ()):
        app.ask("page", index=page)
        if tab is not None:
            app.ask("tab", name="settings_tabs", index=tab)
        if page == HISTORY_PAGE:
            app.wait_state(
                lambda _s: app.ask("select_row", name=HISTORY_TABLE, row=0), "a History row"
            )
        app.click(button)
        seen(f"dialog-{button}", dialog_shown(app, button))
        app.ask("close_dialogs")
        app.wait_state(lambda s: not any(w["dialog"] for w in s["windows"]), "no dialog")
    app.ask("page", index=0)
    app.display.keys("F1")  # the shortcut sheet
    seen("dialog-F1", dialog_shown(app, "F1"))
    app.ask("close_dialogs")
    app.wait_state(lambda s: not any(w["dialog"] for w in s["windows"]), "no dialog")
