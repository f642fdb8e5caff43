"""A desk connected to a shop, end to end, for WooCommerce, Shopware 6 and Shopify against
their test servers (each checks every request against the platform's published schema): the
shop is connected in Settings › Shops (credentials to the keyring), the app pulls its open
order, the order is scanned on the Scan page (station flow, the real local service over HTTPS,
the virtual scale and printer), its label prints, and the shop's server shows the order
shipped with the label's tracking number, written exactly once."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.scan.page import ScanPage
from desktop_app.gui.settings.shops.page import ShopsPage
from desktop_app.gui.widgets.scale import ScalePresenter
from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.printers import PrinterBook
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.scales.config import ScaleConfig
from desktop_app.scales.virtual_scale import VirtualScale
from tests.fixtures.shops import shopify as shopify_fixture
from tests.fixtures.shops import shopware as shopware_fixture
from tests.fixtures.shops import woocommerce as woo_fixture
from tests.fixtures.shops.server import ShopServer
from tests.gui.app_context import (
    SENDER,
    add_service_profile,
    emitted,
    expect,
    isolate,
    make_manager,
    use_printer,
)
from tests.gui.shipment_desk import wait_until
from tests.shops.conftest import shopify_server as shopify_server  # the fixtures
from tests.shops.conftest import shopware_server as shopware_server
from tests.shops.conftest import woo_server as woo_server
from tests.station.fake_player import install_player, put_first_on_path

pytestmark = pytest.mark.timeout(300)


@dataclass
class Platform:
    """What differs per platform: its test shop, credentials, order and what shipped means."""

    key: str
    server: str
    """The session fixture of its test server."""
    fresh: Callable[[], Any]
    credentials: dict[str, str]
    add_order: Callable[[Any], str]
    """Puts one open, paid order into the shop; its number as the Scan page reads it."""
    written: Callable[[Any, str], int]
    """How often the tracking number was written to that order (0: not shipped)."""


def _woo_order(shop: Any) -> str:
    shop.add(woo_fixture.make_order(1))
    return "701"


def _woo_written(shop: Any, tracking: str) -> int:
    if shop.orders[701]["status"] != "completed":
        return 0
    return sum(tracking in note["note"] for note in shop.notes.get(701, []))


def _shopware_order(shop: Any) -> str:
    shop.add(shopware_fixture.make_order(1))
    return "10001"


def _shopware_written(shop: Any, tracking: str) -> int:
    delivery = shop.delivery(shopware_fixture.hex_id(1, "d0"))
    if delivery["stateMachineState"]["technicalName"] != "shipped":
        return 0
    if delivery["trackingCodes"] != [tracking]:
        return 0
    return sum(r == ("PATCH", f"/api/order-delivery/{delivery['id']}") for r in shop.requests)


def _shopify_order(shop: Any) -> str:
    shop.add(shopify_fixture.make_order(1))
    return "#1001"


def _shopify_written(shop: Any, tracking: str) -> int:
    order = shop.orders["gid://shopify/Order/5001"]
    if order["displayFulfillmentStatus"] != "FULFILLED":
        return 0
    return sum(f.get("number") == tracking for f in order["fulfillments"])


PLATFORMS = {
    "woocommerce": Platform(
        "woocommerce", "woo_server", woo_fixture.WooShop,
        {"consumer_key": woo_fixture.KEY, "consumer_secret": woo_fixture.SECRET},
        _woo_order, _woo_written,
    ),
    "shopware6": Platform(
        "shopware6", "shopware_server", shopware_fixture.ShopwareShop,
        {"client_id": shopware_fixture.CLIENT_ID, "client_secret": shopware_fixture.CLIENT_SECRET},
        _shopware_order, _shopware_written,
    ),
    "shopify": Platform(
        "shopify", "shopify_server", shopify_fixture.ShopifyShop,
        {"access_token": shopify_fixture.TOKEN}, _shopify_order, _shopify_written,
    ),
}  # fmt: skip


@dataclass
class ShopDesk:
    ctx: AppContext
    shop: Any
    server: ShopServer


async def open_desk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any, server: ShopServer
) -> AppContext:
    """A connected desk on its own account whose shop rounds trust the test shop's CA; the
    rounds run every hour here, so a sync or a write-back is started by the app's own
    triggers (connect, Sync now, a label made)."""
    isolate(monkeypatch, tmp_path)
    account = local_service.add_account()
    manager = make_manager(tmp_path)
    profile = add_service_profile(manager, local_service, key=account["sandbox_key"])
    manager.update(profile.model_copy(update={"default_sender": dict(SENDER)}))
    ctx = AppContext(
        manager,
        PrinterBook(tmp_path / "config" / "printers.json"),
        shop_interval=3600,
        shop_options={"verify": server.ssl_context()},
    )
    await ctx.open_profile(manager.get(profile.id))
    assert ctx.connected, ctx.connection_message
    return ctx


@pytest.fixture(params=sorted(PLATFORMS))
async def desk(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_service: Any,
) -> AsyncIterator[tuple[Platform, ShopDesk]]:
    platform = PLATFORMS[request.param]
    shop, server = request.getfixturevalue(platform.server)
    shop.__dict__.update(platform.fresh().__dict__)  # a fresh shop behind the same server
    ctx = await open_desk(tmp_path, monkeypatch, local_service, server)
    try:
        yield platform, ShopDesk(ctx, shop, server)
    finally:
        await ctx.aclose()
    assert shop.violations == [], "requests the platform's published schema refuses"


def connect_shop(page: ShopsPage, platform: Platform, url: str, name: str = "My shop") -> None:
    """Fill in Settings › Shops' form as a user types it, then Connect shop."""
    form = page.form
    form.platform_box.setCurrentIndex(form.platform_box.findData(platform.key))
    form.name_edit.setText(name)
    form.url_edit.setText(url)
    for field_name, value in platform.credentials.items():
        form.credential_edits[field_name].setText(value)
    assert form.add_button.isEnabled(), form.problems_label.text()
    form.add_button.click()


def _scan(qtbot: QtBot, code: str) -> None:
    """A keyboard-wedge scanner: the characters, then Enter, into whatever has the focus."""
    target = QApplication.focusWidget()
    assert isinstance(target, QWidget)
    qtbot.keyClicks(target, code)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


async def test_a_scanned_shop_order_is_marked_shipped_in_the_shop_once(
    desk: tuple[Platform, ShopDesk],
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    vprinter: VirtualPrinter,
    vscale: VirtualScale,
) -> None:
    platform, running = desk
    ctx, shop = running.ctx, running.shop
    number = platform.add_order(shop)
    install_player(tmp_path / "players", "pw-play")
    put_first_on_path(monkeypatch, tmp_path / "players")
    use_printer(ctx, vprinter.uri)

    settings = ShopsPage(ctx)
    qtbot.addWidget(settings)
    pulled = expect(ctx.shop_round_done)
    connect_shop(settings, platform, running.server.base_url)
    (first_round,) = await emitted(pulled, 120)
    assert not first_round.errors, first_round.errors
    assert first_round.synced["My shop"].stored == [number]
    [row] = settings.rows
    assert (row.pulled, row.kind) == ("1", "Test shop")

    scale = ScalePresenter(config=ScaleConfig(uri=vscale.uri, interval=0.05))
    scan = ScanPage(ctx, scale=scale)
    qtbot.addWidget(scan)
    scan.resize(900, 700)
    scan.show()
    scan.activateWindow()
    try:
        await wait_until(scan.scan_box.hasFocus)
        await wait_until(lambda: scale.stable_kg() is not None)
        outcomes: list[Any] = []
        scan.outcome_shown.connect(outcomes.append)
        written_back = expect(ctx.shop_round_done)
        _scan(qtbot, number)
        await wait_until(lambda: bool(outcomes) and outcomes[-1].kind != "weighing", 120)
        outcome = outcomes[-1]
        assert outcome.kind == "shipped", (scan.outcome.title.text(), scan.outcome.detail.text())
        tracking = outcome.shipment.carrier_tracking_no
        assert tracking and outcome.shipment.reference_number == number
        # the label, then the packing slip (both printed before the desk closes)
        jobs = await vprinter.wait_for_jobs(2, timeout=60)
        printer = ctx.printer()
        assert printer is not None
        label = outcome.shipment.label_path.read_bytes()
        expected = prepare_payload(printer, label, source_format=outcome.shipment.label_format)
        assert jobs[0].data == expected.data
        assert f"^FD{number}^FS".encode() in jobs[1].data

        (round_result,) = await emitted(written_back, 120)
        assert [e.number for e in round_result.delivery.written] == [number]
        assert platform.written(shop, tracking) == 1
        # another round (Sync now) writes nothing again
        again = expect(ctx.shop_round_done)
        settings.sync_button.click()
        (second,) = await emitted(again, 120)
        assert second.delivery.written == [] and not second.errors
        assert platform.written(shop, tracking) == 1
        assert settings.rows[0].write_backs == "1 written, 0 waiting, 0 refused"
    finally:
        await scale.aclose()
        assert scan.sounds.player.wait(30)


async def test_the_shops_page_adds_tests_syncs_and_removes_a_connection(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_service: Any,
    woo_server: tuple[Any, ShopServer],
) -> None:
    shop, server = woo_server
    shop.__dict__.update(woo_fixture.WooShop().__dict__)
    shop.add(woo_fixture.make_order(1), woo_fixture.make_order(2))
    platform = PLATFORMS["woocommerce"]
    ctx = await open_desk(tmp_path, monkeypatch, local_service, server)
    try:
        page = ShopsPage(ctx)
        qtbot.addWidget(page)
        page.confirm_remove = False
        form = page.form
        assert page.rows == [] and not form.add_button.isEnabled()
        assert form.kind_box.currentData() == "test"  # the sandbox profile's kind

        # a sandbox profile refuses a live shop, in words
        form.url_edit.setText(server.base_url)
        form.name_edit.setText("Woo")
        form.kind_box.setCurrentIndex(form.kind_box.findData("live"))
        assert "sandbox profile never writes to a live shop" in form.problems_label.text()
        assert not form.add_button.isEnabled()
        form.kind_box.setCurrentIndex(form.kind_box.findData("test"))
        form.url_edit.setText(server.base_url.replace("https", "http"))
        assert "https://" in form.problems_label.text()
        form.url_edit.setText(server.base_url)

        # the platform decides the credential fields; a wrong secret is refused in words
        form.platform_box.setCurrentIndex(form.platform_box.findData("shopify"))
        assert not form.form.isRowVisible(form.credential_edits["consumer_key"])
        assert form.form.isRowVisible(form.credential_edits["access_token"])
        form.platform_box.setCurrentIndex(form.platform_box.findData("woocommerce"))
        form.credential_edits["consumer_key"].setText(woo_fixture.KEY)
        form.credential_edits["consumer_secret"].setText("cs_wrong")
        assert not await page.test_draft()
        assert "refused the credentials" in page.message.text()
        form.credential_edits["consumer_secret"].setText(woo_fixture.SECRET)
        assert await page.test_draft()
        assert "2 open orders" in page.message.text()

        # Connect shop keeps it (credentials only in the keyring) and syncs at once
        pulled = expect(ctx.shop_round_done)
        connect_shop(page, platform, server.base_url, name="Woo")
        await emitted(pulled, 120)
        [row] = page.rows
        assert (row.name, row.platform, row.pulled) == ("Woo", "WooCommerce", "2")
        assert row.last_sync != "not yet" and not row.problems
        assert page.table.rowCount() == 1 and page.selected_name() == "Woo"
        assert form.credential_edits["consumer_secret"].text() == ""
        profile_dir = Path(ctx.manager.profile_data_dir(ctx.profile))  # type: ignore[arg-type]
        kept = (profile_dir / "shops.json").read_text("utf-8")
        assert json.loads(kept)["shops"][0]["name"] == "Woo" and woo_fixture.SECRET not in kept
        profiles_file = (tmp_path / "config" / "profiles.json").read_text("utf-8")
        assert woo_fixture.SECRET not in profiles_file
        assert ctx.shops is not None
        assert ctx.shops.book.credentials("Woo")["consumer_secret"] == woo_fixture.SECRET
        assert await page.test_saved("Woo")

        # Sync now pulls an order the shop got since; a shop that refuses is said per shop
        shop.add(woo_fixture.make_order(3))
        synced = expect(ctx.shop_round_done)
        page.sync_button.click()
        await emitted(synced, 120)
        assert page.rows[0].pulled == "3" and "0 refused" in page.rows[0].write_backs
        shop.secret = "cs_rotated"  # the shop owner revoked the key
        refused = expect(ctx.shop_round_done)
        page.sync_button.click()
        await emitted(refused, 120)
        assert "refused the credentials" in page.rows[0].problems
        assert "refused the credentials" in page.message.text()

        # Remove forgets the connection, its credentials and its sync state
        page.select("Woo")
        page.remove_button.click()
        assert page.rows == [] and page.table.rowCount() == 0
        assert ctx.shops.book.list() == [] and ctx.shops.book.credentials("Woo") == {}
        assert ctx.shops.outbox.cursor("Woo") is None
        assert ctx.shops.outbox.state("Woo").pulled == 0
    finally:
        await ctx.aclose()
    await asyncio.sleep(0)
    assert shop.violations == []


@pytest.mark.usefixtures("german")
def test_a_shops_refusal_is_said_in_german() -> None:
    """The connectors' words for a refusal in the user's language; the shop's own message
    after the colon stays as the shop said it."""
    from desktop_app.gui.settings.shops.presenter import answer_text, kind_text

    refused = "Woo refused the credentials (wrong or expired): Consumer key is invalid."
    assert answer_text(refused) == (
        "Woo hat die Zugangsdaten abgelehnt (falsch oder abgelaufen): Consumer key is invalid."
    )
    assert answer_text("Woo answered 418: teapot") == "Woo hat mit Fehler 418 geantwortet: teapot"
    assert answer_text("Shop cannot be reached (timed out)") == (
        "Shop ist nicht erreichbar (timed out)"
    )
    assert kind_text("live") == "Live-Shop"
