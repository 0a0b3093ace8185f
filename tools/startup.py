"""Start-up time and memory of ``scarab serve`` on a given store.

It starts ``python -m scarab.cli serve --host 127.0.0.1 --port P --db URL`` (plus any
``--serve-arg``), polls ``GET /api/games`` until it answers 200, and reports:

    ready_s        seconds from starting the process until /api/games answered
    rss_ready_mb   the server's resident memory then (VmRSS, summed over its process tree)
    rss_main_ready_mb  the main process's alone (the rest: bot workers, server workers)
    rss_later_mb   the same after ``--after`` more seconds (default 5)
    cpu_s          the server's CPU seconds (user + system, its process tree) until then

then stops it (SIGINT, then SIGKILL after 10 s). Run by hand (it is not a test)::

    python tools/fill_store.py --db sqlite:////tmp/big.db --tables 100000
    cp /tmp/big.db /tmp/big-copy.db          # serve may write to the store
    python tools/startup.py --db sqlite:////tmp/big-copy.db --runs 3
    python tools/startup.py --db sqlite:////tmp/empty.db                 # a fresh store

Everything is bounded: at most 10 runs, ``--wait`` (default 60 s, at most 600 s) for
the server to answer, and ``--after`` at most 120 s. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any

from procs import cpu_seconds, free_port, process_tree, rss_mb, stop

MAX_RUNS = 10
MAX_WAIT = 600.0
MAX_AFTER = 120.0
POLL = 0.05  # seconds between two tries of /api/games
HTTP_TIMEOUT = 5.0


class StartupError(Exception):
    """The server did not start, or did not answer in time."""


def answers(port: int) -> bool:
    try:
        url = f"http://127.0.0.1:{port}/api/games"
        with urllib.request.urlopen(url, timeout=HTTP_TIMEOUT) as r:
            r.read()
            return bool(r.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def one_run(db: str, extra: list[str], wait: float, after: float, log: Any) -> dict[str, Any]:
    port = free_port()
    cmd = [sys.executable, "-m", "scarab.cli", "serve", "--host", "127.0.0.1"]
    cmd += ["--port", str(port), "--db", db, *extra]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    try:
        deadline = t0 + wait
        while not answers(port):
            if proc.poll() is not None:
                raise StartupError(f"the server exited with status {proc.returncode}")
            if time.perf_counter() > deadline:
                raise StartupError(f"/api/games did not answer within {wait:g} s")
            time.sleep(POLL)
        ready = time.perf_counter() - t0
        rss_ready = rss_mb(proc.pid)
        main_ready = rss_mb(proc.pid, whole_tree=False)
        time.sleep(after)
        if proc.poll() is not None:
            raise StartupError(f"the server exited with status {proc.returncode}")
        cpu = cpu_seconds(proc.pid)
        return {
            "ready_s": round(ready, 3),
            "rss_ready_mb": rss_ready,
            "rss_main_ready_mb": main_ready,
            "rss_later_mb": rss_mb(proc.pid),
            "after_s": after,
            "cpu_s": None if cpu is None else round(cpu, 2),
            "processes": len(process_tree(proc.pid)),
        }
    finally:
        stop(proc)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--db", required=True, help="the store's SQLAlchemy URL")
    p.add_argument("--runs", type=int, default=1, help=f"1 to {MAX_RUNS}")
    p.add_argument("--wait", type=float, default=60.0, help="seconds for the server to answer")
    p.add_argument("--after", type=float, default=5.0, help="seconds until the second RSS")
    p.add_argument(
        "--serve-arg", action="append", default=[], help="an extra argument for scarab serve"
    )
    p.add_argument("--log", default=os.devnull, help="a file for the server's output")
    p.add_argument("--json", action="store_true", help="print each run as one JSON line")
    args = p.parse_args(argv)
    if not 1 <= args.runs <= MAX_RUNS:
        p.error(f"--runs must be 1 to {MAX_RUNS}")
    if not (math.isfinite(args.wait) and 0 < args.wait <= MAX_WAIT):
        p.error(f"--wait must be above 0 and at most {MAX_WAIT:g}")
    if not (math.isfinite(args.after) and 0 <= args.after <= MAX_AFTER):
        p.error(f"--after must be 0 to {MAX_AFTER:g}")
    with open(args.log, "ab") as log:
        for i in range(args.runs):
            try:
                r = one_run(args.db, args.serve_arg, args.wait, args.after, log)
            except StartupError as exc:
                print(f"startup.py: run {i + 1}: {exc}", file=sys.stderr)
                return 1
            if args.json:
                print(json.dumps(r), flush=True)
            else:
                print(
                    f"run {i + 1}: ready {r['ready_s']} s  rss {r['rss_ready_mb']} MB "
                    f"(main process {r['rss_main_ready_mb']} MB), "
                    f"{r['rss_later_mb']} MB after {r['after_s']:g} s  cpu {r['cpu_s']} s  "
                    f"processes {r['processes']}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
