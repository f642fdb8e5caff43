"""Column mapping: which column (or constant) fills which wire field of a shipment draft.

A mapping is `{target path: FieldSource}`. Targets are wire paths (`to.last_name`,
`package.weight`, `metadata.partner.order_number` ...) plus two conveniences: `to.name`
(a full name, split into first and last name) and a `to.street` holding the house number
too when no column is mapped to `to.street_no` ("Hauptstr. 5a" -> street + number).

Mappings are remembered per file layout (the fingerprint of the header names) in
`config_dir()/batch_mappings.json`; a mapping file (`--mapping FILE`) is JSON of
`{"to.last_name": "Nachname", "carrier": {"value": "dhl"}}` (a string names a column,
`{"value": ...}` or a string starting with `=` is a constant).
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

from desktop_app.domain.presets import ShippingPreset, apply_preset, facts_of_draft
from desktop_app.domain.weights import OrderWeight, WeightChoice, WeightSource, decide_weight

__all__ = [
    "NUMBER_TARGETS",
    "TARGETS",
    "Defaults",
    "FieldSource",
    "MappingBook",
    "MappingError",
    "build_draft",
    "guess_mapping",
    "load_mapping_file",
    "mapping_from_json",
    "mapping_to_json",
    "parse_number",
]

MAPPINGS_FILE = "batch_mappings.json"

#: target path -> what the GUI shows in the mapping step
TARGETS: dict[str, str] = {
    "to.name": "Receiver full name (split into first and last name)",
    "to.first_name": "Receiver first name",
    "to.last_name": "Receiver last name",
    "to.company": "Receiver company",
    "to.care_of": "Receiver care of / address line 2",
    "to.street": "Receiver street (with the number if no number column)",
    "to.street_no": "Receiver house number",
    "to.zip_code": "Receiver postcode",
    "to.city": "Receiver city",
    "to.state": "Receiver state",
    "to.country": "Receiver country (code or name)",
    "to.email": "Receiver e-mail",
    "to.phone": "Receiver phone",
    "from.company": "Sender company",
    "from.first_name": "Sender first name",
    "from.last_name": "Sender last name",
    "from.street": "Sender street (with the number if no number column)",
    "from.street_no": "Sender house number",
    "from.zip_code": "Sender postcode",
    "from.city": "Sender city",
    "from.country": "Sender country (code or name)",
    "from.phone": "Sender phone",
    "item.weight": "Weight of one item (x its quantity; kg unless a unit is given)",
    "package.weight": "Total weight of the line or order (kg unless a unit is given)",
    "package.weight_unit": "Weight unit (g, kg, lb, oz)",
    "package.length": "Length (cm)",
    "package.width": "Width (cm)",
    "package.height": "Height (cm)",
    "package.type": "Package type",
    "package.description": "Contents",
    "carrier": "Carrier code",
    "service": "Service",
    "reference_number": "Order / reference number",
    "description": "Shipment description",
    "notification_email": "Notification e-mail",
    "metadata.partner.order_number": "Parcel-point partner's order number",
    "metadata.partner.shop_name": "Shop name",
    "metadata.partner.order_date": "Parcel-point partner's order date (YYYY-MM-DD)",
    "order_date": "Order date",
}
NUMBER_TARGETS = frozenset({"package.weight", "package.length", "package.width", "package.height"})
#: targets that describe the file rather than fill a wire field of the shipment
FILE_TARGETS = frozenset({"order_date", "package.weight_unit", "item.weight", "package.weight"})
#: the weight targets: the order's weight is decided from them (domain/weights.py)
WEIGHT_TARGETS = ("item.weight", "package.weight")
#: headers that say a weight column holds the line's or the order's total, not one item's
TOTAL_WEIGHT_HEADERS = frozenset({
    "gesamtgewicht", "totalweight", "gesamtgewichtkg", "totalweightkg", "linetotalweight",
    "lineweight", "zeilengewicht", "positionsgewicht", "bestellgewicht", "orderweight",
    "ordertotalweight", "sendungsgewicht", "paketgewicht", "shipmentweight", "parcelweight",
    "packageweight", "shippingweight", "versandgewicht",
})  # fmt: skip
#: headers of an item's own weight, whatever the file's other columns
ITEM_WEIGHT_HEADERS = frozenset({"artikelgewicht", "itemweight", "unitweight", "stueckgewicht",
                                 "einzelgewicht", "productweight", "produktgewicht"})  # fmt: skip
#: headers of a quantity column: beside one, a plain weight column is one item's weight
QUANTITY_HEADERS = frozenset({"menge", "anzahl", "stueck", "stueckzahl", "quantity", "qty",
                              "count", "lineitemquantity", "itemquantity", "quantitytoship",
                              "quantitypurchased"})  # fmt: skip
#: kilograms per unit of a weight column
WEIGHT_UNITS: dict[str, float] = {"kg": 1.0, "g": 0.001, "lb": 0.45359237, "oz": 0.028349523125}
_UNIT_WORDS = {
    "kg": "kg", "kilogramm": "kg", "kilogram": "kg", "kilograms": "kg", "kilo": "kg",
    "g": "g", "gr": "g", "gramm": "g", "gram": "g", "grams": "g", "gramms": "g",
    "lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb", "oz": "oz", "ounces": "oz",
}  # fmt: skip

# normalised header name -> target; `name` is decided by whether a first-name column exists
_ALIASES: dict[str, tuple[str, ...]] = {
    "to.first_name": ("vorname", "firstname", "first", "givenname", "forename", "rufname"),
    "to.last_name": ("nachname", "lastname", "surname", "familyname", "familienname", "zuname"),
    "to.name": (
        "fullname",
        "empfaenger",
        "empfaengername",
        "recipient",
        "recipientname",
        "receiver",
        "kunde",
        "kundenname",
        "customer",
        "customername",
        "shiptoname",
    ),
    "to.company": (
        "firma",
        "company",
        "unternehmen",
        "companyname",
        "organisation",
        "organization",
    ),
    "to.care_of": ("co", "careof", "zhd", "adresszusatz", "addressline2", "address2", "zusatz"),
    "to.street": (
        "strasse",
        "str",
        "street",
        "streetname",
        "adresse",
        "address",
        "address1",
        "addressline1",
        "streetaddress",
        "anschrift",
    ),
    "to.street_no": (
        "hausnummer",
        "hausnr",
        "nr",
        "housenumber",
        "houseno",
        "streetno",
        "streetnumber",
        "number",
    ),
    "to.zip_code": ("plz", "postleitzahl", "zip", "zipcode", "postcode", "postalcode", "postal"),
    "to.city": ("ort", "stadt", "city", "town", "wohnort"),
    "to.state": ("bundesland", "state", "region", "province", "kanton"),
    "to.country": ("land", "country", "countrycode", "laendercode", "landiso", "iso"),
    "to.email": ("email", "mail", "emailadresse", "emailaddress"),
    "to.phone": ("telefon", "tel", "phone", "telephone", "phonenumber", "mobil", "handy", "mobile"),
    "package.weight": (
        "gewicht",
        "weight",
        "gewichtkg",
        "weightkg",
        "kg",
        "gewichting",
        "gewichtg",
        "weightg",
        "weightgrams",
        "weightlb",
        "weightlbs",
        "weightoz",
        *sorted(TOTAL_WEIGHT_HEADERS),
        *sorted(ITEM_WEIGHT_HEADERS),
    ),  # fmt: skip
    "package.length": ("laenge", "length", "laengecm", "lengthcm"),
    "package.width": ("breite", "width", "breitecm", "widthcm"),
    "package.height": ("hoehe", "height", "hoehecm", "heightcm"),
    "package.type": ("pakettyp", "packagetype", "verpackung"),
    "package.description": ("inhalt", "contents", "warenbeschreibung", "content"),
    "carrier": ("carrier", "versanddienstleister", "paketdienst", "dienstleister", "kep"),
    "service": ("service", "versandart", "produkt", "dienst", "shippingmethod"),
    # a shop's order number is the shipment's reference (what the carrier prints and the
    # station scans); the parcel-point partner's order number only when named so
    "reference_number": (
        "referenz",
        "reference",
        "referencenumber",
        "ref",
        "referenznummer",
        "order",
        "ordernumber",
        "orderno",
        "orderid",
        "ordernr",
        "bestellnummer",
        "bestellnr",
        "bestellung",
        "auftragsnummer",
        "auftrag",
        "auftragsnr",
    ),
    "description": ("beschreibung", "description", "bemerkung", "notes"),
    "notification_email": ("benachrichtigung", "notificationemail", "notifyemail"),
    "metadata.partner.order_number": ("partnerordernumber", "parcelpointordernumber"),
    "metadata.partner.shop_name": ("shop", "shopname", "store"),
    "metadata.partner.order_date": ("partnerorderdate",),
    # an order date is the order's, never the parcel-point partner's (which wants YYYY-MM-DD)
    "order_date": ("orderdate", "bestelldatum", "auftragsdatum", "kaufdatum", "datum", "date"),
}
#: the sender's columns: a receiver alias with a sender word before or after it
#: ("Absender PLZ", "sender_city", "Ort Absender")
_SENDER_WORDS = ("absender", "sender", "versender", "from", "shipper")
for _target in [t for t in TARGETS if t.startswith("from.")]:
    _base = _ALIASES.get("to." + _target.removeprefix("from."), ())
    _ALIASES[_target] = tuple(
        alias for word in _SENDER_WORDS for b in _base for alias in (word + b, b + word)
    )
_ALIAS_INDEX = {alias: target for target, aliases in _ALIASES.items() for alias in aliases}

#: names a country goes by in files besides its German and English CLDR names
_COUNTRY_ALIASES = {
    "uk": "GB", "england": "GB", "great britain": "GB", "grossbritannien": "GB",
    "großbritannien": "GB", "usa": "US", "u.s.a.": "US", "united states of america": "US",
    "vereinigte staaten": "US", "holland": "NL", "czech republic": "CZ",
    "tschechische republik": "CZ",
}  # fmt: skip
_STREET_WITH_NUMBER = re.compile(
    r"^(?P<street>.*?\D)\s*,?\s+(?P<no>\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+\s?[a-zA-Z]?)?)$"
)
#: "12 rue de la Paix", "221B Baker Street": the number first (French, British, American)
_NUMBER_THEN_STREET = re.compile(
    r"^(?P<no>\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+[a-zA-Z]?)?)\s*,?\s+(?P<street>\D.*)$"
)
#: words that make a receiver's name a company's
_COMPANY_WORDS = re.compile(
    r"(?:^|\s)(?:gmbh|mbh|ag|kg|ohg|gbr|ug|e\.\s?k\.|e\.\s?v\.|se|ltd\.?|limited|llc|inc\.?|"
    r"corp\.?|plc|s\.a\.?|sarl|s\.a\.r\.l\.|sas|b\.v\.|bv|n\.v\.|s\.r\.l\.|srl|s\.l\.|"
    r"oy|ab|a/s|aps|gmbh\s?&\s?co\.?\s?kg|&\s?co\.?)(?=\s|$|,)",
    re.IGNORECASE,
)


class MappingError(ValueError):
    """A mapping names an unknown target or a column the file does not have."""


@dataclass(frozen=True)
class FieldSource:
    """A column of the file, or a constant for every row."""

    column: str | None = None
    value: str | None = None

    def __post_init__(self) -> None:
        if (self.column is None) == (self.value is None):
            raise MappingError("a field comes from a column or a constant, not both or neither")

    def read(self, row: Mapping[str, str]) -> str:
        """The text for `row` (empty when the column is empty or missing)."""
        if self.column is not None:
            return row.get(self.column, "").strip()
        return str(self.value).strip()


ColumnMapping = dict[str, FieldSource]


def _normalize(name: str) -> str:
    text = name.casefold().replace("ß", "ss")
    for umlaut, plain in (("ä", "ae"), ("ö", "oe"), ("ü", "ue")):
        text = text.replace(umlaut, plain)
    text = unicodedata.normalize("NFKD", text)
    text = re.sub(r"\(.*?\)|\[.*?\]", "", text)  # "Gewicht (kg)" -> "gewicht"
    return "".join(ch for ch in text if ch.isalnum())


def guess_mapping(headers: Iterable[str]) -> ColumnMapping:
    """A first mapping from common German and English header names; the user corrects it."""
    headers = list(headers)
    mapping: ColumnMapping = {}
    normalized = {h: _normalize(h) for h in headers}
    for header, key in normalized.items():
        target = _ALIAS_INDEX.get(key)
        if target is None:
            # "Gewicht in kg", "PLZ Empfänger": try the first word too
            first = _normalize(header.split()[0]) if header.split() else ""
            target = _ALIAS_INDEX.get(first)
        if target is not None and target not in mapping:
            mapping[target] = FieldSource(column=header)
    # a bare "Name" is the last name next to a first-name column, else the full name
    for header, key in normalized.items():
        if key == "name":
            target = "to.last_name" if "to.first_name" in mapping else "to.name"
            if target not in mapping and "to.name" not in mapping:
                mapping[target] = FieldSource(column=header)
            break
    if "to.name" in mapping and {"to.first_name", "to.last_name"} <= set(mapping):
        del mapping["to.name"]
    weight = mapping.pop("package.weight", None)
    if weight is not None and weight.column is not None:
        mapping[weight_target(weight.column, headers)] = weight
        unit = weight_unit_of_header(weight.column)
        if unit is not None and unit != "kg":
            mapping["package.weight_unit"] = FieldSource(value=unit)
    return mapping


def weight_target(header: str, headers: Iterable[str]) -> str:
    """What a weight column holds: one item's weight (`item.weight`: beside a quantity
    column, or named so) or a total (`package.weight`: the line's or the order's, when the
    header says so - `Gesamtgewicht`, `Total weight` - or when there is no quantity)."""
    key = _normalize(header)
    first = _normalize(header.split()[0]) if header.split() else key
    if key in ITEM_WEIGHT_HEADERS or first in ITEM_WEIGHT_HEADERS:
        return "item.weight"
    if key in TOTAL_WEIGHT_HEADERS or first in TOTAL_WEIGHT_HEADERS:
        return "package.weight"
    if any(_normalize(h) in QUANTITY_HEADERS for h in headers):
        return "item.weight"
    return "package.weight"


def mapping_to_json(mapping: Mapping[str, FieldSource]) -> dict[str, Any]:
    """The JSON form: a column name, or `{"value": constant}`."""
    return {
        target: source.column if source.column is not None else {"value": source.value}
        for target, source in mapping.items()
    }


def mapping_from_json(data: Any, headers: Iterable[str] | None = None) -> ColumnMapping:
    """Parse the JSON form; with `headers`, columns must exist (MappingError says which not)."""
    if not isinstance(data, dict):
        raise MappingError("a mapping is a JSON object of target field -> column or constant")
    known = list(headers) if headers is not None else None
    by_fold = {h.casefold(): h for h in known} if known is not None else {}
    mapping: ColumnMapping = {}
    for target, spec in data.items():
        if target not in TARGETS:
            raise MappingError(f"unknown target field {target!r}; known: {', '.join(TARGETS)}")
        if isinstance(spec, dict) and set(spec) == {"value"}:
            mapping[target] = FieldSource(value=str(spec["value"]))
        elif isinstance(spec, dict) and set(spec) == {"column"}:
            spec = str(spec["column"])
            mapping[target] = FieldSource(column=spec)
        elif isinstance(spec, str) and spec.startswith("="):
            mapping[target] = FieldSource(value=spec[1:])
        elif isinstance(spec, str):
            mapping[target] = FieldSource(column=spec)
        elif spec is None:
            continue
        else:
            raise MappingError(f'{target}: use a column name or {{"value": ...}}, not {spec!r}')
        column = mapping[target].column
        if known is not None and column is not None:
            actual = by_fold.get(column.casefold())
            if actual is None:
                raise MappingError(
                    f"{target}: the file has no column {column!r} (columns: {', '.join(known)})"
                )
            mapping[target] = FieldSource(column=actual)
    return mapping


def load_mapping_file(path: Path, headers: Iterable[str]) -> ColumnMapping:
    """A `--mapping FILE` (JSON), checked against the file's columns."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise MappingError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise MappingError(f"{path} is not valid JSON: {exc}") from None
    if isinstance(data, dict) and isinstance(data.get("mapping"), dict):
        data = data["mapping"]  # also accept an entry copied from batch_mappings.json
    return mapping_from_json(data, headers)


class MappingBook:
    """Remembered mappings per file layout, in `config_dir()/batch_mappings.json`."""

    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            from desktop_app.paths import config_dir

            path = config_dir() / MAPPINGS_FILE
        self.path = Path(path)

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"version": 1, "layouts": {}}
        if not isinstance(data, dict) or not isinstance(data.get("layouts"), dict):
            return {"version": 1, "layouts": {}}
        return data

    def get(self, layout: str, headers: Iterable[str] | None = None) -> ColumnMapping | None:
        """The mapping remembered for this layout, or None (also when it no longer fits)."""
        entry = self._read()["layouts"].get(layout)
        if not isinstance(entry, dict):
            return None
        try:
            mapping = mapping_from_json(entry.get("mapping"), headers)
        except MappingError:
            return None
        weight = mapping.get("package.weight")
        if entry.get("weights") != 2 and weight is not None and weight.column is not None:
            # remembered before a weight column beside a quantity was one item's: read anew
            target = weight_target(weight.column, entry.get("headers") or headers or ())
            mapping[target] = mapping.pop("package.weight")
        return mapping

    def put(self, layout: str, headers: Iterable[str], mapping: Mapping[str, FieldSource]) -> None:
        """Remember `mapping` for this layout (atomic write: a crash never truncates the file)."""
        data = self._read()
        data["layouts"][layout] = {
            "headers": list(headers),
            "mapping": mapping_to_json(mapping),
            "weights": 2,  # package.weight is a total, item.weight one item's
            "updated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".batch-mappings-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        os.replace(tmp, self.path)


@dataclass(frozen=True)
class Defaults:
    """What every row gets unless its columns say otherwise (from the profile and the CLI)."""

    sender: dict[str, Any] | None = None
    carrier: str | None = None
    service: str | None = None
    package: dict[str, Any] | None = None
    label_format: str | None = None
    """A label format forced for every row (`--label-format`); else the printer's choice."""
    presets: tuple[ShippingPreset, ...] = ()
    """The profile's shipping presets: the first that fits a row fills what it leaves out."""
    sender_origin: str = "default sender"
    """Where `sender` comes from: "default sender" or "sample sender" (a fresh sandbox)."""
    packaging_kg: float | None = None
    """The box's own weight (the profile's), added to a weight made of the items."""


def parse_number(text: str) -> float | str:
    """`1,5` / `1.5` / `1.234,5` / `1,234.5` -> float; anything else is returned unchanged."""
    raw = text.strip().replace(" ", "").replace("\u00a0", "")
    value = raw
    if "," in value and "." in value:
        # the separator that comes last is the decimal one
        if value.rfind(",") > value.rfind("."):
            value = value.replace(".", "").replace(",", ".")
        else:
            value = value.replace(",", "")
    elif "," in value:
        value = value.replace(",", ".")
    try:
        number = float(value)
    except ValueError:
        return text
    if number != number or number in (float("inf"), float("-inf")):
        return text
    return number


@cache
def _country_names() -> dict[str, str]:
    """German and English country names (CLDR, through babel) -> ISO code."""
    from babel import Locale

    from desktop_app.domain.rules.codes import COUNTRY_CODES

    out: dict[str, str] = {}
    for language in ("de", "en"):
        territories = Locale.parse(language).territories
        for code in COUNTRY_CODES:
            name = territories.get(code)
            if name:
                out.setdefault(str(name).casefold(), code)
                out.setdefault(_normalize(str(name)), code)
    for name, code in _COUNTRY_ALIASES.items():
        out.setdefault(name, code)
        out.setdefault(_normalize(name), code)
    return out


def country_code(text: str) -> str:
    """A country name (German or English) or code as a two-letter code, else unchanged."""
    value = text.strip()
    if len(value) == 2 and value.isalpha():
        return value.upper()
    if len(value) == 3 and value.isalpha() and value.upper() in ("DEU", "AUT", "CHE", "FRA"):
        return {"DEU": "DE", "AUT": "AT", "CHE": "CH", "FRA": "FR"}[value.upper()]
    names = _country_names()
    return names.get(value.casefold()) or names.get(_normalize(value)) or value


def split_street(text: str) -> tuple[str, str | None]:
    """(street, house number) of "Musterstraße 12a", "Calle Mayor, 5", "12 rue de la Paix";
    (text, None) when no number is found."""
    value = text.strip()
    match = _STREET_WITH_NUMBER.match(value)
    if match:
        return match["street"].rstrip(" ,"), match["no"].replace(" ", "")
    match = _NUMBER_THEN_STREET.match(value)
    if match:
        return match["street"].strip(" ,"), match["no"].replace(" ", "")
    return value, None


def is_company_name(text: str) -> bool:
    """True when a name reads as a company's ("Muster GmbH", "Acme Ltd")."""
    return bool(_COMPANY_WORDS.search(text))


def weight_unit_of_header(header: str) -> str | None:
    """The unit a weight column's header names: "Gewicht (g)", "Weight in lbs" -> g, lb."""
    words = re.findall(r"[a-zäöüß]+", header.casefold())
    for word in reversed(words):
        if word in _UNIT_WORDS:
            return _UNIT_WORDS[word]
    key = _normalize(header)
    for suffix, unit in (("gramm", "g"), ("grams", "g"), ("lbs", "lb"), ("kg", "kg")):
        if key.endswith(suffix):
            return unit
    return None


def path_parent(draft: dict[str, Any], path: str) -> tuple[dict[str, Any], str]:
    """The dict holding the last part of a dotted `path` (made on the way) and that key."""
    node = draft
    # interned: every draft of a batch names its fields with the same strings
    parts = [sys.intern(part) for part in path.split(".")]
    for part in parts[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child
    return node, parts[-1]


def _copied(value: Any) -> Any:
    """A copy of JSON-like data: new dicts and lists (each draft edits its own), the same
    strings and numbers (immutable: a copy of each per order only costs memory)."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(item) for item in value]
    return value


def _put(draft: dict[str, Any], path: str, value: Any) -> None:
    node, key = path_parent(draft, path)
    node[key] = value


def _split_name(full: str) -> tuple[str, str]:
    parts = full.split()
    if len(parts) == 1:
        return "", parts[0]
    return " ".join(parts[:-1]), parts[-1]


def weight_in_kg(value: float, unit: str | None) -> float:
    """A weight in `unit` (g, kg, lb, oz; kg when None or unknown) as kilograms."""
    return round(value * WEIGHT_UNITS.get((unit or "kg").casefold(), 1.0), 6)


@dataclass
class DraftOrigins:
    """Where a draft's fields came from besides the file's columns (said before the run)."""

    filled: dict[str, str] = field(default_factory=dict)
    """Field -> where from: "default sender", "preset: Small parcels", "product catalogue"."""
    weight: OrderWeight = field(default_factory=OrderWeight)
    """The order's weight and its source."""


class _FromRow:
    """`build_draft(goods_weight=FROM_ROW)`: the goods' weight is the row's weight column."""


FROM_ROW = _FromRow()


def _unreadable_weight(row: Mapping[str, str], mapping: Mapping[str, FieldSource]) -> str | None:
    """A weight cell of the row that is no number ("viel"), else None."""
    for target in WEIGHT_TARGETS:
        source = mapping.get(target)
        text = source.read(row) if source is not None else ""
        if text and not isinstance(parse_number(text), float):
            return text
    return None


def row_goods_weight(
    row: Mapping[str, str], mapping: Mapping[str, FieldSource]
) -> tuple[float, WeightSource] | None:
    """The weight a row's own columns give (a total, else one item's), in kg."""
    unit_source = mapping.get("package.weight_unit")
    unit = unit_source.read(row) if unit_source is not None else None
    for target in ("package.weight", "item.weight"):
        source = mapping.get(target)
        value = parse_number(source.read(row)) if source is not None else ""
        if isinstance(value, float) and value > 0:
            return weight_in_kg(value, unit), "file"
    return None


def build_draft(
    row: Mapping[str, str],
    mapping: Mapping[str, FieldSource],
    defaults: Defaults,
    *,
    fallback: Mapping[str, Any] | None = None,
    order_facts: Mapping[str, float | None] | None = None,
    origins: DraftOrigins | None = None,
    given_weight: tuple[float, WeightSource] | None = None,
    goods_weight: tuple[float, WeightSource] | None | _FromRow = FROM_ROW,
) -> dict[str, Any]:
    """The wire draft of one row (not sanitised, not validated): defaults, then the columns.

    Empty cells leave their field out, so the rules report what is missing; numbers that do
    not parse stay text, so the rules report them at their path. `fallback` holds values the
    order's items give (the parcel's dimensions from the product catalogue) for fields the
    row leaves empty; `order_facts` the order's value and item count the presets may test.
    The weight is decided by `batch.weights.decide_weight` from `given_weight` (scale or
    typed), `goods_weight` (the items', from the catalogue or the file; by default the row's
    weight column) and the defaults; `origins.weight` says which.
    """
    origins = origins if origins is not None else DraftOrigins()
    draft: dict[str, Any] = {}
    if defaults.carrier:
        draft["carrier"] = defaults.carrier
        origins.filled["carrier"] = "profile"
    if defaults.service:
        draft["service"] = defaults.service
        origins.filled["service"] = "profile"
    if defaults.sender:
        draft["from"] = _copied(defaults.sender)
        origins.filled["from"] = defaults.sender_origin
    package = dict(defaults.package or {})
    default_kg = package.pop("weight", None)
    # the profile's box fills only what a matching preset leaves out (after the preset)
    box = {key: package.pop(key) for key in ("length", "width", "height") if key in package}
    if package:
        draft["package"] = _copied(package)
        origins.filled["package"] = "profile"
    if draft.get("from") and any(
        target.startswith("from.") and source.read(row) for target, source in mapping.items()
    ):
        del draft["from"]  # the row names its own sender: the default sender is not mixed in
        origins.filled.pop("from", None)
    unit_source = mapping.get("package.weight_unit")
    unit = unit_source.read(row) if unit_source is not None else None
    for target, source in mapping.items():
        text = source.read(row)
        if not text or target in FILE_TARGETS:
            continue
        if target == "to.name":
            to = draft.setdefault("to", {})
            company = mapping.get("to.company")
            if is_company_name(text) and not (company is not None and company.read(row)):
                to.setdefault("company", text)
                continue
            first, last = _split_name(text)
            if first and "first_name" not in to:
                to["first_name"] = first
            to.setdefault("last_name", last)
            continue
        value: Any = text
        if target in NUMBER_TARGETS:
            value = parse_number(text)
            if target == "package.weight" and isinstance(value, float):
                value = weight_in_kg(value, unit)
        elif target in ("to.country", "from.country"):
            value = country_code(text)
        elif target in ("carrier", "service", "package.type"):
            value = text.casefold()
        elif target in ("to.street", "from.street") and not _given(mapping, f"{target}_no", row):
            street, number = split_street(text)
            if number is not None:
                _put(draft, f"{target}_no", number)
                value = street
        _put(draft, target, value)
    _street_from_second_line(draft.get("to"))
    # the items' parcel wins over the preset's and the profile's box, a column over all
    for path, value in (fallback or {}).items():
        if not _given(mapping, path, row):
            node, key = path_parent(draft, path)
            node[key] = value
            origins.filled[path] = "product catalogue"
    facts = order_facts or {}
    goods = row_goods_weight(row, mapping) if isinstance(goods_weight, _FromRow) else goods_weight
    choice = decide_weight(
        given=given_weight,
        goods=goods,
        presets=defaults.presets,
        facts=facts_of_draft(draft, value=facts.get("value"), item_count=facts.get("item_count")),
        packaging_kg=defaults.packaging_kg,
        default_kg=default_kg if isinstance(default_kg, int | float) else None,
    )
    unreadable = _unreadable_weight(row, mapping)
    if unreadable is not None and choice.weight.source in (None, "default"):
        # the file's weight is no number: said at its field, never replaced by a default
        node, key = path_parent(draft, "package.weight")
        node[key] = unreadable
        choice = WeightChoice(OrderWeight(), choice.preset)
    origins.weight = choice.weight
    if choice.weight.kg is not None:
        node, key = path_parent(draft, "package.weight")
        node[key] = choice.weight.kg
        origins.filled["package.weight"] = choice.weight.source or ""
    if choice.preset is not None:
        before = json.dumps(draft, sort_keys=True, default=str)
        draft = apply_preset(draft, choice.preset)
        if json.dumps(draft, sort_keys=True, default=str) != before:
            origins.filled["preset"] = choice.preset.name
    if box:
        package_now = draft.setdefault("package", {})
        if isinstance(package_now, dict) and any(package_now.get(k) in (None, "") for k in box):
            for key, value in box.items():
                if package_now.get(key) in (None, ""):
                    package_now[key] = value
            origins.filled.setdefault("package", "profile")
    draft["create_shipping_label"] = True
    return draft


def _street_from_second_line(to: Any) -> None:
    """ "Muster GmbH" / "Industriestr. 5" in the two address lines (as Amazon writes them): the
    street is the line with the number; a company's name in the first line is the company."""
    if not isinstance(to, dict) or to.get("street_no") or not to.get("street"):
        return
    care_of = to.get("care_of")
    if not isinstance(care_of, str) or not care_of:
        return
    street, number = split_street(care_of)
    if number is None:
        return
    first_line = str(to["street"])
    to["street"], to["street_no"] = street, number
    if is_company_name(first_line) and not to.get("company"):
        to["company"] = first_line
        del to["care_of"]
    else:
        to["care_of"] = first_line


def _given(mapping: Mapping[str, FieldSource], target: str, row: Mapping[str, str]) -> bool:
    source = mapping.get(target)
    return source is not None and bool(source.read(row))
