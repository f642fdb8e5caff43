"""Settings › Printers' decisions without a window: `PrintersPresenter` with real printer
definitions, the real profile store and the virtual printer on loopback (list, whether the
profile's printer holds, actions, assign, rename, remove, what a printer reports, test print)."""

from __future__ import annotations

from typing import Any

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.settings.printers.presenter import PrintersPresenter
from desktop_app.printing.discovery import make_test_label
from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import zpl_printer


def _presenter(ctx: AppContext) -> tuple[PrintersPresenter, list[tuple[str, bool]]]:
    presenter = PrintersPresenter(ctx)
    messages: list[tuple[str, bool]] = []
    presenter.message_shown.connect(lambda text, error: messages.append((text, not error)))
    return presenter, messages


async def test_list_assign_rename_and_remove(desk_context: AppContext) -> None:
    ctx = desk_context
    presenter, messages = _presenter(ctx)
    changes: list[bool] = []
    presenter.printers_changed.connect(lambda: changes.append(True))
    assert presenter.rows() == []
    assert "has no printer yet" in presenter.assignment_text()
    nothing = presenter.actions(None)
    assert not (nothing.edit or nothing.remove or nothing.test or nothing.assign)

    ctx.printers.put(zpl_printer("tcp://127.0.0.1:9", "zebra B"))
    ctx.printers.put(zpl_printer("tcp://127.0.0.1:10", "Zebra A"))
    assert [name for name, _cells in presenter.rows()] == ["Zebra A", "zebra B"]  # by name
    _name, cells = presenter.rows()[0]
    assert cells[0] == "Zebra A" and cells[2] == "tcp://127.0.0.1:10" and cells[3] == ""
    assert cells[1].startswith("ZPL 203 dpi")
    assert presenter.free_name("Zebra A") == "Zebra A (2)"
    assert presenter.free_name("Zebra C") == "Zebra C"
    actions = presenter.actions("Zebra A")
    assert actions.edit and actions.remove and actions.test and actions.assign

    assert presenter.assign("Zebra A")
    assert ctx.profile is not None and ctx.profile.printer == "Zebra A"
    assert ctx.manager.get(ctx.profile.id).printer == "Zebra A"
    assert messages[-1] == (f"{ctx.profile.name} now prints to Zebra A.", True)
    assert "prints to <b>Zebra A</b>." in presenter.assignment_text()
    assert presenter.rows()[0][1][3] == "✔ in use" and presenter.rows()[1][1][3] == ""
    assert not presenter.actions("Zebra A").assign and presenter.actions("zebra B").assign

    # renamed in the dialog: the profile keeps printing to it under the new name
    old = ctx.printers["Zebra A"]
    renamed = old.with_changes(name="Packing Zebra")
    ctx.printers.remove(old.name)
    ctx.printers.put(renamed)
    presenter.saved(old, renamed)
    assert ctx.profile.printer == "Packing Zebra" and changes
    assert messages[-1] == ("Printer 'Packing Zebra' saved.", True)

    # removed: the profile forgets it
    presenter.remove("Packing Zebra")
    assert ctx.profile.printer is None and "Packing Zebra" not in ctx.printers
    assert messages[-1] == ("Printer 'Packing Zebra' removed.", True)
    assert "has no printer yet" in presenter.assignment_text()

    # a profile naming a printer this computer does not define
    ctx.manager.update(ctx.profile.model_copy(update={"printer": "Ghost"}))
    ctx.reload_profile()
    assert "names the printer <b>Ghost</b>, which is not defined here" in (
        presenter.assignment_text()
    )


async def test_test_print_and_what_the_printer_reports(
    desk_context: AppContext, vprinter: VirtualPrinter
) -> None:
    ctx = desk_context
    presenter, messages = _presenter(ctx)
    printer = zpl_printer(vprinter.uri, "Packing Zebra")
    ctx.printers.put(printer)

    found = await presenter.detect(vprinter.uri)
    assert found is not None and found.dpi == 203
    assert presenter.detected_text(found).endswith("reports 203 dpi and 4x6 in labels.")
    assert vprinter.jobs == []  # asked, nothing printed

    printed: list[tuple[str, bool, str]] = []
    presenter.test_printed.connect(lambda *args: printed.append(args))
    testing: list[bool] = []
    presenter.testing_changed.connect(testing.append)
    assert await presenter.test_print(printer)
    assert printed == [("Packing Zebra", True, "Test label printed on Packing Zebra.")]
    assert testing == [True, False] and not presenter.testing
    [job] = await vprinter.wait_for_jobs(1)
    assert job.data == prepare_payload(printer, make_test_label(printer)).data

    # a printer that refuses connections: said, nothing left queued, nothing detected
    dead = zpl_printer(vprinter.uri + "?connect_timeout=1", "Dead printer")
    ctx.printers.put(dead)
    await vprinter.set_refusing(True)
    assert await presenter.detect(vprinter.uri) is None
    assert not await presenter.test_print(dead)
    name, ok, message = printed[-1]
    assert (name, ok) == ("Dead printer", False)
    assert message.startswith("Test print on Dead printer failed: ")
    assert messages[-1] == (message, False)
    queue: Any = ctx.queue
    assert queue.jobs("Dead printer", ("queued", "waiting")) == []


async def test_printer_health(desk_context: AppContext, vprinter: VirtualPrinter) -> None:
    """Whether a printer can print now: ready, a problem in words, another resolution, a
    printer that does not tell, one that cannot be reached. Nothing is printed."""
    presenter, messages = _presenter(ctx := desk_context)
    printer = zpl_printer(vprinter.uri, "Packing Zebra")
    ctx.printers.put(printer)
    assert presenter.actions("Packing Zebra").health and not presenter.actions(None).health

    assert await presenter.check_health(printer) is True
    assert messages[-1] == ("Packing Zebra is ready to print.", True)
    vprinter.panel.set(head_open=True, paper_out=True)
    assert await presenter.check_health(printer) is False
    assert messages[-1] == (
        "Packing Zebra cannot print now: Print head open: close the print head.",
        False,
    )
    vprinter.panel.set(head_open=False, paper_out=False)
    assert await presenter.check_health(printer.with_changes(dpi=300)) is False
    assert messages[-1][0].startswith("Packing Zebra prints at 203 dpi but is set up here for 300")
    assert vprinter.jobs == []

    folder = zpl_printer(f"file:{vprinter.out_dir}", "Label folder")
    assert await presenter.check_health(folder) is None
    assert messages[-1][0].startswith("Label folder does not report its state")

    await vprinter.set_refusing(True)
    assert await presenter.check_health(printer) is False
    assert messages[-1][0].startswith("Packing Zebra is not reachable: ") and not messages[-1][1]


def test_printer_problems_in_german(qapp: Any) -> None:  # noqa: ARG001
    from desktop_app.gui.i18n import install_translations
    from desktop_app.gui.settings.printers.presenter import printer_problem_text
    from desktop_app.printing.health import PROBLEMS

    install_translations("de")
    try:
        german = {key: printer_problem_text(key) for key in PROBLEMS}
    finally:
        install_translations("en")
    assert {key: printer_problem_text(key) for key in PROBLEMS} == PROBLEMS
    assert all(german[key] != PROBLEMS[key] for key in PROBLEMS), german
