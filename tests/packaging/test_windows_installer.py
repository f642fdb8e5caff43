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

import json
import os
import shutil
import ssl
import struct
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PureWindowsPath

import nsist
import pytest

from desktop_app import __version__
from tests.packaging.conftest import REPO_ROOT, WindowsInstaller, require_tool, run

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
SHIM_DLLS = ("bcryptprimitives", "icuuc", "mscms")
# Microsoft's Universal C runtime, as pynsist carries it for old Windows (Wine 8's own lacks
# functions numpy calls, e.g. crealf); the installer itself ships none (Windows 10 has it)
UCRTBASE = Path(nsist.__file__).parent / "msvcrt" / "x64" / "ucrtbase.dll"
MINGW = "x86_64-w64-mingw32-gcc"
UNINSTALL_KEY = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\Packdesk"


@dataclass
class Wine:
    prefix: Path
    env: dict[str, str]

    def run(
        self, *args: str, timeout: float = 600, check: bool = True
    ) -> subprocess.CompletedProcess[str]:
        """`wine ARGS`, its output through pipes."""
        done = subprocess.run(
            ["wine", *args],
            env=self.env,
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

    def unix(self, windows_path: str) -> Path:
        """The Unix path of a path Wine reports (drive C: is the prefix's drive_c, Z: is /)."""
        path = PureWindowsPath(windows_path.strip())
        drive, rest = path.drive.upper(), path.parts[1:]
        base = self.prefix / "drive_c" if drive == "C:" else Path("/")
        return base.joinpath(*rest)

    @property
    def user_dir(self) -> Path:
        (user,) = (p for p in (self.prefix / "drive_c" / "users").iterdir() if p.name != "Public")
        return user


def build_shims(out: Path) -> None:
    """The test-only DLLs, compiled from wine_shims/*.c with MinGW."""
    for name in SHIM_DLLS:
        libs = ["-ladvapi32"] if name == "bcryptprimitives" else []
        run([MINGW, "-O2", "-shared", "-o", str(out / f"{name}.dll"),
             str(SHIMS / f"{name}.c"), str(SHIMS / f"{name}.def"), *libs])  # fmt: skip


@pytest.fixture(scope="module")
def wine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Wine]:
    for tool in ("wine", "wineboot", "wineserver", MINGW):
        require_tool(tool)
    root = tmp_path_factory.mktemp("wine")
    prefix = root / "prefix"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("QT_", "WINE", "DISPLAY"))},
        "WINEPREFIX": str(prefix),
        "WINEARCH": "win64",
        "WINEDEBUG": "-all",
        # no desktop menus, no Mono/Gecko prompts, never a debugger waiting on a crash; the shims
        # replace Wine's own bcryptprimitives and mscms
        "WINEDLLOVERRIDES": "winemenubuilder.exe,mscoree,mshtml,winedbg.exe=d;"
        "bcryptprimitives,mscms,ucrtbase=n,b",
    }
    subprocess.run(["wineboot", "-i"], env=env, capture_output=True, timeout=600, check=True)
    system32 = prefix / "drive_c" / "windows" / "system32"
    build_shims(system32)
    shutil.copy2(UCRTBASE, system32 / "ucrtbase.dll")
    prepared = Wine(prefix, env)
    debugger = r"HKLM\Software\Microsoft\Windows NT\CurrentVersion\AeDebug"
    prepared.run("reg", "add", debugger, "/v", "Auto", "/t", "REG_SZ", "/d", "0", "/f")
    prepared.run("reg", "add", debugger, "/v", "Debugger", "/t", "REG_SZ", "/d", "", "/f")
    for name, value in (("QT_QPA_PLATFORM", "offscreen"), ("PACKDESK_SECRET_STORE", "file")):
        prepared.run("reg", "add", r"HKCU\Environment", "/v", name, "/d", value, "/f")
    subprocess.run(["wineserver", "-w"], env=env, timeout=120, check=False)
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


def install(wine: Wine, setup: Path) -> Installed:
    """`setup.exe /S` (per user, the default); the installation it made."""
    wine.run(str(setup), "/S", timeout=900)
    subprocess.run(["wineserver", "-w"], env=wine.env, timeout=300, check=False)
    location = wine.run("reg", "query", UNINSTALL_KEY, "/v", "InstallLocation").stdout
    folder = wine.unix(location.split("REG_SZ", 1)[1])
    (folder / "Python" / "_wmi.pyd").unlink(missing_ok=True)  # see the module's docstring
    return Installed(folder, str(folder / "bin" / "packdesk.exe"))


@pytest.fixture(scope="module")
def installed(wine: Wine, windows_installer: WindowsInstaller) -> Installed:
    return install(wine, windows_installer.path)


def test_silent_install_per_user_with_start_menu_entry_and_path(
    wine: Wine, installed: Installed
) -> None:
    assert installed.folder.is_relative_to(wine.user_dir)  # per user: no administrator
    for name in ("packdesk", "packdesk-gui"):
        assert (installed.folder / "bin" / f"{name}.exe").is_file()
    assert (installed.folder / "uninstall.exe").is_file()
    shortcuts = list(wine.user_dir.rglob("Packdesk.lnk"))
    assert shortcuts, "no Start menu entry"
    assert b"packdesk-gui.exe" in shortcuts[0].read_bytes().replace(b"\0", b"")
    path = wine.run("reg", "query", r"HKCU\Environment", "/v", "PATH").stdout
    assert "Packdesk\\bin" in path or "packdesk\\bin" in path.lower()


def test_packdesk_says_its_version_and_keeps_exit_codes(installed: Installed, wine: Wine) -> None:
    done = wine.run(installed.packdesk, "--version", timeout=300)
    assert done.stdout.strip() == f"packdesk {__version__}"
    unknown = wine.run(installed.packdesk, "no-such-command", timeout=300, check=False)
    assert unknown.returncode == 2 and "unknown command" in unknown.stderr


def test_windows_only_code_paths_import(installed: Installed, wine: Wine) -> None:
    """winsound, the Windows printer transport's win32print and keyring's Windows backend."""
    python = str(installed.folder / "Python" / "python.exe")
    pkgs = PureWindowsPath("C:/") / (installed.folder / "pkgs").relative_to(wine.prefix / "drive_c")
    code = (
        # as the launchers do: the packages' .pth files (pywin32's win32 folder) read
        f"import site; site.addsitedir({str(pkgs)!r});"
        "import winsound, win32print, keyring.backends.Windows as w, escpos.printer as p;"
        "print(w.WinVaultKeyring.priority, p.Win32Raw.__name__, winsound.SND_ASYNC)"
    )
    done = wine.run(python, "-c", code, timeout=300)
    assert "Win32Raw" in done.stdout, done.stdout + done.stderr


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


def test_serve_makes_labels_and_print_sends_them_to_the_virtual_printer(
    installed: Installed, wine: Wine, tmp_path: Path
) -> None:
    import httpx

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
            assert client.get("/health").status_code == 200
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
    printer = subprocess.Popen(
        [sys.executable, "-m", "desktop_app", "virtual-printer", "--port", "0", "--out",
         str(tmp_path / "jobs"), "--no-render"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert printer.stdout is not None
        uri = printer.stdout.readline().split()[2]
        for name in ("label.zpl", "label.pdf"):  # the PDF converted in a worker process
            wine.run(installed.packdesk, "print", str(tmp_path / name), "--to", uri, "--kind",
                     "zpl", "--dpi", "203", "--queue-db", str(tmp_path / "queue.db"),
                     timeout=600)  # fmt: skip
            assert "complete" in printer.stdout.readline()
    finally:
        printer.terminate()
        printer.communicate(timeout=60)
    jobs = sorted((tmp_path / "jobs").glob("job-*.zpl"))
    assert len(jobs) == 2 and jobs[0].read_bytes() == labels["zpl2_4x6in_203dpi"]
    assert b"^GF" in jobs[1].read_bytes()


def test_gui_opens_its_first_window_and_starts_its_local_service(
    installed: Installed, wine: Wine
) -> None:
    """Offscreen. Whether the window then connects depends on the service starting within the
    app's 20 s under Wine (it did on a quiet machine, not under a load of 20): not asserted."""
    wine.run("reg", "add", r"HKCU\Environment", "/v", "PACKDESK_REPORT_STARTUP", "/d", "1", "/f")
    subprocess.run(["wineserver", "-w"], env=wine.env, timeout=120, check=False)
    done = wine.run(installed.packdesk, "--exit-when-ready", timeout=900, check=False)
    assert "first window shown" in done.stderr, done.stdout + done.stderr
    appdata = wine.user_dir / "AppData"
    assert list(appdata.rglob("launcher-stderr.log")), "the local service was not started"


def users_data(wine: Wine, installed: Installed) -> list[Path]:
    """The app's files of the user (profiles, keys, labels, queue), not the program's."""
    appdata = wine.user_dir / "AppData"
    return sorted(
        p
        for p in appdata.rglob("*")
        if p.is_file() and "Packdesk" in p.parts and not p.is_relative_to(installed.folder)
    )


def test_upgrade_in_place_keeps_the_users_data(
    installed: Installed, wine: Wine, windows_installer: WindowsInstaller
) -> None:
    user_files = users_data(wine, installed)
    assert user_files, "the GUI test left no user data"
    stale = installed.folder / "pkgs" / "stale_module_of_an_older_release.py"
    stale.write_text("raise SystemExit('an older release')\n")
    again = install(wine, windows_installer.path)
    assert again.folder == installed.folder
    assert not stale.exists()  # the packages were replaced, not merged
    assert all(p.is_file() for p in user_files)
    assert wine.run(again.packdesk, "--version", timeout=300).stdout.strip().endswith(__version__)


def test_uninstall_removes_the_program_and_keeps_the_users_data(
    installed: Installed, wine: Wine
) -> None:
    user_files = users_data(wine, installed)
    wine.run(str(installed.folder / "uninstall.exe"), "/S", timeout=600)
    subprocess.run(["wineserver", "-w"], env=wine.env, timeout=300, check=False)
    assert not (installed.folder / "bin").exists() and not (installed.folder / "pkgs").exists()
    assert not list(wine.user_dir.rglob("Packdesk.lnk"))
    query = wine.run("reg", "query", UNINSTALL_KEY, check=False)
    assert query.returncode != 0  # the Add/Remove Programs entry is gone
    assert all(p.is_file() for p in user_files)
