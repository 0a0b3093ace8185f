"""Loading a tool from ``tools/`` (scripts, not a package) as a module."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

TOOLS = Path(__file__).resolve().parents[2] / "tools"


def load_tool(name: str) -> Any:
    """``tools/<name>.py``, imported as a module (the tools are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
