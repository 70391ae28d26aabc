"""Web play: games, seats with hashed tokens, and the action log with one row per (game, seq).

Revision ID: 0003
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "web_games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("ruleset", sa.String(40), nullable=True),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("seed_given", sa.Boolean, nullable=False),
        sa.Column("timer", sa.Integer, nullable=True),
        sa.Column("listed", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("current_player", sa.Integer, nullable=False),
        sa.Column("returns", sa.JSON, nullable=True),
        sa.Column("created_at", TZ, nullable=False),
        sa.Column("moved_at", TZ, nullable=False),
    )
    op.create_index("ix_web_games_status", "web_games", ["status"])
    op.create_table(
        "web_seats",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("web_games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("claimed", sa.Boolean, nullable=False),
        sa.Column("away", sa.Boolean, nullable=False),
    )
    op.create_table(
        "web_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("web_games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by_bot", sa.Boolean, nullable=False),
        sa.Column("created_at", TZ, nullable=False),
        sa.UniqueConstraint("game_id", "seq", name="uq_web_actions_game_seq"),
    )
    op.create_index("ix_web_actions_game_id", "web_actions", ["game_id"])


def downgrade() -> None:
    op.drop_table("web_actions")
    op.drop_table("web_seats")
    op.drop_index("ix_web_games_status", "web_games")
    op.drop_table("web_games")
