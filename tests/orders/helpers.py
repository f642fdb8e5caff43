"""Helpers of the batch tests: order files, a station (profile + printers), results."""

from __future__ import annotations

import csv
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from desktop_app.client import ShippingClient
from desktop_app.printing.printers import PrinterBook, PrinterDefinition
from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.models import Preferences, Profile
from desktop_app.profiles.secrets import choose_secret_store
from tests.fixtures.service import RunningService

SENDER = {
    "company": "Packdesk Versand GmbH",
    "street": "Lagerstraße",
    "street_no": "7",
    "zip_code": "20095",
    "city": "Hamburg",
    "country": "DE",
}
PACKAGE = {"weight": 1.0, "length": 30, "width": 20, "height": 10}
#: what the Shopware fixture's ids stand for (fixtures/platforms/shopware6_orders.csv.source.txt),
#: as a person says once per shop (or the shop connection answers)
SHOPWARE_IDS = {
    "country": {
        "0191c12dd4b970949e9aeec40433a4ed": "DE",
        "0191c12dd4c8735aa02bd4cbbf4ab05e": "FR",
        "0191c12dd4d27309a83c7bfeb0e9a3f9": "ES",
    },
    "product": {
        "0191c12e4a2b7d1f9b3c5e7a9d0b1c01": "TSHIRT-M",
        "0191c12e4a2b7d1f9b3c5e7a9d0b1c02": "MUG-01",
        "0191c12e4a2b7d1f9b3c5e7a9d0b1c03": "POSTER-A2",
    },
}
HEADERS = ["Bestellnummer", "Vorname", "Nachname", "Straße", "PLZ", "Ort", "Land", "Gewicht"]


def order_rows(
    count: int, *, invalid: frozenset[int] | set[int] = frozenset(), prefix: str = "A"
) -> list[list[str]]:
    """`count` order rows; the 0-based rows in `invalid` miss their postcode (or weight)."""
    rows = []
    for i in range(count):
        zip_code = "" if i in invalid and i % 2 == 0 else f"{10115 + i:05d}"
        weight = "viel" if i in invalid and i % 2 == 1 else f"{1 + i % 5},5"
        rows.append(
            [
                f"{prefix}-{i + 1:04d}",
                "Max",
                f"Mustermann{i + 1}",
                f"Hauptstraße {i + 1}",
                zip_code,
                "Berlin",
                "Deutschland",
                weight,
            ]
        )
    return rows


def write_csv(path: Path, headers: list[str], rows: list[list[str]], delimiter: str = ";") -> Path:
    """Write an order CSV (UTF-8)."""
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter=delimiter)
        writer.writerow(headers)
        writer.writerows(rows)
    return path


@dataclass
class Station:
    """A warehouse station: config and data dirs, a profile on the service, its printer."""

    config_dir: Path
    data_dir: Path
    manager: ProfileManager
    profile: Profile
    service: RunningService
    key: str

    def env(self) -> dict[str, str]:
        """The environment of a `packdesk batch` child running on this station."""
        env = {k: v for k, v in os.environ.items() if k != "PACKDESK_API_KEY"}
        env.update(
            PACKDESK_CONFIG_DIR=str(self.config_dir),
            PACKDESK_DATA_DIR=str(self.data_dir),
            PACKDESK_SECRET_STORE="file",
            PYTHONUNBUFFERED="1",
        )
        return env

    def add_printer(self, printer: PrinterDefinition) -> None:
        """Define a printer in this station's printers.json."""
        PrinterBook(self.config_dir / "printers.json").put(printer)

    def client(self) -> ShippingClient:
        """An async client of the service with this station's key."""
        return ShippingClient(self.service.base_url, self.key, ca_file=str(self.service.ca_file))

    async def references_on_service(self) -> list[str]:
        """Reference numbers of every shipment of this station's account."""
        async with self.client() as client:
            return [s.reference_number or "" async for s in client.shipments.iter_all()]

    def command(self, *args: str, profile: str = "Station") -> list[str]:
        """`python -m desktop_app batch ARGS --profile PROFILE`."""
        return [sys.executable, "-m", "desktop_app", "batch", *args, "--profile", profile]


def make_station(
    tmp_path: Path, service: RunningService, key: str, carrier: str = "ups"
) -> Station:
    """A profile named Station (sandbox, on `service`, key saved in the 0600 file store)."""
    config_dir, data_dir = tmp_path / "config", tmp_path / "data"
    secrets = choose_secret_store(data_dir, prefer="file")
    manager = ProfileManager(config_dir=config_dir, data_dir=data_dir, secrets=secrets)
    profile = Profile(
        name="Station",
        environment="sandbox",
        base_url=service.base_url,
        ca_file=str(service.ca_file),
        default_sender=SENDER,
        preferences=Preferences(default_carrier=carrier, default_package=PACKAGE),
    )
    profile = manager.save(profile, key, verified_environment="sandbox")
    return Station(config_dir, data_dir, manager, profile, service, key)


def read_results(path: Path) -> list[dict[str, str]]:
    """The rows of a results CSV."""
    with path.open(encoding="utf-8-sig", newline="") as fh:
        return list(csv.DictReader(fh))
