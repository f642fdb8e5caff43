"""A real app context on temp dirs, shipments made for it.

The context is the app's `AppContext` over a `ProfileManager` whose keys go to the real file secret
store, with a sandbox profile pointing at the session's local service (so no Local sandbox
start per test), and the real print queue. Nothing is mocked.
"""

from __future__ import annotations

import asyncio
import weakref
from pathlib import Path
from typing import Any

import pytest

from desktop_app.gui.core.context import AppContext
from desktop_app.printing.printers import PrinterBook, PrinterDefinition
from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.models import Profile
from desktop_app.profiles.secrets import choose_secret_store
from desktop_app.profiles.store import StoredShipment
from tests.patience import PATIENCE
from tests.payloads import SENDER


def isolate(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Keep the user's folders, keys and environment out of the test."""
    monkeypatch.setenv("PACKDESK_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("PACKDESK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("PACKDESK_API_KEY", raising=False)
    monkeypatch.setenv("PACKDESK_SECRET_STORE", "file")


def make_manager(tmp_path: Path) -> ProfileManager:
    """A profile manager on temp dirs with the file secret store."""
    data = tmp_path / "data"
    return ProfileManager(
        config_dir=tmp_path / "config",
        data_dir=data,
        secrets=choose_secret_store(data, prefer="file"),
    )


def add_service_profile(
    manager: ProfileManager, service: Any, name: str = "Desk sandbox", key: str | None = None
) -> Profile:
    """A sandbox profile on the test service (its CA, its sandbox key)."""
    profile = Profile(
        name=name,
        environment="sandbox",
        base_url=service.base_url,
        ca_file=str(service.ca_file),
    )
    return manager.add(profile, key or service.sandbox_key, verified_environment="sandbox")


async def open_context(
    tmp_path: Path, service: Any, profile_name: str = "Desk sandbox"
) -> AppContext:
    """A connected context on a fresh sandbox profile of `service`."""
    manager = make_manager(tmp_path)
    profile = add_service_profile(manager, service, profile_name)
    ctx = AppContext(manager, PrinterBook(tmp_path / "config" / "printers.json"))
    await ctx.open_profile(profile)
    assert ctx.connected, ctx.connection_message
    return ctx


def shipment_request(**extra: Any) -> dict[str, Any]:
    """A valid shipment request with a PDF label."""
    body: dict[str, Any] = {
        "carrier": "dhl",
        "service": "standard",
        "from": dict(SENDER),
        "to": {
            "first_name": "Erika",
            "last_name": "Mustermann",
            "street": "Heidestraße",
            "street_no": "17",
            "zip_code": "51147",
            "city": "Köln",
            "country": "DE",
        },
        "package": {"weight": 1.5, "length": 30, "width": 20, "height": 10},
        "label": {"format": "pdf_a6"},
    }
    body.update(extra)
    return body


async def create(ctx: AppContext, **extra: Any) -> StoredShipment:
    """Create a shipment through the journal, as the form does."""
    assert ctx.creator is not None
    return await ctx.creator.create(shipment_request(**extra))


def zpl_printer(uri: str, name: str = "Desk Zebra") -> PrinterDefinition:
    """A 203-dpi 4x6 ZPL printer at `uri`."""
    return PrinterDefinition(name=name, kind="zpl", transport=uri, dpi=203, stock="4x6in")


def use_printer(ctx: AppContext, uri: str) -> PrinterDefinition:
    """Define a ZPL printer at `uri` and make it the current profile's printer."""
    definition = zpl_printer(uri)
    ctx.printers.put(definition)
    assert ctx.profile is not None
    ctx.manager.update(ctx.profile.model_copy(update={"printer": definition.name}))
    ctx.reload_profile()
    return definition


#: what each `expect()` future waits for (the signal), for `emitted`'s failure message
_EXPECTED: weakref.WeakKeyDictionary[asyncio.Future[Any], str] = weakref.WeakKeyDictionary()


def expect(signal: Any) -> asyncio.Future[tuple[Any, ...]]:
    """A future resolved with the arguments of the next emission of `signal` (connect first)."""
    future: asyncio.Future[tuple[Any, ...]] = asyncio.get_running_loop().create_future()
    _EXPECTED[future] = repr(signal)

    def slot(*args: Any) -> None:
        if not future.done():
            future.set_result(args)

    signal.connect(slot)
    future.add_done_callback(lambda _f: signal.disconnect(slot))
    return future


async def emitted(
    future: asyncio.Future[tuple[Any, ...]], timeout: float = PATIENCE
) -> tuple[Any, ...]:
    """Wait for an `expect()` future; a failure names the signal it waited for."""
    try:
        return await asyncio.wait_for(future, timeout)
    except TimeoutError:
        what = _EXPECTED.get(future, "a signal")
        raise AssertionError(f"waited {timeout:g} s for {what}: not emitted") from None


async def connected(ctx: AppContext, timeout: float = PATIENCE) -> None:
    """Wait until a profile switch has connected its client (error states fail the test)."""
    while not ctx.connected:
        state, message = await emitted(expect(ctx.connection_changed), timeout)
        assert state != "error", message
