"""Giving memory back to the system once a busy spell is over.

Tables leave memory when idle, but the allocators keep what the peak needed:
glibc keeps a heap per thread (the store's threads among them) and keeps
freed memory inside each, and Python's own arenas are returned only when
empty. Measured (1,500 games, 200 tables at once), no Python object is left
behind, yet resident memory stays some 40 MB up. Fewer glibc heaps, and a
collection plus ``malloc_trim`` after evictions, give much of it back. On a
system without glibc both do nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging

log = logging.getLogger("scarab.server")
M_ARENA_MAX = -8  # glibc's mallopt parameter for the number of heaps
ARENAS = 2


def _libc() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
    except OSError:
        return None
    return libc if libc is not None and hasattr(libc, "malloc_trim") else None


LIBC = _libc()


def fewer_heaps() -> None:
    """Let glibc keep at most ``ARENAS`` heaps; call before the server starts its threads."""
    if LIBC is not None and not LIBC.mallopt(M_ARENA_MAX, ARENAS):
        log.warning("could not limit the number of malloc heaps")


def give_back() -> None:
    """Collect garbage, then return the free memory at the heaps' ends to the system."""
    gc.collect()
    if LIBC is not None:
        LIBC.malloc_trim(0)
