"""A test-only hook: with PACKDESK_UI_PROBE=<folder> the running app answers questions about
what a user sees, so tests on a real X server check the real window (tests/desk).

The test writes `command.json` ({"id": n, "do": ..., ...}) into the folder; the app answers in
`answer.json` ({"id": n, "result": ...}), written whole (renamed into place). Questions: the
screen, the window's frame, every visible top-level window, the focused control, each visible
control lying (partly) off the screen or pushed sideways in a page; actions: show a page, pick
a tab, click a button by its text, put the cursor into a control, close the open dialogs, save
the screen as PNG; the global geometry of named controls (what must not move); every shown
text its control cuts (`cut_texts`: [{"text", "widget", "page", "needed", "has"}]) and whether
given texts or named controls are shown in view (`out_of_view` with "texts" and "names":
{text or name: {"found", "in_view", ...}}; see `text_fit`); the GUI-thread watchdog's turns
(`{"do": "watchdog"}`, see `watchdog`). Without the variable nothing of this exists in the app.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QRect, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QDialog,
    QFileDialog,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QScrollArea,
    QTableWidget,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from desktop_app.control_file import ControlFile
from desktop_app.gui.shell.text_fit import cut_texts, in_view, names_in_view, where_shown

PROBE_ENV = "PACKDESK_UI_PROBE"
POLL_MS = 50


def install_probe(window: QMainWindow) -> UiProbe | None:
    """The probe on `window` when PACKDESK_UI_PROBE names a folder, else None."""
    folder = os.environ.get(PROBE_ENV)
    return UiProbe(window, Path(folder)) if folder else None


def _rect(rect: QRect) -> list[int]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def _global_rect(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())


#: break opportunities a label may hold that are never painted
INVISIBLE = str.maketrans("", "", "\u200b\u00ad")


def _text(widget: QWidget) -> str:
    text = widget.property("text") if widget.metaObject().indexOfProperty("text") >= 0 else ""
    return str(text or "")


def whole_text(widget: QWidget) -> str:
    """A control's whole text as a user reads it (no zero-width break hints)."""
    return _text(widget).translate(INVISIBLE)


def describe(widget: QWidget) -> dict[str, Any]:
    """What names a control in an answer: its class, object name and (the start of) its text."""
    return {
        "class": type(widget).__name__,
        "name": widget.objectName(),
        "text": _text(widget)[:60],
        "window": widget.window().windowTitle(),
        "rect": _rect(_global_rect(widget)),
    }


def _button_text(button: QAbstractButton) -> str:
    return button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")


class UiProbe(QObject):
    """Polls the command file and answers each new command once."""

    def __init__(self, window: QMainWindow, folder: Path) -> None:
        super().__init__(window)
        self.window = window
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self._commands = ControlFile(folder / "command.json")
        self._answered: object = None
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._timer.start()
        self._actions: dict[str, Callable[[dict[str, Any]], Any]] = {
            "state": self.state,
            "page": self.show_page,
            "tab": self.pick_tab,
            "click": self.click,
            "close_dialogs": self.close_dialogs,
            "select_row": self.select_row,
            "shot": self.shot,
            "rects": self.rects,
            "focus": self.focus,
            "texts": self.texts,
            "iso_dates": self.iso_dates,
            "scheme": self.scheme,
            "cut_texts": lambda _command: cut_texts(),
            "out_of_view": self.out_of_view,
            "watchdog": self.watchdog,
            **day_questions(window),
        }
        # the desk tests read every turn of the GUI thread from the start: the fine pace
        from desktop_app.gui.shell import watchdog

        self._watchdog = watchdog.install(self._page_name, interval=watchdog.FINE_INTERVAL)

    def _poll(self) -> None:
        command = self._commands.changes()
        if not command or command.get("id") == self._answered:
            return
        self._answered = command.get("id")
        action = self._actions.get(str(command.get("do")))
        try:
            result = action(command) if action else {"error": f"unknown {command.get('do')}"}
        except Exception as exc:  # noqa: BLE001 - the test reads what went wrong
            result = {"error": repr(exc)}
        answer = self.folder / "answer.json"
        partial = answer.with_suffix(".part")
        partial.write_text(json.dumps({"id": self._answered, "result": result}), "utf-8")
        partial.replace(answer)

    # --- questions ----------------------------------------------------------------------------

    def state(self, _command: dict[str, Any]) -> dict[str, Any]:
        screen = self.window.screen() or QGuiApplication.primaryScreen()
        available = screen.availableGeometry()
        windows = [w for w in QApplication.topLevelWidgets() if w.isVisible() and w.isWindow()]
        focus = QApplication.focusWidget()
        outside: list[dict[str, Any]] = []
        sideways: list[dict[str, Any]] = []
        for top in windows:
            for widget in [top, *top.findChildren(QWidget)]:
                if not widget.isVisible() or widget.width() <= 0:
                    continue
                if isinstance(widget, QScrollArea) and widget.horizontalScrollBar().isVisible():
                    sideways.append(describe(widget))
                if _shown_outside(widget, screen.geometry()):
                    outside.append(describe(widget))
        return {
            "screen": _rect(screen.geometry()),
            "available": _rect(available),
            "window": _rect(self.window.frameGeometry()),
            "maximized": self.window.isMaximized(),
            "connected": bool(getattr(getattr(self.window, "context", None), "connected", False)),
            "pages": _page_count(self.window),
            "windows": [
                {**describe(w), "frame": _rect(w.frameGeometry()), "dialog": w is not self.window}
                for w in windows
            ],
            "active": type(QApplication.activeWindow()).__name__,
            # its whole text too: a typed address is often longer than a description holds
            "focus": None
            if focus is None
            else {**describe(focus), "whole_text": whole_text(focus)},
            "focus_visible": focus is not None and _in_view(focus),
            "page": self._page_name(),
            "outside": outside[:40],
            "sideways": sideways,
            "tabs": [
                {
                    "name": t.objectName(),
                    "count": t.count(),
                    "current": t.currentIndex(),
                    "needs": [
                        [t.tabText(i), page.minimumSizeHint().width() if page else 0]
                        for i in range(t.count())
                        for page in (t.widget(i),)
                    ],
                }
                for t in self.window.findChildren(QTabWidget)
                if t.isVisible() and t.objectName() != "pages"
            ],
        }

    def rects(self, command: dict[str, Any]) -> dict[str, list[int] | None]:
        """The global geometry of the visible control named (object name) each of `names`
        (None where none is shown): tests compare them before and after a change."""
        return {name: self._rect_of(str(name)) for name in command["names"]}

    def texts(self, command: dict[str, Any]) -> list[str]:
        """The texts the visible controls named each of `names` show (a table: its cells),
        invisible break opportunities left out."""
        found: list[str] = []
        for name in command["names"]:
            for widget in _named(str(name)):
                if not widget.isVisible():
                    continue
                if isinstance(widget, QTableWidget):
                    found += [
                        item.text()
                        for r in range(widget.rowCount())
                        for c in range(widget.columnCount())
                        if (item := widget.item(r, c)) is not None
                    ]
                elif isinstance(widget, QLabel):
                    found.append(widget.text().replace("\u200b", ""))
        return found

    def iso_dates(self, _command: dict[str, Any]) -> list[str]:
        """Texts of the open windows (Qt's file dialog aside) that show a date as ISO
        (2026-11-26) where the locale's format belongs."""
        found: list[str] = []
        for top in QApplication.topLevelWidgets():
            if top.isVisible() and not isinstance(top, QFileDialog):
                found += [t for t in _shown_texts(top) if ISO_DATE.search(t)]
        return found[:20]

    def out_of_view(self, command: dict[str, Any]) -> dict[str, dict[str, Any]]:
        """Whether each of `texts` is shown, and in view (not scrolled away, not below the
        window); `names` asks the same of controls by object name."""
        answers = where_shown([str(t) for t in command.get("texts", [])])
        return {**answers, **names_in_view([str(n) for n in command.get("names", [])])}

    def watchdog(self, command: dict[str, Any]) -> dict[str, Any]:
        """The GUI thread's turns so far: `{"turns", "longest_cpu_ms", "over_limit": [{"cpu_ms",
        "wall_ms", "page"}]}` (`"reset": true` starts counting afresh after answering)."""
        answer = self._watchdog.report().as_json()
        if command.get("reset"):
            self._watchdog.reset()
        return answer

    def _rect_of(self, name: str) -> list[int] | None:
        for widget in _named(name):
            if widget.isVisible():
                return _rect(_global_rect(widget))
        return None

    def _page_name(self) -> str:
        tabs = self.window.findChild(QTabWidget, "pages")
        return "" if tabs is None else tabs.tabText(tabs.currentIndex())

    # --- actions ------------------------------------------------------------------------------

    def show_page(self, command: dict[str, Any]) -> str:
        tabs = self.window.findChild(QTabWidget, "pages")
        assert tabs is not None
        tabs.setCurrentIndex(int(command["index"]))
        return tabs.tabText(tabs.currentIndex())

    def pick_tab(self, command: dict[str, Any]) -> str:
        tabs = self.window.findChild(QTabWidget, str(command["name"]))
        assert tabs is not None, command["name"]
        tabs.setCurrentIndex(int(command["index"]))
        return tabs.tabText(tabs.currentIndex())

    def click(self, command: dict[str, Any]) -> dict[str, Any]:
        """Click the visible, enabled button named (object name) or labelled `text`; later, so
        a dialog it opens with exec() does not hold up the answer."""
        wanted = str(command["text"])
        for top in QApplication.topLevelWidgets():
            if not top.isVisible():
                continue
            for button in top.findChildren(QAbstractButton):
                if (
                    button.isVisible()
                    and button.isEnabled()
                    and wanted in (button.objectName(), _button_text(button))
                ):
                    QTimer.singleShot(0, button.click)
                    return describe(button)
        return {"error": f"no button {wanted!r}"}

    def focus(self, command: dict[str, Any]) -> dict[str, Any]:
        """Put the cursor into the visible control named `name` (then xdotool types into it)."""
        for widget in _named(str(command["name"])):
            if widget.isVisible():
                widget.activateWindow()
                widget.setFocus()
                return describe(widget)
        return {"error": f"no control {command['name']!r}"}

    def scheme(self, command: dict[str, Any]) -> str:
        """Switch to the "dark" or "light" colour scheme as the system would (Qt's
        colorSchemeChanged; a window manager without a scheme of its own cannot)."""
        wanted = Qt.ColorScheme.Dark if command["scheme"] == "dark" else Qt.ColorScheme.Light
        hints = QGuiApplication.styleHints()
        hints.setColorScheme(wanted)
        if hints.colorScheme() != wanted:
            hints.colorSchemeChanged.emit(wanted)
        return str(command["scheme"])

    def select_row(self, command: dict[str, Any]) -> int:
        """Select row `row` of the item view named `name` (as a click on it would)."""
        view = self.window.findChild(QAbstractItemView, str(command["name"]))
        assert view is not None, command["name"]
        model = view.model()
        if model is not None and model.rowCount() > int(command["row"]):
            view.setCurrentIndex(model.index(int(command["row"]), 0))
        return model.rowCount() if model is not None else 0

    def close_dialogs(self, _command: dict[str, Any]) -> int:
        dialogs = [
            w for w in QApplication.topLevelWidgets() if isinstance(w, QDialog) and w.isVisible()
        ]
        for dialog in dialogs:
            dialog.reject()
        return len(dialogs)

    def shot(self, command: dict[str, Any]) -> bool:
        screen = self.window.screen() or QGuiApplication.primaryScreen()
        return bool(screen.grabWindow(0).save(str(command["path"]), "PNG"))


#: a date written as ISO (not inside a longer number or word: a reference, a file name)
ISO_DATE = re.compile(r"(?<![\w/-])\d{4}-\d{2}-\d{2}(?![\w/-]|\.\w)")


def _shown_texts(top: QWidget) -> list[str]:
    """What the visible controls of a window show: labels, buttons, inputs and their
    placeholders, combo boxes, text views, the first rows of item views, the title."""
    texts = [top.windowTitle()]
    for widget in top.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(widget.text())
        elif isinstance(widget, QLineEdit):
            texts += [widget.text(), widget.placeholderText()]
        elif isinstance(widget, QComboBox):
            texts.append(widget.currentText())
        elif isinstance(widget, QTextEdit | QPlainTextEdit):
            texts.append(widget.toPlainText())
        elif isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            root = widget.rootIndex()
            try:
                columns = model.columnCount(root)
            except TypeError:  # a list model keeps it private: one column
                columns = 1
            for row in range(min(model.rowCount(root), 50)):
                for column in range(columns):
                    texts.append(str(model.index(row, column, root).data() or ""))
    return texts


def _named(name: str) -> list[QWidget]:
    """Every control called `name` in the open windows."""
    found: list[QWidget] = []
    for top in QApplication.topLevelWidgets():
        if top.objectName() == name:
            found.append(top)
        found += top.findChildren(QWidget, name)
    return found


def _page_count(window: QMainWindow) -> int:
    tabs = window.findChild(QTabWidget, "pages")
    return 0 if tabs is None else tabs.count()


def _viewport_of(widget: QWidget) -> QWidget | None:
    """The nearest scroll area's viewport `widget` lies in (its content may scroll)."""
    parent = None if widget.isWindow() else widget.parentWidget()
    while parent is not None and not parent.isWindow():
        area = parent.parentWidget()
        if isinstance(area, QAbstractScrollArea) and area.viewport() is parent:
            return parent
        parent = area
    return None


def _shown_outside(widget: QWidget, screen: QRect) -> bool:
    """Whether the part of `widget` its scroll areas show lies off the screen, or the widget
    reaches sideways out of its scroll area (a page wider than the window: cut or scrolled
    sideways; an item view's own columns may scroll)."""
    rect = _global_rect(widget)
    viewport = _viewport_of(widget)
    if viewport is not None:
        port = _global_rect(viewport)
        in_item_view = isinstance(viewport.parentWidget(), QAbstractItemView)
        if not in_item_view and (rect.left() < port.left() - 1 or rect.right() > port.right() + 1):
            return True
        rect = rect.intersected(port)
        if rect.isEmpty():
            return False
    return not screen.contains(rect)


def _in_view(widget: QWidget) -> bool:
    """Whether `widget` is visible and not scrolled out of its scroll areas."""
    if not widget.isVisible():
        return False
    rect = _global_rect(widget)
    viewport = _viewport_of(widget)
    while viewport is not None:
        if not _global_rect(viewport).intersects(rect):
            return False
        viewport = _viewport_of(viewport)
    return True


# --- the day-at-the-desk test's questions (tests/desk/test_desk_day.py) ---------------------
# Kept apart from the questions above: what a whole day's steps need to know beyond where
# controls lie (a form field by its wire path, the print queue's jobs, a control's whole text
# and whether it is shown in view).


def _form(window: QMainWindow) -> Any:
    """The New shipment page's form (`ShipmentFormWidget`), or None."""
    return window.findChild(QWidget, "shipmentForm")


def _view_of(widget: QWidget) -> dict[str, Any]:
    """A control as the day test sees it: described, shown, in view (`text_fit.in_view`: not
    scrolled away, not below the fold) and its whole text."""
    return {
        **describe(widget),
        "shown": widget.isVisible(),
        "in_view": widget.isVisible() and in_view(widget),
        "whole_text": whole_text(widget),
    }


def _form_field(window: QMainWindow, command: dict[str, Any]) -> dict[str, Any]:
    """The shipment form's field of the wire path `path` ("to.country",
    "customs_declaration.items[0].description"): its text and whether it shows; with
    `focus` true the cursor goes into it first (then xdotool types there)."""
    form = _form(window)
    if form is None:
        return {"error": "no shipment form"}
    form.draft()  # the fields of the form's current shape (the customs section's too)
    field = form.field_for(str(command["path"]))
    editor = None if field is None else field.editor
    if editor is None:
        return {"error": f"no field {command['path']!r}"}
    if command.get("focus"):
        if not editor.isVisible():
            return {"error": f"the field {command['path']!r} is not shown"}
        editor.activateWindow()
        editor.setFocus(Qt.FocusReason.OtherFocusReason)
        area = editor.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        if isinstance(area, QScrollArea):
            area.ensureWidgetVisible(editor, 0, 40)
    return {
        **_view_of(editor),
        "value": field.text(),
        "messages": list(field.error.messages) if field.error.isVisible() else [],
        "focused": editor.hasFocus(),
    }


def _print_jobs(window: QMainWindow, _command: dict[str, Any]) -> dict[str, Any]:
    """The open profile's print queue: how many jobs are in each state, and the jobs (id,
    state, title, when made and last changed, the last error)."""
    queue = getattr(getattr(window, "context", None), "queue", None)
    if queue is None:
        return {"counts": {}, "jobs": []}
    jobs = queue.jobs(limit=10000)
    counts: dict[str, int] = {}
    for job in jobs:
        counts[job.state] = counts.get(job.state, 0) + 1
    return {
        "counts": counts,
        "jobs": [
            {
                "id": job.id,
                "state": job.state,
                "title": job.title,
                "reference": job.reference,
                "created_at": job.created_at,
                "updated_at": job.updated_at,
                "last_error": job.last_error,
            }
            for job in jobs
        ],
    }


def _seen(_window: QMainWindow, command: dict[str, Any]) -> dict[str, dict[str, Any] | None]:
    """Each control named in `names`: its view (shown, in view, whole text), the visible one
    first; None where there is none."""
    found: dict[str, dict[str, Any] | None] = {}
    for name in command["names"]:
        widgets = sorted(_named(str(name)), key=lambda w: not w.isVisible())
        found[str(name)] = _view_of(widgets[0]) if widgets else None
    return found


def day_questions(window: QMainWindow) -> dict[str, Callable[[dict[str, Any]], Any]]:
    """The day test's commands on `window`, by name."""
    questions: dict[str, Callable[[QMainWindow, dict[str, Any]], Any]] = {
        "form_field": _form_field,
        "print_jobs": _print_jobs,
        "seen": _seen,
    }
    return {name: partial(ask, window) for name, ask in questions.items()}
