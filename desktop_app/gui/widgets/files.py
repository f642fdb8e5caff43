"""Asking the user for a file to open."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget


def choose_file_to_open(parent: QWidget, title: str, filters: str) -> Path | None:
    """The file the user picked in the open dialog (title and filters translated), or None."""
    path, _filter = QFileDialog.getOpenFileName(parent, title, "", filters)
    return Path(path) if path else None
