"""`account_context`: an app context on its own service account (address book, returns, pickups,
tracking, webhooks, batch page tests)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from desktop_app.gui.core.context import AppContext
from desktop_app.printing.printers import PrinterBook
from tests.gui.app_context import add_service_profile, make_manager


async def account_context(
    tmp_path: Path, service: Any, key: str, name: str = "Account desk"
) -> AppContext:
    """A connected context on a fresh sandbox profile using `key` (e.g. of its own account)."""
    manager = make_manager(tmp_path)
    profile = add_service_profile(manager, service, name, key=key)
    ctx = AppContext(manager, PrinterBook(tmp_path / "config" / "printers.json"))
    await ctx.open_profile(profile)
    assert ctx.connected, ctx.connection_message
    return ctx
