"""The PySide6 6.12 work-around, kept importable here; it lives in `desktop_app.qt_compat`."""

from __future__ import annotations

from desktop_app.qt_compat import (
    AFFECTED_PREFIXES,
    HEADROOM,
    GuiThreadCollector,
    affected,
    protect_singletons,
)

__all__ = ["AFFECTED_PREFIXES", "HEADROOM", "GuiThreadCollector", "affected", "protect_singletons"]
