"""The page addresses the API hands out, made from the page routes by name (api.py's
``page_routes``), so that a route that moves moves every link to it.

A seat's token and the watcher's mark ride in the fragment (``#seat=...``,
``#watch``): a browser never sends a fragment to any server, so no log or
proxy on the way sees a seat's secret.
"""

from __future__ import annotations

from starlette.routing import Router


class Links:
    """Links to the pages of one server's routes."""

    def __init__(self, router: Router) -> None:
        self.router = router

    def table(self, table_id: str) -> str:
        """A table's page."""
        return str(self.router.url_path_for("table", table_id=table_id))

    def watch(self, table_id: str) -> str:
        """A table's page as a watcher sees it."""
        return f"{self.table(table_id)}#watch"

    def seat(self, table_id: str, token: str) -> str:
        """A table's page as the seat that holds ``token`` plays it."""
        return f"{self.table(table_id)}#seat={token}"

    def replay(self, table_id: str) -> str:
        """The replay viewer on a finished table."""
        return f"{self.router.url_path_for('replay')}#table={table_id}"
