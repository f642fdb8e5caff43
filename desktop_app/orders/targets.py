"""The column mapping's targets - the wire fields of a shipment draft a column can fill, plus
`to.name` (a full name) and the file's own facts (order date, weights and their unit) - and
the German and English header names that mean each (`guess_mapping` reads them)."""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "ALIAS_INDEX",
    "FILE_TARGETS",
    "NUMBER_TARGETS",
    "TARGETS",
    "WEIGHT_TARGETS",
    "normalize_header",
]

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
ALIAS_INDEX = {alias: target for target, aliases in _ALIASES.items() for alias in aliases}


def normalize_header(name: str) -> str:
    """A header name folded for comparison: "Gewicht (kg)" -> "gewicht", "Straße" -> "strasse"."""
    text = name.casefold().replace("ß", "ss")
    for umlaut, plain in (("ä", "ae"), ("ö", "oe"), ("ü", "ue")):
        text = text.replace(umlaut, plain)
    text = unicodedata.normalize("NFKD", text)
    text = re.sub(r"\(.*?\)|\[.*?\]", "", text)  # "Gewicht (kg)" -> "gewicht"
    return "".join(ch for ch in text if ch.isalnum())
