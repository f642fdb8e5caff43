"""Alembic's revisions of the service's database schema (see desktop_app/service/schema.py)."""
