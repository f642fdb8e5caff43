"""The carrier catalog: typed view of `resources/carriers.json`, checked on load.

Units everywhere: weight in kg, dimensions in cm, field limits in characters.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.resources import resource_path

PACKAGE_TYPES: tuple[str, ...] = ("parcel", "bulk", "parcel_letter", "books", "letter")
#: the package fields a carrier may require for a service (`required_package_fields`)
REQUIRABLE_PACKAGE_FIELDS: tuple[str, ...] = ("description",)
FLAG_NAMES: tuple[str, ...] = (
    "multiple_packages",
    "returns",
    "pickup_requests",
    "locker_station",
    "post_branch",
    "partner",
    "declared_value",
)
ALL_SERVICES = "*"  # key in a carrier's label_formats that applies to every service
#: tracking number format -> the `tracking` fields it needs besides `format` and `url`
TRACKING_FORMATS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "gs1_sscc": ("prefix",),  # "00" + SSCC: prefix, serial, GS1 check digit
        "depot_parcel": ("depots", "length"),  # depot, then digits up to `length`
        "upu_s10": ("service_indicator", "country"),  # RR123456785DE
        "ups_1z": ("service_indicator",),  # 1Z, shipper, service indicator, serial, check
        "digits": ("length",),  # prefix, then digits up to `length`
    }
)


class CatalogError(ValueError):
    """The catalog data is inconsistent (unknown label format, bad flag, ...)."""


@dataclass(frozen=True, slots=True)
class FieldLimit:
    """Length bounds of one text field; `min` applies only to a non-empty value."""

    max: int | None = None
    min: int = 0


@dataclass(frozen=True, slots=True)
class CombinedLimit:
    """A cap on the summed length of several fields (e.g. first_name + last_name)."""

    fields: tuple[str, ...]
    max: int


@dataclass(frozen=True, slots=True)
class PackageLimit:
    """Upper bounds for one package type: weight in kg, longest side in cm."""

    max_weight: float
    max_dimension: float


@dataclass(frozen=True, slots=True)
class AdditionalServiceSpec:
    """One additional service and its conditions (spec 2.5)."""

    name: str
    display_name: str
    carriers: tuple[str, ...]
    services: tuple[str, ...] | None = None  # None: every service of the carrier but returns
    own_contract: bool = False
    channels: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    max_lengths: Mapping[str, int] = field(default_factory=dict)
    note: str = ""
    #: carrier -> the carrier's own name for this service (dpd calls advance notice Predict)
    carrier_names: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PlaceSpec:
    """Locker station or post branch: street keyword and number formats."""

    keyword: str
    number_pattern: re.Pattern[str]
    customer_number_pattern: re.Pattern[str]


@dataclass(frozen=True, slots=True)
class PartnerSpec:
    """Workplace parcel point: `care_of` = prefix, space, id (spec 4.4)."""

    prefix: str
    id_pattern: re.Pattern[str]


@dataclass(frozen=True, slots=True)
class TrackingSpec:
    """How a carrier's tracking numbers look (one of TRACKING_FORMATS) and where to follow them."""

    format: str
    url: str | None = None  # the public tracking page; "{}" stands for the number
    prefix: str = ""
    length: int = 0  # the whole number's length, prefix included
    depots: tuple[str, ...] = ()
    country: str = ""
    service_indicator: str = ""
    #: service -> its indicator where it differs from `service_indicator`
    service_indicators: Mapping[str, str] = field(default_factory=dict)

    def indicator(self, service: str) -> str:
        """The part of the number that tells `service` apart."""
        return self.service_indicators.get(service, self.service_indicator)


@dataclass(frozen=True, slots=True)
class CarrierSpec:
    """What one carrier offers and the limits its fields have."""

    code: str
    display_name: str
    services: tuple[str, ...]
    service_names: Mapping[str, str]
    package_types: tuple[str, ...]
    package_type_names: Mapping[str, str]
    additional_services: tuple[str, ...]
    label_formats: Mapping[str, tuple[str, ...]]  # service -> formats
    field_limits: Mapping[str, FieldLimit]  # shipments, defaults merged in
    combined_limits: tuple[CombinedLimit, ...]
    pickup_field_limits: Mapping[str, FieldLimit]
    pickup_combined_limits: tuple[CombinedLimit, ...]
    required_address_fields: tuple[str, ...]
    package_limits: Mapping[str, PackageLimit]
    multiple_packages: bool
    returns: bool
    pickup_requests: bool
    locker_station: bool
    post_branch: bool
    partner: bool
    declared_value: bool
    #: service -> package fields that carrier needs for it (UPS returns: the description)
    required_package_fields: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: None: the simulated carrier issues neutral numbers without a tracking page
    tracking: TrackingSpec | None = None

    def limit(self, name: str, context: str = "shipments") -> FieldLimit | None:
        """The length limit of field `name` for shipments or pickup_requests."""
        if context == "pickup_requests":
            return self.pickup_field_limits.get(name) or self.field_limits.get(name)
        return self.field_limits.get(name)


@dataclass(frozen=True, slots=True)
class Catalog:
    """All carriers, additional services and special-address formats."""

    carriers: Mapping[str, CarrierSpec]
    additional_services: Mapping[str, AdditionalServiceSpec]
    locker_station: PlaceSpec
    post_branch: PlaceSpec
    partner: PartnerSpec
    max_packages: int
    default_field_limits: Mapping[str, FieldLimit]
    default_required_address_fields: tuple[str, ...]
    units: Mapping[str, str]

    def carrier(self, code: str) -> CarrierSpec:
        """The carrier with `code`; KeyError names the known ones."""
        try:
            return self.carriers[code]
        except KeyError:
            raise KeyError(f"unknown carrier {code!r}; known: {', '.join(self.carriers)}") from None

    def label_formats_for(self, carrier: str, service: str) -> tuple[str, ...]:
        """Label formats offered for carrier+service (empty when either is unknown)."""
        spec = self.carriers.get(carrier)
        if spec is None:
            return ()
        return spec.label_formats.get(service, ())

    def combinations(self) -> list[tuple[str, str]]:
        """Every (carrier, service) pair the catalog offers."""
        return [(c.code, s) for c in self.carriers.values() for s in c.services]

    def field_limit(
        self, carrier: str | None, name: str, context: str = "shipments"
    ) -> FieldLimit | None:
        """Length limit of a field for a carrier (the defaults for an unknown carrier)."""
        spec = self.carriers.get(carrier) if isinstance(carrier, str) else None
        if spec is None:
            return self.default_field_limits.get(name)
        return spec.limit(name, context)

    def to_carrier_descriptions(self) -> list[dict[str, Any]]:
        """The `GET /v1/carriers` payload: one plain dict per carrier."""
        return [
            {
                "name": c.code,
                "display_name": c.display_name,
                "services": list(c.services),
                "package_types": list(c.package_types),
                "additional_services": list(c.additional_services),
                "label_formats": {s: list(f) for s, f in c.label_formats.items()},
            }
            for c in self.carriers.values()
        ]


def _ro(d: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(d))


def _req(d: Mapping[str, Any], key: str, where: str) -> Any:
    try:
        return d[key]
    except (KeyError, TypeError):
        raise CatalogError(f"{where}: missing {key!r}") from None


def _names(value: Any, where: str) -> dict[str, str]:
    """A {key: display name} mapping, or a list of keys (display name = key)."""
    if isinstance(value, Mapping):
        items = dict(value)
    elif isinstance(value, list):
        items = {k: k for k in value}
    else:
        raise CatalogError(f"{where}: expected an object or a list")
    for k, v in items.items():
        if not isinstance(k, str) or not isinstance(v, str) or not k:
            raise CatalogError(f"{where}: names must be non-empty strings")
    return items


def _limits(value: Any, where: str) -> dict[str, FieldLimit]:
    if not isinstance(value, Mapping):
        raise CatalogError(f"{where}: expected an object")
    out: dict[str, FieldLimit] = {}
    for name, spec in value.items():
        if not isinstance(spec, Mapping):
            raise CatalogError(f"{where}.{name}: expected an object")
        mx, mn = spec.get("max"), spec.get("min", 0)
        if mx is not None and (not isinstance(mx, int) or mx < 1):
            raise CatalogError(f"{where}.{name}: max must be a positive integer")
        if not isinstance(mn, int) or mn < 0 or (mx is not None and mn > mx):
            raise CatalogError(f"{where}.{name}: bad min")
        out[name] = FieldLimit(max=mx, min=mn)
    return out


def _combined(value: Any, where: str) -> tuple[CombinedLimit, ...]:
    if not isinstance(value, list):
        raise CatalogError(f"{where}: expected a list")
    out = []
    for i, spec in enumerate(value):
        fields = _req(spec, "fields", f"{where}[{i}]")
        mx = _req(spec, "max", f"{where}[{i}]")
        if not isinstance(fields, list) or len(fields) < 2 or not isinstance(mx, int):
            raise CatalogError(f"{where}[{i}]: needs two or more fields and an integer max")
        out.append(CombinedLimit(tuple(fields), mx))
    return tuple(out)


def _pattern(value: Any, where: str) -> re.Pattern[str]:
    try:
        return re.compile(value)
    except (re.error, TypeError) as exc:
        raise CatalogError(f"{where}: bad pattern: {exc}") from None


def _place(value: Any, where: str) -> PlaceSpec:
    return PlaceSpec(
        keyword=str(_req(value, "keyword", where)),
        number_pattern=_pattern(_req(value, "number_pattern", where), where),
        customer_number_pattern=_pattern(_req(value, "customer_number_pattern", where), where),
    )


def _carrier(
    code: str,
    raw: Mapping[str, Any],
    services_known: Mapping[str, Any],
    defaults: Mapping[str, FieldLimit],
    default_required: tuple[str, ...],
) -> CarrierSpec:
    where = f"carriers.{code}"
    service_names = _names(_req(raw, "services", where), f"{where}.services")
    services = tuple(service_names)
    ptype_names = _names(_req(raw, "package_types", where), f"{where}.package_types")
    for p in ptype_names:
        if p not in PACKAGE_TYPES:
            raise CatalogError(f"{where}.package_types: unknown package type {p!r}")
    extras = tuple(_names(raw.get("additional_services", []), f"{where}.additional_services"))
    for a in extras:
        if a not in services_known:
            raise CatalogError(f"{where}.additional_services: {a!r} is not defined")

    raw_formats = _req(raw, "label_formats", where)
    if not isinstance(raw_formats, Mapping):
        raise CatalogError(f"{where}.label_formats: expected an object")
    for key, names in raw_formats.items():
        if key != ALL_SERVICES and key not in services:
            raise CatalogError(f"{where}.label_formats: {key!r} is not a service of {code}")
        if not isinstance(names, list) or not names:
            raise CatalogError(f"{where}.label_formats.{key}: expected a non-empty list")
        for n in names:
            if n not in LABEL_FORMATS:
                raise CatalogError(f"{where}.label_formats.{key}: unknown label format {n!r}")
    shared = tuple(raw_formats.get(ALL_SERVICES, ()))
    label_formats = {s: tuple(raw_formats.get(s, shared)) for s in services}
    for s, f in label_formats.items():
        if not f:
            raise CatalogError(f"{where}.label_formats: service {s!r} has no format")

    raw_limits = raw.get("field_limits", {})
    shipments = dict(defaults)
    shipments.update(_limits(raw_limits.get("shipments", {}), f"{where}.field_limits.shipments"))
    pickups = _limits(raw_limits.get("pickup_requests", {}), f"{where}.field_limits.pickups")
    combined = _combined(raw_limits.get("combined", []), f"{where}.field_limits.combined")
    pickup_combined = _combined(
        raw_limits.get("pickup_combined", []), f"{where}.field_limits.pickup_combined"
    )

    package_limits: dict[str, PackageLimit] = {}
    raw_pl = _req(raw, "package_limits", where)
    for ptype in ptype_names:
        spec = _req(raw_pl, ptype, f"{where}.package_limits")
        mw, md = spec.get("max_weight"), spec.get("max_dimension")
        if not all(isinstance(v, int | float) and v > 0 for v in (mw, md)):
            raise CatalogError(f"{where}.package_limits.{ptype}: bounds must be positive")
        package_limits[ptype] = PackageLimit(float(mw), float(md))

    flags = _req(raw, "flags", where)
    for name in FLAG_NAMES:
        if not isinstance(flags.get(name), bool):
            raise CatalogError(f"{where}.flags.{name}: expected true or false")
    if flags["returns"] != ("returns" in services):
        raise CatalogError(f"{where}: flag returns disagrees with the service list")
    required = tuple(raw.get("required_address_fields", default_required))
    required_package = _required_package_fields(
        raw.get("required_package_fields", {}), services, f"{where}.required_package_fields"
    )

    return CarrierSpec(
        code=code,
        display_name=str(_req(raw, "display_name", where)),
        services=services,
        service_names=_ro(service_names),
        package_types=tuple(ptype_names),
        package_type_names=_ro(ptype_names),
        additional_services=extras,
        label_formats=_ro(label_formats),
        field_limits=_ro(shipments),
        combined_limits=combined,
        pickup_field_limits=_ro(pickups),
        pickup_combined_limits=pickup_combined,
        required_address_fields=required,
        package_limits=_ro(package_limits),
        **{name: flags[name] for name in FLAG_NAMES},
        required_package_fields=_ro(required_package),
        tracking=_tracking(raw.get("tracking"), services, f"{where}.tracking"),
    )


def _tracking(value: Any, services: tuple[str, ...], where: str) -> TrackingSpec | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise CatalogError(f"{where}: expected an object")
    fmt = _req(value, "format", where)
    if fmt not in TRACKING_FORMATS:
        raise CatalogError(f"{where}: unknown format {fmt!r}; known: {', '.join(TRACKING_FORMATS)}")
    for name in TRACKING_FORMATS[fmt]:
        _req(value, name, where)
    url = value.get("url")
    if url is not None and (not isinstance(url, str) or "{}" not in url):
        raise CatalogError(f"{where}.url: a text with {{}} where the number goes")
    texts = {k: value.get(k, "") for k in ("prefix", "country", "service_indicator")}
    if not all(isinstance(v, str) for v in texts.values()):
        raise CatalogError(f"{where}: prefix, country and service_indicator must be texts")
    indicators = _names(value.get("service_indicators", {}), f"{where}.service_indicators")
    for service in indicators:
        if service not in services:
            raise CatalogError(f"{where}.service_indicators: {service!r} is not a service")
    depots = value.get("depots", [])
    if not isinstance(depots, list) or not all(isinstance(d, str) and d for d in depots):
        raise CatalogError(f"{where}.depots: expected a list of texts")
    if "depots" in TRACKING_FORMATS[fmt] and not depots:
        raise CatalogError(f"{where}.depots: name at least one depot")
    length = value.get("length", 0)
    shortest = len(texts["prefix"]) + max((len(d) for d in depots), default=0) + 1
    if not isinstance(length, int) or ("length" in TRACKING_FORMATS[fmt] and length < shortest):
        raise CatalogError(f"{where}.length: a whole number longer than the prefix")
    return TrackingSpec(
        format=fmt,
        url=url,
        length=length,
        depots=tuple(depots),
        service_indicators=_ro(indicators),
        **texts,
    )


def _required_package_fields(
    value: Any, services: tuple[str, ...], where: str
) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, Mapping):
        raise CatalogError(f"{where}: expected an object")
    out: dict[str, tuple[str, ...]] = {}
    for service, names in value.items():
        if service not in services:
            raise CatalogError(f"{where}: {service!r} is not a service of this carrier")
        if not isinstance(names, list) or not set(names) <= set(REQUIRABLE_PACKAGE_FIELDS):
            raise CatalogError(
                f"{where}.{service}: a list of {', '.join(REQUIRABLE_PACKAGE_FIELDS)}"
            )
        out[service] = tuple(names)
    return out


def parse_catalog(data: Mapping[str, Any]) -> Catalog:
    """Build and check a Catalog from the JSON structure; CatalogError on bad data."""
    if not isinstance(data, Mapping):
        raise CatalogError("catalog: expected an object")
    defaults_raw = data.get("default_field_limits", {})
    defaults = _limits(defaults_raw.get("shipments", {}), "default_field_limits.shipments")
    default_required = tuple(data.get("default_required_address_fields", ()))
    raw_services = _req(data, "additional_services", "catalog")
    raw_carriers = _req(data, "carriers", "catalog")
    carriers = {
        code: _carrier(code, raw, raw_services, defaults, default_required)
        for code, raw in raw_carriers.items()
    }

    services: dict[str, AdditionalServiceSpec] = {}
    for name, raw in raw_services.items():
        where = f"additional_services.{name}"
        offering = tuple(c for c in carriers.values() if name in c.additional_services)
        allowed = raw.get("services")
        if allowed is not None:
            if "returns" in allowed:
                raise CatalogError(f"{where}: returns cannot have additional services")
            for s in allowed:
                if not any(s in c.services for c in offering):
                    raise CatalogError(f"{where}: no offering carrier has service {s!r}")
        channels = {k: tuple(v) for k, v in raw.get("channels", {}).items()}
        for channel, codes in channels.items():
            for c in codes:
                if c not in carriers or name not in carriers[c].additional_services:
                    raise CatalogError(f"{where}.channels.{channel}: {c!r} does not offer it")
        carrier_names = _names(raw.get("carrier_names", {}), f"{where}.carrier_names")
        for c in carrier_names:
            if c not in carriers or name not in carriers[c].additional_services:
                raise CatalogError(f"{where}.carrier_names: {c!r} does not offer it")
        services[name] = AdditionalServiceSpec(
            name=name,
            display_name=str(raw.get("display_name", name)),
            carriers=tuple(c.code for c in offering),
            services=tuple(allowed) if allowed is not None else None,
            own_contract=bool(raw.get("own_contract", False)),
            channels=_ro(channels),
            max_lengths=_ro(raw.get("max_lengths", {})),
            note=str(raw.get("note", "")),
            carrier_names=_ro(carrier_names),
        )

    partner_raw = _req(data, "partner", "catalog")
    max_packages = data.get("max_packages", 20)
    if not isinstance(max_packages, int) or max_packages < 1:
        raise CatalogError("catalog.max_packages: expected a positive integer")
    return Catalog(
        carriers=_ro(carriers),
        additional_services=_ro(services),
        locker_station=_place(_req(data, "locker_station", "catalog"), "locker_station"),
        post_branch=_place(_req(data, "post_branch", "catalog"), "post_branch"),
        partner=PartnerSpec(
            prefix=str(_req(partner_raw, "prefix", "partner")),
            id_pattern=_pattern(_req(partner_raw, "id_pattern", "partner"), "partner.id_pattern"),
        ),
        max_packages=max_packages,
        default_field_limits=_ro(defaults),
        default_required_address_fields=default_required,
        units=_ro(data.get("units", {})),
    )


def read_catalog(path: Path) -> Catalog:
    """Read and check a catalog file."""
    with path.open(encoding="utf-8") as fh:
        return parse_catalog(json.load(fh))


@cache
def load_catalog() -> Catalog:
    """The bundled catalog (`resources/carriers.json`), read once per process."""
    return read_catalog(resource_path("carriers.json"))


def tracking_page(tracking: TrackingSpec | None, carrier: str, number: str) -> str:
    """The public tracking page of `number` by `carrier`'s `tracking` data (a neutral address
    for a carrier without one)."""
    if tracking is None or tracking.url is None:
        return f"https://track.packdesk.invalid/{carrier}/{number}"
    return tracking.url.format(number)
