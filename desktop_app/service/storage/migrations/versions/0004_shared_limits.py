"""Two servers, one PostgreSQL: rate-limit windows and Idempotency-Key records in the database.

Revision ID: 0004_shared_limits
Revises: 0003_customs_documents_trackers
Create Date: 2026-11-28 15:40:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_shared_limits"
down_revision = "0003_customs_documents_trackers"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the two tables."""
    op.create_table(
        "rate_windows",
        sa.Column("bucket", sa.String(length=80), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("hits", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("bucket", name=op.f("pk_rate_windows")),
    )
    op.create_table(
        "idempotent_requests",
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("environment", sa.String(length=16), nullable=False),
        sa.Column("idempotency_key", sa.String(length=255), nullable=False),
        sa.Column("request_hash", sa.String(length=64), nullable=False),
        sa.Column("location", sa.String(length=255), nullable=True),
        sa.Column("status", sa.Integer(), nullable=True),
        sa.Column("content_type", sa.String(length=128), nullable=True),
        sa.Column("body", sa.LargeBinary(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint(
            "account_id", "environment", "idempotency_key", name=op.f("pk_idempotent_requests")
        ),
    )
    with op.batch_alter_table("idempotent_requests", schema=None) as batch_op:
        batch_op.create_index("ix_idempotent_requests_created", ["created_at"], unique=False)


def downgrade() -> None:
    """Drop the two tables."""
    with op.batch_alter_table("idempotent_requests", schema=None) as batch_op:
        batch_op.drop_index("ix_idempotent_requests_created")
    op.drop_table("idempotent_requests")
    op.drop_table("rate_windows")
