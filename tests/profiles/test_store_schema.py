"""The profile store's file across versions: main's store opens intact, a newer one is refused."""

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from desktop_app.profiles.store import (
    SCHEMA_VERSION,
    NewerStoreError,
    OrderOrigin,
    ProfileStore,
    StoreError,
)
from desktop_app.sqlite_db import NewerSchemaError

OLD_STORE = Path(__file__).parents[1] / "data" / "old_databases" / "store_v3"


def test_a_store_of_main_before_the_split_opens_with_everything_intact(tmp_path: Path) -> None:
    folder = tmp_path / "profile"
    shutil.copytree(OLD_STORE, folder)
    with ProfileStore(folder, profile_id="p-old", environment="sandbox") as store:
        assert store.schema_version == SCHEMA_VERSION
        assert store.meta() == {"profile_id": "p-old", "environment": "sandbox"}
        (shipment,) = store.shipments.search()
        assert (shipment.id, shipment.reference_number, shipment.recipient) == (
            "shp_old_1",
            "OLD-1",
            "ACME, Erika Muster",
        )
        assert shipment.label_path is not None
        assert shipment.label_path.read_bytes() == b"%PDF-1.4 old label"
        assert store.shipments.search("muster") == [shipment]
        statuses = [(e.reference_number, e.status) for e in store.journal.entries()]
        assert statuses == [("OLD-1", "done"), ("OLD-2", "failed")]
        (order,) = store.orders.find("4006381333931")
        assert (order.number, order.shipment_id) == ("A-100", "shp_old_1")
        assert store.drafts.load("shipment") == {"reference": "DRAFT-1"}
        assert store.check() == []
        store.drafts.save("shipment", {"reference": "NEW-1"})
        assert store.drafts.load("shipment") == {"reference": "NEW-1"}


def test_a_store_of_a_newer_packdesk_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    ProfileStore(tmp_path).close()
    with closing(sqlite3.connect(tmp_path / "store.sqlite3")) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    with pytest.raises(NewerStoreError) as refused:
        ProfileStore(tmp_path)
    assert isinstance(refused.value, StoreError) and isinstance(refused.value, NewerSchemaError)
    assert str(refused.value) == (
        f"{tmp_path / 'store.sqlite3'} was written by a newer Packdesk (schema "
        f"{SCHEMA_VERSION + 5}, this version knows up to {SCHEMA_VERSION}); "
        "update Packdesk to open it"
    )


def test_an_upgraded_store_keeps_its_shipments_without_an_order_and_names_new_ones(
    tmp_path: Path,
) -> None:
    """Shipments made before shipments named their order have none: no shop order's
    write-back takes them; a shipment completed after the upgrade names its order."""
    folder = tmp_path / "profile"
    shutil.copytree(OLD_STORE, folder)
    with ProfileStore(folder, profile_id="p-old", environment="sandbox") as store:
        (old,) = store.shipments.search()
        assert old.order is None
        assert all(entry.order is None for entry in store.journal.entries())
        assert store.shipments.find_for_shop_order("Woo", "OLD-1") == []
        made_for = OrderOrigin(number="OLD-1", shop="Woo", shop_order_id="4711")
        attempt = store.journal.add_pending({"reference_number": "OLD-1"}, "OLD-1", made_for)
        assert store.journal.get(attempt).order == made_for
        new = store.journal.complete(attempt, {"id": "shp_new_1", "carrier": "dhl",
                                       "reference_number": "OLD-1"}, None)  # fmt: skip
        assert new.order == made_for
        assert [s.id for s in store.shipments.find_for_shop_order("woo", "4711")] == ["shp_new_1"]
        assert [s.id for s in store.shipments.find_by_reference("OLD-1")] == [
            "shp_new_1",
            "shp_old_1",
        ]
        assert store.check() == []
