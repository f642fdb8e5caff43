"""Alembic's environment: the service hands it an open connection (schema.py, tools/).

Batch mode lets SQLite, which cannot alter most of a table in place, take the same revisions
as PostgreSQL (Alembic copies such a table into a new one).
"""

from typing import Any, Literal

from alembic import context
from sqlalchemy.types import TypeDecorator

from desktop_app.service.storage import table_registry
from desktop_app.service.storage.db import Base


def _render_item(type_: str, obj: Any, _autogen_context: Any) -> str | Literal[False]:
    """Revisions name a column type by what the database holds (UTCDateTime: DateTime), so
    that they never import the models, which change after them."""
    if type_ == "type" and isinstance(obj, TypeDecorator):
        return f"sa.{obj.impl!r}"
    return False


table_registry.load_all()
context.configure(
    connection=context.config.attributes["connection"],
    target_metadata=Base.metadata,
    render_as_batch=True,
    compare_type=True,
    render_item=_render_item,
)
with context.begin_transaction():
    context.run_migrations()
