"""Alembic revisions of the service's database schema (see storage/schema.py)."""
