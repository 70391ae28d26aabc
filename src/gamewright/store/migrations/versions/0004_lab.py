"""The lab's stored runs: each experiment's request, seeds, code version and results.

Revision ID: 0004
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lab_runs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("request", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("code_version", sa.String(80), nullable=False),
        sa.Column("workers", sa.Integer, nullable=False),
        sa.Column("runner", sa.String(120), nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_lab_runs_game", "lab_runs", ["game"])


def downgrade() -> None:
    op.drop_index("ix_lab_runs_game", "lab_runs")
    op.drop_table("lab_runs")
