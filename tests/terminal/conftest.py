"""The terminal's tests: a bot's run of unseen choices is shown at once (play.RUN_PACE 0),
except where a test measures that pace."""

from __future__ import annotations

import pytest

from scarab.terminal import play


@pytest.fixture(autouse=True)
def no_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play, "RUN_PACE", 0.0)
