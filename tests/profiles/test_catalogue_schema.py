"""The product catalogue's file across versions: a file from before it was versioned opens
intact and is migrated by the desk's SQLite helper; a newer one is refused."""

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from desktop_app.paths import CATALOGUE_DB_NAME
from desktop_app.profiles.catalogue import SCHEMA_VERSION, Catalogue, Product
from desktop_app.profiles.store import ProfileStore
from desktop_app.sqlite_db import NewerSchemaError

OLD_CATALOGUE = Path(__file__).parents[1] / "data" / "old_databases" / "catalogue_v0"


def test_an_unversioned_catalogue_of_the_previous_version_opens_intact(tmp_path: Path) -> None:
    shutil.copytree(OLD_CATALOGUE, tmp_path / "profile")
    catalogue = Catalogue.of_profile(tmp_path / "profile")
    assert catalogue.path.name == CATALOGUE_DB_NAME
    assert catalogue.schema_version == SCHEMA_VERSION
    product = catalogue.lookup("tshirt-m")
    assert product == Product(
        sku="TSHIRT-M",
        name="T-shirt M",
        gtin="4006381333931",
        weight_kg=0.25,
        length_cm=30,
        width_cm=20,
        height_cm=3,
        hs_code="610910",
        origin_country="PT",
        value=19.9,
        currency="EUR",
    )
    assert catalogue.by_gtin("04006381333931") == product
    assert catalogue.shop_ids("country") == {"0b3f": "DE"}
    # written on as before, in the desk's WAL mode
    catalogue.put(Product(sku="MUG", name="Mug", weight_kg=0.4))
    assert [p.sku for p in catalogue] == ["MUG", "TSHIRT-M"]
    with closing(sqlite3.connect(catalogue.path)) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_catalogue_of_a_newer_packdesk_is_refused(tmp_path: Path) -> None:
    path = Catalogue.of_profile(tmp_path).path
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(NewerSchemaError, match="written by a newer Packdesk"):
        Catalogue(path)


def test_the_store_composes_the_profiles_catalogue(tmp_path: Path) -> None:
    shutil.copytree(OLD_CATALOGUE, tmp_path / "profile")
    with ProfileStore(tmp_path / "profile") as store:
        assert store.catalogue.path == store.profile_dir / CATALOGUE_DB_NAME
        assert store.catalogue is store.catalogue  # one per store
        product = store.catalogue.lookup("TSHIRT-M")
        assert product is not None and product.hs_code == "610910"


def test_a_reader_of_a_profile_without_a_catalogue_makes_no_file(tmp_path: Path) -> None:
    with ProfileStore(tmp_path / "profile") as store:
        assert store.catalogue_if_made() is None
        assert not (store.profile_dir / CATALOGUE_DB_NAME).exists()
        store.catalogue.put(Product(sku="MUG", name="Mug", weight_kg=0.4))
        assert store.catalogue_if_made() is store.catalogue
    with ProfileStore(tmp_path / "profile") as reopened:
        found = reopened.catalogue_if_made()
        assert found is not None and found.lookup("mug") is not None


def test_only_the_store_opens_a_profiles_catalogue() -> None:
    """Every reader goes through `store.catalogue`: one catalogue per open store."""
    package = Path(__file__).parents[2] / "desktop_app"
    opening = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if "Catalogue.of_profile(" in path.read_text(encoding="utf-8")
    )
    assert opening == ["profiles/store/profile_store.py"]
