"""Penance campaigns: a named campaign, its roster of pilots and its missions.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "penance_campaigns",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("recruits", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "penance_pilots",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("campaign_id", sa.Integer, sa.ForeignKey("penance_campaigns.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("slot", sa.Integer, nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("deck", sa.String(120), nullable=False),
        sa.Column("wounds", sa.JSON, nullable=False),
        sa.Column("taint", sa.Integer, nullable=False),
        sa.Column("missions", sa.Integer, nullable=False),
        sa.Column("kills", sa.Integer, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("joined_after", sa.Integer, nullable=False),
        sa.Column("replaces", sa.Integer, nullable=True),
        sa.Column("ended_in", sa.Integer, nullable=True),
        sa.UniqueConstraint("campaign_id", "name", name="uq_penance_pilot_name"),
    )
    op.create_index("ix_penance_pilots_campaign_id", "penance_pilots", ["campaign_id"])
    op.create_table(
        "penance_missions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("campaign_id", sa.Integer, sa.ForeignKey("penance_campaigns.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("actions", sa.JSON, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("outcome", sa.String(20), nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("campaign_id", "number", name="uq_penance_mission_number"),
    )
    op.create_index("ix_penance_missions_campaign_id", "penance_missions", ["campaign_id"])


def downgrade() -> None:
    op.drop_index("ix_penance_missions_campaign_id", "penance_missions")
    op.drop_table("penance_missions")
    op.drop_index("ix_penance_pilots_campaign_id", "penance_pilots")
    op.drop_table("penance_pilots")
    op.drop_table("penance_campaigns")
