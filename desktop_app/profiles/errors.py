"""Exceptions of the profiles package; messages are written for the user."""

from __future__ import annotations


class ProfileError(Exception):
    """A profile operation that cannot be done."""


class ProfileValidationError(ProfileError, ValueError):
    """A profile that must not be saved; `problems` lists every reason."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class ProfileNotFoundError(ProfileError, LookupError):
    """No profile with that id."""


class KeyEnvironmentError(ProfileValidationError):
    """A key of one environment offered to (or stored for) a profile of the other one."""

    def __init__(self, message: str) -> None:
        super().__init__([message])


class MissingKeyError(ProfileError):
    """The profile has no checked API key yet."""
