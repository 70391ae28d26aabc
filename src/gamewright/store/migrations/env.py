"""Alembic environment: migrations run on the connection gamewright hands over (see store/db.py)."""

from alembic import context

from gamewright.store.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
