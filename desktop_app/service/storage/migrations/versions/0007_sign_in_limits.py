"""Sign-in failures and join requests counted in the database: one window row per bucket.

Revision ID: 0007_sign_in_limits
Revises: 0006_station_joins
Create Date: 2026-11-28 21:50:00.000000
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_sign_in_limits"
down_revision = "0006_station_joins"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the table of attempt windows."""
    op.create_table(
        "attempt_windows",
        sa.Column("bucket", sa.String(length=160), nullable=False),
        sa.Column("attempts", sa.JSON(), nullable=False),
        sa.Column("last_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lock_noted", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("bucket", name=op.f("pk_attempt_windows")),
    )
    with op.batch_alter_table("attempt_windows", schema=None) as batch_op:
        batch_op.create_index("ix_attempt_windows_last_at", ["last_at"], unique=False)


def downgrade() -> None:
    """Drop the table of attempt windows."""
    with op.batch_alter_table("attempt_windows", schema=None) as batch_op:
        batch_op.drop_index("ix_attempt_windows_last_at")
    op.drop_table("attempt_windows")
