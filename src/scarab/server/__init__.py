"""The web table: ``scarab serve`` (Starlette, WebSockets, SQLAlchemy storage).

Needs the ``server`` extra; the engine never imports this package.
"""
