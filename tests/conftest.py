"""What holds for the whole test suite: which tests are slow.

``pytest -m "not slow"`` is the quick subset; plain ``pytest`` runs everything. The rule:
every browser test is slow (a real Chromium, a live server); elsewhere a test is marked
``slow`` where it stands (a decorator, or ``pytestmark`` for a whole file) when it takes
seconds on a calm 2-core machine: a tool's run, search bots playing whole games, a flood,
hundreds of whole games checked move by move.
"""

from __future__ import annotations

from pathlib import Path

import pytest

BROWSER = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(BROWSER):
            item.add_marker(pytest.mark.slow)
