"""Locate the data files of `resources/` wherever Packdesk runs.

The top-level `resources/` folder of the source tree is the only copy that is edited. A wheel
carries it as the package `desktop_app._resources` (pyproject.toml maps the folder there), the
PyInstaller bundle as `resources/` beside the frozen modules (packaging/packdesk.spec).
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def resource_root() -> Path:
    """The `resources/` folder: in the bundle, in an installed wheel, or in a checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:  # a PyInstaller bundle
        return Path(bundle) / "resources"
    installed = _PACKAGE_DIR / "_resources"
    if installed.is_dir():  # a wheel, or a plain (non-editable) `pip install .`
        return installed
    return _PACKAGE_DIR.parent / "resources"  # a checkout, or an editable install


def resource_path(*parts: str) -> Path:
    """Path of a file under `resources/`."""
    return resource_root().joinpath(*parts)
