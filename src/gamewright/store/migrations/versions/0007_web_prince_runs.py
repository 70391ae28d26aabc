"""Web tables playing a minted Prince: a web game names the Prince's run it plays.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("web_games", sa.Column("prince_run_id", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("web_games") as batch:
        batch.drop_column("prince_run_id")
