"""The shipment form's problems, decided without a window.

`FormValidation` runs `desktop_app.domain.rules.validate` on the form's wire-shaped draft,
adds what only the form knows (a parcel-point mode the carrier lacks, a label format no
printer setting can give; with a partner id only that id is asked for), keeps the service's
422 answers, and decides which message goes under which field: a missing value only once
its section has been touched (or when the user asked for every problem), a wrong value at
once, the service's always; a problem no field holds goes to the form's message area.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.rules import Problem, validate
from desktop_app.domain.sanitize import sanitize
from desktop_app.gui.i18n.problems import problem_message
from desktop_app.gui.shipment.receiver_modes import mode_not_offered, mode_problems
from desktop_app.gui.widgets.problems import problem_text

# codes that only say a value is missing: not shown before the user reached that section
MISSING_CODES = frozenset(
    {"required", "contact_required", "advance_notice_contact_required", "no_package"}
)
_INDEX = re.compile(r"\[\d+\]$")


class ProblemSpot(Protocol):
    """Where a problem is shown (a form field): whether the user has reached it."""

    touched: bool
    always_shown: bool


def parent_path(path: str) -> str:
    """`packages[1].weight` -> `packages[1]` -> `packages` -> ``."""
    if _INDEX.search(path):
        return _INDEX.sub("", path)
    return path.rsplit(".", 1)[0] if "." in path else ""


def section_of(path: str) -> str:
    """The first segment with its index: `packages[1].weight` -> `packages[1]`."""
    return path.split(".", 1)[0]


def spot_for(spots: Mapping[str, Any], path: str) -> Any:
    """The spot of `path` in `spots` (its own, else the nearest enclosing one's), or None."""
    while path:
        spot = spots.get(path)
        if spot is not None:
            return spot
        path = parent_path(path)
    return None


def form_problems(
    draft: Mapping[str, Any], receiver_mode: str, label_format: str | None, format_reason: str
) -> list[Problem]:
    """Problems the wire draft cannot show: a parcel-point mode the carrier lacks, a label
    format no printer setting can give."""
    spec = load_catalog().carriers.get(str(draft.get("carrier") or ""))
    out = mode_not_offered(receiver_mode, spec)
    if label_format is None and draft.get("carrier"):
        out.append(Problem("label.format", "no_label_format", format_reason))
    return out


@dataclass
class Placement:
    """What to show: messages by spot (keyed by `id(spot)`), and the ones no field holds."""

    spots: dict[int, Any] = field(default_factory=dict)
    messages: dict[int, list[str]] = field(default_factory=dict)
    unplaced: list[str] = field(default_factory=list)
    #: messages held back until the user reaches the spot's section, by spot: room is kept
    waiting: dict[int, list[str]] = field(default_factory=dict)


class FormValidation:
    """The form's problems (local rules and the service's answer) and where they show."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.server_problems: list[Problem] = []
        self.show_all = False
        self.last_validation_seconds = 0.0

    @property
    def count(self) -> int:
        """Every problem, shown or not: Create waits until there are none."""
        return len(self.problems) + len(self.server_problems)

    def check(
        self,
        draft: Mapping[str, Any],
        *,
        receiver_mode: str,
        label_format: str | None,
        format_reason: str = "",
    ) -> list[Problem]:
        """Run the domain rules and the form's own on `draft` (unsanitised, as typed)."""
        start = time.perf_counter()
        problems = validate(sanitize(draft)) + form_problems(
            draft, receiver_mode, label_format, format_reason
        )
        self.problems = mode_problems(problems, receiver_mode, draft.get("to"))
        self.last_validation_seconds = time.perf_counter() - start
        return problems

    def set_server_errors(
        self, field_errors: Mapping[str, Sequence[str]], general: Iterable[str] = ()
    ) -> None:
        """A 422's messages, by the paths the service named ('' for the general ones)."""
        problems = [
            Problem(path, "server", message)
            for path, messages in field_errors.items()
            for message in messages
        ]
        self.server_problems = problems + [Problem("", "server", m) for m in general]

    def reset(self) -> None:
        """A new shipment: the service's answer is gone, untouched sections quiet again."""
        self.server_problems = []
        self.show_all = False

    def placement(self, spots: Mapping[str, ProblemSpot]) -> Placement:
        """Which message shows under which spot (`spots`: the form's field of each path), and
        which in the form's message area. A section counts as touched when any of its
        fields is."""
        touched = {section_of(path) for path, spot in spots.items() if spot.touched}
        out = Placement()
        for p in [*self.problems, *self.server_problems]:
            spot = spot_for(spots, p.path)
            if spot is None:
                out.unplaced.append(problem_text(p))
                continue
            server = p.code == "server"
            missing = p.code in MISSING_CODES and section_of(p.path) not in touched
            text = problem_message(p)
            if missing and not (self.show_all or spot.always_shown or spot.touched or server):
                out.waiting.setdefault(id(spot), []).append(text)
                out.spots[id(spot)] = spot
                continue
            messages = out.messages.setdefault(id(spot), [])
            if text not in messages:
                messages.append(text)
            out.spots[id(spot)] = spot
        return out

    def first_paths(self) -> list[str]:
        """The problem paths in the order focus should look for them (the service's first)."""
        return [p.path for p in [*self.server_problems, *self.problems]]
