"""Play out the Horus endgames of finished games: a sharper measure of an endgame change.

Against greedy, the Horus expert's games turn on its endgame as the last seat in play:
every rival settled (out, sealed or caught) and at least one of them out, so there is a
score to beat. A change to that endgame leaves the rest of a game alone, so replaying
whole games measures it through much noise. This tool reads the games of an arena or
calibration run (``games.jsonl``), finds in each the first decision of the ``--seat`` bot
at such a point, and plays it out with ``--bot`` alone, in one world resampled from what
that seat could know (the deal's number seeds both the world and the bot), at
``--iterations`` a decision and no clock: a run replays exactly. Run it on two versions
(two checkouts) with ``--out``, then ``--against`` the other's file to count the deals
that went each way.

    python tools/horus_endgames.py results/horus/games.jsonl --out base.jsonl
    python tools/horus_endgames.py results/horus/games.jsonl --against base.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from scarab.agents import LEVELS, Agent, Budget, Seat, level_agent, make_agent
from scarab.cli import count
from scarab.core.errors import ScarabError
from scarab.core.record import read_record, replay
from scarab.games.horus.stages import ACTIVE, ESCAPED

MAX_LINE = 1 << 20  # characters of one game's line: a Horus record is some 10 kB


def endgames(path: Path, seat_bot: str) -> Iterator[tuple[int, int, Any]]:
    """(deal number, seat, state) for each game of ``path`` that reaches such an endgame."""
    with path.open(encoding="utf-8") as lines:
        for n, line in enumerate(lines, 1):
            found = _endgame(_game(line, n, path), seat_bot)
            if found is not None:
                yield found


def _game(line: str, n: int, path: Path) -> dict[str, Any]:
    if len(line) > MAX_LINE:
        raise SystemExit(f"{path} line {n}: over {MAX_LINE} characters; is it a games.jsonl?")
    try:
        game = json.loads(line)
    except ValueError:
        raise SystemExit(f"{path} line {n}: not JSON; a games.jsonl has one game a line") from None
    if not (
        isinstance(game, dict)
        and isinstance(game.get("index"), int)
        and isinstance(game.get("record"), str)
        and isinstance(game.get("bots"), list)
    ):
        raise SystemExit(f"{path} line {n}: a game needs its index, bots and record")
    return game


def _endgame(game: dict[str, Any], seat_bot: str) -> tuple[int, int, Any] | None:
    if seat_bot not in game["bots"]:
        return None
    me = game["bots"].index(seat_bot)
    try:
        record = read_record(game["record"])
        state = replay(replace(record, moves=[], lines=[], result="*"))
        if state.game.name != "horus":
            raise SystemExit(f"game {game['index']} is {state.game.name}; this tool reads Horus")
        for seat, text in record.moves:
            if seat == me and _last_in_play(state, me):
                return game["index"], me, state
            state.apply(state.game.parse_action(state, text))
    except ScarabError as exc:
        raise SystemExit(f"game {game['index']}: {exc}") from None
    return None


def _last_in_play(state: Any, me: int) -> bool:
    """``me`` alone is in play, every rival settled and one of them out (a score to beat)."""
    rivals = [st for p, st in enumerate(state.status) if p != me]
    return (
        state.status[me] in ACTIVE
        and not any(st in ACTIVE for st in rivals)
        and (ESCAPED in rivals)
    )


def play_out(state: Any, seat: int, deal: int, bot: str, iterations: int) -> float:
    """The seat's share of the win once ``bot`` has played the endgame out alone."""
    world = state.determinize(seat, random.Random(deal))
    agent: Agent = (
        level_agent(bot, deal, Budget(iterations=iterations))
        if bot in LEVELS
        else make_agent(bot, deal)
    )
    while not world.is_over:
        legal = world.legal_actions()
        world.apply(legal[0] if len(legal) == 1 else agent.choose(Seat(world, seat)))
    return float(world.win_share(seat))


def _earlier(path: Path) -> dict[int, float]:
    out: dict[int, float] = {}
    with path.open(encoding="utf-8") as lines:
        for n, line in enumerate(lines, 1):
            try:
                row = json.loads(line)
                out[int(row["deal"])] = float(row["won"])
            except (ValueError, KeyError, TypeError):
                raise SystemExit(f"{path} line {n}: not a line this tool's --out wrote") from None
    return out


def _args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("games", type=Path, help="an arena or calibration run's games.jsonl")
    p.add_argument("--seat", default="expert", help="whose seat is played out (a bot name)")
    p.add_argument("--bot", help="who plays it out (default: the --seat bot)")
    p.add_argument("--iterations", type=count(1, 100_000, "iterations"), default=400)
    p.add_argument("--first", type=count(1, 1_000_000, "endgames"), help="only the first N")
    p.add_argument("--out", type=Path, help="write each endgame's result, one JSON line each")
    p.add_argument("--against", type=Path, help="an --out file of another version to compare")
    return p.parse_args(argv)


def _compare(won: dict[int, float], before: dict[int, float]) -> str:
    shared = [deal for deal in won if deal in before]
    now, earlier = sum(won[d] for d in shared), sum(before[d] for d in shared)
    ours = sum(1 for d in shared if won[d] > before[d])
    theirs = sum(1 for d in shared if won[d] < before[d])
    return (
        f"on the {len(shared)} endgames of both: {now:g} against {earlier:g}; "
        f"{ours} deals went this way, {theirs} the other"
    )


def main(argv: list[str] | None = None) -> None:
    args = _args(argv)
    bot = args.bot or args.seat
    try:
        make_agent(bot)  # an unknown name stops here, with the names there are
    except ScarabError as exc:
        raise SystemExit(str(exc)) from None
    before = _earlier(args.against) if args.against else None
    won: dict[int, float] = {}
    lines: list[str] = []
    for deal, seat, state in endgames(args.games, args.seat):
        if args.first is not None and len(won) >= args.first:
            break
        start = time.process_time()
        won[deal] = play_out(state, seat, deal, bot, args.iterations)
        cpu = round(time.process_time() - start, 1)
        lines.append(json.dumps({"deal": deal, "won": won[deal], "cpu": cpu}) + "\n")
        print(f"deal {deal}: {won[deal]:g} ({cpu} s of CPU)", flush=True)
    if args.out:
        args.out.write_text("".join(lines), encoding="utf-8")
    print(f"{bot} won {sum(won.values()):g} of {len(won)} endgames")
    if before is not None:
        print(_compare(won, before))


if __name__ == "__main__":
    main()
