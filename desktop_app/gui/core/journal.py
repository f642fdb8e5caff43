"""The creations journal as the desk follows it: how many creations await a check, and their
reconciliation with the service (adopting what it has).

Plain asyncio (no widget); `AppContext` turns what this reports into its signals.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from desktop_app.client.journaled_creation import ReconcileReport, ShipmentCreator
    from desktop_app.profiles.store import ProfileStore, StoredShipment

log = logging.getLogger(__name__)


class JournalWatch:
    """Counts the journal's open creations and settles them; tells `on_count` each new count
    and `on_adopted` each shipment the service turned out to have."""

    def __init__(
        self,
        on_count: Callable[[int], None],
        on_adopted: Callable[[StoredShipment], None],
    ) -> None:
        self._on_count = on_count
        self._on_adopted = on_adopted
        self.pending = 0
        self.last_report: ReconcileReport | None = None

    def recount(self, store: ProfileStore | None) -> int:
        """Count creations pending or needing a decision (two indexed reads of a small table:
        quicker inline than a thread hop)."""
        if store is None:
            return self.pending
        self.pending = len(store.list_pending()) + len(store.list_needs_decision())
        self._on_count(self.pending)
        return self.pending

    async def reconcile(
        self, creator: ShipmentCreator | None, store: ProfileStore | None, **kwargs: Any
    ) -> ReconcileReport | None:
        """Settle pending creations through `creator`; None when there is none or it failed."""
        from desktop_app.client import APIError

        if creator is None:
            return None
        try:
            report = await creator.reconcile(**kwargs)
        except APIError as exc:
            log.warning("reconcile failed: %s", exc)
            return None
        self.last_report = report
        for stored in report.adopted:
            self._on_adopted(stored)
        self.recount(store)
        return report
