"""`packdesk batch` and the weights (issue 35), as a subprocess against the real service and
the virtual printer: each platform's order export on a profile without a catalogue or a
default weight names every order "No weight" in words (no carrier, no field path); with the
platform's product export (`--products`) every order weighs itself and prints; `--weight`
gives the orders without one a weight and they print."""

from __future__ import annotations

import pytest

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.models import SAMPLE_PARCEL, Preferences
from tests.batch_runs.test_cli_end_to_end import run_cli
from tests.orders.helpers import SHOPWARE_IDS, Station
from tests.orders.test_weights import PLATFORMS, PRODUCT_EXPORTS

NO_WEIGHT = "No weight: weigh it, type it, or give the product a weight."


def weightless(station: Station, printer: VirtualPrinter) -> None:
    """The station as a fresh profile is for weights: no catalogue, no default weight, no
    default carrier (the shipping presets choose by weight), the carton of the sandbox."""
    station.add_printer(
        PrinterDefinition(name="Zebra", kind="zpl", transport=printer.uri, dpi=203, stock="4x6in")
    )
    station.profile = station.manager.update(
        station.profile.model_copy(
            update={"preferences": Preferences(default_package=dict(SAMPLE_PARCEL))}
        )
    )


def shop_ids(name: str) -> list[str]:
    """Shopware's orders name the countries by id: said once (`--shop-id`)."""
    if not name.startswith("shopware"):
        return []
    return [f"--shop-id=country:{shop_id}={code}"
            for shop_id, code in SHOPWARE_IDS["country"].items()]  # fmt: skip


@pytest.mark.parametrize("name", sorted(PRODUCT_EXPORTS))
async def test_no_weight_in_words_then_the_product_export_weighs_and_prints(
    station: Station, vprinter: VirtualPrinter, name: str
) -> None:
    weightless(station, vprinter)
    orders = str(PLATFORMS / name)
    code, out, err = await run_cli(station, orders, "--dry-run", *shop_ids(name))
    assert code == 1, out + err
    invalid = [line.strip() for line in out.splitlines() if " invalid: " in line]
    assert len(invalid) == 4, out
    for line in invalid:
        assert line.endswith(f"invalid: {NO_WEIGHT}"), line  # the cause alone, in words
    assert "carrier" not in out.casefold() and "net_weight" not in out
    assert "4 order(s) have no weight" in err

    products = str(PLATFORMS / PRODUCT_EXPORTS[name])
    code, out, err = await run_cli(
        station, orders, "--products", products, "--printer", "Zebra", *shop_ids(name)
    )
    assert code == 0, out + err
    assert "4 rows: 4 created, 0 failed, 0 invalid" in out
    assert "4 labels printed on Zebra" in out
    assert "weight: product catalogue (4)" in err


async def test_one_weight_for_the_orders_without_one_prints(
    station: Station, vprinter: VirtualPrinter
) -> None:
    weightless(station, vprinter)
    code, out, err = await run_cli(
        station, str(PLATFORMS / "amazon_unshipped_orders.txt"), "--weight", "1,5",
        "--printer", "Zebra",
    )  # fmt: skip
    assert code == 0, out + err
    assert "--weight 1.5 kg for 4 order(s) without a weight" in err
    assert "4 labels printed on Zebra" in out
    code, out, err = await run_cli(station, str(PLATFORMS / "amazon_unshipped_orders.txt"),
                                   "--weight", "schwer", "--dry-run")  # fmt: skip
    assert code == 2 and "'schwer' is no weight in kg" in err
