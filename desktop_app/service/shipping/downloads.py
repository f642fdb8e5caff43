"""Files fetched by an unguessable URL without a key (labels, manifests, shipment documents):
the token in the file's name is the only credential."""

from __future__ import annotations

from dataclasses import dataclass

# shorter or longer tokens were never handed out: no query is made for them
TOKEN_LENGTHS = range(16, 65)


@dataclass(frozen=True)
class Download:
    """A file as it is sent: the name it is saved under, its media type and its bytes."""

    filename: str
    media_type: str
    data: bytes


def token_and_extension(name: str) -> tuple[str | None, str]:
    """The token of `name` ("<token>.<ext>"; None when it cannot be one) and its extension."""
    token, _, extension = name.partition(".")
    return (token if len(token) in TOKEN_LENGTHS else None), extension
