"""The profiles layer's refusals in the UI language, chosen by their stable code.

The Qt-free profiles layer keeps its English sentences (CLI, logs) and gives each a `code`
and `params` (`ProfileProblem`, `ProfileError.code`); the GUI shows this text instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pydantic import ValidationError

from desktop_app.gui.i18n import translate
from desktop_app.profiles.errors import (
    ProfileError,
    ProfileProblem,
    ProfileValidationError,
    field_problem,
)

__all__ = [
    "PROFILE_TEXTS",
    "load_problems_text",
    "profile_error_text",
    "profile_problem_text",
    "validation_text",
]

Params = Mapping[str, str]


def _environment(params: Params) -> str:
    if params.get("environment") == "sandbox":
        return translate("Profiles", "sandbox")
    return translate("Profiles", "live")


#: every code the profiles layer gives, worded in the UI language
PROFILE_TEXTS: dict[str, Callable[[Params], str]] = {
    "duplicate_name": lambda p: translate(
        "Profiles", "A profile called “{name}” already exists."
    ).format(name=p["name"]),
    "duplicate_id": lambda p: translate(
        "Profiles", "A profile with the id {id} already exists."
    ).format(id=p["id"]),
    "not_found": lambda p: translate("Profiles", "There is no profile with the id {id}.").format(
        id=p["id"]
    ),
    "empty_key": lambda _p: translate("Profiles", "The API key is empty."),
    "key_unchecked": lambda _p: translate(
        "Profiles", "The key must be checked with the service before saving."
    ),
    "key_recheck": lambda _p: translate(
        "Profiles",
        "The profile's service or type changed: check the saved key again before saving.",
    ),
    "key_is_sandbox": lambda _p: translate(
        "Profiles",
        "This is a sandbox (test) key, but the profile is a live profile: "
        "enter the account's live key, or make this a sandbox profile.",
    ),
    "key_is_live": lambda p: translate(
        "Profiles",
        "This is a live key, but the profile is a {environment} profile: "
        "enter the account's sandbox (test) key, or make this a live profile.",
    ).format(environment=_environment(p)),
    "unknown_environment": lambda p: translate(
        "Profiles", "The service reported an unknown key type: {message}"
    ).format(message=p["message"]),
    "second_builtin": lambda _p: translate(
        "Profiles", "There is exactly one built-in Local sandbox profile."
    ),
    "builtin_stays": lambda _p: translate(
        "Profiles", "The built-in Local sandbox profile stays built-in."
    ),
    "builtin_fixed": lambda _p: translate(
        "Profiles", "The Local sandbox needs no configuration: its address and type are fixed."
    ),
    "builtin_key": lambda _p: translate(
        "Profiles", "The Local sandbox reads its key from its own service."
    ),
    "builtin_delete": lambda _p: translate(
        "Profiles", "The built-in Local sandbox profile cannot be deleted."
    ),
    "sandbox_not_running": lambda _p: translate(
        "Profiles", "The Local sandbox service is not running."
    ),
    "no_key": lambda p: translate("Profiles", "The profile “{name}” has no API key yet.").format(
        name=p["name"]
    ),
    "key_not_checked": lambda p: translate(
        "Profiles", "The key of “{name}” has not been checked with the service yet."
    ).format(name=p["name"]),
    "default_sender": lambda p: translate("Profiles", "Default sender: {message}").format(
        message=_message_text(p["message"])
    ),
    "url_not_https": lambda p: translate(
        "Profiles", "The address must start with https:// (Packdesk talks HTTPS only): {url}"
    ).format(url=p["url"]),
    "url_no_host": lambda p: translate("Profiles", "The address {url} has no host name.").format(
        url=p["url"]
    ),
    "url_credentials": lambda _p: translate(
        "Profiles", "The address must not contain a user name or password."
    ),
    "url_query": lambda _p: translate(
        "Profiles", "The address must not contain a query (?) or a fragment (#)."
    ),
    "url_port": lambda p: translate("Profiles", "The address {url} has an invalid port.").format(
        url=p["url"]
    ),
    "name_missing": lambda _p: translate("Profiles", "Give the profile a name."),
    "name_too_long": lambda _p: translate("Profiles", "A profile name has at most 80 characters."),
    "builtin_sandbox": lambda _p: translate(
        "Profiles", "The built-in Local sandbox profile is a sandbox profile."
    ),
    "live_loopback": lambda p: translate(
        "Profiles",
        "A live profile must not use a loopback address ({host}): live shipments go to the "
        "real service. Force it only for a local test service.",
    ).format(host=p["host"]),
    "load_profile_skipped": lambda p: translate(
        "Profiles", "The saved profile “{name}” could not be loaded."
    ).format(name=p["name"]),
    "load_bad_layout": lambda p: translate(
        "Profiles", "The list of profiles ({file}) could not be read."
    ).format(file=p["file"]),
    "load_duplicate": lambda p: translate(
        "Profiles", "A second profile called “{name}” was left out."
    ).format(name=p["name"]),
    "load_second_builtin": lambda _p: translate(
        "Profiles", "A second built-in Local sandbox profile was left out."
    ),
    "load_kept_aside": lambda p: translate(
        "Profiles", "Packdesk repaired its list of profiles; the original is kept as {file}."
    ).format(file=p["file"]),
    "invalid_field": lambda p: translate("Profiles", "{field}: {message}").format(
        field=p["field"], message=p["message"]
    ),
}


def _message_text(message: str) -> str:
    from desktop_app.gui.widgets.problems import message_text  # widgets build on i18n

    return message_text(message)


def profile_problem_text(problem: ProfileProblem) -> str:
    """One problem in the UI language (its English message for a code not in the table)."""
    text = PROFILE_TEXTS.get(problem.code)
    try:
        return text(problem.params) if text else problem.message
    except KeyError:  # params missing: never crash on a message
        return problem.message


def load_problems_text(problems: list[ProfileProblem]) -> str:
    """What went wrong reading the profiles file, in the UI language, as one status line."""
    return " ".join(profile_problem_text(p) for p in problems)


def validation_text(exc: ValidationError) -> str:
    """A Profile model's refusal (pydantic) in the UI language."""
    return "; ".join(profile_problem_text(field_problem(e)) for e in exc.errors())


def profile_error_text(exc: BaseException) -> str | None:
    """The profile error's sentence(s) in the UI language, or None for no profile error."""
    if isinstance(exc, ProfileValidationError):
        return "; ".join(profile_problem_text(p) for p in exc.details)
    if isinstance(exc, ProfileError):
        return profile_problem_text(ProfileProblem(exc.code, exc.params, str(exc)))
    return None
