"""Alembic environment: migrations run on the connection gamewright hands over (see store/db.py), against the
metadata of every table (store/schema.py)."""

from alembic import context

from gamewright.store.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata(), render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
