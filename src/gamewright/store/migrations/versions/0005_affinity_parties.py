"""Affinity parties: a named roster of stored characters with its day and sessions, and its adventure log.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "affinity_parties",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("members", sa.JSON, nullable=False),
        sa.Column("day", sa.Integer, nullable=False),
        sa.Column("sessions", sa.Integer, nullable=False),
        sa.Column("session_open", sa.Boolean, nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
    )
    op.create_table(
        "affinity_party_log",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("party_id", sa.Integer, sa.ForeignKey("affinity_parties.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("session", sa.Integer, nullable=True),
        sa.Column("day", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.UniqueConstraint("party_id", "seq", name="uq_affinity_party_log_seq"),
    )


def downgrade() -> None:
    op.drop_table("affinity_party_log")
    op.drop_table("affinity_parties")
