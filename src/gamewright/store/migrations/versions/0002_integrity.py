"""Integrity: 64-bit seeds, and at most one active run per Prince, enforced by the database.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

ACTIVE = sa.text("status = 'active'")


def upgrade() -> None:
    # Racing processes could once leave several active runs of one Prince: keep the newest, abandon the rest,
    # so that the unique index below can be built.
    op.execute(
        "UPDATE prince_runs SET status = 'abandoned', finished_at = CURRENT_TIMESTAMP "
        "WHERE status = 'active' AND id NOT IN "
        "(SELECT newest FROM (SELECT MAX(id) AS newest FROM prince_runs WHERE status = 'active' GROUP BY prince_id) "
        "AS keep)"
    )
    for table in ("prince_runs", "saved_games"):
        with op.batch_alter_table(table) as batch:
            batch.alter_column("seed", type_=sa.BigInteger, existing_type=sa.Integer, existing_nullable=False)
    op.create_index(
        "uq_prince_runs_one_active", "prince_runs", ["prince_id"], unique=True,
        sqlite_where=ACTIVE, postgresql_where=ACTIVE,
    )


def downgrade() -> None:
    op.drop_index("uq_prince_runs_one_active", table_name="prince_runs")
    for table in ("prince_runs", "saved_games"):
        with op.batch_alter_table(table) as batch:
            batch.alter_column("seed", type_=sa.Integer, existing_type=sa.BigInteger, existing_nullable=False)
