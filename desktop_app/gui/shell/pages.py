"""The window's pages, declared once (`PAGES`), and how they are put into the window.

To add a page: its package `gui/<page>/` with a `page.py` whose `…Page(context)` is the page,
and one `PageEntry` line in `PAGES` (the tabs follow its order). A signed-in person sees the
pages their rights allow (`visible_pages`, `MainWindow.show_for`).

`app.py` runs `install_steps` once the form is painted, one step per turn of the loop
(Addresses, whose search the form's cursor waits in, then History and Settings, then the
others); a window built at once (tests, benchmarks) calls `install_pages` (History and
Settings), then `install_operations` with the pages it returned (the others). Each entry's
`wire` connects its page to the window and the other pages.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.history.page import HistoryPage
    from desktop_app.gui.settings.page import SettingsPage
    from desktop_app.gui.shell.main_window import MainWindow
    from desktop_app.profiles.store import StoredOrder, StoredShipment

NEW_SHIPMENT = QT_TRANSLATE_NOOP("Window", "New shipment")
HISTORY = QT_TRANSLATE_NOOP("Window", "History")
ADDRESSES = QT_TRANSLATE_NOOP("Window", "Addresses")
END_OF_DAY = QT_TRANSLATE_NOOP("Window", "End of day")
BATCH = QT_TRANSLATE_NOOP("Window", "Batch")
SCAN = QT_TRANSLATE_NOOP("Window", "Scan")
SETTINGS = QT_TRANSLATE_NOOP("Window", "Settings")
FORM_PLACEHOLDER = QT_TRANSLATE_NOOP("Window", "Opening the shipment form…")

#: when a page is built: with the window (it builds it itself), right after the first paint
#: (a placeholder stands there until then), or next
Built = Literal["with_window", "first", "next"]
#: connects a built page to the window and the other pages
Wiring = Callable[["MainWindow", Any], None]


@dataclass(frozen=True)
class PageEntry:
    """One page of the window."""

    name: str
    """The tab's untranslated name ("Window" translation context); the window finds it by it."""
    page: str
    """"module:Class" of the page widget, built with the app context."""
    right: str | None = None
    """The right a signed-in person needs to see the page (None: everyone)."""
    built: Built = "next"
    placeholder: str = ""
    """What the tab says until a "first" page is built ("Window" translation context)."""
    wire: Wiring | None = None


def _wire_history(window: MainWindow, history: HistoryPage) -> None:
    window.history_page = history
    history.label_open_requested.connect(lambda stored: _show_label(window, stored))


def _wire_settings(window: MainWindow, settings: SettingsPage) -> None:
    window.settings_page = settings
    # profile changes made in Settings: the switcher lists them, a switch goes through the
    # window (which refuses it while a creation runs)
    settings.profiles_changed.connect(window.refresh_profiles)
    settings.profiles.switcher = window.switch_profile


def _wire_addresses(window: MainWindow, addresses: Any) -> None:
    """Address-book pickers in the shipment form; a chosen address fills it."""
    from desktop_app.gui.addresses.page import attach_pickers, fill_address

    form = getattr(window.shipment_page, "form", None)
    if form is None:
        return
    attach_pickers(form, addresses)

    def use(part: str, address: dict[str, object]) -> None:
        fill_address(getattr(form, part), address)
        window.show_page(NEW_SHIPMENT)

    addresses.receiver_chosen.connect(lambda address: use("receiver", address))
    addresses.sender_chosen.connect(lambda address: use("sender_form", address))


def _wire_scan(window: MainWindow, scan: Any) -> None:
    """F7 on the Scan page: the order goes to the New shipment form."""
    from desktop_app.gui.shipment.order_entry import entry_for, fill_form

    form = getattr(window.shipment_page, "form", None)
    if form is None:
        return

    def open_order(order: StoredOrder) -> None:
        fill_form(form, entry_for(window.context, order))
        window.show_page(NEW_SHIPMENT)

    scan.presenter.open_in_form.connect(open_order)


#: the window's pages in tab order (Settings last); "module:Class" builds each with the context
PAGES: tuple[PageEntry, ...] = (
    PageEntry(
        NEW_SHIPMENT,
        "desktop_app.gui.shipment.page:ShipmentPage",
        right="labels",
        built="with_window",
    ),
    PageEntry(
        HISTORY,
        "desktop_app.gui.history.page:HistoryPage",
        right="history",
        built="first",
        placeholder=QT_TRANSLATE_NOOP("Window", "The shipment history appears here."),
        wire=_wire_history,
    ),
    PageEntry(
        ADDRESSES,
        "desktop_app.gui.addresses.page:AddressBookPage",
        right="labels",
        wire=_wire_addresses,
    ),
    PageEntry(END_OF_DAY, "desktop_app.gui.end_of_day.page:EndOfDayPage", right="end_of_day"),
    PageEntry(BATCH, "desktop_app.gui.batch.page:BatchPage", right="labels"),
    PageEntry(SCAN, "desktop_app.gui.scan.page:ScanPage", right="scan", wire=_wire_scan),
    PageEntry(
        SETTINGS,
        "desktop_app.gui.settings.page:SettingsPage",
        built="first",
        placeholder=QT_TRANSLATE_NOOP("Window", "Profiles, printers and preferences appear here."),
        wire=_wire_settings,
    ),
)


def visible_pages(
    rights: Collection[str] | None, pages: tuple[PageEntry, ...] = PAGES
) -> tuple[PageEntry, ...]:
    """The pages a person with `rights` sees, in tab order (None: nobody signs in at this
    desk, every page shows)."""
    if rights is None:
        return pages
    return tuple(entry for entry in pages if entry.right is None or entry.right in rights)


def entry_named(name: str) -> PageEntry | None:
    """The declared page called `name` (None: not one of `PAGES`)."""
    return next((entry for entry in PAGES if entry.name == name), None)


def page_modules() -> tuple[str, ...]:
    """The modules of the pages built after the first paint (loaded ahead on a helper thread)."""
    return tuple(entry.page.split(":")[0] for entry in PAGES if entry.built != "with_window")


def build(entry: PageEntry, context: AppContext) -> QWidget:
    """The page of `entry`, built with `context`."""
    module, name = entry.page.split(":")
    page_class = getattr(importlib.import_module(module), name)
    page: QWidget = page_class(context)
    return page


def _install_entry(window: MainWindow, context: AppContext, entry: PageEntry) -> Any:
    page = build(entry, context)
    window.add_page(entry.name, page)
    if entry.wire is not None:
        entry.wire(window, page)
    window.show_for(window.rights)  # a page built after a sign-in follows its rights
    return page


def _install(window: MainWindow, context: AppContext, when: Built) -> dict[str, Any]:
    return {
        entry.name: _install_entry(window, context, entry) for entry in PAGES if entry.built == when
    }


def install_steps(window: MainWindow, context: AppContext) -> Iterator[str]:
    """Every page after the New shipment form, one step at a time (start-up gives the loop a
    turn after each): Addresses first (its search is where the cursor waits in the form),
    then History and Settings, tracking and returns in the History, the later Settings
    tabs, the other pages. Yields what each step built."""
    built: dict[str, Any] = {}
    ahead = [entry for entry in PAGES if entry.name == ADDRESSES or entry.built == "first"]
    for entry in sorted(ahead, key=lambda entry: entry.name != ADDRESSES):
        built[entry.name] = _install_entry(window, context, entry)
        yield entry.name
    from desktop_app.gui.history import tracking
    from desktop_app.gui.history.partials import returns

    tracking.attach_to_history(built[HISTORY], context)
    yield "tracking"
    returns.attach_to_history(built[HISTORY], context)
    yield "returns"
    built[SETTINGS].build_later_tabs()
    yield "later Settings tabs"
    for entry in PAGES:
        if entry.name not in built and entry.built == "next":
            _install_entry(window, context, entry)
            yield entry.name


def install_pages(window: MainWindow, context: AppContext) -> tuple[HistoryPage, SettingsPage]:
    """Put the "first" pages (History, Settings) into `window` where their placeholders are."""
    built = _install(window, context, "first")
    return built[HISTORY], built[SETTINGS]


def install_operations(
    window: MainWindow,
    context: AppContext,
    history: HistoryPage,
    settings: SettingsPage,
) -> None:
    """The other pages (Addresses, End of day, Batch, Scan) in their places; tracking and
    returns in the History, the Settings tabs built later (Webhooks, Products)."""
    from desktop_app.gui.history import tracking
    from desktop_app.gui.history.partials import returns

    tracking.attach_to_history(history, context)
    returns.attach_to_history(history, context)
    settings.build_later_tabs()
    _install(window, context, "next")


def _show_label(window: MainWindow, stored: StoredShipment) -> None:
    """History's "Open label": the New shipment page's preview shows it."""
    preview = getattr(window.shipment_page, "preview", None)
    if preview is None:
        return
    preview.show_shipment(stored)
    window.show_page(NEW_SHIPMENT)
    window.shipment_page.show_preview()
