"""The Windows installer built on Linux (packaging/windows/build_installer.py): checked as built
(the verified embeddable Python, the launchers, the trimming, the installer's details), then run
under Wine (Debian's `wine`, a fresh 64-bit prefix): silent install, `packdesk --version` and
its exit codes, the Windows-only imports, `serve` to a PDF and a ZPL label, `print` to the
virtual printer, the GUI offscreen to its first window, an upgrade in place, the uninstaller.
One file, so that `pytest -n 2 --dist loadfile` builds the installer once. Marked `installed`.

Wine 8 lacks a few pieces of Windows 10; test-only shims for them are built here from the C
sources in wine_shims/ (never shipped): ProcessPrng (bcryptprimitives.dll), a codec-less
icuuc.dll for Qt Core, colour-profile calls for Qt's windows plugin (mscms.dll); and Microsoft's
ucrtbase.dll that pynsist carries. The embeddable Python's `_wmi.pyd` (WMI through propsys,
missing in Wine) is removed from the installed copy.
Wine quirks handled: output goes through pipes (a file as stdout fails), `QT_*` variables are
set in the prefix's registry (Wine renames them in the Unix environment), winedbg is disabled
so a crash fails instead of waiting.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import ssl
import struct
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath
from typing import IO, Any

import httpx
import nsist
import pytest
from packaging.version import Version

from desktop_app import __version__
from tests.desk.real_window import Display, ProbeClient, missing_tools
from tests.packaging.conftest import (
    PREVIOUS_VERSION,
    REPO_ROOT,
    WindowsInstaller,
    require_tool,
    run,
)

pytestmark = [pytest.mark.installed, pytest.mark.timeout(2400)]

NSIS_DIR = REPO_ROOT / "build" / "windows" / "nsis"


def pe_subsystem(path: Path) -> int:
    """The PE header's Subsystem: 2 a GUI program (no console window), 3 a console one."""
    data = path.read_bytes()
    header = struct.unpack_from("<I", data, 0x3C)[0]
    assert data[header : header + 4] == b"PE\0\0"
    return struct.unpack_from("<H", data, header + 24 + 68)[0]


def test_the_embeddable_python_is_verified_as_signed_by_the_psf(
    windows_installer: WindowsInstaller,
) -> None:
    said = windows_installer.output
    assert "30 DLL/EXE/PYD files of Python 3.13.2 verified: signed by the Python Software" in said


def test_setup_exe_says_its_product_and_version(windows_installer: WindowsInstaller) -> None:
    setup = windows_installer.path
    assert setup.name == f"packdesk-{__version__}-setup.exe"
    data = setup.read_bytes()
    assert data[:2] == b"MZ" and pe_subsystem(setup) == 2
    for text in ("ProductName", "Packdesk", "ProductVersion", __version__):
        assert text.encode("utf-16-le") in data, text


def test_the_launchers_keep_a_console_for_the_commands_and_none_for_the_gui(
    windows_installer: WindowsInstaller,
) -> None:
    assert pe_subsystem(NSIS_DIR / "bin" / "packdesk.exe") == 3
    assert pe_subsystem(NSIS_DIR / "bin" / "packdesk-gui.exe") == 2
    assert (
        b"desktop_app.cli import gui_main" in (NSIS_DIR / "bin" / "packdesk-gui.exe").read_bytes()
    )
    script = (NSIS_DIR / "installer.nsi").read_text(encoding="utf-8")
    assert "$INSTDIR\\bin\\packdesk-gui.exe" in script  # the Start menu entry
    assert "MULTIUSER_INSTALLMODE_DEFAULT_CURRENTUSER" in script  # per user unless chosen
    assert 'RMDir /r "$INSTDIR\\pkgs"' in script  # an upgrade replaces the packages


def test_the_windows_layout_is_trimmed_and_within_its_size(
    windows_installer: WindowsInstaller,
) -> None:
    pkgs = NSIS_DIR / "pkgs"
    for kept in ("desktop_app", "zplkit", "win32", "keyring", "PySide6/Qt6Widgets.dll"):
        assert (pkgs / kept).exists(), kept
    assert (pkgs / "PySide6" / "plugins" / "platforms" / "qwindows.dll").is_file()
    assert sorted(p.stem for p in (pkgs / "babel" / "locale-data").glob("*.dat")) == [
        "de",
        "en",
        "root",
    ]
    for left_out in ("Qt6Qml.dll", "Qt6Quick.dll", "designer.exe", "qtbase_fr.qm"):
        assert not list(pkgs.rglob(left_out)), left_out
    assert not list(pkgs.glob("pytest*")) and not list(pkgs.glob("PyInstaller*"))
    installed = sum(p.stat().st_size for p in NSIS_DIR.rglob("*") if p.is_file())
    sys.stdout.write(f"installed {installed / 1e6:.1f} MB\n")
    assert installed < 250e6


# --- under Wine ---------------------------------------------------------------------------

SHIMS = Path(__file__).resolve().parent / "wine_shims"
SCRIPTS = Path(__file__).resolve().parent / "wine_scripts"
SHIM_DLLS = ("bcryptprimitives", "icuuc", "mscms")
# Microsoft's Universal C runtime, as pynsist carries it for old Windows (Wine 8's own lacks
# functions numpy calls, e.g. crealf); the installer itself ships none (Windows 10 has it)
UCRTBASE = Path(nsist.__file__).parent / "msvcrt" / "x64" / "ucrtbase.dll"
MINGW = "x86_64-w64-mingw32-gcc"
UNINSTALL_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Packdesk"
MAIN_WINDOW_TITLE = "Packdesk — Local sandbox (SANDBOX)"


@dataclass
class Wine:
    prefix: Path
    env: dict[str, str]

    def run(
        self,
        *args: str,
        timeout: float = 600,
        check: bool = True,
        env: dict[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """`wine ARGS`, its output through pipes."""
        done = subprocess.run(
            ["wine", *args],
            env={**self.env, **(env or {})},
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if check:
            assert done.returncode == 0, (
                f"wine {args} ({done.returncode}):\n{done.stdout}\n{done.stderr}"
            )
        return done

    def wait(self) -> None:
        """Until every process of the prefix has ended (an uninstaller goes on in a copy of
        itself after the one started returns)."""
        subprocess.run(["wineserver", "-w"], env=self.env, timeout=300, check=False)

    def unix(self, windows_path: str) -> Path:
        """The Unix path of a path Wine reports (drive C: is the prefix's drive_c, Z: is /)."""
        path = PureWindowsPath(windows_path.strip())
        drive, rest = path.drive.upper(), path.parts[1:]
        base = self.prefix / "drive_c" if drive == "C:" else Path("/")
        return base.joinpath(*rest)

    def windows(self, path: Path) -> str:
        """The Windows path of a Unix path (through drive C: or Z:)."""
        drive_c = self.prefix / "drive_c"
        if path.is_relative_to(drive_c):
            return str(PureWindowsPath("C:/", *path.relative_to(drive_c).parts))
        return str(PureWindowsPath("Z:/", *path.parts[1:]))

    @property
    def user_dir(self) -> Path:
        (user,) = (p for p in (self.prefix / "drive_c" / "users").iterdir() if p.name != "Public")
        return user

    @property
    def local_appdata(self) -> Path:
        return self.user_dir / "AppData" / "Local"

    def registry_text(self) -> str:
        """The prefix's registry as Wine keeps it on disk (written once wineserver ended)."""
        self.wait()
        return "".join(
            (self.prefix / name).read_text(encoding="utf-8", errors="replace")
            for name in ("user.reg", "system.reg")
        )


def build_shims(out: Path) -> None:
    """The test-only DLLs, compiled from wine_shims/*.c with MinGW."""
    for name in SHIM_DLLS:
        libs = ["-ladvapi32"] if name == "bcryptprimitives" else []
        run([MINGW, "-O2", "-shared", "-o", str(out / f"{name}.dll"),
             str(SHIMS / f"{name}.c"), str(SHIMS / f"{name}.def"), *libs])  # fmt: skip


@pytest.fixture(scope="module")
def desk(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Display]:
    """A 1024x600 Xvfb with openbox: the Wine prefix's display (its windows are real X ones)."""
    for tool in missing_tools():
        require_tool(tool)
    display = Display(tmp_path_factory.mktemp("desk"))
    try:
        yield display
    finally:
        display.close()


@pytest.fixture(scope="module")
def wine(desk: Display, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Wine]:
    for tool in ("wine", "wineboot", "wineserver", MINGW):
        require_tool(tool)
    root = tmp_path_factory.mktemp("wine")
    prefix = root / "prefix"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("QT_", "WINE", "DISPLAY"))},
        "DISPLAY": desk.name,
        "WINEPREFIX": str(prefix),
        "WINEARCH": "win64",
        "WINEDEBUG": "-all",
        # no desktop menus, no Mono/Gecko prompts, never a debugger waiting on a crash; the shims
        # replace Wine's own bcryptprimitives and mscms
        "WINEDLLOVERRIDES": "winemenubuilder.exe,mscoree,mshtml,winedbg.exe=d;"
        "bcryptprimitives,mscms,ucrtbase=n,b",
    }
    env.pop("PACKDESK_API_KEY", None)
    subprocess.run(["wineboot", "-i"], env=env, capture_output=True, timeout=600, check=True)
    system32 = prefix / "drive_c" / "windows" / "system32"
    build_shims(system32)
    shutil.copy2(UCRTBASE, system32 / "ucrtbase.dll")
    prepared = Wine(prefix, env)
    debugger = r"HKLM\Software\Microsoft\Windows NT\CurrentVersion\AeDebug"
    prepared.run("reg", "add", debugger, "/v", "Auto", "/t", "REG_SZ", "/d", "0", "/f")
    prepared.run("reg", "add", debugger, "/v", "Debugger", "/t", "REG_SZ", "/d", "", "/f")
    prepared.wait()
    try:
        yield prepared
    finally:
        subprocess.run(["wineserver", "-k"], env=env, timeout=60, check=False)


@dataclass(frozen=True)
class Installed:
    folder: Path  # the installation folder ($INSTDIR)
    packdesk: str  # the console launcher, as Wine runs it

    def launcher(self, name: str) -> str:
        return str(self.folder / "bin" / f"{name}.exe")


def install(wine: Wine, setup: Path, *options: str) -> Installed:
    """`setup.exe /S` (per user, the default); the installation it made."""
    wine.run(str(setup), "/S", *options, timeout=900)
    wine.wait()
    location = wine.run("reg", "query", UNINSTALL_KEY, "/v", "InstallLocation").stdout
    folder = wine.unix(location.split("REG_SZ", 1)[1])
    (folder / "Python" / "_wmi.pyd").unlink(missing_ok=True)  # see the module's docstring
    return Installed(folder, str(folder / "bin" / "packdesk.exe"))


def run_script(
    wine: Wine, installed: Installed, script: str, *args: str, env: dict[str, str] | None = None
) -> dict[str, Any]:
    """wine_scripts/`script` run by the installation's own Python (with its packages); the
    JSON it printed last."""
    python = str(installed.folder / "Python" / "python.exe")
    pkgs = wine.windows(installed.folder / "pkgs")
    done = wine.run(python, wine.windows(SCRIPTS / script), pkgs, *args, timeout=300, env=env)
    lines = done.stdout.strip().splitlines()
    assert lines and lines[-1].startswith("{"), done.stdout + done.stderr
    result: dict[str, Any] = json.loads(lines[-1])
    return result


def version_said(wine: Wine, installed: Installed) -> str:
    return wine.run(installed.packdesk, "--version", timeout=300).stdout.strip()


def uninstall_entry(wine: Wine, value: str) -> str:
    query = wine.run("reg", "query", UNINSTALL_KEY, "/v", value).stdout
    return query.split("REG_SZ", 1)[1].strip()


@dataclass(frozen=True)
class Previous:
    installed: Installed
    version: str  # what its `packdesk --version` said
    made: dict[str, Any]  # what user_data_before_upgrade.py made


@pytest.fixture(scope="module")
def previous(wine: Wine, previous_windows_installer: WindowsInstaller) -> Previous:
    """The previous build installed, and a shop owner's data made with it: a profile with its
    key, a printer and a label queued for it (wine_scripts/user_data_before_upgrade.py)."""
    installed = install(wine, previous_windows_installer.path)
    said = version_said(wine, installed)
    made = run_script(wine, installed, "user_data_before_upgrade.py")
    # a module the newer release no longer has: an upgrade must not leave it importable
    (installed.folder / "pkgs" / "stale_module_of_an_older_release.py").write_text("x = 1\n")
    return Previous(installed, said, made)


@pytest.fixture(scope="module")
def installed(wine: Wine, windows_installer: WindowsInstaller, previous: Previous) -> Installed:
    """The current build installed silently over the previous one."""
    return install(wine, windows_installer.path)


def test_upgrade_from_the_previous_build_keeps_profile_key_and_queued_label(
    previous: Previous, installed: Installed, wine: Wine
) -> None:
    assert Version(PREVIOUS_VERSION) < Version(__version__)
    assert previous.version == f"packdesk {PREVIOUS_VERSION}"
    assert previous.made["state"] == "queued"
    assert previous.made["secret_store"] == "KeyringSecretStore"  # the Credential Manager
    assert installed.folder == previous.installed.folder  # in place
    assert not (installed.folder / "pkgs" / "stale_module_of_an_older_release.py").exists()
    assert version_said(wine, installed) == f"packdesk {__version__}"
    assert uninstall_entry(wine, "DisplayVersion") == __version__
    after = run_script(wine, installed, "user_data_after_upgrade.py", previous.made["profile"])
    assert after["version"] == __version__
    assert after["profile"] == "Shop before the upgrade"
    assert after["key_kept"] is True
    assert after["jobs"] == [
        {"id": previous.made["job"], "state": "queued", "title": "queued before the upgrade",
         "printer": "Upgrade Zebra"}
    ]  # fmt: skip
    assert "queued before the upgrade" in after["label"]


def test_silent_install_per_user_with_start_menu_entry_and_path(
    wine: Wine, installed: Installed
) -> None:
    assert installed.folder.is_relative_to(wine.user_dir)  # per user: no administrator
    for name in ("packdesk", "packdesk-gui"):
        assert (installed.folder / "bin" / f"{name}.exe").is_file()
    assert (installed.folder / "uninstall.exe").is_file()
    assert (installed.folder / "delete_user_data.py").is_file()
    shortcuts = list(wine.user_dir.rglob("Packdesk.lnk"))
    assert shortcuts, "no Start menu entry"
    assert b"packdesk-gui.exe" in shortcuts[0].read_bytes().replace(b"\0", b"")
    path = wine.run("reg", "query", r"HKCU\Environment", "/v", "PATH").stdout
    assert "packdesk\\bin" in path.lower()


def test_packdesk_says_its_version_and_keeps_exit_codes(installed: Installed, wine: Wine) -> None:
    assert version_said(wine, installed) == f"packdesk {__version__}"
    unknown = wine.run(installed.packdesk, "no-such-command", timeout=300, check=False)
    assert unknown.returncode == 2 and "unknown command" in unknown.stderr


def test_windows_only_code_paths_run(installed: Installed, wine: Wine) -> None:
    """winsound through the Scan page's sound player, keyring's Windows backend (Wine's
    Credential Manager) through the app's secret store, the Windows printer transport's
    imports; the transport's printing: the next test."""
    done = run_script(wine, installed, "windows_only_paths.py")
    assert done["keyring_backend"] == "keyring.backends.Windows.WinVaultKeyring"
    assert done["secret_store"] == "KeyringSecretStore"
    assert done["secret_round_trip"] == ["pk_test_windows", None]
    assert isinstance(done["sound_played"], bool)  # False: no sound device (Wine on Xvfb)
    assert done["transport"] == "Windows printer Packdesk test"
    assert done["escpos_device"] == "SpoolerRaw"  # escpos's Win32Raw, see transports/win32.py


@dataclass
class WineService:
    process: subprocess.Popen[str]
    base_url: str
    ca_file: Path
    sandbox_key: str


def start_service(wine: Wine, installed: Installed, data_dir: Path) -> WineService:
    """`packdesk serve --port 0` under Wine; its JSON line read from a pipe."""
    process = subprocess.Popen(
        ["wine", installed.packdesk, "serve", "--port", "0", "--data-dir", str(data_dir)],
        env=wine.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # its JSON line comes first; "" (EOF) when it failed
    while line and not line.startswith("{"):
        line = process.stdout.readline()
    if not line.startswith("{"):
        process.kill()
        _, err = process.communicate(timeout=60)
        pytest.fail(f"service did not start: {line!r}\n{err[-4000:]}")
    # what it writes after that (a few log lines a request) waits in the pipes: read at the end
    info = json.loads(line)
    credentials = json.loads(wine.unix(info["credentials_file"]).read_text(encoding="utf-8"))
    return WineService(
        process, info["base_url"], wine.unix(info["ca_file"]), credentials["sandbox_key"]
    )


@contextlib.contextmanager
def virtual_printer(out: Path) -> Iterator[tuple[str, IO[str]]]:
    """`packdesk virtual-printer` of this checkout (on Linux): its tcp:// URI, and its output
    (a line per job received)."""
    printer = subprocess.Popen(
        [sys.executable, "-m", "desktop_app", "virtual-printer", "--port", "0", "--out",
         str(out), "--no-render"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert printer.stdout is not None
        yield printer.stdout.readline().split()[2], printer.stdout
    finally:
        printer.terminate()
        printer.communicate(timeout=60)


def print_label(
    wine: Wine,
    installed: Installed,
    label: Path,
    to: str,
    queue_db: Path,
    env: dict[str, str] | None = None,
) -> None:
    """`packdesk print LABEL --to TO` under Wine, waiting until the printer has it."""
    wine.run(installed.packdesk, "print", str(label), "--to", to, "--kind", "zpl", "--dpi",
             "203", "--queue-db", str(queue_db), timeout=600, env=env)  # fmt: skip


def wait_healthy(client: httpx.Client, patience: float = 120.0) -> None:
    """Until `/health` answers 200: its write probe runs every second, and a probe missing its
    2 s under Wine on a loaded machine answers 503 until two probes in a row pass."""
    deadline = time.monotonic() + patience
    while (health := client.get("/health")).status_code != 200:
        assert time.monotonic() < deadline, f"/health: {health.status_code} {health.text}"
        time.sleep(0.2)


def test_serve_makes_labels_and_print_sends_them_to_the_virtual_printer(
    installed: Installed, wine: Wine, tmp_path: Path
) -> None:
    from tests.payloads import shipment

    service = start_service(wine, installed, tmp_path / "service")
    labels: dict[str, bytes] = {}
    try:
        with httpx.Client(
            base_url=service.base_url,
            verify=ssl.create_default_context(cafile=str(service.ca_file)),
            auth=(service.sandbox_key, ""),
            timeout=300,
        ) as client:
            wait_healthy(client)
            for carrier, label_format in (("dhl", "pdf_a6"), ("ups", "zpl2_4x6in_203dpi")):
                body = shipment(carrier, label=True)
                body["label"] = {"format": label_format}
                created = client.post("/v1/shipments", json=body)
                assert created.status_code == 200, created.text
                labels[label_format] = client.get(created.json()["label_url"]).content
    finally:
        service.process.terminate()
        service.process.communicate(timeout=60)  # closes its pipes
    assert labels["pdf_a6"].startswith(b"%PDF")
    assert labels["zpl2_4x6in_203dpi"].lstrip().startswith(b"^XA")
    (tmp_path / "label.pdf").write_bytes(labels["pdf_a6"])
    (tmp_path / "label.zpl").write_bytes(labels["zpl2_4x6in_203dpi"])
    # the virtual printer runs on Linux (this checkout); the Windows app prints to it over TCP
    with virtual_printer(tmp_path / "jobs") as (uri, said):
        for name in ("label.zpl", "label.pdf"):  # the PDF converted in a worker process
            print_label(wine, installed, tmp_path / name, uri, tmp_path / "queue.db")
            assert "complete" in said.readline()
    jobs = sorted((tmp_path / "jobs").glob("job-*.zpl"))
    assert len(jobs) == 2 and jobs[0].read_bytes() == labels["zpl2_4x6in_203dpi"]
    assert b"^GF" in jobs[1].read_bytes()


def test_the_windows_printer_transport_prints_through_the_spooler(
    installed: Installed, wine: Wine, tmp_path: Path
) -> None:
    """`packdesk print --to win32:NAME`: the app's queue, its Windows printer transport and
    pywin32's spooler calls (a raw document), to a Windows printer Wine takes from CUPS (a
    private cupsd's raw queue sending to the virtual printer)."""
    from tests.printing.cups_server import add_raw_queue, private_cupsd
    from tests.printing.label_factory import zpl_label

    label = zpl_label()
    (tmp_path / "label.zpl").write_bytes(label)
    with private_cupsd() as cups, virtual_printer(tmp_path / "jobs") as (uri, said):
        # a printer name without "Packdesk": the uninstall test looks for any such registry key
        add_raw_queue(cups, "Desk_Zebra", uri.replace("tcp://", "socket://"))
        print_label(wine, installed, tmp_path / "label.zpl", "win32:Desk_Zebra",
                    tmp_path / "queue.db", env={"CUPS_SERVER": cups})  # fmt: skip
        assert "complete" in said.readline()
    (job,) = sorted((tmp_path / "jobs").glob("job-*.zpl"))
    assert job.read_bytes() == label


def test_gui_opens_connected_to_its_local_sandbox_on_a_real_display(
    installed: Installed, wine: Wine, desk: Display, tmp_path: Path
) -> None:
    """The Start menu's `packdesk-gui.exe` on the 1024x600 Xvfb desk: its first window, once
    connected to the Local sandbox it started (the app's probe says so), as the window system
    shows it (its title through xdotool, a screenshot of the screen); closed with Alt+F4."""

    probe = tmp_path / "probe"
    # pipes: a GUI program under Wine cannot start its Python with a file as stdout
    process = subprocess.Popen(
        ["wine", installed.launcher("packdesk-gui")],
        env={**wine.env, "PACKDESK_UI_PROBE": wine.windows(probe)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    gui = WineGui(probe, process)
    try:
        state = gui.connected()
        assert state["maximized"] and state["window"][2:] == [1024, 604]  # the 1024x600 desk
        titles = desk.run("xdotool", "search", "--name", "^Packdesk", "getwindowname", "%@")
        assert MAIN_WINDOW_TITLE in titles.splitlines()
        # the probe says connected once the app is; the status bar shows it a paint later
        shot = screen_when(
            desk,
            lambda shot: any(
                c == CONNECTED_GREEN
                for _, c in shot.convert("RGB").crop((0, 570, 1024, 600)).getcolors(1 << 16) or ()
            ),
            "the green 'Connected' in the status bar",
        )
        shot.save(tmp_path / "first-window.png")
        sys.stdout.write(f"screenshot {tmp_path / 'first-window.png'}\n")
        saved = os.environ.get("PACKDESK_WINE_SCREENSHOT")
        if saved:
            shot.save(saved)
        assert shot.size == (1024, 600)
        colours = dict((c, n) for n, c in shot.convert("RGB").getcolors(1 << 20) or ())
        assert colours.get(SANDBOX_BANNER, 0) > 10_000  # the SANDBOX banner
        status_bar = shot.convert("RGB").crop((0, 570, 1024, 600))
        assert any(c == CONNECTED_GREEN for _, c in status_bar.getcolors(1 << 16) or ())
        desk.run(
            "xdotool",
            "search",
            "--name",
            f"^{re.escape(MAIN_WINDOW_TITLE)}$",
            "windowactivate",
            "--sync",
        )
        desk.keys("alt+F4")
        output, _ = process.communicate(timeout=300)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=60)
    assert process.returncode == 0, output[-4000:]  # the launcher passes on the app's
    wine.wait()


#: the SANDBOX banner's background and the status bar's "Connected" text (gui/core/theme.py,
#: status_bar.py)
SANDBOX_BANNER = (0xFF, 0xD5, 0x4F)
CONNECTED_GREEN = (0x1B, 0x5E, 0x20)


def screen_when(desk: Display, shows: Any, what: str, timeout: float = 120) -> Any:
    """The screen once `shows(screenshot)` holds (a state on the screen, polled), else fails
    naming `what`."""
    from PIL import ImageGrab

    deadline = time.monotonic() + timeout
    while True:
        shot = ImageGrab.grab(xdisplay=desk.name)
        if shows(shot):
            return shot
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} never showed on the screen")
        time.sleep(0.5)


class WineGui(ProbeClient):
    """The app under Wine, asked through its probe (a folder on drive Z:)."""

    def __init__(self, probe: Path, process: subprocess.Popen[str]) -> None:
        super().__init__(probe)
        self.process = process

    def ended(self) -> str | None:
        if self.process.poll() is None:
            return None
        output, _ = self.process.communicate()
        return f"packdesk-gui ended ({self.process.returncode}):\n{output[-4000:]}"

    def connected(self) -> dict[str, Any]:
        """The state once every page is there and the Local sandbox is connected; should its
        service take longer to start than the app waits (a loaded machine), "Try again" in the
        status bar is clicked, as a user would."""

        def ready(state: dict[str, Any]) -> bool:
            if state["connected"] and state["pages"] >= 7:
                return True
            with contextlib.suppress(AssertionError):  # no "Try again" shown: still connecting
                self.ask("click", text="reconnectButton")
            return False

        return self.wait_state(ready, "the window connected to its Local sandbox", timeout=300)


def users_data(wine: Wine) -> list[Path]:
    """The app's files of the user (profiles, keys, labels, queue), not the program's."""
    return sorted(p for p in (wine.local_appdata / "Packdesk").rglob("*") if p.is_file())


def packdesk_credentials(wine: Wine) -> list[str]:
    """The Credential Manager's Packdesk entries (Wine keeps them in the registry)."""
    return [
        line
        for line in wine.registry_text().splitlines()
        if "Credential Manager" in line and "packdesk" in line.lower()
    ]


def assert_program_gone(wine: Wine, installed: Installed) -> None:
    """No folder, Start menu entry, uninstall entry or PATH entry of the program left."""
    assert not installed.folder.exists(), sorted(installed.folder.rglob("*"))[:20]
    assert not list(wine.user_dir.rglob("Packdesk.lnk"))
    assert wine.run("reg", "query", UNINSTALL_KEY, check=False).returncode != 0
    path = wine.run("reg", "query", r"HKCU\Environment", "/v", "PATH", check=False).stdout
    assert "packdesk" not in path.lower()


def test_uninstall_removes_the_program_and_keeps_the_users_data(
    installed: Installed, wine: Wine
) -> None:
    user_files = users_data(wine)
    assert any(p.name == "profiles.json" for p in user_files), user_files
    credentials = packdesk_credentials(wine)
    assert credentials, "no key in the Credential Manager"
    wine.run(str(installed.folder / "uninstall.exe"), "/S", timeout=600)
    wine.wait()
    assert_program_gone(wine, installed)
    assert all(p.is_file() for p in user_files)
    assert packdesk_credentials(wine) == credentials


def test_an_earlier_install_in_another_folder_is_replaced_and_uninstall_deletes_data_on_request(
    wine: Wine, windows_installer: WindowsInstaller, previous_windows_installer: WindowsInstaller
) -> None:
    """The previous build in a folder of the user's choosing, the current one installed with
    the defaults: the earlier one is uninstalled (its folder gone, the data kept); then
    `uninstall.exe /S /DELETEDATA` leaves nothing of Packdesk: no file of the user's named so,
    no registry entry, no key."""
    elsewhere = wine.user_dir / "PackdeskElsewhere"
    earlier = install(wine, previous_windows_installer.path, f"/INSTDIR={wine.windows(elsewhere)}")
    assert earlier.folder == elsewhere
    user_files = users_data(wine)
    current = install(wine, windows_installer.path)
    assert current.folder != elsewhere and not elsewhere.exists()
    assert version_said(wine, current) == f"packdesk {__version__}"
    assert all(p.is_file() for p in user_files)
    wine.run(str(current.folder / "uninstall.exe"), "/S", "/DELETEDATA", timeout=600)
    wine.wait()
    assert_program_gone(wine, current)
    assert not (wine.local_appdata / "Packdesk").exists()
    assert not [p for p in wine.user_dir.rglob("*") if "packdesk" in p.name.lower()]
    registry = wine.registry_text().lower()
    assert "packdesk" not in registry, [
        line for line in registry.splitlines() if "packdesk" in line
    ][:10]
