"""packaging/trim.py: what the shipped app leaves out, and what it must keep."""

from __future__ import annotations

import sys
from pathlib import Path

from desktop_app.gui.i18n import SUPPORTED

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "packaging"))
from trim import EXCLUDED_MODULES, UI_LANGUAGES, keep  # noqa: E402


def test_the_ui_languages_are_the_apps() -> None:
    assert UI_LANGUAGES == SUPPORTED


def test_babel_keeps_the_ui_languages_and_root_only() -> None:
    for name in ("root", "en", "de"):
        assert keep(f"babel/locale-data/{name}.dat")
    assert keep("babel/global.dat")
    assert not keep("babel/locale-data/fr.dat") and not keep("babel/locale-data/de_AT.dat")


def test_qt_keeps_its_translations_of_the_ui_languages_and_the_desks_platforms() -> None:
    assert keep("PySide6/Qt/translations/qtbase_de.qm")
    assert not keep("PySide6/Qt/translations/qtbase_fr.qm")
    assert not keep("PySide6/Qt/translations/qtwebengine_de.qm")
    for plugin in ("libqxcb.so", "libqwayland.so", "libqoffscreen.so"):
        assert keep(f"PySide6/Qt/plugins/platforms/{plugin}")
    assert keep("PySide6\\plugins\\platforms\\qwindows.dll")
    assert not keep("PySide6/Qt/plugins/platforms/libqvnc.so")
    assert not keep("PySide6/Qt/lib/libQt6Qml.so.6") and not keep("PySide6/Qt6Quick.dll")
    assert keep("PySide6/Qt/lib/libQt6Widgets.so.6") and keep("PySide6/Qt/lib/libQt6Pdf.so.6")


def test_test_tools_are_left_out_and_the_apps_libraries_are_not() -> None:
    assert {"pytest", "hypothesis", "PyInstaller"} <= set(EXCLUDED_MODULES)
    assert not {"pypdf", "zplkit", "numpy", "babel"} & set(EXCLUDED_MODULES)


def test_the_windows_wheels_lose_their_tools_stubs_and_left_out_packages() -> None:
    for dest in (
        "PySide6/designer.exe",
        "PySide6/QtCore.pyi",
        "PySide6/qml/QtQuick/qmldir",
        "PySide6/opengl32sw.dll",
        "PySide6/Qt6LabsStyleKit.dll",
        "setuptools/__init__.py",
        "setuptools-84.2.1.dist-info/METADATA",
        "distutils-precedence.pth",
        "pythonwin/Pythonwin.exe",
        "numpy/_core/tests/test_api.py",
        "PIL/_avif.cp313-win_amd64.pyd",
    ):
        assert not keep(dest), dest
    for dest in (
        "PySide6/QtCore.pyd",
        "PySide6/Qt6Pdf.dll",
        "PySide6/msvcp140.dll",
        "PySide6/resources/icudtl.dat",
        "PIL/_imaging.cp313-win_amd64.pyd",
        "numpy/testing/__init__.py",
        "win32/win32print.pyd",
    ):
        assert keep(dest), dest
