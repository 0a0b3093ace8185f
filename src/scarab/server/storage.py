"""The store's calls, made on threads of their own so that the event loop never waits.

A call that fails because the store is down becomes ``StoreUnavailable`` (said
to the client, "try again soon"), and the log says the store is down at most
once in STORE_WARN_SECONDS, not once per table and retry.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from scarab.server.store import Store
from scarab.server.stored import Conflict
from scarab.server.table import StoreUnavailable

T = TypeVar("T")
log = logging.getLogger("scarab.server")
STORE_THREADS = 8  # storage calls at once: different tables' writes don't queue
STORE_WARN_SECONDS = 30.0  # how often a store that stays down is said in the log


class StoreCalls:
    """The store, called on its own threads."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.threads = ThreadPoolExecutor(
            max_workers=STORE_THREADS, thread_name_prefix="scarab-store"
        )
        self.warned = -math.inf  # when the store was last said to be down

    def warn_down(self, what: str) -> None:
        """A warning that the store failed, at most once in STORE_WARN_SECONDS: an outage of
        a minute is a few lines in the log, not one per table every two seconds."""
        now = time.monotonic()
        if now - self.warned >= STORE_WARN_SECONDS:
            self.warned = now
            log.warning(
                "the store is unavailable (%s); said again in %g s at most if it goes on",
                what,
                STORE_WARN_SECONDS,
            )

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a storage thread; its errors are the caller's."""
        return await asyncio.get_running_loop().run_in_executor(self.threads, fn, *args)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """A storage call (StoreUnavailable if it fails)."""
        try:
            return await self.run(fn, *args)
        except Exception as exc:
            self.warn_down(str(exc)[:200])
            raise StoreUnavailable("the game store is unavailable; try again soon") from None

    async def write(self, what: str, fn: Callable[..., T], *args: Any) -> T:
        """A storage call that changes a table; StoreUnavailable (saying ``what`` was not done)
        if the store failed, Conflict if another process changed the table first."""
        try:
            return await self.run(fn, *args)
        except Conflict:
            raise
        except Exception as exc:
            self.warn_down(str(exc)[:200])
            raise StoreUnavailable(f"the game store is unavailable; {what}") from None

    async def notify(self, payload: str) -> None:
        """Tell the other processes (PostgreSQL's NOTIFY); a failure is logged, not raised."""
        try:
            await self.run(self.store.notify, payload)
        except Exception as exc:
            log.warning("could not tell the other processes: %s", str(exc)[:200])

    def close(self) -> None:
        """Wait for the calls under way, then close the store's connections."""
        self.threads.shutdown(wait=True)
