"""What the benchmark tools read of a server's processes (Linux /proc), and a free port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess

MB = 2**20


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def process_tree(pid: int) -> list[int]:
    """A process and all its descendants, the process first."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo += [int(c) for c in f.read().split()]
        except OSError:
            continue
    return out


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a process tree, None where unknown."""
    total, seen = 0.0, False
    for p in process_tree(pid):
        try:
            with open(f"/proc/{p}/stat") as f:
                parts = f.read().rsplit(")", 1)[1].split()
            total += (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")
            seen = True
        except (OSError, IndexError, ValueError):
            continue
    return total if seen else None


def rss_mb(pid: int | None, whole_tree: bool = True) -> float | None:
    """VmRSS in MB, summed over the process tree (or of the process alone); None if unknown."""
    if pid is None:
        return None
    total, seen = 0, False
    for p in process_tree(pid) if whole_tree else [pid]:
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
                        seen = True
                        break
        except OSError:
            continue
    return round(total / MB, 1) if seen else None


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Interrupt a server; kill it if it has not ended within 10 s."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)
