"""Settings › Shops builds its "Connect a shop" form from what each platform's connection
describes (label, secret or not, where it is made, an example address): a platform the GUI
has never heard of is offered with its own fields once it has its line in PLATFORMS."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtWidgets import QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.settings.shops.page import ShopsPage
from desktop_app.shops import PLATFORMS, CredentialField, ShopConnection, ShopOrder, Tracking


class ExampleConnection(ShopConnection):
    """A platform of this test only: what a new platform's module declares."""

    platform = "example"
    title = "Example Shop"
    credential_fields = (
        CredentialField("store_hash", "Store hash", help="Example admin › API accounts"),
        CredentialField("api_token", "API token", secret=True),
    )
    example_url = "https://api.example.com"

    async def pull(self, since: str | None) -> AsyncIterator[list[ShopOrder]]:
        yield []

    async def write_back(self, shop_order_id: str, tracking: Tracking) -> None:
        raise AssertionError("the form never writes back")


def _label(page: ShopsPage, key: str) -> str:
    label = page.form.form.labelForField(page.form.credential_edits[key])
    assert isinstance(label, QLabel)
    return label.text()


async def test_a_registered_platform_brings_its_own_credential_fields(
    ctx: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PLATFORMS, ExampleConnection.platform, ExampleConnection)
    page = ShopsPage(ctx)
    qtbot.addWidget(page)
    form = page.form
    titles = [form.platform_box.itemText(i) for i in range(form.platform_box.count())]
    # every registered platform in PLATFORMS' order, the one registered last at the end
    assert titles == [cls.title for cls in PLATFORMS.values()]
    assert titles[:3] == ["WooCommerce", "Shopware 6", "Shopify"] and titles[-1] == "Example Shop"

    form.platform_box.setCurrentIndex(form.platform_box.findData("example"))

    shown = {k for k, edit in form.credential_edits.items() if form.form.isRowVisible(edit)}
    assert shown == {"store_hash", "api_token"}
    assert _label(page, "store_hash") == "Store hash:"
    assert form.credential_edits["store_hash"].echoMode() == QLineEdit.EchoMode.Normal
    assert form.credential_edits["store_hash"].toolTip() == "Example admin › API accounts"
    assert form.credential_edits["api_token"].echoMode() == QLineEdit.EchoMode.Password
    assert form.url_edit.placeholderText() == "https://api.example.com"
    form.name_edit.setText("Example")
    form.url_edit.setText("https://api.example.com")
    form.credential_edits["store_hash"].setText("abc123")
    assert "Fill in the API token." in form.problems_label.text()
    assert not form.add_button.isEnabled()
    form.credential_edits["api_token"].setText("t0ken")
    assert form.add_button.isEnabled(), form.problems_label.text()
    draft = form.draft()
    assert draft.credentials == {"store_hash": "abc123", "api_token": "t0ken"}


async def test_each_platform_shows_its_connections_own_words(ctx: AppContext, qtbot: QtBot) -> None:
    page = ShopsPage(ctx)
    qtbot.addWidget(page)
    form = page.form
    for key, cls in PLATFORMS.items():
        form.platform_box.setCurrentIndex(form.platform_box.findData(key))
        wanted = {f.key: f for f in cls.credential_fields}
        shown = {k for k, edit in form.credential_edits.items() if form.form.isRowVisible(edit)}
        assert shown == set(wanted), key
        for credential in cls.credential_fields:
            edit = form.credential_edits[credential.key]
            assert _label(page, credential.key) == credential.label + ":"
            secret = edit.echoMode() == QLineEdit.EchoMode.Password
            assert secret == credential.secret, (key, credential.key)
        assert form.url_edit.placeholderText() == cls.example_url
