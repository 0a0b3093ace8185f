"""What each process of ``scarab serve --workers N`` runs.

uvicorn starts the worker processes itself (spawned), handing them only
import strings, so the parent leaves its settings in the environment and each
worker builds its app, and its request-deadline protocol, from them. A worker
ends with its parent, even when the parent is killed with ``kill -9``.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import Any

from scarab.core.errors import ScarabError
from scarab.server.bots import follow_parent
from scarab.server.config import ServerConfig
from scarab.server.deadlines import protocol
from scarab.server.guard import Guarded
from scarab.server.memory import fewer_heaps

ENV = "SCARAB_SERVE"
APP = "scarab.server.worker:app"
PROTOCOL = "scarab.server.worker:Protocol"


class OneProcessStore(ScarabError):
    """Several processes asked for on a store that only one process may serve."""


def check_workers(db: str, workers: int) -> None:
    """Refuse several processes on SQLite: its file has one writer, and no NOTIFY."""
    if workers > 1 and db.startswith("sqlite"):
        raise OneProcessStore(
            f"--workers {workers} needs PostgreSQL (--db postgresql+psycopg://...): "
            "a SQLite file is served by one process; leave --workers at 1"
        )


def hand_down(config: ServerConfig) -> None:
    """Leave the settings for the worker processes (they inherit the environment)."""
    os.environ[ENV] = config.to_json()


def _settings() -> ServerConfig:
    return ServerConfig.from_json(os.environ[ENV])


def app() -> Guarded:
    """The app of one worker process (the parent upgraded the store already)."""
    from scarab.server.app import create_app

    follow_parent(os.getppid())
    fewer_heaps()
    return create_app(replace(_settings(), upgrade=False))


def __getattr__(name: str) -> Any:
    if name == "Protocol":  # uvicorn imports the protocol class by name in each worker
        return protocol(_settings().timeouts)
    raise AttributeError(name)
