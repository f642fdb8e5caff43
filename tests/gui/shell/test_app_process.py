"""`packdesk` as the process a desktop starts: its icon, and SIGTERM/SIGINT (a logout, `kill`,
Ctrl+C) ending it like its close button, with no process left behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from desktop_app.gui.app import ICON_SIZES, application_icon

REPO_ROOT = Path(__file__).resolve().parents[3]


def test_the_application_icon_has_every_size_and_every_window_shows_it(qtbot: QtBot) -> None:
    icon = application_icon()
    sizes = {(s.width(), s.height()) for s in icon.availableSizes()}
    assert sizes == {(s, s) for s in ICON_SIZES}
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    previous = app.windowIcon()
    app.setWindowIcon(icon)
    try:
        dialog = QDialog()  # any window, made after start-up, inherits it
        qtbot.addWidget(dialog)
        shown = {(s.width(), s.height()) for s in dialog.windowIcon().availableSizes()}
        assert shown == sizes
    finally:
        app.setWindowIcon(previous)


def descendants(pid: int) -> set[int]:
    """Process ids of every live (not zombie) descendant of `pid`, from /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if state != "Z":
            children.setdefault(int(ppid), []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie does not count)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def start_app(tmp_path: Path) -> tuple[subprocess.Popen[str], Path]:
    """`python -m desktop_app` offscreen on throw-away folders, and its data folder."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PACKDESK_SECRET_STORE": "file"}
    env.pop("PACKDESK_API_KEY", None)
    data = tmp_path / "data"
    cmd = [sys.executable, "-m", "desktop_app", "--config-dir", str(tmp_path / "config")]
    process = subprocess.Popen(
        [*cmd, "--data-dir", str(data)],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    return process, data


def wait_for_service(process: subprocess.Popen[str], data: Path, timeout: float = 60) -> Path:
    """The service.json of the Local sandbox once the app has started its service."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()[1]
        found = list(data.glob("profiles/*/service/service.json"))
        if found:
            return found[0]
        time.sleep(0.1)
    raise AssertionError("the app did not start its local service")


def wait_for_worker(process: subprocess.Popen[str], state: Path, timeout: float = 60) -> set[int]:
    """The app's descendants once its local service runs with the label worker it spawns at
    start-up (the service's pid is in its state file, once written)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()[1]
        try:
            service = int(json.loads(state.read_text(encoding="utf-8"))["pid"])
        except (OSError, ValueError, KeyError):
            service = 0  # being written
        below = descendants(process.pid)
        if service in below and descendants(service):
            return below
        time.sleep(0.1)
    raise AssertionError("the app's local service did not start its label worker")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_the_app_like_closing_it_and_leaves_no_process(
    tmp_path: Path, sig: signal.Signals
) -> None:
    process, data = start_app(tmp_path)
    try:
        state = wait_for_service(process, data)
        before = wait_for_worker(process, state)
        assert before, "the app runs its local service as a child"
        process.send_signal(sig)
        _, stderr = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, stderr
    assert not state.exists()  # the service was stopped by the app, not left to die
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in before) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in before if alive(pid)]
    assert not left, [Path(f"/proc/{pid}/cmdline").read_bytes() for pid in left]
