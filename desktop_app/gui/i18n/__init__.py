"""Translations the Qt way: Packdesk's own `.qm` and Qt's (`qtbase`) for the chosen language.

Every user-visible string goes through `translate(context, text)` (a thin name for
`QCoreApplication.translate`, which `pyside6-lupdate` extracts): contexts are named after the
page, not the class, so a method moved between widgets keeps its translation, and plural forms
(`%n`) work in subclasses too (PySide's `self.tr` misses them there). The language is app-wide
(not per profile): "system" follows the system locale; it is kept in `settings.ini` beside
profiles.json and applied at start-up (`install_translations`) or at once from Preferences.
"""

from __future__ import annotations

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QSettings,
    QTranslator,
)

from desktop_app.paths import config_dir
from desktop_app.resources import resource_path

LANGUAGE_KEY = "ui/language"
SYSTEM = "system"
# the languages Packdesk ships; the first is the fallback when the system's is not among them
SUPPORTED = ("en", "de")
CHOICES = (SYSTEM, *SUPPORTED)
_QT_LANGUAGE = {"en": QLocale.Language.English, "de": QLocale.Language.German}
_installed: list[QTranslator] = []


def translate(context: str, text: str, disambiguation: str | None = None, n: int = -1) -> str:
    """`text` in the UI language (`%n` in `text` takes `n` and its plural form)."""
    return QCoreApplication.translate(context, text, disambiguation, n)


def translations_dir() -> str:
    """Where the compiled `packdesk_<lang>.qm` files are (checkout or bundle)."""
    return str(resource_path("translations"))


def settings() -> QSettings:
    """The app-wide settings file (not per profile): `settings.ini` in the config folder."""
    return QSettings(str(config_dir() / "settings.ini"), QSettings.Format.IniFormat)


def saved_language() -> str:
    """The user's choice: "system", "de" or "en" (anything else reads as "system")."""
    value = settings().value(LANGUAGE_KEY, SYSTEM)
    return value if value in CHOICES else SYSTEM


def save_language(choice: str) -> None:
    """Remember the language choice for the next start."""
    if choice not in CHOICES:
        raise ValueError(f"unknown language choice {choice!r}")
    store = settings()
    store.setValue(LANGUAGE_KEY, choice)
    store.sync()


def effective_language(choice: str, system: QLocale | None = None) -> str:
    """The language shown for a choice: "system" takes the first supported UI language."""
    if choice in SUPPORTED:
        return choice
    for name in (system or QLocale.system()).uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in SUPPORTED:
            return code
    return SUPPORTED[0]


def ui_locale(language: str, system: QLocale | None = None) -> QLocale:
    """Formats for numbers, dates and money: the system's own when it speaks `language`,
    else `language` in the system's country (English on a German system: en_DE, "1,5")."""
    system = system or QLocale.system()
    if effective_language(SYSTEM, system) == language and system.language() == _QT_LANGUAGE.get(
        language
    ):
        return system
    return QLocale(_QT_LANGUAGE[language], system.territory())


def install_translations(choice: str | None = None, system: QLocale | None = None) -> str:
    """Load Packdesk's and Qt's translations for `choice` (default: the saved one) and make
    the matching locale the default; returns the language now shown ("de" or "en")."""
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("create the QApplication before installing translations")
    language = effective_language(saved_language() if choice is None else choice, system)
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    locale = ui_locale(language, system)
    QLocale.setDefault(locale)
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for name, folder in (("qtbase", qt_dir), ("packdesk", translations_dir())):
        translator = QTranslator(app)
        # the English .qm holds the plural forms of %n texts; qtbase_en is empty but harmless
        if translator.load(f"{name}_{language}", folder):
            app.installTranslator(translator)
            _installed.append(translator)
    return language


def current_language() -> str:
    """The language of the installed translations ("en" when none are installed)."""
    for translator in _installed:
        code = translator.language().replace("_", "-").split("-")[0].lower()
        if code in SUPPORTED:
            return code
    return SUPPORTED[0]
