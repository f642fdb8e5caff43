"""What the shipped app leaves out: one list for the Linux bundle (packdesk.spec) and the
Windows installer (windows/build_installer.py).

- modules: test and build tools installed beside the app in a developer's venv, and a library's
  optional part the app never reaches (Pillow's AVIF codec);
- babel's CLDR data: only the UI languages (their country names, desktop_app.gui.i18n.countries)
  and `root`, which every locale falls back to;
- Qt: the translations of the UI languages only, and only the platform plugins a desk uses (xcb,
  wayland, windows; offscreen and minimal for headless runs), never QML, Quick or Designer; of
  PySide6's Windows wheel also its tools (designer.exe, qmlls.exe...), headers, type stubs and
  the software OpenGL renderer (Qt Quick's fallback: Widgets never use it);
- packages' own tests, pywin32's IDE (pythonwin).
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path, PurePosixPath

# the UI languages (desktop_app.gui.i18n.SUPPORTED; a test keeps the two equal)
UI_LANGUAGES = ("en", "de")

EXCLUDED_MODULES = (
    "pytest", "_pytest", "pytest_qt", "pytestqt", "xdist", "hypothesis", "schemathesis",
    "openapi_core", "mypy", "ruff", "zxingcpp", "zebrafy", "PyInstaller", "build", "pip",
    "setuptools", "_distutils_hack", "pkg_resources", "wheel", "tkinter", "IPython",
    "PIL._avif", "PIL.AvifImagePlugin", "pythonwin",
    # the postgres extra is not shipped: a shared PostgreSQL service runs from a pip install
    "asyncpg",
)  # fmt: skip

QT_PLATFORM_PLUGINS = ("xcb", "wayland", "wayland-egl", "windows", "offscreen", "minimal")
_QT_UNUSED_PLUGIN_DIRS = ("egldeviceintegrations", "designer", "qmltooling", "sqldrivers")
_QT_UNUSED_LIBRARY = re.compile(
    r"Qt6?(Qml|Quick|Designer|EglFs|EglFSDeviceIntegration|VirtualKeyboard|Test|Sql|Help|Labs"
    r"|Lottie|UiTools|OpenGLWidgets|SvgWidgets|PdfQuick|Concurrent|Xml)|^pyside6qml|^opengl32sw"
)
# folders of PySide6's Windows wheel the app never loads (QML, build headers, code generators)
_PYSIDE_UNUSED_DIRS = (
    "qml",
    "metatypes",
    "include",
    "typesystems",
    "glue",
    "scripts",
    "doc",
    "lib",
)
_UNUSED_SUFFIXES = (".pyi", ".lib")
_PLATFORM_PLUGIN = re.compile(r"^(lib)?q(?P<name>[\w-]+?)\.(so|dll)$")
_QT_TRANSLATION = re.compile(r"^(?P<module>qt\w*?)_(?P<lang>[a-z]{2})(_\w+)?\.qm$")


def keep(dest: str) -> bool:
    """Whether a file going to `dest` (a path inside the bundle) is shipped."""
    path = PurePosixPath(dest.replace("\\", "/"))
    parts = path.parts
    name = path.name
    module = ".".join((*parts[:-1], name.split(".")[0]))
    if any(m in EXCLUDED_MODULES for m in (parts[0], parts[0].split("-")[0], module)):
        return False  # a left-out module, as PyInstaller or a wheel (Windows) lays it out
    if "tests" in parts[1:-1] or path.suffix in _UNUSED_SUFFIXES:
        return False
    if name == "distutils-precedence.pth":  # setuptools' hook: setuptools is left out
        return False
    if parts[0] == "PySide6" and len(parts) > 1:
        if parts[1] in _PYSIDE_UNUSED_DIRS or (len(parts) == 2 and path.suffix == ".exe"):
            return False
    if "babel" in parts and "locale-data" in parts:
        return path.stem in (*UI_LANGUAGES, "root") or path.suffix != ".dat"
    if "translations" in parts and (match := _QT_TRANSLATION.match(name)):
        return match["lang"] in UI_LANGUAGES and match["module"] in ("qt", "qtbase")
    if "plugins" in parts:
        plugin_dir = (
            parts[parts.index("plugins") + 1] if len(parts) > parts.index("plugins") + 1 else ""
        )
        if plugin_dir in _QT_UNUSED_PLUGIN_DIRS:
            return False
        if plugin_dir == "platforms" and (match := _PLATFORM_PLUGIN.match(name)):
            return match["name"] in QT_PLATFORM_PLUGINS
    return not _QT_UNUSED_LIBRARY.search(name)


def trimmed(toc: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """A PyInstaller TOC (dest, source, kind) without the entries `keep` refuses."""
    return [entry for entry in toc if keep(entry[0])]


def strip_binaries(folder: Path) -> int:
    """`strip --strip-unneeded` the ELF shared objects of a bundle that no tool has patched;
    the bytes saved.

    Wheels repaired by auditwheel carry libraries rewritten by patchelf (their own `*.libs`
    folders, and modules whose RPATH points there): strip breaks those ("ELF load command
    address/offset not page-aligned"), so they keep their symbol tables.
    """
    strip = shutil.which("strip")
    if strip is None or sys.platform != "linux":
        return 0
    saved = 0
    for path in sorted(folder.rglob("*.so*")):
        if path.is_symlink() or not path.is_file() or path.parent.name.endswith(".libs"):
            continue
        if _has_rpath(path):
            continue
        before = path.stat().st_size
        subprocess.run([strip, "--strip-unneeded", str(path)], check=True)
        saved += before - path.stat().st_size
    return saved


def _has_rpath(path: Path) -> bool:
    dynamic = subprocess.run(
        ["readelf", "-d", str(path)], capture_output=True, text=True, check=False
    ).stdout
    return "RPATH" in dynamic or "RUNPATH" in dynamic
