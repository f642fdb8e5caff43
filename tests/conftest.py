"""Shared fixtures. Fixture modules live in tests/fixtures/ and are loaded here."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

# PySide6 6.12 on Python 3.11 drops references to None/True/False; a long session would abort
from desktop_app.gui.qt_compat import protect_singletons  # noqa: E402

protect_singletons()

pytest_plugins: list[str] = [
    "tests.fixtures.service",
    "tests.fixtures.receiver",
    "tests.fixtures.printer",
    "tests.fixtures.scale",
]
