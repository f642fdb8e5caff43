"""Audit log: who (account, station key) did what to which object, and when.

Revision ID: 0002_audit_log
Revises: 0001_baseline
Create Date: 2026-11-26 14:53:01.961610
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_audit_log"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the audit_log table."""
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("account_id", sa.String(length=36), nullable=True),
        sa.Column("environment", sa.String(length=16), nullable=True),
        sa.Column("actor", sa.String(length=100), nullable=False),
        sa.Column("key_prefix", sa.String(length=16), nullable=True),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("object_id", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index("ix_audit_log_account_at", ["account_id", "at"], unique=False)
        batch_op.create_index("ix_audit_log_at", ["at"], unique=False)


def downgrade() -> None:
    """Drop the audit_log table (its entries with it)."""
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index("ix_audit_log_at")
        batch_op.drop_index("ix_audit_log_account_at")

    op.drop_table("audit_log")
