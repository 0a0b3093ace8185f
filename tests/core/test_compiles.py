"""The engine compiles with mypyc: typed closely enough that it can be built native.

mypyc is stricter than mypy (no subclass may narrow a base attribute's type, no class
attribute read through an instance slot, ...); this keeps the engine within what it
compiles. It stops at the generated C (the C compiler's build is issue 61's optional
extra), run on a copy so that nothing is written beside the sources.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import scarab

PACKAGE = Path(scarab.__file__).resolve().parent
GENERATE = """
import sys
from mypyc.build import mypycify
extensions = mypycify(["scarab/core", "scarab/games"], opt_level="0", target_dir="build")
print(len(extensions), "extension")
"""

pytestmark = pytest.mark.slow


def test_mypyc_compiles_the_core_and_the_games(tmp_path: Path) -> None:
    copy = tmp_path / "scarab"
    copy.mkdir()
    (copy / "__init__.py").write_text('"""The engine alone."""\n')
    for part in ("core", "games"):
        shutil.copytree(PACKAGE / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    out = subprocess.run(
        [sys.executable, "-c", GENERATE],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-4000:]
    assert list((tmp_path / "build").glob("*.c")), "mypyc wrote no C"
