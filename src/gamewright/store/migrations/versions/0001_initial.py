"""The initial schema: princes, their progress and runs, saved games, named records.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "princes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("birth_time", sa.String(20), nullable=False),
        sa.Column("lat_centi", sa.Integer, nullable=False),
        sa.Column("lon_centi", sa.Integer, nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.UniqueConstraint("birth_time", "lat_centi", "lon_centi", name="uq_prince_moment"),
    )
    op.create_table(
        "prince_progress",
        sa.Column("prince_id", sa.Integer, sa.ForeignKey("princes.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
    )
    op.create_table(
        "prince_runs",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("prince_id", sa.Integer, sa.ForeignKey("princes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("distance", sa.String(60), nullable=False),
        sa.Column("actions", sa.JSON, nullable=False),
        sa.Column("started_at", TZ, nullable=False),
        sa.Column("finished_at", TZ, nullable=True),
    )
    op.create_index("ix_prince_runs_prince_id", "prince_runs", ["prince_id"])
    op.create_table(
        "saved_games",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("config", sa.JSON, nullable=False),
        sa.Column("actions", sa.JSON, nullable=False),
        sa.Column("snapshot", sa.JSON, nullable=True),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
    )
    op.create_index("ix_saved_games_game", "saved_games", ["game"])
    op.create_table(
        "records",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("updated_at", TZ, nullable=False),
        sa.UniqueConstraint("kind", "name", name="uq_record_kind_name"),
    )
    op.create_index("ix_records_kind", "records", ["kind"])


def downgrade() -> None:
    for table in ("records", "saved_games", "prince_runs", "prince_progress", "princes"):
        op.drop_table(table)
