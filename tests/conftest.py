"""Shared fixtures. Fixture modules live in tests/fixtures/ and are loaded here."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

pytest_plugins: list[str] = ["tests.fixtures.service", "tests.fixtures.receiver"]
