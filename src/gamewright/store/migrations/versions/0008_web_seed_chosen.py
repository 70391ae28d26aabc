"""Web games: who chose a chosen seed (shown to every viewer) and whether the game came from the API or the lobby.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("web_games", sa.Column("seed_by", sa.Integer, nullable=True))
    op.add_column("web_games", sa.Column("created_via", sa.String(10), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("web_games") as batch:
        batch.drop_column("created_via")
        batch.drop_column("seed_by")
