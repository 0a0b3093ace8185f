"""What holds for the whole test suite: which tests are slow.

``pytest -m "not slow"`` is the quick subset (under 3 minutes on a calm 2-core machine);
plain ``pytest`` runs everything. The rule: every browser test is slow (a real Chromium, a
live server), marked here; elsewhere a test is marked ``slow`` where it stands when it takes
over about 1.5 s (``pytest --durations=0``): a tool's run, search bots playing whole games,
a flood, a real server process, hundreds of whole games checked move by move; a whole file
(``pytestmark``) where every test plays whole games through the server or the terminal.
The hidden-information tests and the conformance suite stay in the quick subset (but
Luxor's leak search, the longest of them).
"""

from __future__ import annotations

from pathlib import Path

import pytest

BROWSER = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(BROWSER):
            item.add_marker(pytest.mark.slow)
