"""What the rules report: a Problem (field path, code, message), the collector, and the
guard that turns a bug in a rule into a problem instead of an exception."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

INTERNAL_ERROR = "internal_error"


@dataclass(frozen=True, slots=True)
class Problem:
    """One rule violation: where (`to.last_name`), a stable code and a plain message.

    `params` hold what the message names (a carrier code, a limit, the value now), so a GUI can
    say the same in its user's language; the service answers with the English `message`.
    """

    path: str
    code: str
    message: str
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


class Problems(list[Problem]):
    """The problems found so far; `add` keeps call sites short."""

    def add(self, path: str, code: str, message: str, **params: Any) -> None:
        """Record one problem (`params`: what the message names, for translations)."""
        self.append(Problem(path, code, message, params))


def join(path: str, key: str) -> str:
    """`to` + `city` -> `to.city`; an empty prefix gives the key alone."""
    return f"{path}.{key}" if path else key


def as_draft(draft: Any) -> Any:
    """A pydantic model as its wire dict; anything else unchanged."""
    dump = getattr(draft, "model_dump", None)
    if callable(dump):
        try:
            return dump(by_alias=True, exclude_none=True, mode="json")
        except Exception:  # a broken model must not break the form
            return None
    return draft


def guard(path: str, run: Callable[[], list[Problem]]) -> list[Problem]:
    """Run a rule set; a bug in a rule becomes a problem rather than an exception."""
    try:
        return list(run())
    except Exception:  # never raise on any input (the hypothesis tests hold us to it)
        return [Problem(path, INTERNAL_ERROR, "This could not be checked; please review it.")]
