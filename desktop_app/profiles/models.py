"""The profile model: where a desk sends its shipments, and how it prints them. No secrets."""

from __future__ import annotations

import ipaddress
import unicodedata
import uuid
from typing import Any, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.domain.presets import ShippingPreset, default_presets
from desktop_app.domain.samples import sample_sender
from desktop_app.profiles.errors import ProfileFieldError

Environment = Literal["sandbox", "live"]
ENVIRONMENTS: tuple[Environment, ...] = ("sandbox", "live")

LOCAL_SANDBOX_NAME = "Local sandbox"
# The local service picks a free port at each start; the real URL comes from LocalSandbox.
LOCAL_SANDBOX_URL = "https://127.0.0.1"


def environment_from_me(value: str) -> Environment:
    """Map `/v1/me`'s environment ("sandbox" | "production") to a profile environment."""
    if value == "sandbox":
        return "sandbox"
    if value in ("production", "live"):
        return "live"
    raise ValueError(f"unknown environment {value!r} (expected sandbox or production)")


def is_loopback_host(host: str) -> bool:
    """True for localhost names and loopback/unspecified IP addresses."""
    host = host.strip("[]").lower().rstrip(".")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_unspecified


def normalize_base_url(value: str) -> str:
    """Check that `value` is an https URL with a host and no credentials; drop a trailing slash."""
    url = value.strip()
    parts = urlsplit(url)
    if parts.scheme.lower() != "https":
        raise ProfileFieldError(
            "url_not_https",
            f"the base URL must start with https:// (got {url!r}); HTTPS only",
            url=url,
        )
    if not parts.hostname:
        raise ProfileFieldError("url_no_host", f"the base URL {url!r} has no host name", url=url)
    if parts.username or parts.password:
        raise ProfileFieldError(
            "url_credentials", "the base URL must not contain a user name or password"
        )
    if parts.query or parts.fragment:
        raise ProfileFieldError("url_query", "the base URL must not contain a query or a fragment")
    try:
        _ = parts.port
    except ValueError as exc:
        raise ProfileFieldError(
            "url_port", f"the base URL {url!r} has an invalid port", url=url
        ) from exc
    return url.rstrip("/")


class Preferences(BaseModel):
    """Per-profile habits of the desk."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    auto_print_after_create: bool = False
    default_carrier: str | None = None
    default_service: str | None = None
    label_format_override: str | None = Field(
        default=None, description="a label format name used instead of the printer's choice"
    )
    default_package: dict[str, Any] | None = Field(
        default=None, description="package fields pre-filled in the form (weight, sizes, type)"
    )
    packaging_weight: float | None = Field(
        default=None,
        description="the box's own weight in kg, added to an order weighed by its items "
        "(product catalogue or file) unless its shipping preset names its own",
    )
    copies: int = Field(default=1, ge=1, le=10)
    watched_folder: str | None = Field(
        default=None, description="a folder whose CSV/XLSX order exports are imported as orders"
    )
    pack_check: bool = Field(
        default=False, description="the Scan page ticks each item by its GTIN before shipping"
    )
    scan_sound: bool = Field(
        default=True, description="the Scan page sounds a success or error signal"
    )
    documents_printer: str | None = Field(
        default=None,
        description="name of the A4 printer definition customs papers (CN 23, invoice) print on",
    )
    sign_out_idle_minutes: int = Field(
        default=5,
        ge=1,
        le=240,
        description="at a station with people, the signed-in person is signed out after this "
        "many minutes without a key press or mouse click (the server's own limit if shorter)",
    )
    customs_numbers: dict[str, str] = Field(
        default_factory=dict,
        description="the seller's customs numbers by destination zone (GB: UK VAT number or "
        "EORI, NO: VOEC number, CH and LI: Swiss VAT number), sent as the declaration's "
        "exporter_reference",
    )

    @field_validator("label_format_override")
    @classmethod
    def _known_format(cls, value: str | None) -> str | None:
        if value is not None and value not in LABEL_FORMATS:
            raise ValueError(f"unknown label format {value!r}")
        return value


class Profile(BaseModel):
    """One profile: an environment, a service URL, a default sender, a printer, preferences."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    id: str = Field(default_factory=lambda: str(uuid.uuid4()))
    name: str
    environment: Environment
    base_url: str
    builtin_local: bool = False
    force_loopback: bool = Field(
        default=False, description="allow a live profile on a loopback URL (a local test service)"
    )
    ca_file: str | None = Field(
        default=None, description="a CA bundle trusted for this profile only (self-hosted service)"
    )
    key_environment: Environment | None = Field(
        default=None, description="the environment GET /v1/me reported for the saved key"
    )
    default_sender: dict[str, Any] | None = Field(
        default=None, description='sender address as on the wire, or {"id": <stored address id>}'
    )
    printer: str | None = Field(default=None, description="name of a printer definition")
    preferences: Preferences = Field(default_factory=Preferences)
    shipping_presets: list[ShippingPreset] | None = Field(
        default=None, description="how orders ship (carrier, service, box); None: the defaults"
    )

    def presets(self) -> list[ShippingPreset]:
        """The profile's shipping presets (the default ones until it has its own)."""
        if self.shipping_presets is not None:
            return list(self.shipping_presets)
        return default_presets()

    def draft_sender(self) -> dict[str, Any] | None:
        """The sender a draft gets when its source names none: the profile's default sender;
        the Local sandbox (test data only) falls back to a sample sender so that it works
        out of the box."""
        if self.default_sender:
            return dict(self.default_sender)
        return sample_sender() if self.builtin_local else None

    @field_validator("id")
    @classmethod
    def _uuid(cls, value: str) -> str:
        try:
            return str(uuid.UUID(value))
        except ValueError:
            raise ValueError(f"profile id {value!r} is not a UUID") from None

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        name = "".join(ch for ch in value if unicodedata.category(ch)[0] != "C").strip()
        if not name:
            raise ProfileFieldError("name_missing", "a profile needs a name")
        if len(name) > 80:
            raise ProfileFieldError("name_too_long", "a profile name has at most 80 characters")
        return name

    @field_validator("base_url")
    @classmethod
    def _base_url(cls, value: str) -> str:
        return normalize_base_url(value)

    @field_validator("printer")
    @classmethod
    def _printer(cls, value: str | None) -> str | None:
        if value is None:
            return None
        return value.strip() or None

    @model_validator(mode="after")
    def _rules(self) -> Profile:
        if self.builtin_local and self.environment != "sandbox":
            raise ProfileFieldError(
                "builtin_sandbox", "the built-in Local sandbox profile is a sandbox profile"
            )
        host = urlsplit(self.base_url).hostname or ""
        if self.environment == "live" and is_loopback_host(host) and not self.force_loopback:
            raise ProfileFieldError(
                "live_loopback",
                f"a live profile must not use a loopback address ({host}); "
                "live shipments go to the real service. Force it only for a local test service.",
                host=host,
            )
        return self

    @property
    def is_live(self) -> bool:
        """True for a live (production) profile."""
        return self.environment == "live"


#: the Local sandbox's default parcel: a common shipping carton, in cm (weight typed per parcel)
SAMPLE_PARCEL = {"length": 30, "width": 20, "height": 15}


def local_sandbox_profile() -> Profile:
    """A fresh built-in Local sandbox profile (created on first run)."""
    return Profile(
        name=LOCAL_SANDBOX_NAME,
        environment="sandbox",
        base_url=LOCAL_SANDBOX_URL,
        builtin_local=True,
        key_environment="sandbox",
        # a carton's sizes, so a receiver and a weight make a label (DHL Paket wants sizes)
        preferences=Preferences(auto_print_after_create=False, default_package=dict(SAMPLE_PARCEL)),
    )
