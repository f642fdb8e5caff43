"""Customs: shipment documents (uploaded invoices, generated customs papers), trackers and the
account's invoice address, three new tables.

Revision ID: 0003_customs_documents_trackers
Revises: 0002_audit_log
Create Date: 2026-11-26 15:11:23.118404
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_customs_documents_trackers"
down_revision = "0002_audit_log"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables with their indexes."""
    op.create_table(
        "invoice_addresses",
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_invoice_addresses_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", name=op.f("pk_invoice_addresses")),
    )
    op.create_table(
        "trackers",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("environment", sa.String(length=16), nullable=False),
        sa.Column("carrier", sa.String(length=32), nullable=False),
        sa.Column("carrier_tracking_no", sa.String(length=64), nullable=False),
        sa.Column("body", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name=op.f("fk_trackers_account_id_accounts"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trackers")),
    )
    with op.batch_alter_table("trackers", schema=None) as batch_op:
        batch_op.create_index(
            "ix_trackers_owner_created", ["account_id", "environment", "created_at"], unique=False
        )

    op.create_table(
        "shipment_documents",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("shipment_id", sa.String(length=40), nullable=False),
        sa.Column("account_id", sa.String(length=36), nullable=False),
        sa.Column("document_type", sa.String(length=32), nullable=False),
        sa.Column("document_format", sa.String(length=8), nullable=False),
        sa.Column("token", sa.String(length=64), nullable=False),
        sa.Column("data", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["shipment_id"],
            ["shipments.id"],
            name=op.f("fk_shipment_documents_shipment_id_shipments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shipment_documents")),
        sa.UniqueConstraint("token", name=op.f("uq_shipment_documents_token")),
    )
    with op.batch_alter_table("shipment_documents", schema=None) as batch_op:
        batch_op.create_index(
            "ix_shipment_documents_shipment", ["shipment_id", "created_at"], unique=False
        )


def downgrade() -> None:
    """Drop the three tables (their rows with them)."""
    with op.batch_alter_table("shipment_documents", schema=None) as batch_op:
        batch_op.drop_index("ix_shipment_documents_shipment")

    op.drop_table("shipment_documents")
    with op.batch_alter_table("trackers", schema=None) as batch_op:
        batch_op.drop_index("ix_trackers_owner_created")

    op.drop_table("trackers")
    op.drop_table("invoice_addresses")
