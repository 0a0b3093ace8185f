"""What each process of ``scarab serve --workers N`` runs.

uvicorn starts the worker processes itself (spawned), handing them only
import strings, so the parent leaves its settings in the environment and each
worker builds its app, and its request-deadline protocol, from them. A worker
ends with its parent, even when the parent is killed with ``kill -9``.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from typing import Any

from starlette.applications import Starlette

from scarab.core.errors import ScarabError
from scarab.server.bots import follow_parent
from scarab.server.deadlines import Timeouts, protocol
from scarab.server.guard import Limits
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


def hand_down(
    db: str, bot_workers: int, limits: Limits, timeouts: Timeouts, bot_step: float = 0.0
) -> None:
    """Leave the settings for the worker processes (they inherit the environment)."""
    settings = {
        "db": db,
        "bot_workers": bot_workers,
        "bot_step": bot_step,
        "limits": asdict(limits),
        "timeouts": asdict(timeouts),
    }
    os.environ[ENV] = json.dumps(settings)


def _settings() -> dict[str, Any]:
    return json.loads(os.environ[ENV])  # type: ignore[no-any-return]


def app() -> Starlette:
    """The app of one worker process (the parent upgraded the store already)."""
    from scarab.server.app import create_app

    follow_parent(os.getppid())
    fewer_heaps()
    s = _settings()
    limits = Limits(**{**s["limits"], "allow_origins": tuple(s["limits"]["allow_origins"])})
    return create_app(s["db"], s["bot_workers"], upgrade=False, limits=limits, step=s["bot_step"])


def __getattr__(name: str) -> Any:
    if name == "Protocol":  # uvicorn imports the protocol class by name in each worker
        return protocol(Timeouts(**_settings()["timeouts"]))
    raise AttributeError(name)
