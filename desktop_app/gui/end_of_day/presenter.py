"""What the End of day page decides and does, without a window: `EndOfDayPresenter`.

It loads the day (the profile store's shipments through `open_for_pickup()`), the account's
pickup history and manifests from the service; checks a pickup request (carrier, window,
shipments) with the domain's rules before it is sent, words the confirmation, requests the
pickup; hands a carrier's shipments over on a manifest (its PDF kept in the profile's folder)
and prints it through the print queue. It says each outcome as a message (`message_shown`)
and tells the page to show the day again (`loaded`) or its buttons (`busy_changed`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.rules import validate_pickup_request
from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.core.sandbox_printer import printer_title
from desktop_app.gui.end_of_day.pickups import (
    LOOK_AT,
    CarrierDay,
    open_for_pickup,
    pickup_body,
    pickup_question,
)
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.problems import problem_text, problems_text
from desktop_app.gui.widgets.tasks import service_text

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


class EndOfDayPresenter(Presenter):
    """The day per carrier, pickup requests and manifests of the open profile."""

    #: the day, the pickup history or the manifests were (re)loaded or cleared
    loaded = Signal()
    #: a request or a manifest started or ended (the buttons follow)
    busy_changed = Signal()
    #: what the last manifest holds and where its PDF is
    manifest_note_changed = Signal(str)
    #: a pickup was requested (the PickupRequest answered by the service)
    pickup_requested = Signal(object)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.days: dict[str, CarrierDay] = {}
        self.history: list[Any] = []
        #: shipment id -> the carrier reference of the manifest it was handed over with
        self.handed_over: dict[str, str] = {}
        self.last_manifest: Any = None
        self.last_manifest_file: Path | None = None
        #: a pickup request / a manifest is on its way to the service
        self.requesting = False
        self.making_manifest = False
        self.shown_profile: tuple[str, str, str] | None = None
        ctx.profile_changed.connect(lambda *_: self._on_profile_changed())
        ctx.connection_changed.connect(self._on_connection_changed)

    # --- loading -------------------------------------------------------------------------------

    def spawn_reload(self) -> None:
        """Reload in the background (nothing before the event loop runs)."""
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self.tasks.spawn(self.reload())

    def _on_profile_changed(self) -> None:
        key = self.ctx.profile_key
        if key == self.shown_profile:
            return  # the same profile re-read (a new default sender...): the list still holds
        self.shown_profile = key
        self.tasks.cancel()
        self.days = {}
        self.history = []
        self.handed_over = {}
        self.loaded.emit()
        self.show_message("")
        self.spawn_reload()

    def _on_connection_changed(self, state: str, _message: str = "") -> None:
        if state == "connected":
            self.spawn_reload()

    async def reload(self) -> None:
        """Read the pickup history and manifests from the service, the shipments from the store."""
        from desktop_app.client.errors import APIError

        store, client = self.ctx.store, self.ctx.client
        if store is None:
            return
        history: list[Any] = self.history
        handed_over = self.handed_over
        if client is not None:
            try:
                history = [p async for p in client.pickups.iter_all(limit=500)]
            except APIError as exc:
                self.show_message(
                    translate("Pickups", "Could not load the pickup history: {0}").format(
                        service_text(exc)
                    ),
                    error=True,
                )
            try:
                manifests = await client.manifests.list()
            except APIError:
                manifests = []  # a service without a manifest list (the real one): none known
            handed_over = {
                sid: m.carrier_reference_number or m.id for m in manifests for sid in m.shipments
            }
        shipments = await asyncio.to_thread(store.list_shipments, None, LOOK_AT, 0)
        if store is not self.ctx.store:
            return
        self.handed_over = handed_over
        self.history = history
        requested = {ref.id for p in history for ref in p.shipments}
        self.days = open_for_pickup(shipments, requested)
        self.loaded.emit()

    # --- what the day offers -------------------------------------------------------------------

    def listed_ids(self, carrier: str) -> list[str]:
        """Ids of the carrier's shipments waiting for a pickup."""
        day = self.days.get(carrier)
        return [s.id for s in day.open] if day else []

    def not_handed_over(self, carrier: str) -> list[str]:
        """Ids of the carrier's listed shipments that are on no manifest yet."""
        return [i for i in self.listed_ids(carrier) if i not in self.handed_over]

    def pickup_carriers(self) -> list[tuple[str, str]]:
        """(code, text) of the carriers a pickup can be requested from: they take requests and
        have shipments waiting."""
        return [
            (code, f"{day.name} ({len(day.open)})")
            for code, day in self.days.items()
            if day.pickup_offered and day.open
        ]

    def manifest_carriers(self) -> list[tuple[str, str]]:
        """(code, text) of the carriers with shipments not handed over yet."""
        out = []
        for code, day in self.days.items():
            waiting = len(self.not_handed_over(code))
            if waiting:
                text = translate("EndOfDayPage", "{name} (%n to hand over)", "", waiting)
                out.append((code, text.format(name=day.name)))
        return out

    def summary(self) -> str:
        """How many shipments wait for a pickup, with how many carriers."""
        total = sum(len(d.open) for d in self.days.values())
        if not total:
            return translate("Pickups", "Nothing waits for a pickup today.")
        carriers = sum(1 for d in self.days.values() if d.open)
        return translate(
            "Pickups", "%n shipment(s) waiting for pickup with {0}.", None, total
        ).format(translate("Pickups", "%n carrier(s)", None, carriers))

    # --- pickup requests -----------------------------------------------------------------------

    def request_problems(
        self, carrier: str | None, earliest: datetime, latest: datetime, ids: Sequence[str]
    ) -> list[str]:
        """Why this request cannot be sent (the domain's rules, nothing chosen, a past window)."""
        if carrier is None:
            if self.pickup_carriers():
                return [translate("Pickups", "Choose the carrier to come for the shipments.")]
            if any(d.open for d in self.days.values()):  # waiting, but with no pickup service
                return [
                    translate(
                        "Pickups",
                        "The carriers of the waiting shipments take no pickup requests: hand "
                        "the parcels over with a manifest.",
                    )
                ]
            return [translate("Pickups", "No carrier has shipments waiting for a pickup.")]
        body = pickup_body(carrier, earliest, latest, ids)
        problems = [problem_text(p) for p in validate_pickup_request(body)]
        if not ids:
            problems.append(translate("Pickups", "Check the shipments to be picked up."))
        if latest <= datetime.now().astimezone():
            problems.append(translate("Pickups", "The latest pickup time must be in the future."))
        return problems

    def can_request(self, problems: Sequence[str]) -> bool:
        """Request is offered: no problems, connected, no request on its way."""
        return not problems and self.ctx.client is not None and not self.requesting

    def question(self, carrier: str, count: int, earliest: datetime, latest: datetime) -> str:
        """What the desk is asked before the request (a live profile is told it is real)."""
        profile = self.ctx.profile
        live = profile is not None and profile.environment == "live"
        return pickup_question(carrier, count, earliest, latest, live=live)

    async def request(
        self, carrier: str | None, earliest: datetime, latest: datetime, ids: Sequence[str]
    ) -> Any:
        """Request a pickup of `ids` from `carrier`; returns the request (None: not sent)."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        if client is None or carrier is None:
            self.show_message(translate("Pickups", "Not connected to the service yet."), error=True)
            return None
        body = pickup_body(carrier, earliest, latest, ids)
        problems = validate_pickup_request(body)
        if problems:
            self.show_message(problems_text(problems, "; "), error=True)
            return None
        self._set_busy(requesting=True)
        try:
            created = await client.pickups.create(body)
        except APIError as exc:
            self.show_message(
                translate("Pickups", "The pickup was not requested: {0}").format(service_text(exc)),
                error=True,
            )
            return None
        finally:
            self._set_busy(requesting=False)
        name = load_catalog().carriers[carrier].display_name
        self.show_message(
            translate(
                "Pickups",
                "{name} pickup requested for %n shipment(s): pickup number {number}.",
                None,
                len(created.shipments),
            ).format(name=name, number=created.carrier_pickup_number)
        )
        self.pickup_requested.emit(created)
        await self.reload()
        return created

    def _set_busy(self, requesting: bool | None = None, manifest: bool | None = None) -> None:
        if requesting is not None:
            self.requesting = requesting
        if manifest is not None:
            self.making_manifest = manifest
        self.busy_changed.emit()

    # --- manifests -----------------------------------------------------------------------------

    async def create_manifest(self, carrier: str | None) -> Any:
        """Hand over the carrier's shipments not yet on a manifest; keep its PDF in the
        profile's data folder for printing. Returns the manifest (None when it failed)."""
        from desktop_app.client.errors import APIError

        client, store = self.ctx.client, self.ctx.store
        if client is None or store is None or not carrier:
            return None
        ids = self.not_handed_over(carrier)
        if not ids:
            return None
        self._set_busy(manifest=True)
        try:
            manifest = await client.manifests.create(carrier, ids)
            document = await client.manifests.document(manifest)
        except APIError as exc:
            self.show_message(
                translate("EndOfDayPage", "The manifest was not created: {0}").format(
                    service_text(exc)
                ),
                True,
            )
            self._set_busy(manifest=False)
            return None
        folder = Path(store.profile_dir) / "manifests"
        path = folder / f"manifest-{manifest.carrier_reference_number or manifest.id}.pdf"

        def save() -> None:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(document)

        try:
            await asyncio.to_thread(save)
        finally:
            self._set_busy(manifest=False)
        self.last_manifest, self.last_manifest_file = manifest, path
        self.manifest_note_changed.emit(
            translate(
                "EndOfDayPage", "Manifest {number}: %n shipment(s), saved as {file}.", "", len(ids)
            ).format(number=manifest.carrier_reference_number, file=str(path))
        )
        self.show_message(
            translate(
                "EndOfDayPage", "Manifest {number} created: print it for the driver to sign."
            ).format(number=manifest.carrier_reference_number)
        )
        await self.reload()
        return manifest

    async def print_manifest(self) -> Any:
        """Send the last manifest PDF to the profile's printer (the print queue converts it
        for a label printer); the job, or None when there is no printer."""
        path, queue, printer = self.last_manifest_file, self.ctx.queue, self.ctx.printer()
        if path is None:
            return None
        if queue is None or printer is None:
            self.show_message(
                translate(
                    "EndOfDayPage",
                    "No printer is assigned to this profile: the manifest is at {0}.",
                ).format(str(path)),
                True,
            )
            return None
        number = getattr(self.last_manifest, "carrier_reference_number", "") or path.stem
        job = await queue.enqueue_async(printer, path, title=f"Manifest {number}")
        self.show_message(
            translate("EndOfDayPage", "Manifest {0} sent to {1}.").format(
                number, printer_title(printer.name)
            )
        )
        return job
