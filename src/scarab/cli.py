"""The `scarab` command: serve, play, rules, bench, games."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

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
