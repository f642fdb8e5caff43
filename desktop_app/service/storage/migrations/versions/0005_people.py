"""People at the warehouse: people, their sessions at stations, station events, and who made
each shipment, label, manifest, pickup and audit entry.

Revision ID: 0005_people
Revises: 0004_shared_limits
Create Date: 2026-11-28 18:40:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_people"
down_revision = "0004_shared_limits"
branch_labels = None
depends_on = None

#: tables whose new rows record the person and the station that made them
MADE_BY_TABLES = ("shipments", "label_files", "manifests", "pickup_requests", "audit_log")


def upgrade() -> None:
    """Create the three tables and add the two nullable columns."""
    op.create_table(
        "people",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("role", sa.String(length=16), nullable=False),
        sa.Column("code_salt", sa.String(length=64), nullable=False),
        sa.Column("code_hash", sa.String(length=128), nullable=False),
        sa.Column("disabled", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_people_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_people")),
    )
    with op.batch_alter_table("people", schema=None) as batch_op:
        batch_op.create_index("ix_people_account_name", ["account_id", "name"], unique=True)
    op.create_table(
        "person_sessions",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("person_id", sa.String(length=36), nullable=False),
        sa.Column("key_id", sa.String(length=36), nullable=False),
        sa.Column("station", sa.String(length=100), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["person_id"],
            ["people.id"],
            name=op.f("fk_person_sessions_person_id_people"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["key_id"],
            ["api_keys.id"],
            name=op.f("fk_person_sessions_key_id_api_keys"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_person_sessions")),
    )
    with op.batch_alter_table("person_sessions", schema=None) as batch_op:
        batch_op.create_index(
            "ix_person_sessions_person", ["person_id", "started_at"], unique=False
        )
    op.create_table(
        "station_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("environment", sa.String(length=16), nullable=False),
        sa.Column("person", sa.String(length=100), nullable=True),
        sa.Column("station", sa.String(length=100), nullable=True),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("order_ref", sa.String(length=255), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_station_events")),
    )
    with op.batch_alter_table("station_events", schema=None) as batch_op:
        batch_op.create_index("ix_station_events_account_at", ["account_id", "at"], unique=False)
    for table in MADE_BY_TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column("made_by_person", sa.String(length=100), nullable=True))
            batch_op.add_column(sa.Column("made_by_station", sa.String(length=100), nullable=True))


def downgrade() -> None:
    """Drop the columns and the three tables."""
    for table in MADE_BY_TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column("made_by_station")
            batch_op.drop_column("made_by_person")
    with op.batch_alter_table("station_events", schema=None) as batch_op:
        batch_op.drop_index("ix_station_events_account_at")
    op.drop_table("station_events")
    with op.batch_alter_table("person_sessions", schema=None) as batch_op:
        batch_op.drop_index("ix_person_sessions_person")
    op.drop_table("person_sessions")
    with op.batch_alter_table("people", schema=None) as batch_op:
        batch_op.drop_index("ix_people_account_name")
    op.drop_table("people")
