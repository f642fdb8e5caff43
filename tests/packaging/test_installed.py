"""Smoke tests of what a user installs: the wheel in a fresh venv (not editable), the
PyInstaller bundle, and the .deb made from it. Marked `installed` (see conftest.py)."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from desktop_app import __version__
from tests.fixtures.service import RunningService, start_service
from tests.packaging.conftest import IN_CI, REPO_ROOT, require_tool, run
from tests.payloads import shipment

pytestmark = [pytest.mark.installed, pytest.mark.timeout(1800)]


def create_label(service: RunningService, label_format: str, carrier: str = "dhl") -> bytes:
    """A sandbox shipment with a label in `label_format`, created through the API; its label."""
    body = shipment(carrier, label=True)
    body["label"] = {"format": label_format}
    body["to"].update(first_name="Łukasz", last_name="Żółć", city="Ærøskøbing", country="DK")
    body["to"].update(zip_code="5970")
    with service.client("sandbox") as client:
        created = client.post("/v1/shipments", json=body)
        assert created.status_code == 200, created.text
        label = client.get(created.json()["label_url"])
        assert label.status_code == 200
        return label.content


def app_env(tmp: Path) -> dict[str, str]:
    """The environment of an installed app run offscreen on throw-away folders."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PACKDESK_SECRET_STORE": "file"}
    env["PACKDESK_CONFIG_DIR"] = str(tmp / "config")
    env["PACKDESK_DATA_DIR"] = str(tmp / "data")
    env["PACKDESK_CACHE_DIR"] = str(tmp / "cache")
    env.pop("PACKDESK_API_KEY", None)
    env.pop("PYTHONPATH", None)
    return env


# --- the wheel, installed into a fresh venv -------------------------------------------------


def test_wheel_installed_in_a_fresh_venv_serves_a_label(wheel_venv: Path, tmp_path: Path) -> None:
    packdesk = wheel_venv / "packdesk"
    # the venv's desktop_app is the installed copy, with its own resources
    where = run(
        [
            str(wheel_venv / "python"),
            "-c",
            "import desktop_app.resources as r; print(r.resource_root())",
        ],
        cwd=tmp_path,
    ).stdout.strip()
    assert where.endswith(os.path.join("desktop_app", "_resources")), where
    assert not where.startswith(str(Path(__file__).resolve().parents[2] / "resources"))
    with start_service(tmp_path / "svc", packdesk=[str(packdesk)], cwd=tmp_path) as service:
        assert create_label(service, "pdf_a6").startswith(b"%PDF")


# --- the PyInstaller bundle -----------------------------------------------------------------


def test_bundle_says_its_version(bundle: Path, tmp_path: Path) -> None:
    done = run([str(bundle / "packdesk"), "--version"], cwd=tmp_path, timeout=60)
    assert done.stdout.strip() == f"packdesk {__version__}"


def test_bundle_runs_every_sub_command(bundle: Path, tmp_path: Path) -> None:
    from desktop_app.cli import COMMANDS

    for name in COMMANDS:
        done = run([str(bundle / "packdesk"), name, "--help"], cwd=tmp_path, timeout=120)
        assert "usage" in done.stdout.lower(), (name, done.stdout)
    assert_serve_help_describes_every_option(str(bundle / "packdesk"), tmp_path)


def test_bundle_serves_pdf_and_zpl_labels_and_prints_them_to_a_virtual_printer(
    bundle: Path, tmp_path: Path
) -> None:
    serve_and_print_labels(str(bundle / "packdesk"), tmp_path)


def serve_and_print_labels(packdesk: str, tmp_path: Path) -> None:
    """`packdesk serve` makes a PDF and a ZPL sandbox label; `packdesk print` sends both to a
    `packdesk virtual-printer` (the PDF converted to ZPL in a worker process), which renders
    each job with the ZPL preview ("See printed label") into owner-only files."""
    with start_service(tmp_path / "svc", packdesk=[packdesk], cwd=tmp_path) as service:
        pdf = create_label(service, "pdf_a6")  # rendered in the service's worker process
        zpl = create_label(service, "zpl2_4x6in_203dpi", "ups")
    assert pdf.startswith(b"%PDF") and b"DejaVuSans" in pdf
    assert zpl.lstrip().startswith(b"^XA")
    (tmp_path / "label.pdf").write_bytes(pdf)
    (tmp_path / "label.zpl").write_bytes(zpl)
    env = app_env(tmp_path)
    printer = subprocess.Popen(
        [
            packdesk,
            "virtual-printer",
            "--port",
            "0",
            "--out",
            str(tmp_path / "jobs"),
        ],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert printer.stdout is not None
        uri = printer.stdout.readline().split()[2]
        assert uri.startswith("tcp://127.0.0.1:")
        for name in ("label.zpl", "label.pdf"):  # the PDF is converted in a worker process
            cmd = [packdesk, "print", name, "--to", uri, "--kind", "zpl", "--dpi", "203"]
            run([*cmd, "--queue-db", str(tmp_path / "queue.db")], cwd=tmp_path, env=env)
            line = printer.stdout.readline()
            assert "complete" in line, line
    finally:
        printer.terminate()
        _, stderr = printer.communicate(timeout=30)
    jobs = sorted((tmp_path / "jobs").glob("job-*.zpl"))
    assert len(jobs) == 2, stderr
    assert jobs[0].read_bytes() == zpl
    converted = jobs[1].read_bytes()
    assert converted.lstrip().startswith(b"^XA") and b"^GF" in converted
    renderings = sorted((tmp_path / "jobs").glob("job-*-1.png"))
    assert [png.name[:8] for png in renderings] == [job.name[:8] for job in jobs], stderr
    assert all(png.read_bytes().startswith(b"\x89PNG") for png in renderings)
    for path in [*jobs, *renderings]:
        if os.name == "posix":
            assert stat.S_IMODE(path.stat().st_mode) == 0o600, path


def test_bundle_gui_opens_its_first_window_and_exits_cleanly(bundle: Path, tmp_path: Path) -> None:
    env = {**app_env(tmp_path), "PACKDESK_REPORT_STARTUP": "1"}
    done = run([str(bundle / "packdesk"), "--exit-when-ready"], cwd=tmp_path, env=env, timeout=180)
    assert "first window shown" in done.stderr, done.stderr
    service_dirs = list((tmp_path / "data").glob("profiles/*/service"))
    assert service_dirs and (service_dirs[0] / "launcher-stderr.log").exists()
    assert not (service_dirs[0] / "service.json").exists()  # its local service stopped


# --- the .deb -------------------------------------------------------------------------------


def test_deb_holds_the_bundle_desktop_entry_icons_and_metainfo(deb: Path, tmp_path: Path) -> None:
    run(["dpkg-deb", "-x", str(deb), str(tmp_path / "root")])
    root = tmp_path / "root"
    assert os.readlink(root / "usr/bin/packdesk") == "/opt/packdesk/packdesk"
    assert os.access(root / "opt/packdesk/packdesk", os.X_OK)
    # one executable: the desktop entry and the terminal start the same `packdesk`
    assert not (root / "opt/packdesk/packdesk-gui").exists()
    # the ZPL preview ("See printed label") with its licence in the copyright file
    assert list((root / "opt/packdesk/_internal/zplkit").glob("_native*"))
    copyright_text = (root / "usr/share/doc/packdesk/copyright").read_text()
    assert "License: OSL-3.0" in copyright_text and "Open Software License" in copyright_text
    assert (root / "usr/share/applications/app.packdesk.Packdesk.desktop").is_file()
    assert (root / "usr/share/metainfo/app.packdesk.Packdesk.metainfo.xml").is_file()
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert (root / f"usr/share/icons/hicolor/{size}x{size}/apps/packdesk.png").is_file()
    assert (root / "usr/share/icons/hicolor/scalable/apps/packdesk.svg").is_file()
    unit = root / "usr/lib/systemd/system/packdesk-serve.service"
    assert "ExecStart=/usr/bin/packdesk serve" in unit.read_text()
    control = run(["dpkg-deb", "-f", str(deb)]).stdout
    assert f"Version: {__version__}" in control and "libxcb-cursor0" in control
    depends = run(["dpkg-deb", "-f", str(deb), "Depends"]).stdout
    for library in ("libwayland-client0", "libwayland-cursor0", "libwayland-egl1"):
        assert library in depends  # Qt's Wayland platform plugin
    assert "xdg-utils" in depends  # "Open jobs folder" opens the file manager through it
    # a sound player is only suggested: a desk without audio gets no sound server and daemon
    assert "Recommends" not in control
    suggests = run(["dpkg-deb", "-f", str(deb), "Suggests"]).stdout.strip()
    assert suggests == "pipewire-bin | pulseaudio-utils | alsa-utils"
    desktop = (root / "usr/share/applications/app.packdesk.Packdesk.desktop").read_text()
    assert "Exec=packdesk\n" in desktop and "Icon=packdesk" in desktop
    assert "GenericName[de]=Versandetiketten" in desktop and "Comment[de]=" in desktop
    metainfo = (root / "usr/share/metainfo/app.packdesk.Packdesk.metainfo.xml").read_text()
    assert metainfo.count("<screenshot") >= 3 and "@SCREENSHOTS@" not in metainfo
    for shot in re.findall(r"docs/screenshots/([\w.-]+\.png)", metainfo):
        assert (REPO_ROOT / "docs" / "screenshots" / shot).is_file(), shot
    run(
        [
            "desktop-file-validate",
            str(root / "usr/share/applications/app.packdesk.Packdesk.desktop"),
        ]
    )
    run(
        [
            "appstreamcli",
            "validate",
            "--no-net",
            str(root / "usr/share/metainfo/app.packdesk.Packdesk.metainfo.xml"),
        ]
    )


@pytest.mark.skipif(
    not IN_CI and os.environ.get("PACKDESK_SYSTEM_INSTALL") != "1",
    reason="installs into this system with apt-get: CI (CI=true) or PACKDESK_SYSTEM_INSTALL=1",
)
def test_deb_installs_with_apt_runs_from_its_desktop_entry_and_removes(
    deb: Path, tmp_path: Path
) -> None:
    if os.geteuid() != 0:
        pytest.fail("installing the .deb needs root (CI runs as root)")
    require_tool("apt-get")
    env = {**app_env(tmp_path), "DEBIAN_FRONTEND": "noninteractive"}
    run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", str(deb)], env=env)
    try:
        desktop = Path("/usr/share/applications/app.packdesk.Packdesk.desktop").read_text()
        exec_line = next(line for line in desktop.splitlines() if line.startswith("Exec="))
        command = [part for part in exec_line[len("Exec=") :].split() if not part.startswith("%")]
        assert command == ["packdesk"]
        done = run([*command, "--version"], cwd=tmp_path, env=env, timeout=60)
        assert done.stdout.strip() == f"packdesk {__version__}"
        run([*command, "--exit-when-ready"], cwd=tmp_path, env=env, timeout=180)
        # the installed command makes sandbox labels and prints them
        serve_and_print_labels("/usr/bin/packdesk", tmp_path)  # what Exec=packdesk finds
        # every `serve` option is described in the installed command's help
        assert_serve_help_describes_every_option("/usr/bin/packdesk", tmp_path)
        assert shutil.which("xdg-open")  # "Open jobs folder" opens the file manager with it
        # the warehouse server's user exists; its unit is installed but not enabled
        run(["getent", "passwd", "packdesk"])
        assert not list(Path("/etc/systemd/system").rglob("packdesk-serve.service"))
        if shutil.which("systemctl"):  # enabled as docs/serve.md says (offline here: no boot)
            run(["systemctl", "enable", "packdesk-serve.service"])
            assert list(Path("/etc/systemd/system").rglob("packdesk-serve.service"))
        STATE_DIR.mkdir(mode=0o700, exist_ok=True)  # what the running server leaves
    finally:
        run(["apt-get", "remove", "-y", "-qq", "packdesk"], env=env)
    assert not Path("/usr/bin/packdesk").exists() and not Path("/opt/packdesk").exists()
    # removed: the server is disabled (and stopped, where systemd runs)
    assert not list(Path("/etc/systemd/system").rglob("packdesk-serve.service"))
    try:
        purged = run(["apt-get", "purge", "-y", "packdesk"], env=env)
        said = " ".join(purged.stdout.split())
        # purge: its user is gone, its data kept, and it says where and how to remove it
        assert f"{STATE_DIR} is kept" in said and f"sudo rm -rf {STATE_DIR}" in said, said
        assert subprocess.run(["getent", "passwd", "packdesk"], check=False).returncode == 2
        assert subprocess.run(["getent", "group", "packdesk"], check=False).returncode == 2
        assert STATE_DIR.is_dir()
    finally:
        shutil.rmtree(STATE_DIR, ignore_errors=True)


STATE_DIR = Path("/var/lib/packdesk")


def assert_serve_help_describes_every_option(packdesk: str, cwd: Path) -> None:
    """`packdesk serve --help` of an installed app holds each option's description."""
    from desktop_app.service.commands.serve_options import serve_parser

    shown = " ".join(run([packdesk, "serve", "--help"], cwd=cwd, timeout=120).stdout.split())
    for action in serve_parser()._actions:
        if action.option_strings and action.option_strings[0] != "-h":
            assert action.help, action.option_strings
            described = " ".join((action.help % {"default": action.default}).split())
            assert described in shown, action.option_strings
