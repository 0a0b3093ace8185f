"""Giving memory back to the system once a busy spell is over.

Tables leave memory when idle, but the allocators keep what the peak needed:
glibc keeps a heap per thread (the store's threads among them) and keeps
freed memory inside each, and Python's own arenas (1 MiB each) are returned only
when empty, which a few long-lived objects among a peak's tables prevent.
Measured (1,200 games, 200 tables at once), no Python object is left behind, yet
resident memory stayed 59 MB up. Small objects from glibc instead of Python's
arenas (``PYTHONMALLOC=malloc``, read only at interpreter start, hence the
restart), fewer glibc heaps, and a collection plus ``malloc_trim`` after
evictions (which returns free pages anywhere in a heap) brought that to 31 MB.
On a system without glibc all of this does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import logging
import os
import sys

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


MARK = "SCARAB_SYSTEM_MALLOC"  # set beside PYTHONMALLOC by the restart: Scarab's to take back


def restart_on_system_allocator() -> None:
    """Restart this very process (same pid, same arguments) with ``PYTHONMALLOC=malloc``,
    unless the variable is set already (any value: a person's choice is kept) or the
    system has no glibc to trim. Call first thing: nothing before it survives. Server
    processes that ``--workers`` starts inherit the setting."""
    if os.environ.get("PYTHONMALLOC") or LIBC is None or not hasattr(os, "execv"):
        return
    os.environ.update({"PYTHONMALLOC": "malloc", MARK: "1"})
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, sys.orig_argv)


def bots_on_own_allocator() -> None:
    """Let processes started from now on (bot workers) use Python's own allocator again:
    a search makes and drops objects by the million, about a fifth faster on it
    (tools/allocator_cost.py), and a worker's memory is not a table's."""
    if os.environ.pop(MARK, None):
        os.environ.pop("PYTHONMALLOC", None)


def fewer_heaps() -> None:
    """Let glibc keep at most ``ARENAS`` heaps; call before the server starts its threads."""
    if LIBC is not None and not LIBC.mallopt(M_ARENA_MAX, ARENAS):
        log.warning("could not limit the number of malloc heaps")


def give_back() -> None:
    """Collect garbage, then return the free memory at the heaps' ends to the system."""
    gc.collect()
    if LIBC is not None:
        LIBC.malloc_trim(0)
