"""tools/allocator_cost.py: both allocators measured, alternately, in fresh interpreters."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_allocator_benchmark_runs_both_allocators_in_turn() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "allocator_cost.py"), "--runs", "1", "--games", "1"],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout
    lines = out.splitlines()
    assert [line.split()[0] for line in lines[:2]] == ["pymalloc", "malloc"]
    ratio = re.search(r"ratio (\d+\.\d+)", lines[-1])
    assert ratio and float(ratio.group(1)) > 0


def test_the_allocator_benchmark_refuses_an_unbounded_run() -> None:
    tool = str(ROOT / "tools" / "allocator_cost.py")
    r = subprocess.run([sys.executable, tool, "--runs", "1000"], capture_output=True, text=True)
    assert r.returncode == 2 and "--runs" in r.stderr
