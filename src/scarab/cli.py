"""The `scarab` command: serve, db, play, arena, rules, bench, games."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scarab.core.clauses import catalogue, cited
from scarab.core.errors import ScarabError
from scarab.core.registry import games


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="scarab", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a game in the terminal")
    play.add_argument("game", choices=games())
    play.add_argument(
        "--players",
        default=None,
        help="comma-separated seats: human, or a bot: random, greedy, novice .. expert "
        "(default: human,greedy,greedy; with --from, the seats the record names)",
    )
    play.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the deal's seed (a new one when left out); the same seed deals the same game",
    )
    play.add_argument(
        "--lang",
        choices=("en", "pt", "es"),
        default="en",
        help="the language of the game's words: English, Portuguese or Spanish",
    )
    play.add_argument(
        "--from",
        dest="resume",
        type=Path,
        default=None,
        metavar="FILE",
        help="go on with the game whose record is in FILE (as --record wrote it); "
        "--players gives its seats",
    )
    play.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="FILE",
        help="write the game's record to FILE when it ends or is left (scarab.replay reads "
        "it; the page's replay view shows it)",
    )
    rules = sub.add_parser("rules", help="print a game's rule catalogue")
    rules.add_argument("game", choices=games())
    rules.add_argument("--untested", action="store_true", help="only clauses no test cites")
    rules.add_argument("--tests", type=Path, default=Path("tests"), help="the tests folder")
    bench = sub.add_parser("bench", help="measure simulation speed")
    bench.add_argument("game", choices=games())
    bench.add_argument(
        "--seconds", type=seconds, default=3.0, help="time per measurement (0 < s <= 3600)"
    )
    bench.add_argument(
        "--players",
        type=int,
        default=None,
        help="the player count (default: 3, or the nearest the game takes)",
    )
    sub.add_parser("games", help="list the games")
    _arena_parser(sub)
    _serve_parser(sub)
    _db_parser(sub)
    return p


def _db_parser(sub: Any) -> None:
    db = sub.add_parser(
        "db",
        help="the store's schema: show its revision, or upgrade it",
        description="A store's schema follows Scarab's version; `scarab serve` upgrades it at "
        "start unless given --no-upgrade.",
    )
    action = db.add_subparsers(dest="action", required=True)
    for name, text in (
        ("upgrade", "upgrade the store's schema to this version's (keeps every table)"),
        ("current", "print the store's schema revision and whether it is up to date"),
    ):
        cmd = action.add_parser(name, help=text)
        _add_setting(cmd, "--db", _server_option("--db"))


def _db(action: str, url: str) -> int:
    from scarab.server import migrate

    if action == "upgrade":
        _upgrade(url)
        return 0
    revision = migrate.current(url)
    if not migrate.pending(url):
        print(f"{revision} (up to date)")
    else:
        print(
            f"{revision or 'none: no schema yet'} (this version runs on {migrate.head()}; "
            f"run `scarab db upgrade --db {migrate.shown(url)}`)"
        )
    return 0


def _upgrade(url: str) -> None:
    """Bring the store to this version's schema, saying so: on a large store it takes a while."""
    from scarab.server import migrate

    before, where = migrate.current(url), migrate.shown(url)
    if not migrate.pending(url):
        print(f"the store at {where} is up to date ({before})", flush=True)
        return
    print(
        f"upgrading the store at {where} from {before or 'empty'} to {migrate.head()}...",
        flush=True,
    )
    began = time.monotonic()
    migrate.upgrade(url)
    print(f"upgraded in {time.monotonic() - began:.1f} s", flush=True)


def _serve_parser(sub: Any) -> None:
    """`scarab serve`: an option for each setting of ServerConfig that has a flag."""
    from scarab.server.config import options

    serve = sub.add_parser("serve", help="run the web table (open the printed address)")
    for group, flags in options():
        where = serve if group is None else serve.add_argument_group(*group)
        for flag, keywords in flags:
            _add_setting(where, flag, keywords)


def _server_option(flag: str) -> dict[str, Any]:
    from scarab.server.config import options

    return next(kw for _, flags in options() for f, kw in flags if f == flag)


def _add_setting(parser: Any, flag: str, keywords: dict[str, Any]) -> None:
    if "type" in keywords:
        keywords = {**keywords, "type": _argument(keywords["type"])}
    parser.add_argument(flag, **keywords)


def _argument(read: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse type from a reader of a setting's text (scarab.server.config), its
    refusal argparse's error, which says what would do."""

    def parse(text: str) -> Any:
        try:
            return read(text)
        except ScarabError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def seconds(text: str) -> float:
    """A measurement time or a timeout: a finite number of seconds above 0, at most an hour."""
    from scarab.server.config import read_seconds

    return _argument(read_seconds)(text)  # type: ignore[no-any-return]


def count(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""
    from scarab.server.config import read_count

    return _argument(read_count(low, high, what))


def _arena_parser(sub: Any) -> None:
    arena = sub.add_parser(
        "arena",
        help="play many games between bots and report ratings and balance",
        description="Play GAMES games between bots (seats rotated), one JSON line a game in "
        "OUT/games.jsonl (run again to resume), then write OUT/report.md and report.html.",
    )
    arena.add_argument("game", nargs="?", choices=games())
    arena.add_argument(
        "--players",
        default="greedy,random",
        help="comma-separated bots, one per seat (default: greedy,random)",
    )
    arena.add_argument(
        "--games",
        type=count(1, 1_000_000, "a number of games"),
        default=100,
        help="games to play (default: 100)",
    )
    arena.add_argument(
        "--seed", type=count(0, 2**63 - 1, "a seed"), default=0, help="the run's seed (default: 0)"
    )
    arena.add_argument(
        "--workers",
        type=count(1, 256, "a number of workers"),
        default=1,
        help="processes playing at once (default: 1)",
    )
    arena.add_argument(
        "--out", type=Path, default=Path("results"), help="the results folder (default: results)"
    )
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

    clash = _arena_clash(args)
    if clash:
        print(f"scarab arena: {clash}", file=sys.stderr)
        return 2
    if args.report is not None:
        return _report(args.report)
    if args.game is None:
        print("scarab arena: name a game to play, or give --report DIR", file=sys.stderr)
        return 2
    spec = ArenaSpec(args.game, parse_players(args.players), args.games, args.seed)
    try:
        played = run_arena(spec, args.out, args.workers, args.backend, args.address)
    except OSError as exc:
        print(
            f"scarab arena: cannot write the results to {args.out}: {exc.strerror}", file=sys.stderr
        )
        return 2
    except KeyboardInterrupt:
        print(
            f"\ninterrupted: the games finished are kept in {args.out / 'games.jsonl'}; "
            "the same command plays the rest",
            file=sys.stderr,
        )
        return 130
    print(f"{played} games played; results in {args.out / 'games.jsonl'}")
    return 0 if args.no_report else _report(args.out)


def _arena_clash(args: argparse.Namespace) -> str:
    """Options that cannot go together, said rather than silently ignored ('' if none)."""
    if args.report is not None and args.game is not None:
        return (
            f"--report only rebuilds the report in {args.report}: drop {args.game} to do "
            "that, or drop --report to play"
        )
    if args.report is not None and args.no_report:
        return "--report and --no-report ask for opposite things: give one of them"
    if args.address is not None and args.backend != "ray":
        return "--address names a Ray cluster: give it with --backend ray"
    return ""


def _report(folder: Path) -> int:
    try:
        from scarab.arena.report import write_report
    except ImportError:
        print(
            "scarab arena: the report needs the arena extra: "
            "pip install '.[arena]' in Scarab's folder",
            file=sys.stderr,
        )
        return 2
    try:
        md = write_report(folder)
    except OSError as exc:
        where = exc.filename or folder
        print(f"scarab arena: cannot write the report to {where}: {exc.strerror}", file=sys.stderr)
        return 2
    print(f"report: {md}\nreport: {md.with_name('report.html')} (open in a browser)")
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

    table = Table(title=f"{game}: {len(clauses)} clauses", show_lines=True)
    table.add_column("id", no_wrap=True)  # tests cite it whole
    table.add_column("rule")
    table.add_column("source")
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
            from scarab.terminal.common import set_lang

            set_lang(args.lang)
            seats = args.players.split(",") if args.players is not None else None
            return play_main(args.game, seats, args.seed, record=args.record, resume=args.resume)
        if args.command == "arena":
            return _arena(args)
        if args.command == "bench":
            from scarab.bench import bench_main

            return bench_main(args.game, args.seconds, args.players)
        if args.command == "db":
            return _db(args.action, args.db)
        if args.command == "serve":
            from scarab.server.memory import restart_on_system_allocator

            if argv is None:  # the command line itself: restarting runs it again
                restart_on_system_allocator()  # so that a busy spell's memory is given back
            from scarab.server import migrate
            from scarab.server.app import serve_main
            from scarab.server.config import ServerConfig
            from scarab.server.worker import check_workers

            config = ServerConfig.from_options(vars(args))
            check_workers(config.db, config.workers)  # before any upgrade
            if config.upgrade:
                _upgrade(config.db)
            else:
                migrate.check(config.db)
            return serve_main(config)
    except ScarabError as exc:
        print(f"scarab: {exc}", file=sys.stderr)
        return 2
    return 2


if __name__ == "__main__":
    sys.exit(main())
