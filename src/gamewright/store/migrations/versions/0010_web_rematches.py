"""Web games: the rematch a finished game led to (one per game; the new game's tokens are derived, never stored).

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_rematches",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("web_games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("new_game_id", sa.String(32), sa.ForeignKey("web_games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_web_rematches_new_game_id", "web_rematches", ["new_game_id"])


def downgrade() -> None:
    op.drop_index("ix_web_rematches_new_game_id", table_name="web_rematches")
    op.drop_table("web_rematches")
