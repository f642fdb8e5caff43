"""Who made a row: the signed-in person and the station of the request, stamped centrally.

The people gate (api/people_gate.py) sets `CURRENT_ACTOR` for the request; every new row of a
table with the `MadeBy` columns (shipments, label files, manifests, pickups, the audit log) gets
the person and station at flush, so no route has to pass them along.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from sqlalchemy import String, event
from sqlalchemy.orm import Mapped, Session, mapped_column

MAX_NAME = 100


@dataclass(frozen=True)
class Actor:
    """The person signed in (None: no people, or an account key) and the station's key name."""

    person: str | None
    station: str | None


CURRENT_ACTOR: ContextVar[Actor | None] = ContextVar("packdesk_actor", default=None)


class MadeBy:
    """Two nullable columns: the person and the station that made the row."""

    made_by_person: Mapped[str | None] = mapped_column(String(MAX_NAME), nullable=True)
    made_by_station: Mapped[str | None] = mapped_column(String(MAX_NAME), nullable=True)


@event.listens_for(Session, "before_flush")
def _stamp_new_rows(session: Session, _context: Any, _instances: Any) -> None:
    """New MadeBy rows get the request's person and station (rows set by hand keep theirs)."""
    actor = CURRENT_ACTOR.get()
    if actor is None:
        return
    for row in session.new:
        if isinstance(row, MadeBy) and row.made_by_person is None and row.made_by_station is None:
            row.made_by_person = actor.person
            row.made_by_station = actor.station
