"""Alembic's environment: the service hands it an open connection (schema.py, tools/).

Batch mode lets SQLite, which cannot alter most of a table in place, take the same revisions
as PostgreSQL (Alembic copies such a table into a new one).
"""

from alembic import context

from desktop_app.service import table_registry
from desktop_app.service.db import Base

table_registry.load_all()
context.configure(
    connection=context.config.attributes["connection"],
    target_metadata=Base.metadata,
    render_as_batch=True,
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
