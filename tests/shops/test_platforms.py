"""Every registered shop platform describes its own credentials (what the CLI asks for and
Settings › Shops builds its form from), in words with a German translation, and a connection
missing one of them is refused naming it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from desktop_app.shops import PLATFORMS, ShopAuthError, ShopConfig, WooCommerceConnection

GERMAN = Path(__file__).parents[2] / "resources" / "translations" / "packdesk_de.ts"


def _german() -> dict[tuple[str, str], str]:
    """(context, source) -> the German translation (empty when untranslated)."""
    out = {}
    for context in ET.parse(GERMAN).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            done = translation is not None and translation.get("type") != "unfinished"
            text = (translation.text or "") if translation is not None and done else ""
            out[(name, message.findtext("source") or "")] = text
    return out


def test_every_platform_describes_its_credentials_in_translated_words() -> None:
    german = _german()
    assert {"woocommerce", "shopware6", "shopify"} <= set(PLATFORMS)  # and any added since
    for key, cls in PLATFORMS.items():
        assert cls.platform == key and cls.title
        keys = [f.key for f in cls.credential_fields]
        assert keys and len(set(keys)) == len(keys), key
        assert any(f.secret for f in cls.credential_fields), f"{key} keeps no secret?"
        assert cls.example_url.startswith("https://"), key
        for field in cls.credential_fields:
            for text in (field.label, field.help):
                if text:
                    assert german.get(("Settings", text)), f"{key}: {text!r} has no German"


def test_a_connection_without_one_of_its_credentials_is_refused_naming_it() -> None:
    config = ShopConfig("Woo", "woocommerce", "https://shop.example.com", "test")
    with pytest.raises(ShopAuthError, match="lacks its Consumer secret"):
        WooCommerceConnection(config, {"consumer_key": "ck_1"})
