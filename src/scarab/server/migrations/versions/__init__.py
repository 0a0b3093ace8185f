"""The store's schema revisions, oldest first; Alembic skips this file."""
