"""Control files of the virtual devices: a JSON object re-read whenever the file changes."""

from __future__ import annotations

import json
from pathlib import Path


def read_control_file(path: Path) -> dict[str, object] | None:
    """The control dict from a JSON file, or None if missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


class ControlFile:
    """A control file watched by its modification time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._mtime: float | None = None

    def changes(self) -> dict[str, object] | None:
        """The control dict if the file changed since the last call (and is readable)."""
        try:
            mtime = self.path.stat().st_mtime_ns / 1e9
        except OSError:
            return None
        if mtime == self._mtime:
            return None
        self._mtime = mtime
        return read_control_file(self.path)
