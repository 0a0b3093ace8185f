"""The adapter examples in examples/ run to the end as scripts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {
    "openspiel_mcts.py": "returns (MCTS, random): [",
    "pettingzoo_random.py": "rewards: {'player_0': ",
    "gymnasium_random.py": "(1 if our seat won)",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_runs(name: str) -> None:
    script = ROOT / "examples" / name
    assert len(script.read_text().splitlines()) < 40, "examples stay short"
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert EXAMPLES[name] in done.stdout
