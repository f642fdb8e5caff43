"""What a user installs: the wheel, the wheel in a fresh venv, the PyInstaller bundle and the
.deb built from it. Each artefact is built once per test session.

Tests marked `installed` build the venv, the bundle and the .deb (~3-5 min on 2 cores).
Locally `PACKDESK_SKIP_INSTALLED=1` skips them, saying so; under CI (`CI=true`) they always
run, and a missing tool fails them instead of skipping.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
SKIP_REASON = (
    "PACKDESK_SKIP_INSTALLED=1: the installed-app smoke tests (wheel in a fresh venv, "
    "PyInstaller bundle, .deb) are skipped here; CI always runs them"
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if os.environ.get("PACKDESK_SKIP_INSTALLED") == "1" and not IN_CI:
        for item in items:
            if item.get_closest_marker("installed"):
                item.add_marker(pytest.mark.skip(reason=SKIP_REASON))


def require_tool(name: str) -> str:
    """The path of `name`; a skip locally or a failure in CI when it is missing."""
    found = shutil.which(name)
    if found is None:
        message = f"{name} is not installed (make install brings it)"
        if IN_CI:
            pytest.fail(message)
        pytest.skip(message)
    return found


def run(cmd: list[str], timeout: float = 600, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """Run `cmd`, failing with its output when it fails."""
    done = subprocess.run(
        cmd, capture_output=True, text=True, timeout=timeout, check=False, **kwargs
    )  # type: ignore[call-overload]
    assert done.returncode == 0, f"{cmd} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done


def build_wheel(out: Path) -> Path:
    """`pip wheel` of the checkout (no dependencies) into `out`; the wheel's path."""
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(REPO_ROOT)])
    (wheel,) = out.glob("packdesk-*.whl")
    return wheel


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The project's wheel, built once per session."""
    path = build_wheel(tmp_path_factory.mktemp("wheel"))
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
    yield path


@pytest.fixture(scope="session")
def wheel_venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed (not editable) and its dependencies; its bin dir."""
    root = tmp_path_factory.mktemp("venv")
    venv.create(root, with_pip=True, clear=True)
    bindir = root / ("Scripts" if sys.platform == "win32" else "bin")
    run([str(bindir / "python"), "-m", "pip", "install", "-q", str(wheel)], timeout=900)
    return bindir


@pytest.fixture(scope="session")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The PyInstaller one-folder bundle (packaging/packdesk.spec), built once per session."""
    work = tmp_path_factory.mktemp("pyinstaller")
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    cmd += ["--distpath", str(work / "dist"), "--workpath", str(work / "build")]
    # a cache of its own: test sessions of several worktrees may build at the same time
    env = {**os.environ, "PYINSTALLER_CONFIG_DIR": str(work / "config")}
    run([*cmd, str(REPO_ROOT / "packaging" / "packdesk.spec")], timeout=1200, cwd=work, env=env)
    folder = work / "dist" / "packdesk"
    assert (folder / "packdesk").is_file()
    return folder


@pytest.fixture(scope="session")
def deb(bundle: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The .deb built from the session's bundle (packaging/linux/build_deb.py)."""
    for tool in ("dpkg-deb", "desktop-file-validate", "appstreamcli"):
        require_tool(tool)
    out = tmp_path_factory.mktemp("deb")
    script = REPO_ROOT / "packaging" / "linux" / "build_deb.py"
    run([sys.executable, str(script), "--bundle", str(bundle), "--out", str(out), "--validate"])
    (path,) = out.glob("packdesk_*.deb")
    return path


@dataclass(frozen=True)
class WindowsInstaller:
    path: Path  # setup.exe
    output: str  # what the build said (the signature check, the sizes)


#: the version the smoke test's previous build says it is (the same code, built as older)
PREVIOUS_VERSION = "0.0.9"


def build_windows_installer(out: Path, *args: str) -> WindowsInstaller:
    """packaging/windows/build_installer.py with zlib (several times faster than the release's
    lzma); its downloads stay cached under build/windows/cache."""
    for tool in ("makensis", "osslsigncode"):
        require_tool(tool)
    script = REPO_ROOT / "packaging" / "windows" / "build_installer.py"
    cmd = [sys.executable, str(script), "--out", str(out), "--compression", "zlib", *args]
    done = run(cmd, 1800)
    sys.stdout.write(done.stdout)
    (path,) = out.glob("packdesk-*-setup.exe")
    return WindowsInstaller(path, done.stdout)


@pytest.fixture(scope="session")
def windows_installer(tmp_path_factory: pytest.TempPathFactory) -> WindowsInstaller:
    """The Windows installer of this checkout, built once per session."""
    return build_windows_installer(tmp_path_factory.mktemp("windows"))


@pytest.fixture(scope="session")
def previous_windows_installer(tmp_path_factory: pytest.TempPathFactory) -> WindowsInstaller:
    """The same recipe and code built as the earlier version PREVIOUS_VERSION (laid out in a
    folder of its own): what the smoke test upgrades from."""
    out = tmp_path_factory.mktemp("windows-previous")
    return build_windows_installer(
        out, "--version-as", PREVIOUS_VERSION, "--work", str(out / "work")
    )
