"""The page's JavaScript: TypeScript's checker and ESLint over every module, and the
pure helpers' unit tests under Node's test runner.

The npm dev tools come from ``npm ci`` (``.ci/run`` runs it); without them the type and
lint checks are skipped with that advice. The unit tests need only Node.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "node_modules" / ".bin"
NODE = shutil.which("node")


def run(*command: str) -> str:
    env = {**os.environ, "PYTHON": sys.executable}
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def tool(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.skip(f"{name} is an npm dev tool: run `npm ci` in {ROOT} first (.ci/run does)")
    return str(path)


@pytest.mark.slow
def test_typescript_finds_no_type_error_in_the_page() -> None:
    run(tool("tsc"), "-p", "jsconfig.json")


def test_the_page_is_checked_strictly_and_no_module_opts_out() -> None:
    """jsconfig.json keeps TypeScript's strict checks (no implicit any, null checks), and
    no module turns them off for itself or for a line."""
    options = json.loads((ROOT / "jsconfig.json").read_text("utf-8"))["compilerOptions"]
    assert options["strict"] is True and options["noImplicitAny"] is True
    page = ROOT / "src" / "scarab" / "server" / "static" / "js"
    opted = [
        f"{path.relative_to(page)}: {word}"
        for path in sorted(page.rglob("*.js"))
        for word in ("@ts-nocheck", "@ts-ignore")
        if word in path.read_text("utf-8")
    ]
    assert not opted, opted


@pytest.mark.slow
def test_eslint_finds_no_error_in_the_page_or_its_tests() -> None:
    run(tool("eslint"), "src/scarab/server/static/js", "tests/js")


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="the page's unit tests need Node (apt install nodejs)")
def test_the_pages_pure_helpers_pass_their_unit_tests() -> None:
    assert NODE is not None
    out = run(NODE, "--test", "tests/js/")
    assert "# fail 0" in out and "# pass" in out
