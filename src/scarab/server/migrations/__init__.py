"""Alembic's environment and the store's schema revisions (run by scarab.server.migrate)."""
