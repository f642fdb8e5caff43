"""Turn pydantic validation errors into the API's `"path: message"` strings."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

# Python names that differ from the wire names (keywords).
_WIRE_NAMES = {"from_": "from", "else_": "else"}

# Messages reworded for people filling a form; others keep pydantic's wording.
_MESSAGES = {
    "extra_forbidden": "unknown field",
    "missing": "required",
    "model_type": "Input should be an object",
    "model_attributes_type": "Input should be an object",
    "dict_type": "Input should be an object",
}


def format_path(loc: Sequence[int | str]) -> str:
    """`("packages", 1, "weight")` -> `packages[1].weight`; union tags (`<...>`) dropped."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
            continue
        # Tagged unions put their tag into the location; Packdesk's tags are written <...>.
        if part.startswith("<") and part.endswith(">"):
            continue
        name = _WIRE_NAMES.get(part, part)
        path = f"{path}.{name}" if path else name
    return path


def validation_error_messages(exc: ValidationError) -> list[str]:
    """One `"path: message"` string per error (just the message for a whole-body error)."""
    messages: list[str] = []
    for error in exc.errors(include_url=False):
        kind = error["type"]
        loc = list(error["loc"])
        message = _MESSAGES.get(kind, error["msg"])
        if kind in ("union_tag_invalid", "union_tag_not_found"):
            # The discriminator field itself is what is wrong.
            loc.append(str(error.get("ctx", {}).get("discriminator", "")).strip("'"))
        if kind == "value_error" and message.startswith("Value error, "):
            message = message.removeprefix("Value error, ")
        path = format_path(loc)
        text = f"{path}: {message}" if path else message
        if text not in messages:
            messages.append(text)
    return messages
