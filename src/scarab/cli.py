"""The `scarab` command: serve, play, arena, rules, bench, games."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scarab.core.clauses import catalogue, cited
from scarab.core.errors import ScarabError
from scarab.core.registry import games

MAX_SECONDS = 3600.0


def seconds(text: str) -> float:
    """A measurement time: a finite number of seconds above 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and 0 < value <= MAX_SECONDS):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a time to measure for: give seconds above 0 and at most "
            f"{MAX_SECONDS:g}"
        )
    return value


def port(text: str) -> int:
    """A TCP port number, 1 to 65535."""
    if not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port: give a number from 1 to 65535")
    return int(text)


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="scarab", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", choices=games())
    play.add_argument(
        "--players",
        default="human,greedy,greedy",
        help="comma-separated seats: human, or a bot: random, greedy, novice .. expert",
    )
    play.add_argument("--seed", type=int, default=None)
    rules = sub.add_parser("rules", help="print a game's rule catalogue")
    rules.add_argument("game", choices=games())
    rules.add_argument("--untested", action="store_true", help="only clauses no test cites")
    rules.add_argument("--tests", type=Path, default=Path("tests"), help="the tests folder")
    bench = sub.add_parser("bench", help="measure simulation speed")
    bench.add_argument("game", choices=games())
    bench.add_argument(
        "--seconds", type=seconds, default=3.0, help="time per measurement (0 < s <= 3600)"
    )
    bench.add_argument("--players", type=int, default=None)
    sub.add_parser("games", help="list the games")
    _arena_parser(sub)
    serve = sub.add_parser("serve", help="run the web table (open the printed address)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=port, default=8000)
    serve.add_argument(
        "--db",
        default="sqlite:///scarab.db",
        help="SQLAlchemy URL: sqlite:///FILE (default ./scarab.db) or postgresql+psycopg://...",
    )
    serve.add_argument(
        "--bot-workers", type=int, default=1, help="bot processes (0: one thread in the server)"
    )
    return p


def count(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""

    def parse(text: str) -> int:
        if not text.strip().isdigit() or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}: give {low} to {high}")
        return int(text)

    return parse


def _arena_parser(sub: Any) -> None:
    arena = sub.add_parser(
        "arena",
        help="play many games between bots and report ratings and balance",
        description="Play GAMES games between bots (seats rotated), one JSON line a game in "
        "OUT/games.jsonl (run again to resume), then write OUT/report.md and report.html.",
    )
    arena.add_argument("game", nargs="?", choices=games())
    arena.add_argument(
        "--players", default="greedy,random", help="comma-separated bots, one per seat"
    )
    arena.add_argument("--games", type=count(1, 1_000_000, "a number of games"), default=100)
    arena.add_argument("--seed", type=count(0, 2**63 - 1, "a seed"), default=0)
    arena.add_argument("--workers", type=count(1, 256, "a number of workers"), default=1)
    arena.add_argument("--out", type=Path, default=Path("results"), help="the results folder")
    arena.add_argument("--backend", choices=("local", "ray"), default="local")
    arena.add_argument("--address", default=None, help="a Ray cluster to join (ray backend)")
    arena.add_argument(
        "--report",
        type=Path,
        metavar="DIR",
        default=None,
        help="only rebuild the report of the results in DIR",
    )
    arena.add_argument("--no-report", action="store_true", help="play the games, skip the report")


def _arena(args: argparse.Namespace) -> int:
    from scarab.arena import ArenaSpec, run_arena
    from scarab.arena.spec import parse_players

    if args.report is not None:
        return _report(args.report)
    if args.game is None:
        print("scarab arena: name a game to play, or give --report DIR", file=sys.stderr)
        return 2
    spec = ArenaSpec(args.game, parse_players(args.players), args.games, args.seed)
    played = run_arena(spec, args.out, args.workers, args.backend, args.address)
    print(f"{played} games played; results in {args.out / 'games.jsonl'}")
    return 0 if args.no_report else _report(args.out)


def _report(folder: Path) -> int:
    try:
        from scarab.arena.report import write_report
    except ImportError:
        print(
            "scarab arena: the report needs the arena extra: pip install 'scarab[arena]'",
            file=sys.stderr,
        )
        return 2
    print(f"report: {write_report(folder)}")
    return 0


def _rules(game: str, untested: bool, tests: Path) -> int:
    clauses = catalogue(game)
    if untested:
        if not tests.is_dir():
            print(f"no tests folder at {tests}; pass --tests DIR", file=sys.stderr)
            return 2
        seen = cited(tests)
        clauses = [c for c in clauses if c.id not in seen]
    from rich.console import Console
    from rich.table import Table

    table = Table("id", "rule", "source", title=f"{game}: {len(clauses)} clauses", show_lines=True)
    for c in clauses:
        table.add_row(c.id, c.text, c.source)
    Console().print(table)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "games":
            print("\n".join(games()))
            return 0
        if args.command == "rules":
            return _rules(args.game, args.untested, args.tests)
        if args.command == "play":
            from scarab.terminal import play_main

            return play_main(args.game, args.players.split(","), args.seed)
        if args.command == "arena":
            return _arena(args)
        if args.command == "bench":
            from scarab.bench import bench_main

            return bench_main(args.game, args.seconds, args.players)
        if args.command == "serve":
            from scarab.server.app import serve_main

            return serve_main(args.host, args.port, args.db, args.bot_workers)
    except ScarabError as exc:
        print(f"scarab: {exc}", file=sys.stderr)
        return 2
    return 2


if __name__ == "__main__":
    sys.exit(main())
