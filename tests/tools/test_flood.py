"""tools/flood.py: a flood from one address leaves an unrelated client answered."""

from __future__ import annotations

import pytest

from tests.tools.support import load_tool


@pytest.mark.slow
@pytest.mark.parametrize("flood", ["half-open", "socket-burst"])
def test_an_unrelated_client_is_answered_through_a_flood(flood: str) -> None:
    row = load_tool("flood").run(flood, 3.0)
    assert row["flood"] == flood and row["requests"] > 20  # the probe kept asking
    assert row["not_200"] == {}  # every one answered 200: no 503, nothing dropped
    assert row["p50"] <= row["p99"] <= row["max"]
