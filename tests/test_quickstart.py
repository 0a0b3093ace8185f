"""The README's test command is the one CI runs (the two must not drift apart)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command_exactly() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    fence = readme.split("```bash\n", 1)[1].split("```", 1)[0]
    serve, test = (line.split("  #")[0].strip() for line in fence.splitlines())
    assert serve.startswith("python3 -m venv .venv && ") and serve.endswith("scarab serve")
    assert test in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
