"""The game record: a PGN-like text that a person can read and the engine replays.

    [Game "luxor"]
    [Players "ann, greedy"]
    [Seed "7"]
    [Options "{}"]
    [Date "2026-11-21"]
    [Result "41-38 won by ann"]

    1. p1 L S+3
    2. p2 R S+2 {a comment, ignored on reading}

Each numbered line is one decision: the seat (p1 is the first seat) and the
action in the game's notation. Chance is not written: it comes from the seed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from scarab.core.errors import BadRecord, ScarabError

if TYPE_CHECKING:
    from scarab.core.game import JSON, State

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]$')
_MOVE = re.compile(r"^(\d+)\.\s+p(\d+)\s+(.+?)\s*$")
_COMMENT = re.compile(r"\{[^}]*\}")
_REQUIRED = ("Game", "Players", "Seed")


@dataclass
class Record:
    game: str
    players: tuple[str, ...]
    seed: int
    options: dict[str, JSON] = field(default_factory=dict)
    date: str = ""
    moves: list[tuple[int, str]] = field(default_factory=list)
    result: str = "*"
    lines: list[int] = field(default_factory=list, compare=False)
    """Source line of each move when read from text (for error messages)."""


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def write_record(record: Record) -> str:
    for name in record.players:
        if "," in name or name != name.strip() or not name or not name.isprintable():
            raise ValueError(
                f"player name {name!r} cannot be written: use a non-empty printable name "
                "without commas or outer spaces"
            )
    tags = {
        "Game": record.game,
        "Players": ", ".join(record.players),
        "Seed": str(record.seed),
        "Options": json.dumps(record.options, sort_keys=True),
        "Date": record.date,
        "Result": record.result,
    }
    for k, v in tags.items():
        if not v.isprintable():
            raise ValueError(f"the {k} tag {v!r} cannot be written: it must be one printable line")
    out = [f'[{k} "{_quote(v)}"]' for k, v in tags.items()]
    out.append("")
    out.extend(f"{i}. p{seat + 1} {text}" for i, (seat, text) in enumerate(record.moves, 1))
    return "\n".join(out) + "\n"


def read_record(text: str) -> Record:
    tags: dict[str, str] = {}
    moves: list[tuple[int, str]] = []
    lines: list[int] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("["):
            m = _TAG.match(line)
            if not m:
                raise BadRecord(
                    f'line {lineno}: malformed tag {raw.strip()!r}; expected [Name "value"]'
                )
            if moves:
                raise BadRecord(f"line {lineno}: tag {m.group(1)} after the moves; tags come first")
            tags[m.group(1)] = _unquote(m.group(2))
            continue
        move = _COMMENT.sub("", line).strip()
        if not move:
            continue
        m = _MOVE.match(move)
        if not m:
            raise BadRecord(
                f"line {lineno}: cannot read {raw.strip()!r}; expected a move like '12. p2 L S+3'"
            )
        number, seat = int(m.group(1)), int(m.group(2))
        if number != len(moves) + 1:
            raise BadRecord(f"line {lineno}: move number {number}, expected {len(moves) + 1}")
        if seat < 1:
            raise BadRecord(f"line {lineno}: seat p{seat} does not exist; seats start at p1")
        moves.append((seat - 1, m.group(3)))
        lines.append(lineno)
    missing = [t for t in _REQUIRED if t not in tags]
    if missing:
        raise BadRecord(f"the record lacks the tag(s) {', '.join(missing)}")
    try:
        seed = int(tags["Seed"])
    except ValueError:
        raise BadRecord(f"the Seed tag must be an integer, not {tags['Seed']!r}") from None
    try:
        options = json.loads(tags.get("Options", "{}"))
    except json.JSONDecodeError as exc:
        raise BadRecord(f"the Options tag is not JSON: {exc}") from None
    if not isinstance(options, dict):
        raise BadRecord("the Options tag must be a JSON object")
    players = tuple(p.strip() for p in tags["Players"].split(","))
    return Record(
        game=tags["Game"],
        players=players,
        seed=seed,
        options=options,
        date=tags.get("Date", ""),
        moves=moves,
        result=tags.get("Result", "*"),
        lines=lines,
    )


def replay(record: Record) -> State:
    """Set the game up from the record's seed and play every move again."""
    from scarab.core.registry import load

    try:
        game = load(record.game)
        state = game.new_game(record.players, seed=record.seed, **record.options)
    except ScarabError as exc:
        raise BadRecord(f"the record's header cannot set up a game: {exc}") from None
    state.date = record.date
    for i, (seat, text) in enumerate(record.moves):
        where = f"line {record.lines[i]}" if i < len(record.lines) else f"move {i + 1}"
        if state.is_over:
            raise BadRecord(
                f"{where}: the game is already over, but the record goes on with {text!r}"
            )
        if seat != state.current_player:
            raise BadRecord(
                f"{where}: p{seat + 1} moves, "
                f"but it is p{(state.current_player or 0) + 1}'s decision"
            )
        try:
            state.apply(game.parse_action(state, text))
        except ScarabError as exc:
            raise BadRecord(f"{where}: {text!r} is not legal: {exc}") from None
    if record.result not in ("*", "") and record.result != state.result_text():
        raise BadRecord(
            f"the Result tag says {record.result!r}, but the moves give {state.result_text()!r}"
        )
    return state
