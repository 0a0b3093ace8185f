"""The served log says when: every line, uvicorn's and the server's own, has its time."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

SPEAK = """
import logging, logging.config
from scarab.server.app import log_config
logging.config.dictConfig(log_config())
logging.getLogger("scarab.server").warning("bot expert at table t failed: a reason")
logging.getLogger("uvicorn.error").warning("uvicorn says so")
"""


@pytest.mark.slow
def test_each_line_of_the_servers_log_is_stamped_with_its_time() -> None:
    done = subprocess.run([sys.executable, "-c", SPEAK], capture_output=True, text=True)
    lines = done.stderr.splitlines()
    assert len(lines) == 2, done.stderr
    stamp = r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d WARNING: +"
    assert re.match(stamp + "bot expert at table t failed: a reason$", lines[0]), lines
    assert re.match(stamp + "uvicorn says so$", lines[1]), lines
