"""A stand-in for a sound player program (pw-play, paplay, aplay): a real executable shell
script that appends the file it was asked to play to a record, so tests see what the station
really started, as a real subprocess."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

__all__ = ["install_player", "played", "put_first_on_path"]


def install_player(folder: Path, name: str = "pw-play", *, script: str | None = None) -> Path:
    """Write the program `name` into `folder` (created); returns its record file."""
    folder.mkdir(parents=True, exist_ok=True)
    record = folder / f"{name}.played"
    program = folder / name
    body = script if script is not None else f'echo "$1" >> "{record}"'
    program.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    program.chmod(0o755)
    return record


def put_first_on_path(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Put `folder` before the rest of PATH (its players are found first)."""
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")


def played(record: Path) -> list[Path]:
    """The files the player was started with, in order."""
    if not record.is_file():
        return []
    return [Path(line) for line in record.read_text(encoding="utf-8").splitlines()]
