"""Alembic's environment: runs the revisions on the connection scarab.server.migrate passes.

There is no alembic.ini: the caller owns the connection and its transaction, so
every revision of one upgrade commits together or not at all.
"""

from alembic import context

from scarab.server.schema import Base

context.configure(
    connection=context.config.attributes["connection"],
    target_metadata=Base.metadata,  # what a new revision's autogenerate compares with
    render_as_batch=True,  # SQLite changes a column only by copying its table
)
with context.begin_transaction():
    context.run_migrations()
