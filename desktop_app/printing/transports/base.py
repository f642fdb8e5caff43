"""What every printer transport is: a class that sends a job and describes itself.

A transport *acknowledges* a job by returning from `send` without raising (each transport's
module says when it does). It describes itself for the settings and the docs: its URI
scheme, its name, an example address and the options its URI takes; the package's registry
is the one list of transports (the settings' connection types are read from it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal
from urllib.parse import parse_qs

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP as QT_TRANSLATE_NOOP
from desktop_app.printing.printers import PrinterDefinition

DataKind = Literal["zpl", "pdf"]


class TransportError(Exception):
    """Sending failed; `connected`: bytes may have reached the printer; `retryable`: try later."""

    def __init__(self, message: str, *, connected: bool, retryable: bool = True) -> None:
        super().__init__(message)
        self.message = message
        self.connected = connected
        self.retryable = retryable


@dataclass(frozen=True, slots=True)
class OutgoingJob:
    """What a transport sends: the bytes, their kind, and a title for spoolers and file names."""

    data: bytes
    kind: DataKind
    title: str = "Packdesk label"
    job_id: int | None = None


def noop() -> None:
    """The default `on_connected`: nothing to do."""
    return None


@dataclass(frozen=True, slots=True)
class TransportOption:
    """An option of a transport's URI (`?name=value`), its default and what it does."""

    name: str
    default: str
    meaning: str


class Transport(ABC):
    """One way to reach a printer. Subclasses parse their URI in `__init__` and raise ValueError."""

    scheme: ClassVar[str]
    #: the connection type as the settings name it (English; marked for translation)
    name: ClassVar[str]
    #: what an address looks like (after `scheme:`), shown as the address field's example
    address_example: ClassVar[str]
    options: ClassVar[tuple[TransportOption, ...]] = ()
    #: what a printer reached this way takes when nothing else says (a bare `--to` URI)
    default_kind: ClassVar[DataKind] = "zpl"

    @classmethod
    def uri_for(cls, address: str) -> str:
        """The transport URI for an address as the user typed it."""
        return f"{cls.scheme}:{address.strip()}"

    @classmethod
    def address_of(cls, uri: str) -> str:
        """The address part of one of this transport's URIs (inverse of `uri_for`)."""
        return uri.partition(":")[2]

    def __init__(self, printer: PrinterDefinition) -> None:
        self.printer = printer
        self.uri = printer.transport
        self.target = printer.transport.split(":", 1)[1]

    @abstractmethod
    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = noop) -> None:
        """Deliver `job`; call `on_connected` once bytes may start to flow; raise TransportError."""

    def describe(self) -> str:
        """Where this transport sends, for messages."""
        return self.uri

    def _query(self) -> dict[str, str]:
        query = self.target.split("?", 1)[1] if "?" in self.target else ""
        return {k: v[-1] for k, v in parse_qs(query).items()}


def float_option(query: dict[str, str], key: str, default: float) -> float:
    """A number option of a URI's query (ValueError names it when it is not a number)."""
    try:
        return float(query[key]) if key in query else default
    except ValueError:
        raise ValueError(f"option {key}={query[key]!r} is not a number") from None
