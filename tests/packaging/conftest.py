"""What a user installs: the wheel, and (tests marked `installed`) the wheel in a fresh venv
and the PyInstaller bundle. Each artefact is built once per test session."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


def build_wheel(out: Path) -> Path:
    """`pip wheel` of the checkout (no dependencies) into `out`; the wheel's path."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(REPO_ROOT)],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (wheel,) = out.glob("packdesk-*.whl")
    return wheel


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The project's wheel, built once per session."""
    path = build_wheel(tmp_path_factory.mktemp("wheel"))
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
    yield path
