"""Packdesk speaks German: every GUI string has a German translation (extracted from the
sources with pyside6-lupdate), the compiled .qm files match their .ts sources, each page of the
main window shows no English word with German chosen, and the domain's problems are translated
by their code and parameters."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QLocale, QModelIndex, Qt, QTranslator
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTableView,
    QTabWidget,
    QTreeView,
    QWidget,
)
from pytestqt.qtbot import QtBot

import desktop_app.profiles.manager as manager_module
from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.rules import validate as validate_shipment
from desktop_app.domain.rules.problems import Problem
from desktop_app.gui.i18n import (
    effective_language,
    install_translations,
    save_language,
    saved_language,
    translate,
    translations_dir,
)
from desktop_app.gui.i18n.problems import GUI_CODES, known_codes, problem_message
from desktop_app.gui.i18n.profile_errors import (
    PROFILE_TEXTS,
    profile_error_text,
    profile_problem_text,
)
from desktop_app.gui.i18n.words import label_format_name, money, number, service_name
from desktop_app.gui.widgets.problems import problem_text as problem_line
from desktop_app.profiles.errors import ProfileError, ProfileProblem, ProfileValidationError
from tests.gui.app_context import isolate, open_context, shipment_request
from tests.gui.shipment_desk import loads_done

REPO = Path(__file__).resolve().parents[3]
TS_DIR = REPO / "resources" / "translations"
LUPDATE = Path(sys.executable).with_name("pyside6-lupdate")
# proper names, product names and technical terms a German shop owner reads as they are
ALLOWED = {
    "packdesk",
    "paket",
    "classic",
    "express",
    "warenpost",
    "europaket",
    "prio",
    "saver",
    "expedited",
    "pdf",
    "zpl",
    "dpi",
    "cups",
    "usb",
    "api",
    "url",
    "iban",
    "bic",
    "voec",  # the Norwegian VAT register's name (its numbers: VOEC1234567)
    "webhook",
    "webhooks",
    "live",
    "https",
    "http",
    "csv",
    "xlsx",
    "sms",
    "predict",
    "english",
    "français",
    "nederlands",
    "deutsch",
    "standard",
    "status",
    "details",
    "qt",
    "tcp",
    "name",
    "bank",
    "port",
    "ca",
    "e-mail",
    "shop",
    "test",
}
# the carriers' brands, as the catalog names them (a carrier added as data brings its own)
ALLOWED |= {
    word.lower()
    for spec in load_catalog().carriers.values()
    for word in re.findall(r"[A-Za-zÄÖÜäöüß]+", spec.display_name)
}


def _messages(ts: Path) -> list[ET.Element]:
    return list(ET.parse(ts).getroot().iter("message"))


def _unfinished(ts: Path) -> list[str]:
    out = []
    for ctx in ET.parse(ts).getroot().iter("context"):
        name = ctx.findtext("name")
        for msg in ctx.iter("message"):
            tr = msg.find("translation")
            assert tr is not None
            forms = [f.text for f in tr.iter("numerusform")] if msg.get("numerus") else [tr.text]
            if tr.get("type") in ("unfinished", "vanished", "obsolete") or not all(forms):
                out.append(f"{name}: {msg.findtext('source')!r}")
    return out


def _translated_non_gui() -> list[str]:
    """The Qt-free sources `make translations-extract` also reads (TRANSLATED_NON_GUI)."""
    for line in (REPO / "Makefile").read_text(encoding="utf-8").splitlines():
        if line.startswith("TRANSLATED_NON_GUI :="):
            return [str(REPO / path) for path in line.split(":=", 1)[1].split()]
    raise AssertionError("the Makefile has no TRANSLATED_NON_GUI")


def test_every_gui_string_has_a_german_translation(tmp_path: Path) -> None:
    """lupdate over the GUI sources (and the Qt-free ones with words the GUI shows) finds no
    string without a German (and English plural) translation: a string added untranslated
    fails here."""
    sources = [str(REPO / "desktop_app" / "gui"), *_translated_non_gui()]
    for language, extra in (("de", []), ("en", ["-pluralonly"])):
        ts = tmp_path / f"packdesk_{language}.ts"
        shutil.copy(TS_DIR / ts.name, ts)
        subprocess.run(
            [str(LUPDATE), "-extensions", "py", "-locations", "none", *extra,
             *sources, "-ts", str(ts)],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        assert _unfinished(ts) == [], f"untranslated in {ts.name} (make translations-extract)"
    assert len(_messages(tmp_path / "packdesk_de.ts")) > 600


def test_the_compiled_translations_match_their_sources(qapp: Any) -> None:
    """Each committed .qm answers every finished entry of its .ts (run `make translations`)."""
    for language in ("de", "en"):
        translator = QTranslator()
        assert translator.load(f"packdesk_{language}", translations_dir())
        for ctx in ET.parse(TS_DIR / f"packdesk_{language}.ts").getroot().iter("context"):
            name = ctx.findtext("name") or ""
            for msg in ctx.iter("message"):
                source = msg.findtext("source") or ""
                comment = msg.findtext("comment")
                tr = msg.find("translation")
                assert tr is not None
                if msg.get("numerus"):
                    forms = [f.text for f in tr.iter("numerusform")]
                    got = [translator.translate(name, source, comment, n) for n in (1, 5)]
                    assert got == [forms[0], forms[-1]], (language, name, source)
                else:
                    assert translator.translate(name, source, comment) == tr.text, (name, source)


def _domain_codes() -> set[str]:
    """Every problem code the rules can report (string constants and `f"{kind}_..."`)."""
    codes: set[str] = set()
    kinds = ("locker_station", "post_branch")
    domain = REPO / "desktop_app" / "domain"
    for path in [*(domain / "rules").glob("*.py"), *domain.glob("customs/rules*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or len(node.args) < 3:
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name not in ("add", "Problem"):
                continue
            code = node.args[1]
            if isinstance(code, ast.Constant) and isinstance(code.value, str):
                codes.add(code.value)
            elif isinstance(code, ast.JoinedStr):
                tail = "".join(v.value for v in code.values if isinstance(v, ast.Constant))
                codes.update(kind + tail for kind in kinds)
    return codes


def test_every_domain_problem_code_has_a_text() -> None:
    """A new rule's code without a GUI text fails here (add it to gui/i18n/problems.py)."""
    codes = _domain_codes()
    assert len(codes) > 60
    assert codes - known_codes() - GUI_CODES == set()


def _problem(draft: dict[str, Any], code: str) -> Problem:
    found = [p for p in validate_shipment(draft) if p.code == code]
    assert found, [(p.code, p.message) for p in validate_shipment(draft)]
    return found[0]


def test_problems_are_translated_by_code_and_parameters(german: None) -> None:
    """German texts name the carrier, service and limits in words; the English message of the
    service (what the API answers) stays as it was."""
    heavy = shipment_request()
    heavy["package"]["weight"] = 45.5
    p = _problem(heavy, "too_heavy")
    assert p.message.startswith("At most 31.5 kg") and p.params == {"max": 31.5, "now": 45.5}
    assert problem_message(p) == "Höchstens 31,5 kg für diese Paketart (jetzt 45,5 kg)."
    assert (
        problem_line(p) == "Paket › Gewicht: Höchstens 31,5 kg für diese Paketart (jetzt 45,5 kg)."
    )

    saturday = shipment_request(carrier="dhl", service="standard")
    saturday["additional_services"] = [{"name": "saturday_delivery"}]
    p = _problem(saturday, "additional_service_not_allowed")
    assert problem_message(p) == "DHL bietet Samstagszustellung nicht an."

    fmt = shipment_request(carrier="dpd", service="standard", label={"format": "zpl2_4x6in_203dpi"})
    p = _problem(fmt, "label_format_not_offered")
    assert "zpl2" in p.message  # the API's words
    assert problem_message(p) == (
        "DPD druckt keine Etiketten im Format Etikett 4x6 Zoll, ZPL, 203 dpi; "
        "bitte ein anderes Etikettenformat wählen."
    )

    no_city = shipment_request()
    no_city["to"]["city"] = ""
    p = _problem(no_city, "required")
    assert problem_line(p) == "Empfänger › Ort: Bitte ausfüllen."

    long_name = shipment_request()
    long_name["to"]["last_name"] = "x" * 40
    p = _problem(long_name, "too_long")
    assert problem_message(p) == "Höchstens 35 Zeichen (jetzt 40)."

    service = shipment_request(carrier="hermes", service="one_day")
    p = _problem(service, "service_not_offered")
    assert (
        problem_message(p) == "Hermes bietet Express nicht an; bitte eine andere Versandart wählen."
    )
    # a character in words, never its Unicode name ("cjk unified ideograph-674e")
    name = shipment_request()
    name["to"]["last_name"] = "李"
    p = _problem(name, "unprintable_character")
    assert "ideograph" in p.message  # the rule's English for the API and the CLI
    assert problem_message(p) == (
        "Das Zeichen „李“ kann dieser Versanddienstleister nicht drucken; bitte entfernen."
    )
    install_translations("en")
    try:
        assert problem_message(p) == (
            "The character “李” cannot be printed by this carrier; remove it."
        )
    finally:
        install_translations("de")
    # a message without a known code (the server's) is shown as it came
    assert (
        problem_message(Problem("to.city", "server", "city: unknown town")) == "city: unknown town"
    )


def test_words_and_formats_follow_the_locale(german: None) -> None:
    """Plain names instead of codes; numbers, money and dates as the German locale writes them."""
    assert label_format_name("pdf_a6") == "A6-PDF"
    assert label_format_name("zpl2_4x6in_203dpi") == "Etikett 4x6 Zoll, ZPL, 203 dpi"
    assert service_name("dhl", "standard") == "DHL Paket"
    assert service_name("dhl", "returns") == "DHL Retoure"
    assert number(1.5) == "1,5" and number(2.0) == "2"
    assert money(0) == "0,00\xa0€"
    install_translations("en")
    assert label_format_name("zpl2_4x6in_203dpi") == "4x6 in label, ZPL, 203 dpi"
    assert label_format_name("pdf_a6") == "A6 PDF"


def test_the_language_choice_is_kept_and_follows_the_system(
    qapp: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PACKDESK_CONFIG_DIR", str(tmp_path))
    assert saved_language() == "system"
    save_language("de")
    assert saved_language() == "de"
    with pytest.raises(ValueError):
        save_language("fr")
    german_system = QLocale(QLocale.Language.German, QLocale.Country.Germany)
    french_system = QLocale(QLocale.Language.French, QLocale.Country.France)
    assert effective_language("system", german_system) == "de"
    assert effective_language("system", french_system) == "en"
    assert effective_language("en", german_system) == "en"
    try:
        assert install_translations("system", german_system) == "de"
        assert QLocale().toString(1.5) == "1,5"
        # Qt's own dialogs speak German too (qtbase_de)
        assert qapp.translate("QPlatformTheme", "Cancel") == "Abbrechen"
    finally:
        install_translations("en")


_WORD = re.compile(r"[A-Za-zÄÖÜäöüß][A-Za-zÄÖÜäöüß'-]+")
# placeholders, markup and code-like names (shipment.status.*) are not words of either language
_CODE = re.compile(r"\{[^}]*\}|<[^>]+>|&|[\w.]*\.\*|\w+\.\w+(?:\.\w+)*")


def _english_only_words() -> set[str]:
    """Words of the English sources that no German translation uses."""
    english: set[str] = set()
    german: set[str] = set()
    for msg in _messages(TS_DIR / "packdesk_de.ts"):
        source = _CODE.sub("", msg.findtext("source") or "")
        english.update(w.lower() for w in _WORD.findall(source))
        tr = msg.find("translation")
        assert tr is not None
        for text in [tr.text or "", *(f.text or "" for f in tr.iter("numerusform"))]:
            german.update(w.lower() for w in _WORD.findall(_CODE.sub("", text)))
    return english - german - ALLOWED


def _texts(widget: QWidget) -> list[str]:
    """What a user can read on the visible widgets of `widget` (tooltips included)."""
    out: list[str] = []
    for w in [widget, *widget.findChildren(QWidget)]:
        if not w.isVisibleTo(widget) and w is not widget:
            continue
        out.append(w.toolTip())
        if isinstance(w, QLabel):
            out.append(w.text())
        elif isinstance(w, QAbstractButton):
            out.append(w.text())
        elif isinstance(w, QGroupBox):
            out.append(w.title())
        elif isinstance(w, QLineEdit):
            out.append(w.placeholderText())
        elif isinstance(w, QComboBox):
            out += [w.itemText(i) for i in range(w.count())]
        elif isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())]
        elif isinstance(w, QTableView | QTreeView) and w.model() is not None:
            model = w.model()
            out += [
                str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                for c in range(model.columnCount(QModelIndex()))
            ]
    return [re.sub(r"<[^>]+>|&(?!\w+;)", "", t) for t in out if t]


async def test_every_page_of_the_main_window_reads_german(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any, german: None
) -> None:
    """With German chosen, no visible text, tab, header, placeholder or tooltip of any page
    (Settings' sub-pages included) holds an English word."""
    from desktop_app.gui.shell.main_window import MainWindow
    from desktop_app.gui.shell.pages import install_operations, install_pages

    isolate(monkeypatch, tmp_path)
    ctx = await open_context(tmp_path, local_service, profile_name="Testprofil")
    try:
        window = MainWindow(ctx)
        qtbot.addWidget(window)
        history, settings = install_pages(window, ctx)
        install_operations(window, ctx, history, settings)
        window.resize(1400, 900)
        window.show()
        english = _english_only_words()
        assert {"shipment", "label", "printer", "the"} <= english
        found: dict[str, list[str]] = {}
        pages: list[tuple[str, QWidget]] = []
        for i in range(window.tabs.count()):
            window.tabs.setCurrentIndex(i)
            pages.append((window.tabs.tabText(i), window.tabs.widget(i)))
            inner = window.tabs.widget(i).findChild(QTabWidget)
            if inner is not None:
                for j in range(inner.count()):
                    inner.setCurrentIndex(j)
                    pages.append((inner.tabText(j), inner.widget(j)))
        assert len(pages) >= 10
        for title, page in pages:
            holder = page.parentWidget()
            while holder is not None and not isinstance(holder, QTabWidget):
                holder = holder.parentWidget()
            if holder is not None:
                holder.setCurrentWidget(page)
            await loads_done(ctx)  # what showing the page loads is in it
            for text in [title, *_texts(page)]:
                words = [w for w in _WORD.findall(_CODE.sub("", text)) if w.lower() in english]
                if words:
                    found.setdefault(title, []).append(f"{text!r}: {words}")
        status = _texts(window.statusBar())
        found["status bar"] = [
            t for t in status if {w.lower() for w in _WORD.findall(_CODE.sub("", t))} & english
        ]
        assert {k: v for k, v in found.items() if v} == {}
        assert window.windowTitle() == "Packdesk — Testprofil (TEST)"
        assert [window.tabs.tabText(i) for i in range(window.tabs.count())][:2] == [
            "Neue Sendung",
            "Verlauf",
        ]
        assert load_catalog().carriers["dhl"].display_name == "DHL"
        # Settings › Preferences: the language choice is kept for the next start, with a note
        prefs = settings.preferences
        combo = prefs.language_combo
        assert [combo.itemData(i) for i in range(combo.count())] == ["system", "de", "en"]
        combo.setCurrentIndex(combo.findData("en"))
        combo.activated.emit(combo.currentIndex())
        assert saved_language() == "en"
        assert "neu starten" in prefs.language_note.text() or "erneut" in prefs.language_note.text()
    finally:
        await ctx.aclose()


def test_the_country_names_file_is_babels() -> None:
    """resources/translations/countries.json (read at start-up instead of babel's locale data)
    names every country as babel does: after a babel upgrade, tools/country_names.py writes it
    again."""
    import json

    from desktop_app.gui.i18n import SUPPORTED
    from desktop_app.resources import resource_path
    from tools.country_names import all_names

    written = json.loads(resource_path("translations", "countries.json").read_text("utf-8"))
    assert set(written) == set(SUPPORTED)
    assert written == all_names()


def test_countries_by_name_in_the_ui_language(german: None, qtbot: QtBot) -> None:
    """The country field offers names in German; code, German or English name give the code."""
    from desktop_app.gui.i18n.countries import attach_country_list, country_code, country_name

    assert country_name("DE") == "Deutschland" and country_name("GB") == "Vereinigtes Königreich"
    for typed in ("DE", "de", "Deutschland", "germany", "Deutschland (DE)"):
        assert country_code(typed) == "DE"
    assert country_code("Narnia") == "Narnia"  # the rules say what is wrong
    edit = QLineEdit()
    qtbot.addWidget(edit)
    completer = attach_country_list(edit)
    completer.setCompletionPrefix("königreich")
    matches = [
        completer.completionModel().index(i, 0).data()
        for i in range(completer.completionModel().rowCount())
    ]
    assert matches == ["Vereinigtes Königreich (GB)"]
    completer.setCompletionPrefix("AT")
    found = {
        completer.completionModel().index(i, 0).data()
        for i in range(completer.completionModel().rowCount())
    }
    assert "Österreich (AT)" in found


def test_label_stock_in_words(german: None) -> None:
    from desktop_app.gui.i18n.words import stock_name

    assert stock_name("4x6in") == "4x6 Zoll"
    assert stock_name("100x150mm") == "100 x 150 mm"
    assert stock_name("A4") == "A4"


# --- the profiles layer's refusals, worded by code --------------------------------------------

_PARAMS = {
    "name": "Packtisch",
    "id": "p1",
    "environment": "sandbox",
    "message": "x",
    "field": "f",
    "file": "profiles.json.damaged-1",
    "url": "http://x",
    "host": "127.0.0.1",
}


def _manager_codes() -> set[str]:
    source = Path(manager_module.__file__).read_text(encoding="utf-8")
    codes = set(re.findall(r'_problem\(\s*"(\w+)"', source))
    codes |= set(re.findall(r'code="(\w+)"', source))
    # the model's field validators (profiles/models.py) give theirs by ProfileFieldError
    models = Path(manager_module.__file__).with_name("models.py").read_text(encoding="utf-8")
    codes |= set(re.findall(r'ProfileFieldError\(\s*"(\w+)"', models))
    codes |= {f"key_is_{env}" for env in ("sandbox", "live")}  # mismatch_problem
    return codes


def test_every_profile_code_has_a_german_text(german: None) -> None:
    codes = _manager_codes()
    assert {"duplicate_name", "empty_key", "key_unchecked", "builtin_delete"} <= codes
    assert {"load_duplicate", "load_kept_aside", "url_not_https", "live_loopback"} <= codes
    assert codes <= set(PROFILE_TEXTS), codes - set(PROFILE_TEXTS)
    for code in codes - {"invalid_field"}:  # "{field}: {message}" reads the same in German
        text = profile_problem_text(ProfileProblem(code, _PARAMS, "ENGLISH"))
        install_translations("en")
        english = profile_problem_text(ProfileProblem(code, _PARAMS, "ENGLISH"))
        install_translations("de")
        assert text and text != english, code
    duplicate = ProfileProblem("duplicate_name", {"name": "Packtisch"}, "english")
    assert profile_problem_text(duplicate) == "Ein Profil namens „Packtisch“ gibt es schon."
    empty = ProfileValidationError([ProfileProblem("empty_key", {}, "the API key is empty")])
    assert profile_error_text(empty) == "Der API-Schlüssel fehlt."
    assert str(empty) == "the API key is empty" and empty.problems == ["the API key is empty"]
    builtin = ProfileError("cannot", code="builtin_delete")
    assert "kann nicht gelöscht werden" in (profile_error_text(builtin) or "")
    # an unknown code or missing parameter keeps the English sentence rather than crashing
    assert profile_problem_text(ProfileProblem("new_code", {}, "as is")) == "as is"
    assert profile_problem_text(ProfileProblem("duplicate_name", {}, "as is")) == "as is"
    assert profile_error_text(ValueError("no")) is None
    assert translate("Profiles", "live") == "Live"


def test_a_damaged_profiles_file_is_reported_in_german(german: None, tmp_path: Path) -> None:
    from desktop_app.gui.i18n.profile_errors import load_problems_text
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.secrets import FileSecretStore

    config = tmp_path / "config"
    config.mkdir()
    (config / "profiles.json").write_text(
        '{"profiles": [{"name": "kaputt", "environment": "moon"}]}', encoding="utf-8"
    )
    manager = ProfileManager(config, tmp_path / "data", FileSecretStore(tmp_path / "keys.json"))
    text = load_problems_text(manager.load_details)
    assert "Das gespeicherte Profil „kaputt“ konnte nicht geladen werden." in text
    assert "profiles.json.damaged-" in text and "not loaded" not in text
    assert any("kaputt" in p for p in manager.load_problems)  # the CLI's English stays


def test_the_status_bar_says_the_printer_state_in_words_and_the_name_in_its_tooltip(
    german: None, qapp: Any
) -> None:
    """German: "Drucker Virtueller Etikettendru…: ber…" was cut at 1024x600; the field says
    the state in words ("Drucker: bereit"), the tooltip names the printer and its problem."""
    from desktop_app.gui.core.sandbox_printer import SANDBOX_PRINTER_NAME
    from desktop_app.gui.shell.status_bar import printer_texts
    from desktop_app.printing.health import PROBLEMS
    from desktop_app.printing.queue import PrinterStatus

    ready = PrinterStatus(SANDBOX_PRINTER_NAME, "idle", "ready", 0)
    shown, whole = printer_texts(SANDBOX_PRINTER_NAME, ready)
    assert (shown, whole) == (
        "Drucker: bereit",
        "Drucker Virtueller Etikettendrucker (Test): bereit",
    )
    paused = PrinterStatus("Desk Zebra", "attention", PROBLEMS["paused"], 0, "paused")
    shown, whole = printer_texts("Desk Zebra", paused)
    assert shown == "Drucker: braucht Aufmerksamkeit"
    assert whole == "Drucker Desk Zebra: " + printer_problem_text_de_paused()


def test_the_status_bar_counts_calls_and_says_connected_in_words(german: None, qapp: Any) -> None:
    """ "Verbleibende API-Aufrufe: 110/120 (zurückgesetzt in …" and "Verbunden mit
    https://127.0.0.1:45…" were cut; short words, the whole text in the tooltip."""
    import time

    from desktop_app.client.ratelimit import RateLimitState
    from desktop_app.gui.shell.status_bar import connection_texts, rate_texts

    state = RateLimitState(limit=120, remaining=110, reset_at=time.time() + 30)
    shown, whole = rate_texts(state)
    assert shown == "110 Aufrufe übrig"
    assert whole.startswith("Verbleibende API-Aufrufe: 110/120 (zurückgesetzt in ")
    message = "Verbunden mit https://127.0.0.1:45627"
    assert connection_texts("connected", message) == ("● Verbunden", message)


def printer_problem_text_de_paused() -> str:
    from desktop_app.gui.i18n.words import printer_problem_text

    text = printer_problem_text("paused")
    assert text != PROBLEMS_EN_PAUSED and "pausiert" in text.lower(), text
    return text


PROBLEMS_EN_PAUSED = "Printer paused: press Pause on the printer to resume"
