"""Storage details that need no running service: the schema also fits PostgreSQL."""

from __future__ import annotations

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.schema import CreateIndex, CreateTable

from desktop_app.service.storage import table_registry
from desktop_app.service.storage.db import Base


def test_every_table_compiles_for_postgresql_and_sqlite() -> None:
    table_registry.load_all()
    names = set(Base.metadata.tables)
    assert {"accounts", "api_keys", "addresses", "shipments", "label_files"} <= names
    for dialect in (postgresql.dialect(), sqlite.dialect()):
        for table in Base.metadata.sorted_tables:
            ddl = str(CreateTable(table).compile(dialect=dialect))
            assert table.name in ddl
            for index in table.indexes:
                assert index.name in str(CreateIndex(index).compile(dialect=dialect))


def test_shipments_are_indexed_for_the_list_filters() -> None:
    table_registry.load_all()
    indexed = {
        tuple(column.name for column in index.columns)
        for index in Base.metadata.tables["shipments"].indexes
    }
    assert ("account_id", "environment", "created_at") in indexed
    assert ("account_id", "environment", "reference_number") in indexed
