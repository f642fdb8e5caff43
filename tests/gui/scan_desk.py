"""A desk for the Scan page and its presenter: a connected context on its own account of the
local service (own orders and shipments) with a default sender, orders on the service, and
preferences changed as Settings changes them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from desktop_app.gui.core.context import AppContext
from desktop_app.printing.printers import PrinterBook
from tests.gui.app_context import SENDER, add_service_profile, isolate, make_manager

__all__ = ["add_orders", "ctx", "set_preferences"]


@pytest.fixture
async def ctx(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> AsyncIterator[AppContext]:
    isolate(monkeypatch, tmp_path)
    account = local_service.add_account()  # its own orders and shipments
    manager = make_manager(tmp_path)
    profile = add_service_profile(manager, local_service, key=account["sandbox_key"])
    manager.update(profile.model_copy(update={"default_sender": dict(SENDER)}))
    context = AppContext(manager, PrinterBook(tmp_path / "config" / "printers.json"))
    await context.open_profile(manager.get(profile.id))
    assert context.connected, context.connection_message
    yield context
    await context.aclose()


async def add_orders(ctx: AppContext, *bodies: dict[str, Any]) -> None:
    """Store orders on the service (the inbox reads them at the first scan)."""
    assert ctx.client is not None
    for body in bodies:
        await ctx.client.orders.create(body)


def set_preferences(ctx: AppContext, **changes: Any) -> None:
    """Change the open profile's preferences as Settings does (saved, then reloaded)."""
    assert ctx.profile is not None
    preferences = ctx.profile.preferences.model_copy(update=changes)
    ctx.manager.update(ctx.profile.model_copy(update={"preferences": preferences}))
    ctx.reload_profile()
