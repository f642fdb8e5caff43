"""Settings › Printers' decisions, without a widget: `PrintersPresenter`.

It lists the machine's printer definitions (`PrinterBook`) with the one the open profile
prints to, says whether that assignment holds (a defined printer, a name not defined here, or
none yet), which actions a selection allows, what removing, renaming and assigning do, what a
found printer reports about itself, whether a printer can print now (its health: the `~HS`
status a Zebra-compatible printer answers, as the print queue asks before each job), and runs
the test print through the profile's print queue like every label. Outcomes are said
through `message_shown`; the page only shows them. Tests drive it against the virtual printer.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.core.sandbox_printer import printer_title
from desktop_app.gui.core.theme import profile_title
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.profile_errors import profile_error_text
from desktop_app.gui.i18n.words import printer_problem_text, stock_name
from desktop_app.gui.settings.printers.partials.printer_dialog import describe
from desktop_app.printing.discovery import (
    DetectedSettings,
    DiscoveryError,
    detect_settings,
    make_test_label,
)
from desktop_app.printing.health import PrinterSilent, PrinterUnreachable, query_printer
from desktop_app.printing.printers import PrinterBook, PrinterDefinition

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

TEST_PRINT_TIMEOUT = 30.0
#: how long the status query waits for a printer's answer (seconds)
STATUS_TIMEOUT = 2.0


@dataclass(frozen=True, slots=True)
class PrinterActions:
    """What the page's buttons may do for the selected printer."""

    edit: bool
    remove: bool
    test: bool
    health: bool
    assign: bool


class PrintersPresenter(Presenter):
    """The machine's printers and which one the open profile prints to."""

    #: definitions changed (added, edited, removed) or the assignment did
    printers_changed = Signal()
    #: a test print ended: (printer name, ok, message)
    test_printed = Signal(str, bool, str)
    #: a test print started or ended (the Test print button waits meanwhile)
    testing_changed = Signal(bool)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.testing = False

    @property
    def book(self) -> PrinterBook:
        """The machine's printer definitions."""
        return self.ctx.printers

    @property
    def assigned(self) -> str | None:
        """The name of the printer the open profile prints to."""
        profile = self.ctx.profile
        return profile.printer if profile is not None else None

    # --- list ----------------------------------------------------------------------------------

    def rows(self) -> list[tuple[str, tuple[str, str, str, str]]]:
        """(name, cells) of every definition by name: name, type, connection, in use."""
        assigned = self.assigned
        printers = sorted(self.book, key=lambda p: p.name.casefold())
        return [
            (
                printer.name,
                (
                    printer_title(printer.name),
                    describe(printer),
                    printer.transport,
                    translate("Settings", "✔ in use") if printer.name == assigned else "",
                ),
            )
            for printer in printers
        ]

    def assignment_text(self) -> str:
        """Whether the profile's printer holds: defined here, not defined, or none yet."""
        profile, assigned = self.ctx.profile, self.assigned
        name = (
            profile_title(profile) if profile is not None else translate("Settings", "this profile")
        )
        if assigned and assigned in self.book:
            return translate("Settings", "<b>{name}</b> prints to <b>{assigned}</b>.").format(
                name=name, assigned=printer_title(assigned)
            )
        if assigned:
            return translate(
                "Settings",
                "<b>{name}</b> names the printer <b>{assigned}</b>, which is not defined here.",
            ).format(name=name, assigned=assigned)
        return translate(
            "Settings",
            "<b>{name}</b> has no printer yet: labels can be previewed and saved, "
            "not printed. Add or discover a printer, then choose “Use for this profile”.",
        ).format(name=name)

    def printer(self, name: str | None) -> PrinterDefinition | None:
        """A definition by name."""
        return self.book.get(name) if name else None

    def actions(self, name: str | None) -> PrinterActions:
        """Edit, remove and test a selected printer; assign one the profile does not use yet."""
        selected = self.printer(name) is not None
        return PrinterActions(
            edit=selected,
            remove=selected,
            test=selected and not self.testing,
            health=selected,
            assign=selected and self.ctx.profile is not None and self.assigned != name,
        )

    def free_name(self, wanted: str) -> str:
        """`wanted`, or `wanted (2)`, `(3)`... when a definition has that name already."""
        name, n = wanted, 2
        while name in self.book:
            name, n = f"{wanted} ({n})", n + 1
        return name

    def remove_question(self, name: str) -> str:
        """What Remove asks first."""
        return translate("Settings", "Remove the printer {name!r} from this computer?").format(
            name=name
        )

    # --- changes -------------------------------------------------------------------------------

    def saved(self, old: PrinterDefinition | None, printer: PrinterDefinition) -> None:
        """A definition was saved by the dialog (a renamed printer stays assigned)."""
        if old is not None and old.name != printer.name and self.assigned == old.name:
            self.assign(printer.name)
        self.printers_changed.emit()
        self.show_message(
            translate("Settings", "Printer {name!r} saved.").format(name=printer.name)
        )

    def remove(self, name: str) -> None:
        """Remove a definition; the open profile forgets it if it printed there."""
        self.book.remove(name)
        if self.assigned == name:
            self.assign(None)
        self.printers_changed.emit()
        self.show_message(translate("Settings", "Printer {name!r} removed.").format(name=name))

    def assign(self, name: str | None) -> bool:
        """Make the open profile print to `name` (None: no printer)."""
        from desktop_app.profiles.errors import ProfileError

        profile = self.ctx.profile
        if profile is None:
            return False
        try:
            self.ctx.manager.update(profile.model_copy(update={"printer": name}))
        except ProfileError as exc:
            self.show_message(
                translate("Settings", "Not assigned: {exc}").format(
                    exc=profile_error_text(exc) or str(exc)
                ),
                error=True,
            )
            return False
        self.ctx.reload_profile()  # emits profile_changed: the page shows it
        if name:
            self.show_message(
                translate("Settings", "{name} now prints to {0}.").format(
                    name, name=profile_title(profile)
                )
            )
        return True

    # --- asking the printer ----------------------------------------------------------------------

    async def detect(self, transport: str) -> DetectedSettings | None:
        """What a ZPL printer at `transport` reports (model, dpi, stock), or None when it does
        not answer (not a Zebra-compatible printer)."""
        try:
            return await detect_settings(PrinterDefinition("probe", "zpl", transport))
        except DiscoveryError:
            return None

    def detected_text(self, found: DetectedSettings) -> str:
        """What the page says about a printer's own report."""
        return translate("Settings", "{model} reports {dpi} dpi and {stock} labels.").format(
            model=found.model or translate("Settings", "The printer"),
            dpi=found.dpi or "?",
            stock=stock_name(found.stock) if found.stock else "?",
        )

    async def check_health(self, printer: PrinterDefinition) -> bool | None:
        """Ask the printer whether it can print now and say the answer: True ready, False
        not (unreachable, a problem, another resolution), None when it does not tell."""
        name = printer.name
        try:
            report = await query_printer(printer, identify=True, timeout=STATUS_TIMEOUT)
        except PrinterUnreachable as exc:
            self.show_message(
                translate("Settings", "{name} is not reachable: {reason}").format(
                    name=name, reason=exc
                ),
                error=True,
            )
            return False
        except PrinterSilent:
            report = None
        if report is None:
            self.show_message(
                translate(
                    "Settings",
                    "{name} does not report its state (only Zebra-compatible printers on the "
                    "network or a serial port do): a test print shows whether it prints.",
                ).format(name=name)
            )
            return None
        problems = report.status.problems
        if problems:
            self.show_message(
                translate("Settings", "{name} cannot print now: {problem}.").format(
                    name=name, problem=printer_problem_text(problems[0])
                ),
                error=True,
            )
            return False
        if report.dpi is not None and report.dpi != printer.dpi:
            self.show_message(
                translate(
                    "Settings",
                    "{name} prints at {dpi} dpi but is set up here for {setup} dpi: labels "
                    "would print at the wrong size. Edit the printer and choose {dpi} dpi.",
                ).format(name=name, dpi=report.dpi, setup=printer.dpi),
                error=True,
            )
            return False
        self.show_message(translate("Settings", "{name} is ready to print.").format(name=name))
        return True

    async def test_print(self, printer: PrinterDefinition) -> bool:
        """Print the test label through the queue and wait until the printer took it."""
        queue = self.ctx.queue
        if queue is None:
            self._test_result(
                printer, False, translate("Settings", "the print queue is not open yet")
            )
            return False
        self.testing = True
        self.testing_changed.emit(True)
        self.show_message(
            translate("Settings", "Sending a test label to {name}…").format(name=printer.name)
        )
        try:
            document = await asyncio.to_thread(make_test_label, printer)
            job = queue.enqueue(
                printer,
                document,
                title=translate("Settings", "Test print {name}").format(name=printer.name),
            )
            states = ("done", "failed", "canceled", "needs_attention", "waiting")
            try:
                job = await queue.wait_for(job.id, TEST_PRINT_TIMEOUT, states)
            except TimeoutError:
                job = queue.get(job.id)
            if job.state == "done":
                self._test_result(
                    printer,
                    True,
                    translate("Settings", "Test label printed on {name}.").format(
                        name=printer.name
                    ),
                )
                return True
            if job.state in ("queued", "waiting", "sending"):
                with contextlib.suppress(Exception):
                    queue.cancel(job.id)  # a test label printed much later would confuse
            reason = job.last_error or job.state
            self._test_result(
                printer,
                False,
                translate("Settings", "Test print on {name} failed: {reason}").format(
                    name=printer.name, reason=reason
                ),
            )
            return False
        finally:
            self.testing = False
            self.testing_changed.emit(False)

    def _test_result(self, printer: PrinterDefinition, ok: bool, message: str) -> None:
        self.show_message(message, error=not ok)
        self.test_printed.emit(printer.name, ok, message)
