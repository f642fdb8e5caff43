"""Counts in words agree in number ("1 address", "2 addresses") in every text of the GUI.

Every `%n` text of desktop_app/gui has its English plural forms in packdesk_en.ts (compiled to
the .qm the app loads): Qt's translation picks the form by the number. A `%n` text without
them would say "1 address(es)". When this fails: `make translations-extract`, fill the
`numerusform`s of the new messages in resources/translations/packdesk_en.ts (and _de.ts), then
`make translations`.
"""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path

from desktop_app.gui.i18n import translate

ROOT = Path(__file__).resolve().parents[3]


def _english_plurals() -> dict[str, list[str]]:
    """Source text -> the English forms (every numerus message of packdesk_en.ts)."""
    tree = ET.parse(ROOT / "resources" / "translations" / "packdesk_en.ts")
    forms: dict[str, list[str]] = {}
    for message in tree.iter("message"):
        if message.get("numerus") == "yes":
            source = message.findtext("source") or ""
            forms[source] = [f.text or "" for f in message.iter("numerusform")]
    return forms


def _gui_count_texts() -> set[str]:
    """Every `%n` text given to translate() / tr() in the GUI package's code."""
    texts: set[str] = set()
    for path in (ROOT / "desktop_app" / "gui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "attr", None) or getattr(node.func, "id", None)
            if name not in ("translate", "tr"):
                continue
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    if "%n" in arg.value:
                        texts.add(arg.value)
    return texts


def test_every_count_text_has_its_english_forms() -> None:
    plurals = _english_plurals()
    texts = _gui_count_texts()
    assert len(texts) > 20  # the scan finds the GUI's texts
    missing = sorted(t for t in texts if t not in plurals)
    assert missing == [], "no English plural forms in packdesk_en.ts (see the docstring)"
    unfinished = sorted(s for s in texts if len(plurals[s]) != 2 or not all(plurals[s]))
    assert unfinished == []
    for source in texts:
        one, many = plurals[source]
        assert "(s)" not in one and "(s)" not in many, source
        assert "(es)" not in one and "(es)" not in many, source


def test_counts_agree_in_number_as_the_app_shows_them() -> None:
    """The compiled English translation (installed by the GUI tests' conftest) picks the form."""
    assert translate("Addresses", "%n address(es)", None, 1) == "1 address"
    assert translate("Addresses", "%n address(es)", None, 2) == "2 addresses"
    assert translate("Addresses", "%n address(es)", None, 0) == "0 addresses"
    assert translate("History", "Deleted %n shipment(s).", None, 1) == "Deleted 1 shipment."
    assert translate("Shipment", "%n page(s)", None, 3) == "3 pages"
