"""Locate bundled data files, from a checkout and from a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def resource_root() -> Path:
    """The `resources/` folder: beside the package in a checkout, or in the bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource_path(*parts: str) -> Path:
    """Path of a file under `resources/`."""
    return resource_root().joinpath(*parts)
