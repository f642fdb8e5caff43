"""Baseline: the schema as `create_all` made it before revisions (main at a658287).

A database made before Alembic holds some or all of these tables and no `alembic_version`:
this revision creates only the missing ones, so such a database and a new one end up alike.
The tables are written out here, not taken from the models, so that later model changes
never change what this revision does.

Revision ID: 0001_baseline
Revises:
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None

# the tables as main at a658287 made them (constraint and index names as its naming convention)
BASELINE = sa.MetaData()

sa.Table(
    "accounts",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("email", sa.String(length=320), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint("id", name="pk_accounts"),
    sa.UniqueConstraint("email", name="uq_accounts_email"),
)
sa.Table(
    "mail_outbox",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("to_address", sa.String(length=320), nullable=False),
    sa.Column("subject", sa.Text(), nullable=False),
    sa.Column("body", sa.Text(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("status", sa.String(length=16), nullable=False),
    sa.Column("error", sa.Text(), nullable=True),
    sa.PrimaryKeyConstraint("id", name="pk_mail_outbox"),
    sa.Index("ix_mail_outbox_created_at", "created_at"),
)
sa.Table(
    "account_settings",
    BASELINE,
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("first_name", sa.String(length=100), nullable=True),
    sa.Column("last_name", sa.String(length=100), nullable=True),
    sa.Column("default_shipping_address", sa.JSON(), nullable=True),
    sa.Column("default_returns_address", sa.JSON(), nullable=True),
    sa.ForeignKeyConstraint(
        ["account_id"],
        ["accounts.id"],
        name="fk_account_settings_account_id_accounts",
        ondelete="CASCADE",
    ),
    sa.PrimaryKeyConstraint("account_id", name="pk_account_settings"),
)
sa.Table(
    "addresses",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("environment", sa.String(length=16), nullable=False),
    sa.Column("body", sa.JSON(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(
        ["account_id"], ["accounts.id"], name="fk_addresses_account_id_accounts", ondelete="CASCADE"
    ),
    sa.PrimaryKeyConstraint("id", name="pk_addresses"),
    sa.Index("ix_addresses_owner", "account_id", "environment", "created_at"),
)
sa.Table(
    "api_keys",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("environment", sa.String(length=16), nullable=False),
    sa.Column("prefix", sa.String(length=16), nullable=False),
    sa.Column("key_hash", sa.String(length=64), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(
        ["account_id"], ["accounts.id"], name="fk_api_keys_account_id_accounts", ondelete="CASCADE"
    ),
    sa.PrimaryKeyConstraint("id", name="pk_api_keys"),
    sa.UniqueConstraint("key_hash", name="uq_api_keys_key_hash"),
    sa.Index("ix_api_keys_account", "account_id", "environment"),
)
sa.Table(
    "manifests",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("environment", sa.String(length=16), nullable=False),
    sa.Column("carrier", sa.String(length=32), nullable=False),
    sa.Column("body", sa.JSON(), nullable=False),
    sa.Column("document_token", sa.String(length=64), nullable=False),
    sa.Column("document", sa.LargeBinary(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(
        ["account_id"], ["accounts.id"], name="fk_manifests_account_id_accounts", ondelete="CASCADE"
    ),
    sa.PrimaryKeyConstraint("id", name="pk_manifests"),
    sa.UniqueConstraint("document_token", name="uq_manifests_document_token"),
    sa.Index("ix_manifests_owner_created", "account_id", "environment", "created_at"),
)
sa.Table(
    "orders",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("environment", sa.String(length=16), nullable=False),
    sa.Column("external_order_id", sa.String(length=255), nullable=True),
    sa.Column("external_customer_id", sa.String(length=255), nullable=True),
    sa.Column("body", sa.JSON(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(
        ["account_id"], ["accounts.id"], name="fk_orders_account_id_accounts", ondelete="CASCADE"
    ),
    sa.PrimaryKeyConstraint("id", name="pk_orders"),
    sa.Index("ix_orders_external", "account_id", "environment", "external_order_id"),
    sa.Index("ix_orders_owner_created", "account_id", "environment", "created_at"),
)
sa.Table(
    "pickup_requests",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("environment", sa.String(length=16), nullable=False),
    sa.Column("carrier", sa.String(length=32), nullable=False),
    sa.Column("carrier_pickup_number", sa.String(length=64), nullable=False),
    sa.Column("pickup_time", sa.JSON(), nullable=False),
    sa.Column("pickup_address", sa.JSON(), nullable=True),
    sa.Column("shipments", sa.JSON(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(
        ["account_id"],
        ["accounts.id"],
        name="fk_pickup_requests_account_id_accounts",
        ondelete="CASCADE",
    ),
    sa.PrimaryKeyConstraint("id", name="pk_pickup_requests"),
    sa.Index("ix_pickups_account_env_created", "account_id", "environment", "created_at"),
)
sa.Table(
    "routing_rules",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("environment", sa.String(length=16), nullable=False),
    sa.Column("position", sa.Integer(), nullable=False),
    sa.Column("body", sa.JSON(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(
        ["account_id"],
        ["accounts.id"],
        name="fk_routing_rules_account_id_accounts",
        ondelete="CASCADE",
    ),
    sa.PrimaryKeyConstraint("id", name="pk_routing_rules"),
    sa.Index("ix_rules_account_env", "account_id", "environment", "position"),
)
sa.Table(
    "shipments",
    BASELINE,
    sa.Column("id", sa.String(length=40), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("environment", sa.String(length=16), nullable=False),
    sa.Column("carrier", sa.String(length=32), nullable=False),
    sa.Column("service", sa.String(length=64), nullable=False),
    sa.Column("reference_number", sa.String(length=255), nullable=True),
    sa.Column("carrier_tracking_no", sa.String(length=64), nullable=True),
    sa.Column("tracking_status", sa.String(length=64), nullable=True),
    sa.Column("shipment_type", sa.String(length=16), nullable=False),
    sa.Column("request", sa.JSON(), nullable=False),
    sa.Column("body", sa.JSON(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("version", sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(
        ["account_id"], ["accounts.id"], name="fk_shipments_account_id_accounts", ondelete="CASCADE"
    ),
    sa.PrimaryKeyConstraint("id", name="pk_shipments"),
    sa.Index("ix_shipments_owner_created", "account_id", "environment", "created_at"),
    sa.Index("ix_shipments_reference", "account_id", "environment", "reference_number"),
    sa.Index("ix_shipments_tracking_no", "account_id", "environment", "carrier_tracking_no"),
)
sa.Table(
    "webhooks",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("environment", sa.String(length=16), nullable=False),
    sa.Column("url", sa.Text(), nullable=False),
    sa.Column("event_types", sa.JSON(), nullable=False),
    sa.Column("security", sa.JSON(), nullable=True),
    sa.Column("deactivated", sa.Boolean(), nullable=False),
    sa.Column("failure_count", sa.Integer(), nullable=False),
    sa.Column("deactivation_reason", sa.Text(), nullable=True),
    sa.Column("deactivated_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("last_error", sa.Text(), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(
        ["account_id"], ["accounts.id"], name="fk_webhooks_account_id_accounts", ondelete="CASCADE"
    ),
    sa.PrimaryKeyConstraint("id", name="pk_webhooks"),
    sa.Index("ix_webhooks_account_env", "account_id", "environment"),
)
sa.Table(
    "api_key_names",
    BASELINE,
    sa.Column("key_id", sa.String(length=36), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("name", sa.String(length=100), nullable=False),
    sa.ForeignKeyConstraint(
        ["account_id"],
        ["accounts.id"],
        name="fk_api_key_names_account_id_accounts",
        ondelete="CASCADE",
    ),
    sa.ForeignKeyConstraint(
        ["key_id"], ["api_keys.id"], name="fk_api_key_names_key_id_api_keys", ondelete="CASCADE"
    ),
    sa.PrimaryKeyConstraint("key_id", name="pk_api_key_names"),
    sa.Index("ix_api_key_names_account", "account_id", "name"),
)
sa.Table(
    "label_files",
    BASELINE,
    sa.Column("token", sa.String(length=64), nullable=False),
    sa.Column("shipment_id", sa.String(length=40), nullable=False),
    sa.Column("package_id", sa.String(length=40), nullable=True),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("label_format", sa.String(length=64), nullable=False),
    sa.Column("media_type", sa.String(length=64), nullable=False),
    sa.Column("data", sa.LargeBinary(), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(
        ["shipment_id"],
        ["shipments.id"],
        name="fk_label_files_shipment_id_shipments",
        ondelete="CASCADE",
    ),
    sa.PrimaryKeyConstraint("token", name="pk_label_files"),
    sa.Index("ix_label_files_shipment", "shipment_id"),
)
sa.Table(
    "manifest_shipments",
    BASELINE,
    sa.Column("shipment_id", sa.String(length=40), nullable=False),
    sa.Column("manifest_id", sa.String(length=36), nullable=False),
    sa.ForeignKeyConstraint(
        ["manifest_id"],
        ["manifests.id"],
        name="fk_manifest_shipments_manifest_id_manifests",
        ondelete="CASCADE",
    ),
    sa.ForeignKeyConstraint(
        ["shipment_id"],
        ["shipments.id"],
        name="fk_manifest_shipments_shipment_id_shipments",
        ondelete="CASCADE",
    ),
    sa.PrimaryKeyConstraint("shipment_id", name="pk_manifest_shipments"),
    sa.Index("ix_manifest_shipments_manifest", "manifest_id"),
)
sa.Table(
    "webhook_deliveries",
    BASELINE,
    sa.Column("id", sa.String(length=36), nullable=False),
    sa.Column("event_id", sa.String(length=36), nullable=False),
    sa.Column("webhook_id", sa.String(length=36), nullable=False),
    sa.Column("account_id", sa.String(length=36), nullable=False),
    sa.Column("environment", sa.String(length=16), nullable=False),
    sa.Column("event_type", sa.String(length=80), nullable=False),
    sa.Column("payload", sa.JSON(), nullable=False),
    sa.Column("status", sa.String(length=16), nullable=False),
    sa.Column("attempts", sa.Integer(), nullable=False),
    sa.Column("lease_token", sa.String(length=36), nullable=True),
    sa.Column("next_attempt_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("last_error", sa.Text(), nullable=True),
    sa.Column("last_status_code", sa.Integer(), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(
        ["webhook_id"],
        ["webhooks.id"],
        name="fk_webhook_deliveries_webhook_id_webhooks",
        ondelete="CASCADE",
    ),
    sa.PrimaryKeyConstraint("id", name="pk_webhook_deliveries"),
    sa.Index("ix_deliveries_due", "status", "next_attempt_at"),
    sa.Index("ix_webhook_deliveries_event_id", "event_id"),
    sa.Index("ix_webhook_deliveries_lease_token", "lease_token"),
    sa.Index("ix_webhook_deliveries_webhook_id", "webhook_id"),
)


def upgrade() -> None:
    """Create every baseline table (with its indexes) that the database lacks."""
    BASELINE.create_all(op.get_bind(), checkfirst=True)


def downgrade() -> None:
    """Drop every baseline table (the data with them)."""
    BASELINE.drop_all(op.get_bind())
