"""Stations ask to join: requests with a phrase, approved by an admin, expiring after 15 minutes.

Revision ID: 0006_station_joins
Revises: 0005_people
Create Date: 2026-11-28 18:45:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_station_joins"
down_revision = "0005_people"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of join requests."""
    op.create_table(
        "station_join_requests",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("station", sa.String(length=100), nullable=False),
        sa.Column("phrase", sa.String(length=64), nullable=False),
        sa.Column("secret_hash", sa.String(length=64), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("decided_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("decided_by", sa.String(length=100), nullable=True),
        sa.Column("account_id", sa.String(length=36), nullable=True),
        sa.Column("environment", sa.String(length=16), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_station_join_requests")),
    )
    with op.batch_alter_table("station_join_requests", schema=None) as batch_op:
        batch_op.create_index(
            "ix_station_join_requests_status", ["status", "expires_at"], unique=False
        )
        batch_op.create_index("ix_station_join_requests_created", ["created_at"], unique=False)


def downgrade() -> None:
    """Drop the table of join requests."""
    with op.batch_alter_table("station_join_requests", schema=None) as batch_op:
        batch_op.drop_index("ix_station_join_requests_created")
        batch_op.drop_index("ix_station_join_requests_status")
    op.drop_table("station_join_requests")
