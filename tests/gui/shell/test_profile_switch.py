"""Sandbox and live look different; switching swaps store, history, printer and client; a
label is never created for the other environment than the one shown."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRect
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.core.theme import LIVE_LOOK, SANDBOX_LOOK
from desktop_app.gui.shell.main_window import HISTORY
from desktop_app.printing.printers import PrinterBook
from tests.gui.app_context import emitted, expect, isolate, zpl_printer
from tests.gui.shipment_desk import fill_valid, make_window, open_desk, sandbox_profile, wait_until


async def _switch(window: Any, ctx: AppContext, name: str) -> None:
    profile = next(p for p in ctx.manager.list() if p.name == name)
    task = window.switch_profile(profile)
    assert task is not None
    await task
    assert ctx.connected, ctx.connection_message


async def test_sandbox_and_live_differ_and_switching_swaps_everything(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    isolate(monkeypatch, tmp_path)
    book = PrinterBook(tmp_path / "config" / "printers.json")
    book.put(zpl_printer("tcp://127.0.0.1:9", "Sandbox Zebra"))
    book.put(zpl_printer("tcp://127.0.0.1:9", "Live Zebra"))
    ctx = await open_desk(tmp_path, local_service, printer="Sandbox Zebra", book=book)
    live = ctx.manager.add(
        sandbox_profile(local_service, "Desk live", environment="live", printer="Live Zebra"),
        local_service.live_key,
        verified_environment="production",
    )
    try:
        window = make_window(qtbot, ctx)
        page = window.shipment_page
        sandbox_store = ctx.store
        assert window.windowTitle() == "Packdesk — Desk sandbox (SANDBOX)"
        assert window.banner.text_label.text() == SANDBOX_LOOK.banner
        assert SANDBOX_LOOK.background in window.banner.styleSheet()
        assert window.status_bar.environment_label.text().strip() == "SANDBOX"
        badge = window.status_bar.environment_label
        badge_at = QRect(badge.mapToGlobal(QPoint(0, 0)), badge.size())
        combo = window.banner.profile_combo
        assert [combo.itemText(i) for i in range(combo.count())] == [
            "Local sandbox  (SANDBOX)",
            "Desk sandbox  (SANDBOX)",
            "Desk live  (LIVE)",
        ]
        assert combo.currentText() == "Desk sandbox  (SANDBOX)"
        fill_valid(qtbot, page.form, reference="ORDER-SWITCH-1")  # type: ignore[attr-defined]
        created = expect(ctx.shipment_created)
        page.creation.request_create()  # type: ignore[attr-defined]
        (stored,) = await emitted(created, 30)
        assert ctx.printer() is not None and ctx.printer().name == "Sandbox Zebra"  # type: ignore[union-attr]

        # switching to LIVE asks first (real money, real carriers); Cancel stays in the sandbox
        asked: list[str] = []
        answers = iter([QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes])

        def answer(_parent: Any, title: str, text: str, *_a: Any) -> QMessageBox.StandardButton:
            asked.append(f"{title}: {text}")
            return next(answers)

        monkeypatch.setattr(QMessageBox, "question", answer)
        combo.setCurrentIndex(2)
        window.banner.profile_combo.activated.emit(2)  # the user picks "Desk live"
        assert len(asked) == 1 and asked[0].startswith("Switch to LIVE: ")
        assert "Switch to the LIVE profile Desk live?" in asked[0]
        assert "the carrier charges for them" in asked[0]
        assert window.switch_task is None or window.switch_task.done()
        assert ctx.profile is not None and ctx.profile.name == "Desk sandbox"
        assert combo.currentText() == "Desk sandbox  (SANDBOX)"  # the switcher went back
        changed = expect(window.profile_changed)
        await _switch(window, ctx, "Desk live")
        assert len(asked) == 2
        (profile,) = await emitted(changed)
        assert profile.id == live.id
        assert window.windowTitle() == "Packdesk — Desk live (LIVE)"
        assert window.banner.text_label.text() == LIVE_LOOK.banner
        assert LIVE_LOOK.background in window.banner.styleSheet()
        assert window.status_bar.environment_label.text().strip() == "LIVE"
        await wait_until(lambda: badge.mapToGlobal(QPoint(0, 0)) == badge_at.topLeft())
        assert QRect(badge.mapToGlobal(QPoint(0, 0)), badge.size()) == badge_at  # not moved
        # nothing carried over: store, history, printer, client, preview, form
        assert ctx.store is not sandbox_store and ctx.store is not None
        assert ctx.store.profile_dir != sandbox_store.profile_dir  # type: ignore[union-attr]
        assert ctx.store.shipments.search() == []
        history = window.page(HISTORY)
        assert history is not None
        assert ctx.printer() is not None and ctx.printer().name == "Live Zebra"  # type: ignore[union-attr]
        assert ctx.client is not None and ctx.client.environment == "live"
        assert page.preview.shipment is None  # type: ignore[attr-defined]
        assert page.form.reference_edit.text() == ""  # type: ignore[attr-defined]
        assert not page.creation.create_button.isEnabled()  # type: ignore[attr-defined]

        # and back: the sandbox history is still there, unchanged (a sandbox asks nothing)
        await _switch(window, ctx, "Desk sandbox")
        assert len(asked) == 2
        assert ctx.store is not None
        assert [s.id for s in ctx.store.shipments.search()] == [stored.id]
        assert ctx.manager.last_used.name == "Desk sandbox"
    finally:
        await ctx.aclose()


async def test_no_label_for_an_environment_the_window_does_not_show(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    """If what is shown and what is connected ever differ, Create refuses and sends nothing."""
    isolate(monkeypatch, tmp_path)
    ctx = await open_desk(tmp_path, local_service)
    try:
        window = make_window(qtbot, ctx)
        page = window.shipment_page
        fill_valid(qtbot, page.form, reference="ORDER-GUARD-1")  # type: ignore[attr-defined]
        page.set_shown_environment(lambda: "live")  # type: ignore[attr-defined]
        assert page.creation.request_create() is None  # type: ignore[attr-defined]
        assert "window shows LIVE" in page.creation.message.text()  # type: ignore[attr-defined]
        assert ctx.store is not None and ctx.store.journal.entries() == []
        page.set_shown_environment(lambda: window.banner.environment)  # type: ignore[attr-defined]
        created = expect(ctx.shipment_created)
        assert page.creation.request_create() is not None  # type: ignore[attr-defined]
        await emitted(created, 30)
    finally:
        await ctx.aclose()


async def test_switching_is_refused_while_creating(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    """The profile cannot change under a creation in progress."""
    isolate(monkeypatch, tmp_path)
    ctx = await open_desk(tmp_path, local_service)
    other = ctx.manager.add(
        sandbox_profile(local_service, "Other desk"),
        local_service.sandbox_key,
        verified_environment="sandbox",
    )
    try:
        window = make_window(qtbot, ctx)
        page = window.shipment_page
        fill_valid(qtbot, page.form)  # type: ignore[attr-defined]
        created = expect(ctx.shipment_created)
        page.creation.request_create()  # type: ignore[attr-defined]
        assert window.switch_profile(other) is None
        await emitted(created, 30)
        assert ctx.profile is not None and ctx.profile.name == "Desk sandbox"
    finally:
        await ctx.aclose()


def test_only_a_switch_into_live_asks(local_service: Any) -> None:
    from desktop_app.gui.shell.live_switch import needs_live_confirmation

    sandbox = sandbox_profile(local_service, "Desk sandbox")
    live = sandbox_profile(local_service, "Desk live", environment="live")
    other_live = sandbox_profile(local_service, "Other live", environment="live")
    assert needs_live_confirmation(sandbox, live)
    assert needs_live_confirmation(None, live)
    assert needs_live_confirmation(live, other_live)
    assert not needs_live_confirmation(live, live)
    assert not needs_live_confirmation(live, sandbox)


async def test_a_setting_saved_does_not_restyle_the_window(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    """Reloading the profile after a saved setting (a printer assigned, a preference) keeps
    the window's look as it is: setting the frame's style sheet again re-polished every
    widget, a GUI-thread turn of ~300 ms seen by the desk test's watchdog."""
    isolate(monkeypatch, tmp_path)
    ctx = await open_desk(tmp_path, local_service)
    window = make_window(qtbot, ctx)
    restyled: list[int] = []

    class StyleChanges(QObject):
        def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.StyleChange:
                restyled.append(1)
            return False

    watcher = StyleChanges()
    probe = window.history_page
    probe.installEventFilter(watcher)
    try:
        ctx.reload_profile()
        assert restyled == [], "the window was restyled for a profile whose look is the same"
        assert ctx.profile is not None
        window._on_profile_changed(ctx.profile.model_copy(update={"environment": "live"}))
        assert restyled, "a change of environment restyles the window"
    finally:
        probe.removeEventFilter(watcher)
        await ctx.aclose()
