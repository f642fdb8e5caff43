"""A station of a warehouse account with people, on the real local service: the account, its
station key, its people (`packdesk serve users add`), and the whole window with the sign-in
installed as the app installs it. Nothing is faked: the clock of the idle sign-out is the only
thing a test sets (`FakeClock`)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.people.presenter import SignInPresenter
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shell.sign_in import StationSignIn
from desktop_app.printing.printers import PrinterBook
from tests.fixtures.service import REPO_ROOT, _option
from tests.gui.app_context import make_manager
from tests.gui.shipment_desk import sandbox_profile, wait_until

#: the people of a test account: name, role, badge code or PIN
PEOPLE = (
    ("Ana Packer", "packer", "BADGE-ANA-0001"),
    ("Sam Supervisor", "supervisor", "BADGE-SAM-0002"),
    ("Ada Admin", "admin", "7391"),
)
STATION = "Packtisch 1"


class FakeClock:
    """The idle sign-out's clock, moved on by the test (monotonic seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Station:
    """A window at a station of an account with people."""

    context: AppContext
    window: MainWindow
    sign_in: StationSignIn
    clock: FakeClock
    account: dict[str, str]
    station_key: str

    @property
    def presenter(self) -> SignInPresenter:
        return self.sign_in.presenter


def add_person(service: Any, email: str, name: str, role: str, code: str) -> None:
    """`packdesk serve users add NAME --role ROLE --account EMAIL`, the code on stdin (as an
    admin types it: never in the command line)."""
    cmd = [sys.executable, "-m", "desktop_app", "serve", "users", "add", name, "--role", role]
    cmd += ["--account", email, "--data-dir", str(service.data_dir)]
    database_url = _option(service.args, "--database-url")
    if database_url:
        cmd += ["--database-url", database_url]
    done = subprocess.run(
        cmd,
        cwd=REPO_ROOT,
        input=code + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"packdesk serve users add {name} failed: {done.stderr}")


def people_account(service: Any) -> tuple[dict[str, str], str]:
    """A fresh account with a station key and PEOPLE; (account, the station's sandbox key)."""
    account = service.add_account()
    keys = json.loads(service.accounts("add-key", account["email"], "--name", STATION))
    for name, role, code in PEOPLE:
        add_person(service, account["email"], name, role, code)
    return account, keys["sandbox_key"]


async def open_station(
    qtbot: QtBot, tmp_path: Path, service: Any, key: str, account: dict[str, str], **prefs: Any
) -> Station:
    """The whole window on a profile with the station's key, built before it connects (as the
    app does), then connected."""
    from desktop_app.gui.shell.pages import install_operations, install_pages

    manager = make_manager(tmp_path)
    profile = manager.add(
        sandbox_profile(service, "Warehouse", **prefs), key, verified_environment="sandbox"
    )
    context = AppContext(manager, PrinterBook(tmp_path / "config" / "printers.json"))
    window = MainWindow(context)
    history, settings = install_pages(window, context)
    install_operations(window, context, history, settings)
    clock = FakeClock()
    presenter = SignInPresenter(context, clock=clock)
    sign_in = StationSignIn(window, context, presenter)
    presenter.setParent(sign_in)
    qtbot.addWidget(window)
    window.resize(1024, 600)
    window.show()
    await context.open_profile(profile)
    return Station(context, window, sign_in, clock, account, key)


async def badge(qtbot: QtBot, desk: Station, code: str) -> None:
    """A scanner types the code and Enter into the field that has the keyboard."""
    field = desk.sign_in.screen.code_field
    await wait_until(lambda: desk.presenter.state == "waiting")
    qtbot.keyClicks(field, code)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert field.text() == ""  # never left on the screen


async def signed_in_as(qtbot: QtBot, desk: Station, code: str) -> None:
    """Sign in by badge keys and wait for the signed-in state."""
    await badge(qtbot, desk, code)
    await wait_until(lambda: desk.presenter.state == "signed_in")
