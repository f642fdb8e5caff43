"""Build dist/packdesk_<version>_<arch>.deb from the PyInstaller bundle dist/packdesk/.

    python packaging/linux/build_deb.py [--bundle dist/packdesk] [--out dist]

The package installs the bundle to /opt/packdesk, `packdesk` on the PATH (/usr/bin symlink),
the desktop entry, the icon in the hicolor theme (PNG sizes and the SVG), the AppStream
metainfo, and the warehouse server's systemd unit (disabled). It depends on the Debian
packages of packaging/linux/runtime-packages.txt (the system libraries that PyInstaller leaves
out of a bundle: X11/xcb, GL, fontconfig, D-Bus...).
The desktop entry and the metainfo are checked with desktop-file-validate and appstreamcli
when those are installed (`--validate` makes them required).
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
APP_ID = "app.packdesk.Packdesk"
ICON_NAME = "packdesk"
INSTALL_DIR = "opt/packdesk"
# the metainfo's screenshots: docs/screenshots of the published repository (software centres
# fetch them; appstreamcli validates the URLs' form offline)
SCREENSHOTS_URL = "https://raw.githubusercontent.com/packdesk/packdesk/main/docs/screenshots"


def runtime_packages() -> list[str]:
    """The Debian packages the app needs at run time (shared with `make run`)."""
    lines = (HERE / "runtime-packages.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


# the Scan page's sounds play through the first of pw-play, paplay, aplay (station/sounds.py);
# any one will do and none is required (without one, the desktop bell sounds): suggested only,
# so a desk without audio gets no sound server with its daemon
SOUND_PLAYERS = "pipewire-bin | pulseaudio-utils | alsa-utils"


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from desktop_app import __version__

    return __version__


def architecture() -> str:
    return subprocess.run(
        ["dpkg", "--print-architecture"], check=True, capture_output=True, text=True
    ).stdout.strip()


def control(ver: str, arch: str, size_kb: int) -> str:
    return (
        "Package: packdesk\n"
        f"Version: {ver}\n"
        f"Architecture: {arch}\n"
        "Maintainer: Packdesk <support@packdesk.app>\n"
        f"Installed-Size: {size_kb}\n"
        f"Depends: {', '.join(runtime_packages())}\n"
        f"Suggests: {SOUND_PLAYERS}\n"
        "Section: utils\n"
        "Priority: optional\n"
        "Homepage: https://packdesk.app/\n"
        "Description: shipping labels at the packing desk\n"
        " Packdesk creates shipping labels for several carriers and prints them on label\n"
        " printers (ZPL over the network, USB or serial, or PDF through CUPS). A local\n"
        " sandbox service lets it work on a fresh computer without an account or network.\n"
    )


def copyright_file(zplkit_licence: Path | None) -> str:
    licence = (ROOT / "resources" / "fonts" / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    text = (
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "Upstream-Name: Packdesk\n\n"
        "Files: *\nCopyright: Packdesk\nLicense: proprietary\n"
        " All rights reserved.\n\n"
        f"Files: {INSTALL_DIR}/_internal/resources/fonts/*\n"
        "Copyright: 2003 Bitstream, Inc.; DejaVu changes are in the public domain\n"
        f"License: bitstream-vera\n{_indented(licence)}\n"
    )
    if zplkit_licence is not None:  # the ZPL preview's renderer
        text += (
            f"\nFiles: {INSTALL_DIR}/_internal/zplkit/*\n"
            "Copyright: the zplkit authors (source: the zplkit sdist on PyPI)\n"
            f"License: OSL-3.0\n{_indented(zplkit_licence.read_text(encoding='utf-8'))}\n"
        )
    return text


def _indented(licence: str) -> str:
    return "\n".join(f" {line}" if line.strip() else " ." for line in licence.splitlines())


# the warehouse server's unit (packaging/packdesk-serve.service) is installed disabled: the
# package creates its system user and never enables or starts it (`systemctl enable --now
# packdesk-serve` does, see docs/serve.md). An upgrade restarts a running server; a removal
# stops and disables it; a purge removes its user and keeps its data (the CA that stations pin,
# the keys, the database), saying where it is and how to remove it.
SERVICE = "packdesk-serve.service"
STATE_DIR = "/var/lib/packdesk"
POSTINST = f"""#!/bin/sh
set -e
if [ "$1" = configure ]; then
    if ! getent passwd packdesk >/dev/null; then
        useradd --system --user-group --home-dir {STATE_DIR} --no-create-home \\
            --shell /usr/sbin/nologin packdesk
    fi
    if [ -d /run/systemd/system ]; then
        systemctl daemon-reload || true
        systemctl try-restart {SERVICE} || true
    fi
fi
"""
PRERM = f"""#!/bin/sh
set -e
if [ "$1" = remove ]; then
    if [ -d /run/systemd/system ]; then
        systemctl stop {SERVICE} || true
    fi
    # also without a running systemd (a container, a chroot): the enablement links go
    if command -v systemctl >/dev/null 2>&1; then
        systemctl --quiet disable {SERVICE} 2>/dev/null || true
    fi
fi
"""
POSTRM = f"""#!/bin/sh
set -e
if [ -d /run/systemd/system ]; then
    systemctl daemon-reload || true
fi
if [ "$1" = purge ]; then
    if getent passwd packdesk >/dev/null; then
        userdel packdesk || true
    fi
    if getent group packdesk >/dev/null; then
        groupdel packdesk || true
    fi
    if [ -d {STATE_DIR} ]; then
        echo "packdesk: {STATE_DIR} is kept: the warehouse server's CA (paired stations trust it),"
        echo "packdesk: its keys and its database. To remove them too: sudo rm -rf {STATE_DIR}"
    fi
fi
"""
MAINTAINER_SCRIPTS = {"postinst": POSTINST, "prerm": PRERM, "postrm": POSTRM}


def stage(bundle: Path, root: Path, ver: str) -> None:
    """Lay out the package's files under `root`."""
    shutil.copytree(bundle, root / INSTALL_DIR, symlinks=True)
    bin_dir = root / "usr" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "packdesk").symlink_to(f"/{INSTALL_DIR}/packdesk")
    share = root / "usr" / "share"
    (share / "applications").mkdir(parents=True)
    shutil.copy2(HERE / f"{APP_ID}.desktop", share / "applications" / f"{APP_ID}.desktop")
    icons = ROOT / "resources" / "icons"
    for png in sorted(icons.glob("packdesk-*.png")):
        size = png.stem.split("-")[1]
        target = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
        target.parent.mkdir(parents=True)
        shutil.copy2(png, target)
    scalable = share / "icons" / "hicolor" / "scalable" / "apps"
    scalable.mkdir(parents=True)
    shutil.copy2(icons / "packdesk.svg", scalable / f"{ICON_NAME}.svg")
    (share / "metainfo").mkdir(parents=True)
    metainfo = (HERE / f"{APP_ID}.metainfo.xml").read_text(encoding="utf-8")
    metainfo = metainfo.replace("@VERSION@", ver).replace("@DATE@", dt.date.today().isoformat())
    metainfo = metainfo.replace("@SCREENSHOTS@", SCREENSHOTS_URL)
    (share / "metainfo" / f"{APP_ID}.metainfo.xml").write_text(metainfo, encoding="utf-8")
    units = root / "usr" / "lib" / "systemd" / "system"
    units.mkdir(parents=True)
    shutil.copy2(HERE.parent / "packdesk-serve.service", units / "packdesk-serve.service")
    doc = share / "doc" / "packdesk"
    doc.mkdir(parents=True)
    licences = sorted(
        (root / INSTALL_DIR / "_internal").glob("zplkit-*.dist-info/licenses/LICENSE*")
    )
    zplkit_licence = licences[0] if licences else None
    (doc / "copyright").write_text(copyright_file(zplkit_licence), encoding="utf-8")
    for path in root.rglob("*"):  # dpkg keeps the modes: no group/other write bits
        if not path.is_symlink():
            path.chmod(path.stat().st_mode & ~0o022)


def validate(root: Path, required: bool) -> None:
    """desktop-file-validate and appstreamcli on the staged files."""
    checks = [
        ["desktop-file-validate", str(root / "usr/share/applications" / f"{APP_ID}.desktop")],
        [
            "appstreamcli",
            "validate",
            "--no-net",
            "--explain",
            str(root / "usr/share/metainfo" / f"{APP_ID}.metainfo.xml"),
        ],
    ]
    for cmd in checks:
        if shutil.which(cmd[0]) is None:
            if required:
                raise SystemExit(f"{cmd[0]} is not installed (make install brings it)")
            sys.stderr.write(f"note: {cmd[0]} not installed; not validated\n")
            continue
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed:\n{done.stdout}{done.stderr}")


def build(bundle: Path, out: Path, *, require_validation: bool = False) -> Path:
    """The .deb of `bundle` in `out`; its path."""
    if not (bundle / "packdesk").is_file():
        raise SystemExit(f"{bundle}/packdesk not found: build the bundle first (make package)")
    ver, arch = version(), architecture()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="packdesk-deb-") as tmp:
        root = Path(tmp) / "root"
        stage(bundle, root, ver)
        validate(root, require_validation)
        size_kb = sum(p.lstat().st_size for p in root.rglob("*")) // 1024
        debian = root / "DEBIAN"
        debian.mkdir()
        (debian / "control").write_text(control(ver, arch, size_kb), encoding="utf-8")
        for name, script in MAINTAINER_SCRIPTS.items():
            (debian / name).write_text(script, encoding="utf-8")
            (debian / name).chmod(0o755)
        deb = out / f"packdesk_{ver}_{arch}.deb"
        env = {**os.environ, "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "0")}
        subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zgzip", "-z6", "--build", str(root), str(deb)],
            check=True,
            capture_output=True,
            env=env,
        )
    return deb


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--bundle", type=Path, default=ROOT / "dist" / "packdesk")
    p.add_argument("--out", type=Path, default=ROOT / "dist")
    p.add_argument("--validate", action="store_true", help="fail when a validator is missing")
    args = p.parse_args()
    deb = build(args.bundle, args.out, require_validation=args.validate)
    sys.stdout.write(f"{deb} ({deb.stat().st_size / 1e6:.1f} MB)\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
