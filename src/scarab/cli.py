"""The `scarab` command: serve, db, play, arena, rules, bench, games."""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scarab.core.clauses import catalogue, cited
from scarab.core.errors import ScarabError
from scarab.core.registry import games

MAX_SECONDS = 3600.0
DEFAULT_DB = "sqlite:///scarab.db"
BOT_STEP = 0.4  # seconds a bot waits after a change at its table before its move is shown
MAX_BOT_STEP = 10.0


def _finite_seconds(text: str) -> float:
    """A finite number of seconds, as typed (its range is its caller's)."""
    said = f"{text!r} is not a number of seconds: give one such as 0.5 or 30"
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(said) from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(said)
    return value


def seconds(text: str) -> float:
    """A measurement time or a timeout: a finite number of seconds above 0, at most an hour."""
    value = _finite_seconds(text)
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a time: give seconds above 0 and at most {MAX_SECONDS:g}"
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
    serve = sub.add_parser("serve", help="run the web table (open the printed address)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=port, default=8000)
    serve.add_argument(
        "--db",
        default="sqlite:///scarab.db",
        help="SQLAlchemy URL: sqlite:///FILE (default ./scarab.db) or postgresql+psycopg://...",
    )
    serve.add_argument(
        "--bot-workers",
        type=count(0, 64, "a number of bot processes"),
        default=1,
        help="bot processes (0: one thread in the server)",
    )
    serve.add_argument(
        "--bot-step",
        type=bot_step,
        default=BOT_STEP,
        metavar="S",
        help=f"the least seconds from a change at a table to a bot's next move there, so that "
        f"people can follow a bot's turn move by move ({BOT_STEP:g}; 0: at once)",
    )
    serve.add_argument(
        "--workers",
        type=count(1, 64, "a number of server processes"),
        default=1,
        help="server processes on one port (PostgreSQL only; see the README's deployment)",
    )
    serve.add_argument(
        "--no-upgrade",
        action="store_true",
        help="refuse to start on a store whose schema is older, instead of upgrading it",
    )
    _limit_options(serve)
    _timeout_options(serve)
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
        cmd.add_argument(
            "--db",
            default=DEFAULT_DB,
            help="SQLAlchemy URL: sqlite:///FILE (default ./scarab.db) or postgresql+psycopg://...",
        )


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


def _limit_options(serve: argparse.ArgumentParser) -> None:
    """The serve options that bound what one client may do (scarab.server.guard)."""
    from scarab.server.guard import Limits as d  # its defaults; guard loads no server library

    g = serve.add_argument_group(
        "limits",
        "what one client (an address) may do; a RATE is a count per time, e.g. 30/minute, "
        "or several joined by ';', e.g. 10/second;300/hour",
    )
    for flag, default, text in (
        ("--table-rate", d.table_rate, "tables and players one client may make, codes it may try"),
        ("--api-rate", d.api_rate, "API requests (acts included) and WebSocket openings"),
        ("--page-rate", d.page_rate, "requests for the page and its static files"),
        ("--message-rate", d.message_rate, "messages on one WebSocket"),
        ("--client-message-rate", d.client_message_rate, "messages on all of a client's sockets"),
    ):
        g.add_argument(flag, type=rate, default=default, metavar="RATE", help=f"{text} ({default})")
    for flag, most, text in (
        ("--max-connections", d.max_connections, "open connections, HTTP and WebSocket"),
        ("--max-client-connections", d.max_client_connections, "connections from one client"),
        (
            "--client-connection-rate",
            d.client_connection_rate,
            "connections a client opens a second",
        ),
        ("--max-table-sockets", d.max_table_sockets, "WebSockets on one table"),
        ("--max-client-sockets", d.max_client_sockets, "WebSockets from one client"),
    ):
        g.add_argument(
            flag,
            type=count(1, 1_000_000, "a count"),
            default=most,
            metavar="N",
            help=f"{text} ({most})",
        )
    g.add_argument(
        "--max-sockets",
        type=count(1, 1_000_000, "a count"),
        default=None,
        metavar="N",
        help="WebSockets in all (15/16 of --max-connections, leaving room for the page)",
    )
    g.add_argument(
        "--forwarded-header",
        default=None,
        metavar="HEADER",
        help="behind a reverse proxy: the header it names the client in, e.g. X-Forwarded-For "
        "(its right-most address counts); without it, the peer address",
    )
    g.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        type=origin,
        metavar="ORIGIN",
        help="a site whose pages may also use the server, e.g. https://games.example.org "
        "(repeatable; * for any); by default only the server's own pages may",
    )


def _timeout_options(serve: argparse.ArgumentParser) -> None:
    """How long a client may take to send a request (scarab.server.deadlines)."""
    from scarab.server.deadlines import Timeouts

    d = Timeouts()
    g = serve.add_argument_group("timeouts", "a connection that keeps them waiting is closed")
    g.add_argument(
        "--header-timeout",
        type=seconds,
        default=d.header,
        metavar="S",
        help=f"seconds for a request's head to come in whole ({d.header:g})",
    )
    g.add_argument(
        "--body-timeout",
        type=seconds,
        default=d.body,
        metavar="S",
        help=f"the most seconds any request's body has to come in whole ({d.body:g})",
    )
    g.add_argument(
        "--small-body-timeout",
        type=seconds,
        default=d.small_body,
        metavar="S",
        help=f"seconds a body has however short, more as its length needs ({d.small_body:g})",
    )
    g.add_argument(
        "--keep-alive-timeout",
        type=count(1, 3600, "a number of seconds"),
        default=d.keep_alive,
        metavar="S",
        help=f"seconds a connection may idle between requests ({d.keep_alive})",
    )


def _limits(args: argparse.Namespace) -> Any:
    from scarab.server.guard import Limits

    return Limits(
        table_rate=args.table_rate,
        api_rate=args.api_rate,
        page_rate=args.page_rate,
        message_rate=args.message_rate,
        client_message_rate=args.client_message_rate,
        max_connections=args.max_connections,
        max_client_connections=args.max_client_connections,
        client_connection_rate=args.client_connection_rate,
        max_sockets=args.max_sockets,
        max_table_sockets=args.max_table_sockets,
        max_client_sockets=args.max_client_sockets,
        forwarded_header=args.forwarded_header,
        allow_origins=tuple(args.allow_origin),
    )


def rate(text: str) -> str:
    """An argparse type: a rate ``limits`` reads, such as 30/minute or 10/second;300/hour."""
    from scarab.server.guard import check_rate

    try:
        return check_rate(text)
    except ScarabError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def origin(text: str) -> str:
    """An argparse type: an origin, scheme://host[:port], or * for any."""
    from scarab.server.guard import check_origin

    try:
        return check_origin(text)
    except ScarabError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def bot_step(text: str) -> float:
    """The pause before a bot's move: 0 to MAX_BOT_STEP seconds."""
    value = _finite_seconds(text)
    if not 0 <= value <= MAX_BOT_STEP:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a bot's pause: give 0 to {MAX_BOT_STEP:g} seconds"
        )
    return value


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
            from scarab.server.worker import check_workers

            check_workers(args.db, args.workers)  # before any upgrade
            if args.no_upgrade:
                migrate.check(args.db)
            else:
                _upgrade(args.db)
            from scarab.server.deadlines import Timeouts

            timeouts = Timeouts(
                args.header_timeout,
                args.body_timeout,
                args.keep_alive_timeout,
                args.small_body_timeout,
            )
            return serve_main(
                args.host,
                args.port,
                args.db,
                args.bot_workers,
                _limits(args),
                timeouts,
                args.workers,
                args.bot_step,
            )
    except ScarabError as exc:
        print(f"scarab: {exc}", file=sys.stderr)
        return 2
    return 2


if __name__ == "__main__":
    sys.exit(main())
