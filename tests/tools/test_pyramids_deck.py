"""tools/pyramids_deck.py: the generator rebuilds the shipped deck from its recorded seed
(the deck's own checks: tests/games/pyramids/test_deck.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECK_FILE = ROOT / "src" / "scarab" / "games" / "pyramids" / "deck.json"
TOOL = ROOT / "tools" / "pyramids_deck.py"


@pytest.mark.slow
@pytest.mark.rule("PYR-DECK-1")
def test_the_recorded_seed_rebuilds_the_file(tmp_path: Path) -> None:
    """About 2-5 s: the generator runs in a process of its own."""
    out = tmp_path / "deck.json"
    seed = json.loads(DECK_FILE.read_text("utf-8"))["generator"]["seed"]
    cmd = [sys.executable, str(TOOL), "--seed", str(seed), "--out", str(out), "--quiet"]
    subprocess.run(cmd, cwd=ROOT, check=True, timeout=120)
    assert out.read_bytes() == DECK_FILE.read_bytes()
