"""Qt's warnings in a GUI bench (e.g. "This plugin does not support propagateSizeHints()",
printed when a window's minimum size changes while it runs), counted for its figure line."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

from bench.support import figure


class QtWarnings:
    """Qt's warnings (and worse) while installed: a message handler that keeps them (and
    still prints each)."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def __enter__(self) -> QtWarnings:
        from PySide6.QtCore import qInstallMessageHandler

        self._previous = qInstallMessageHandler(self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        from PySide6.QtCore import qInstallMessageHandler

        qInstallMessageHandler(self._previous)

    def _handle(self, kind: Any, _context: Any, message: str) -> None:
        from PySide6.QtCore import QtMsgType

        if kind not in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
            self.messages.append(message)
            sys.stderr.write(f"Qt: {message}\n")


def qt_warnings_figure(what: str, warnings: Sequence[str]) -> bool:
    """The figure line: how many Qt warnings `what` printed, the commonest three (target 0)."""
    kinds = Counter(warnings)
    return figure(
        f"Qt warnings printed ({what})",
        f"{len(warnings)}" + "".join(f"; {n}x {text!r}" for text, n in kinds.most_common(3)),
        float(len(warnings)),
        "warnings",
        0.0,
    )
