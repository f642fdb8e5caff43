"""Simulated carriers: latency, failure injection, tracking numbers, prices, partner directory.

The local service creates shipments "at the carrier" through `CarrierSimulator.create`,
which behaves like a remote carrier system: it takes time (cancellable), may fail with a
carrier error (HTTP 502) or not answer in time (HTTP 504), and hands back tracking numbers
in the carrier's own format. Failures can be triggered on purpose: a `to.company` or
`reference_number` containing `CARRIER-ERROR` or `CARRIER-TIMEOUT`.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from desktop_app.domain.catalog import TrackingSpec, load_catalog, tracking_page
from desktop_app.resources import resource_path

ERROR_TRIGGER = "CARRIER-ERROR"
TIMEOUT_TRIGGER = "CARRIER-TIMEOUT"

__all__ = [
    "ERROR_TRIGGER",
    "TIMEOUT_TRIGGER",
    "TRACKING_NUMBER_MAKERS",
    "CarrierConfig",
    "CarrierError",
    "CarrierFailure",
    "CarrierResult",
    "CarrierSimulator",
    "CarrierTimeout",
    "NumberRequest",
    "SimulatedCarrier",
    "load_partners",
    "lookup_partner",
    "new_tracking_number",
    "parse_partner_care_of",
    "price",
    "tracking_url",
]


# ---------------------------------------------------------------------------- errors


class CarrierFailure(Exception):
    """The carrier did not create the shipment; `message` is the API error text."""

    status_code = 502

    def __init__(self, carrier: str, detail: str) -> None:
        self.carrier = carrier
        self.detail = detail
        super().__init__(self.message)

    @property
    def message(self) -> str:
        """The text for the `errors` list of the HTTP response."""
        return f"The carrier {self.carrier} returned the following error: {self.detail}"


class CarrierError(CarrierFailure):
    """The carrier answered with an error (HTTP 502)."""

    status_code = 502


class CarrierTimeout(CarrierFailure):
    """The carrier did not answer in time (HTTP 504)."""

    status_code = 504

    def __init__(self, carrier: str, timeout_seconds: float) -> None:
        self.timeout_seconds = timeout_seconds
        super().__init__(carrier, f"no answer within {timeout_seconds:g} seconds")

    @property
    def message(self) -> str:
        """The text for the `errors` list of the HTTP response."""
        return f"The carrier {self.carrier} could not be reached: {self.detail}"


# Plausible error texts of each carrier's system, for random failure injection.
_CARRIER_ERRORS: dict[str, tuple[str, ...]] = {
    "dhl": (
        "Hard validation error occured. The address could not be validated.",
        "Service temporarily unavailable (ident code pool exhausted).",
    ),
    "dpd": (
        "Errorcode: COMMON_7 - Internal server error in the shipment service.",
        "Errorcode: CLOUD_ADDRESS_ZIP_CODE_INVALID - Zip code not valid for the country.",
    ),
    "dpag": ("Internal error of the portokasse: voucher could not be issued.",),
    "ups": (
        "120802: Address Validation Error on ShipTo address.",
        "190001: The system is unavailable. Please try again later.",
    ),
    "hermes": ("Shipment order rejected: parcel shop routing unavailable.",),
}


# ---------------------------------------------------------------------------- tracking numbers


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice("0123456789") for _ in range(n))


def gs1_check_digit(digits: str) -> str:
    """GS1 mod-10 check digit (weights 3,1 from the right), as in SSCC numbers."""
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(digits)))
    return str((10 - total % 10) % 10)


def s10_check_digit(serial: str) -> str:
    """UPU S10 check digit of an 8-digit serial (postal item numbers like RR123456785DE)."""
    total = sum(int(d) * w for d, w in zip(serial, (8, 6, 4, 2, 3, 5, 9, 7), strict=True))
    check = 11 - total % 11
    return "5" if check == 11 else "0" if check == 10 else str(check)


def ups_check_digit(body: str) -> str:
    """Check digit of a UPS 1Z number over the 15 characters after '1Z'."""
    total = 0
    for i, ch in enumerate(body):
        value = int(ch) if ch.isdigit() else (ord(ch) - 63) % 10
        total += value * (2 if i % 2 == 1 else 1)
    return str((10 - total % 10) % 10)


_UPS_SHIPPER_ALPHABET = "0123456789ABCDEFGHJKLMNPRSTUVWXY"


@dataclass(frozen=True, slots=True)
class NumberRequest:
    """What a number maker draws on: the service, the random source, the shipper account."""

    service: str
    rng: random.Random
    shipper: str = ""  # the 1Z shipper account; empty: a random one

    def digits(self, n: int) -> str:
        """`n` random digits."""
        return _digits(self.rng, n)


TrackingNumberMaker = Callable[[TrackingSpec, NumberRequest], str]


def _gs1_sscc(spec: TrackingSpec, request: NumberRequest) -> str:
    # The "00" application identifier, then the 18-digit SSCC: prefix, serial, check digit.
    body = spec.prefix + request.digits(17 - len(spec.prefix))
    return "00" + body + gs1_check_digit(body)


def _depot_parcel(spec: TrackingSpec, request: NumberRequest) -> str:
    depot = request.rng.choice(spec.depots)
    return depot + request.digits(spec.length - len(depot))


def _upu_s10(spec: TrackingSpec, request: NumberRequest) -> str:
    serial = request.digits(8)
    return f"{spec.indicator(request.service)}{serial}{s10_check_digit(serial)}{spec.country}"


def _ups_1z(spec: TrackingSpec, request: NumberRequest) -> str:
    account = request.shipper or "".join(
        request.rng.choice(_UPS_SHIPPER_ALPHABET) for _ in range(6)
    )
    body = account + spec.indicator(request.service) + request.digits(7)
    return "1Z" + body + ups_check_digit(body)


def _prefixed_digits(spec: TrackingSpec, request: NumberRequest) -> str:
    return spec.prefix + request.digits(spec.length - len(spec.prefix))


#: one maker per format of `domain.catalog.TRACKING_FORMATS`; a carrier names its format
TRACKING_NUMBER_MAKERS: Mapping[str, TrackingNumberMaker] = {
    "gs1_sscc": _gs1_sscc,
    "depot_parcel": _depot_parcel,
    "upu_s10": _upu_s10,
    "ups_1z": _ups_1z,
    "digits": _prefixed_digits,
}
# A carrier without tracking data: a neutral 16-digit number and no real tracking page.
_NEUTRAL_TRACKING = TrackingSpec(format="digits", length=16)


def _tracking_spec(carrier: str) -> TrackingSpec:
    spec = load_catalog().carriers.get(carrier)
    return spec.tracking if spec is not None and spec.tracking is not None else _NEUTRAL_TRACKING


def new_tracking_number(
    carrier: str, service: str = "standard", rng: random.Random | None = None, shipper: str = ""
) -> str:
    """A fresh tracking number in `carrier`'s format (random; uniqueness is the caller's)."""
    spec = _tracking_spec(carrier)
    request = NumberRequest(service, rng or random.SystemRandom(), shipper)
    return TRACKING_NUMBER_MAKERS[spec.format](spec, request)


def tracking_url(carrier: str, number: str) -> str:
    """The carrier's public tracking page of `number`."""
    return tracking_page(_tracking_spec(carrier), carrier, number)


# ---------------------------------------------------------------------------- prices


@lru_cache(maxsize=1)
def _price_table() -> dict[str, Any]:
    with resource_path("prices.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def _package_price(bands: Sequence[Sequence[float]], over_per_kg: float, weight: float) -> float:
    """Price of one package from [max_weight, price] bands, rising per kg beyond the last."""
    for max_weight, amount in bands:
        if weight <= max_weight:
            return float(amount)
    last_max, last_price = bands[-1]
    return float(last_price) + over_per_kg * (weight - float(last_max))


def price(
    carrier: str,
    service: str,
    packages: Iterable[Mapping[str, Any]],
    production: bool,
    additional_services: Iterable[Mapping[str, Any]] = (),
) -> float:
    """Price in EUR without VAT from `resources/prices.json`; 0.0 in the sandbox."""
    if not production:
        return 0.0
    table = _price_table()
    carriers: Mapping[str, Any] = table["carriers"]
    if carrier not in carriers:
        raise KeyError(f"no prices for carrier {carrier!r}")
    entry = carriers[carrier]
    services: Mapping[str, Any] = entry["services"]
    svc = services.get(service) or services["standard"]
    total = 0.0
    for package in packages:
        weight = float(package.get("weight") or 0.0)
        amount = _package_price(svc["bands"], float(svc.get("over_per_kg", 0.0)), weight)
        surcharges: Mapping[str, float] = entry.get("package_type_surcharges", {})
        amount += float(surcharges.get(str(package.get("type") or "parcel"), 0.0))
        if isinstance(package.get("declared_value"), Mapping):
            amount += float(entry.get("declared_value_surcharge", 0.0))
        total += amount
    addons: Mapping[str, float] = entry.get("additional_service_surcharges", {})
    for svc_item in additional_services:
        total += float(addons.get(str(svc_item.get("name")), 0.0))
    return round(total, 2)


# ---------------------------------------------------------------------------- partners


@lru_cache(maxsize=1)
def load_partners() -> dict[str, dict[str, str]]:
    """The partner directory: partner id -> the user's selected delivery address."""
    with resource_path("partners.json").open(encoding="utf-8") as fh:
        data = json.load(fh)
    partners: dict[str, dict[str, str]] = {}
    for pid, addr in data["partners"].items():
        partners[pid] = {"partner_id": pid, **{k: str(v) for k, v in addr.items()}}
    return partners


def lookup_partner(partner_id: str) -> dict[str, str] | None:
    """The delivery address of a partner user (a fresh dict), or None when unknown."""
    found = load_partners().get(partner_id.strip().upper())
    return dict(found) if found else None


def parse_partner_care_of(care_of: str | None) -> str | None:
    """The partner id in a `care_of` of the form `PAK 1A2B3C4`, else None."""
    if not care_of:
        return None
    spec = load_catalog().partner
    prefix, sep, pid = care_of.strip().partition(" ")
    if not sep or prefix != spec.prefix:
        return None
    pid = pid.strip()
    return pid if spec.id_pattern.fullmatch(pid) else None


# ---------------------------------------------------------------------------- simulator


@dataclass(frozen=True, slots=True)
class CarrierConfig:
    """Behaviour of a simulated carrier system."""

    latency_ms: float = 0.0
    failure_rate: float = 0.0
    timeout_seconds: float = 60.0
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class CarrierResult:
    """What the carrier returns for a created shipment (one tracking number per package)."""

    carrier: str
    tracking_numbers: tuple[str, ...]
    tracking_urls: tuple[str, ...]
    price: float

    @property
    def carrier_tracking_no(self) -> str:
        """The shipment's tracking number (that of its first package)."""
        return self.tracking_numbers[0]

    @property
    def tracking_url(self) -> str:
        """Public tracking page of the shipment."""
        return self.tracking_urls[0]


def _contains(value: Any, needle: str) -> bool:
    return isinstance(value, str) and needle in value.upper()


def _packages(shipment: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    packages = shipment.get("packages")
    if isinstance(packages, list) and packages:
        return [p if isinstance(p, Mapping) else {} for p in packages]
    package = shipment.get("package")
    return [package if isinstance(package, Mapping) else {}]


@dataclass
class SimulatedCarrier:
    """One carrier's simulated system: latency, failures, tracking numbers."""

    code: str
    config: CarrierConfig = field(default_factory=CarrierConfig)
    is_taken: Callable[[str], bool] | None = None
    _rng: random.Random = field(init=False, repr=False)
    _issued: set[str] = field(init=False, repr=False, default_factory=set)
    _shipper: str = field(init=False, repr=False, default="")

    def __post_init__(self) -> None:
        # Seeded: reproducible failure injection; unseeded: numbers from the OS's entropy.
        self._rng = (
            random.Random(f"{self.config.seed}:{self.code}")
            if self.config.seed is not None
            else random.Random(secrets.randbits(128))
        )
        self._shipper = "".join(self._rng.choice(_UPS_SHIPPER_ALPHABET) for _ in range(6))

    def tracking_number(self, service: str = "standard") -> str:
        """A tracking number never issued before by this simulator (nor taken, if checked)."""
        while True:
            number = new_tracking_number(self.code, service, self._rng, self._shipper)
            if number in self._issued or (self.is_taken is not None and self.is_taken(number)):
                continue
            self._issued.add(number)
            return number

    async def create(self, shipment: Mapping[str, Any], *, production: bool) -> CarrierResult:
        """Create `shipment` at the carrier: waits the latency, then answers or fails."""
        await self.respond(shipment)
        return self.answer(shipment, production=production)

    async def respond(self, shipment: Mapping[str, Any]) -> None:
        """The carrier's time to answer: waits the latency, then raises if it fails."""
        cfg = self.config
        latency = max(0.0, cfg.latency_ms / 1000)
        raw_to = shipment.get("to")
        to: Mapping[str, Any] = raw_to if isinstance(raw_to, Mapping) else {}
        fields = (to.get("company"), shipment.get("reference_number"))
        if latency > cfg.timeout_seconds:
            await asyncio.sleep(cfg.timeout_seconds)
            raise CarrierTimeout(self.code, cfg.timeout_seconds)
        if latency > 0:
            await asyncio.sleep(latency)
        else:
            await asyncio.sleep(0)  # still a real await point, as a network call would be
        if any(_contains(v, TIMEOUT_TRIGGER) for v in fields):
            raise CarrierTimeout(self.code, cfg.timeout_seconds)
        if any(_contains(v, ERROR_TRIGGER) for v in fields):
            raise CarrierError(self.code, f"{ERROR_TRIGGER}: shipment rejected as requested.")
        if cfg.failure_rate > 0 and self._rng.random() < cfg.failure_rate:
            messages = _CARRIER_ERRORS.get(self.code, ("Internal error of the carrier system.",))
            raise CarrierError(self.code, self._rng.choice(messages))

    def answer(self, shipment: Mapping[str, Any], *, production: bool) -> CarrierResult:
        """What the carrier answers once it accepted `shipment`: fresh tracking numbers, price.

        Separate from `respond` so that the service can make the label from these numbers
        while the simulated carrier takes its time (a real carrier's time includes its label).
        """
        service = str(shipment.get("service") or "standard")
        packages = _packages(shipment)
        numbers = tuple(self.tracking_number(service) for _ in packages)
        addons = [a for a in shipment.get("additional_services") or [] if isinstance(a, Mapping)]
        return CarrierResult(
            carrier=self.code,
            tracking_numbers=numbers,
            tracking_urls=tuple(tracking_url(self.code, n) for n in numbers),
            price=price(self.code, service, packages, production, addons),
        )


class CarrierSimulator:
    """The simulated carrier systems of the local service, one adapter per carrier."""

    def __init__(
        self,
        config: CarrierConfig | None = None,
        *,
        overrides: Mapping[str, CarrierConfig] | None = None,
        is_taken: Callable[[str], bool] | None = None,
    ) -> None:
        self.config = config or CarrierConfig()
        self._overrides = dict(overrides or {})
        self._is_taken = is_taken
        self._adapters: dict[str, SimulatedCarrier] = {}

    @classmethod
    def from_settings(cls, settings: Any) -> CarrierSimulator:
        """Built from the service settings (`carrier_latency_ms`, `..._failure_rate`, ...)."""
        seed = getattr(settings, "extra", {}).get("carrier_seed")
        return cls(
            CarrierConfig(
                latency_ms=float(getattr(settings, "carrier_latency_ms", 0.0)),
                failure_rate=float(getattr(settings, "carrier_failure_rate", 0.0)),
                timeout_seconds=float(getattr(settings, "carrier_timeout_seconds", 60.0)),
                seed=int(seed) if seed is not None else None,
            )
        )

    def adapter(self, carrier: str) -> SimulatedCarrier:
        """The simulated system of `carrier` (created on first use)."""
        found = self._adapters.get(carrier)
        if found is None:
            cfg = self._overrides.get(carrier, self.config)
            found = self._adapters[carrier] = SimulatedCarrier(carrier, cfg, self._is_taken)
        return found

    async def create(self, shipment: Mapping[str, Any], *, production: bool) -> CarrierResult:
        """Create `shipment` at its carrier (see `SimulatedCarrier.create`)."""
        return await self.adapter(str(shipment.get("carrier") or "")).create(
            shipment, production=production
        )
