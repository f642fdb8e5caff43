"""The Scan page's weight without a scale (issue 35): a typed weight, else the product
catalogue's item weights x quantities + the box, else the order's own (file or shop) + the
box, said where it came from; no weight at all asks for one (never the default weight: the
packer is there to weigh or type it). Against the real local service and virtual printer."""

from __future__ import annotations

import pytest

from desktop_app.profiles.catalogue import Catalogue, Product
from tests.station.conftest import MUG, TEA, Desk, order_body


def _catalogue(desk: Desk) -> Catalogue:
    catalogue = desk.store.catalogue
    assert catalogue is not None
    return catalogue


def _box(desk: Desk, kg: float | None, default_weight: float | None = None) -> None:
    prefs = desk.station.profile.preferences
    package = {**(prefs.default_package or {}), "weight": default_weight}
    desk.station.profile = desk.station.profile.model_copy(
        update={"preferences": prefs.model_copy(
            update={"packaging_weight": kg,
                    "default_package": {k: v for k, v in package.items() if v is not None}})}
    )  # fmt: skip


async def test_catalogue_times_quantity_plus_box_before_the_orders_own(desk: Desk) -> None:
    _box(desk, 0.2)
    catalogue = _catalogue(desk)
    catalogue.put(Product(sku=f"SKU-{MUG[-4:]}", name="Tasse", weight_kg=0.45))
    catalogue.put(Product(sku=f"SKU-{TEA[-4:]}", name="Tee", weight_kg=0.1))
    # the order says 0.4 kg a line; the catalogue knows better
    await desk.add_orders(order_body("SW-1", items=[(MUG, 2), (TEA, 3)]))
    desk.station.pack_check = True  # stops at packing: the weight is shown before it ships
    packing = await desk.station.scan("SW-1")
    assert packing.kind == "packing"
    assert desk.station.weight_source() == (pytest.approx(2 * 0.45 + 3 * 0.1 + 0.2), "catalogue")
    shipped = await desk.station.ship(override="packed without scanning (test)")
    assert shipped.kind == "shipped", shipped
    assert shipped.weight_kg == pytest.approx(1.4)
    assert shipped.shipment is not None
    assert shipped.shipment.data["packages"][0]["weight"] == pytest.approx(1.4)


async def test_orders_own_weight_plus_box_and_its_source(desk: Desk) -> None:
    _box(desk, 0.25)
    await desk.add_orders(order_body("SW-2", items=[(MUG, 2)], weight=None),
                          order_body("SW-3", items=[(TEA, 1)], weight=0.3))  # fmt: skip
    desk.station.pack_check = True
    packing = await desk.station.scan("SW-3")
    assert packing.kind == "packing"
    assert desk.station.weight_source() == (pytest.approx(0.55), "file")

    # no weight anywhere: asked for, even with a default weight in the profile
    _box(desk, 0.25, default_weight=1.0)
    desk.station.pack_check = False
    waiting = await desk.station.scan("SW-2")
    assert waiting.kind == "packing" and waiting.weight_kg is None
    assert desk.station.weight_source() == (None, None)
    assert (await desk.station.ship()).code == "no_weight"
    desk.station.set_weight(2.0)
    assert desk.station.weight_source() == (2.0, "typed")
    typed = await desk.station.ship()
    assert typed.kind == "shipped" and typed.weight_kg == 2.0
