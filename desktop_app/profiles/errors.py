"""Exceptions of the profiles package; messages are written for the user."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class ProfileProblem:
    """One reason a profile is refused: a stable `code` and `params` for the GUI to word in
    the UI language, and the English `message` the CLI and logs show."""

    code: str
    params: Mapping[str, str] = field(default_factory=dict)
    message: str = ""

    def __str__(self) -> str:
        return self.message


class ProfileFieldError(ValueError):
    """A profile field's value refused by the model's validators, with a stable `code` and
    `params` (pydantic keeps the exception in the error's context: the GUI words it)."""

    def __init__(self, code: str, message: str, /, **params: str) -> None:
        super().__init__(message)
        self.code = code
        self.params: Mapping[str, str] = params


def field_problem(error: Mapping[str, object]) -> ProfileProblem:
    """One pydantic error of a Profile as a ProfileProblem (its code when the validator gave
    one, else `invalid_field` with the English message)."""
    message = str(error["msg"]).removeprefix("Value error, ")
    context = error.get("ctx")
    cause = context.get("error") if isinstance(context, Mapping) else None
    if isinstance(cause, ProfileFieldError):
        return ProfileProblem(cause.code, dict(cause.params), message)
    loc = error.get("loc")
    field_name = ".".join(str(part) for part in loc) if isinstance(loc, Sequence) else ""
    return ProfileProblem("invalid_field", {"field": field_name, "message": message}, message)


class ProfileError(Exception):
    """A profile operation that cannot be done; `code`/`params` let the GUI word it."""

    def __init__(
        self, message: str = "", *, code: str = "", params: Mapping[str, str] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: Mapping[str, str] = dict(params or {})


class ProfileValidationError(ProfileError, ValueError):
    """A profile that must not be saved; `problems` lists every reason."""

    def __init__(self, problems: Sequence[str | ProfileProblem]) -> None:
        #: every reason, with its code (a plain string gets the code "other")
        self.details = [
            p if isinstance(p, ProfileProblem) else ProfileProblem("other", {}, p) for p in problems
        ]
        #: the English sentences (CLI, logs)
        self.problems = [p.message for p in self.details]
        first = self.details[0] if len(self.details) == 1 else None
        super().__init__(
            "; ".join(self.problems),
            code=first.code if first else "",
            params=first.params if first else None,
        )


class ProfileNotFoundError(ProfileError, LookupError):
    """No profile with that id."""


class KeyEnvironmentError(ProfileValidationError):
    """A key of one environment offered to (or stored for) a profile of the other one."""

    def __init__(self, message: str | ProfileProblem) -> None:
        super().__init__([message])


class MissingKeyError(ProfileError):
    """The profile has no checked API key yet."""
