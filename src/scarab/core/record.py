"""The game record: a PGN-like text that a person can read and the engine replays.

    [Game "luxor"]
    [Players "ann, greedy"]
    [Seed "7"]
    [Options "{}"]
    [Date "2026-11-21"]
    [Result "41-38 won by ann"]

    1. p1 L S+3
    2. p2 R S+2 {a comment: the move's note, e.g. who played it}

Each numbered line is one decision: the seat (p1 is the first seat) and the
action in the game's notation. Chance is not written: it comes from the seed.

A record may come from anywhere, so reading it is bounded: at most
MAX_RECORD_CHARS characters and MAX_LINE_CHARS per line, read by a scanner
that looks at each character a fixed number of times (no backtracking regex),
and every problem is a BadRecord that names its line.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from scarab.core.errors import BadOption, BadRecord, ScarabError, brief
from scarab.core.game import SEEDS

if TYPE_CHECKING:
    from scarab.core.game import JSON, Game, State

MAX_RECORD_CHARS = 1_000_000  # far above the longest game (a Horus game of 40,000 decisions)
MAX_LINE_CHARS = 1_000
MAX_OPTIONS_DEPTH = 4  # Options is a flat JSON object; nesting this deep is refused unread
MAX_NUMBER_DIGITS = 7  # a move number; seats have at most 2 digits
MAX_SEAT = 98  # p99, the last seat two digits write
_REQUIRED = ("Game", "Players", "Seed")
_DIGITS = frozenset("0123456789")
_TAG_NAME = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_UNPRINTABLE = {  # by Unicode category: every character str.isprintable() refuses
    "Cc": "a control character",
    "Cf": "an invisible formatting character",
    "Cs": "a lone surrogate (half of a pair, no character alone)",
    "Co": "a private-use character",
    "Cn": "an unassigned code point",
    "Zs": "a space other than the plain one",
    "Zl": "a line separator, which ends no line here",
    "Zp": "a paragraph separator, which ends no line here",
}


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
    tag_lines: dict[str, int] = field(default_factory=dict, compare=False)
    """Source line of each tag when read from text (for error messages)."""
    notes: dict[int, str] = field(default_factory=dict, compare=False)
    """A comment on a move, by move index (0-based): who played it, when not its seat."""


def _is_int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _all(items: object, kind: type | tuple[type, ...], *, mapping: type | None = None) -> bool:
    """Whether ``items`` is a tuple or list of ``kind`` (a dict from ``mapping`` to ``kind``)."""
    if mapping is not None:
        return isinstance(items, dict) and all(
            isinstance(k, mapping) and isinstance(v, kind) for k, v in items.items()
        )
    return isinstance(items, (tuple, list)) and all(isinstance(i, kind) for i in items)


def _problem(record: Record) -> str | None:
    """What is wrong with a record's fields, by type or range, and what is right; None if
    nothing. A Record is a plain dataclass anyone may fill: a wrong type was an
    AttributeError or TypeError deep in replay, or text that no reader reads back. (The seed
    is the game's to check, naming the Seed tag's line; write_record checks it too.)"""
    fields = (
        ("game", isinstance(record.game, str), "a game's name (a str), as 'luxor'"),
        (
            "players",
            _all(record.players, str) and bool(record.players),
            "a tuple of one or more names",
        ),
        ("options", _all(record.options, object, mapping=str), "a dict of option names (str)"),
        ("date", isinstance(record.date, str), "a str"),
        ("result", isinstance(record.result, str), "a str"),
        ("moves", _all(record.moves, (tuple, list)), "a list of (seat, notation) pairs"),
        ("notes", _all(record.notes, str, mapping=int), "a dict of notes (str) by move index"),
        ("lines", _all(record.lines, int), "a list of line numbers (int)"),
        ("tag_lines", _all(record.tag_lines, int, mapping=str), "a dict of line numbers by tag"),
    )
    for name, right, what in fields:
        if not right:
            return f"{name} must be {what}, not {brief(getattr(record, name))}"
    for i, move in enumerate(record.moves, 1):
        if len(move) != 2 or not _is_int(move[0], 0, MAX_SEAT) or not isinstance(move[1], str):
            return (
                f"move {i} must be a pair (seat, notation): the seat a whole number from 0 (p1) "
                f"to {MAX_SEAT} (p{MAX_SEAT + 1}), the notation a str; not {brief(move)}"
            )
    return None


def _checked(record: object) -> Record:
    """The record, or BadRecord saying which field is of the wrong type or range."""
    if not isinstance(record, Record):
        raise BadRecord(f"a record is a Record (read_record reads one), not {brief(record)}")
    problem = _problem(record)
    if problem is not None:
        raise BadRecord(f"the record's {problem}")
    return record


def _where(tag_lines: Mapping[str, int], tag: str) -> str:
    """Where a tag stands, for error messages: its line when the record was read."""
    line = tag_lines.get(tag)
    return f"line {line} ({tag} tag)" if line else f"the {tag} tag"


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _comment(note: str) -> str:
    """A note as a ``{...}`` comment: ``\\`` and ``}`` escaped, so that any one-line note
    reads back as itself."""
    return "{" + note.replace("\\", "\\\\").replace("}", "\\}") + "}"


def write_record(record: Record) -> str:
    """The record as text that read_record reads back; BadRecord for what it cannot write."""
    record = _checked(record)
    if not _is_int(record.seed, 0, SEEDS - 1):
        raise BadRecord(
            f"the record's seed must be a whole number from 0 to 2**64-1, not {brief(record.seed)}"
        )
    try:
        options = json.dumps(record.options, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise BadRecord(f"the options cannot be written as JSON: {exc}") from None
    if _depth(options) > MAX_OPTIONS_DEPTH:
        raise BadRecord(f"the options nest deeper than {MAX_OPTIONS_DEPTH} levels")
    for name in record.players:
        if "," in name or name != name.strip() or not name or not name.isprintable():
            raise BadRecord(
                f"player name {brief(name)} cannot be written: use a non-empty printable name "
                "without commas or outer spaces"
            )
    tags = {
        "Game": record.game,
        "Players": ", ".join(record.players),
        "Seed": str(record.seed),
        "Options": options,
        "Date": record.date,
        "Result": record.result,
    }
    for k, v in tags.items():
        if not v.isprintable():
            raise BadRecord(
                f"the {k} tag {brief(v)} cannot be written: it must be one printable line"
            )
    out = [f'[{k} "{_quote(v)}"]' for k, v in tags.items()]
    out.append("")
    for i, (seat, text) in enumerate(record.moves, 1):
        if not text.isprintable() or "{" in text or "}" in text or text != text.strip() or not text:
            raise BadRecord(f"move {i} {brief(text)} cannot be written: it must be notation")
        note = record.notes.get(i - 1)
        if note is None:
            out.append(f"{i}. p{seat + 1} {text}")
        elif not note.isprintable():
            raise BadRecord(
                f"the note on move {i} {brief(note)} cannot be written: it must be one "
                "printable line"
            )
        else:
            out.append(f"{i}. p{seat + 1} {text} {_comment(note)}")
    for lineno, line in enumerate(out, 1):
        if len(line) > MAX_LINE_CHARS:
            raise BadRecord(
                f"line {lineno} would have {len(line):,} characters; a record's line holds at "
                f"most {MAX_LINE_CHARS}"
            )
    text = "\n".join(out) + "\n"
    if len(text) > MAX_RECORD_CHARS:
        raise BadRecord(
            f"the record would have {len(text):,} characters; at most {MAX_RECORD_CHARS:,} are read"
        )
    return text


# ---- reading --------------------------------------------------------------------
def _tag(line: str, lineno: int) -> tuple[str, str]:
    """``[Name "value"]`` -> (Name, value), unescaping ``\\"`` and ``\\\\``."""
    if not line.endswith("]"):
        raise BadRecord(f'line {lineno}: a tag ends with ]; expected [Name "value"]')
    inner = line[1:-1]
    name, _, rest = inner.partition(" ")
    rest = rest.strip()
    if not name or len(name) > 20 or not set(name) <= _TAG_NAME:
        raise BadRecord(f'line {lineno}: malformed tag name {brief(name)}; expected [Name "value"]')
    if len(rest) < 2 or rest[0] != '"' or rest[-1] != '"':
        raise BadRecord(f'line {lineno}: the {name} tag\'s value must be in quotes: [Name "value"]')
    out: list[str] = []
    escaped = False
    for ch in rest[1:-1]:
        if escaped:
            out.append(ch)
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == '"':
            raise BadRecord(f'line {lineno}: a quote inside the {name} tag must be written \\"')
        else:
            out.append(ch)
    if escaped:
        raise BadRecord(f"line {lineno}: the {name} tag ends in a lone backslash")
    return name, "".join(out)


def _unprintable(line: str, lineno: int, start: int = 0) -> BadRecord:
    """The error for the line's first character from ``start`` that does not print, named
    by code point and kind: a no-break or zero-width space looks like nothing amiss."""
    at = next(i for i in range(start, len(line)) if not line[i].isprintable())
    ch = line[at]
    name = unicodedata.name(ch, "")
    return BadRecord(
        f"line {lineno}, column {at + 1}: U+{ord(ch):04X}{' ' + name if name else ''} "
        f"({_UNPRINTABLE[unicodedata.category(ch)]}) does not print; a record holds printable "
        "text, plain spaces and line breaks"
    )


def _strip_comments(line: str, lineno: int) -> tuple[str, list[str]]:
    """The line without its ``{...}`` comments, and the comments. A character outside them
    that does not print is a BadRecord (inside, it only keeps the comment from being a note).
    As in PGN a comment does not nest (a ``{`` in it is text); in it ``\\}`` stands for ``}``
    and ``\\\\`` for ``\\``, which is how write_record writes a note's."""
    if "{" not in line and "}" not in line and line.isprintable():
        return line, []
    out: list[str] = []
    comments: list[str] = []
    comment: list[str] | None = None  # the comment being read
    escaped = False
    for at, ch in enumerate(line):
        if comment is None:
            if ch == "}":
                raise BadRecord(f"line {lineno}: a }} without its {{")
            if ch == "{":
                comment = []
            elif ch.isprintable():
                out.append(ch)
            else:
                raise _unprintable(line, lineno, at)
        elif escaped:
            comment.append(ch if ch in "\\}" else "\\" + ch)
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "}":
            comments.append("".join(comment).strip())
            comment = None
        else:
            comment.append(ch)
    if comment is not None:
        raise BadRecord(f"line {lineno}: a comment opened with {{ is not closed on its line")
    return "".join(out), comments


def _number(text: str, digits: int) -> int | None:
    """A plain decimal number of at most ``digits`` ASCII digits, else None."""
    if not text or len(text) > digits or not set(text) <= _DIGITS:
        return None
    return int(text)


def _move(line: str, lineno: int) -> tuple[int, int, str]:
    """``12. p2 L S+3`` -> (12, 2, "L S+3")."""
    expected = "expected a move: its number, its seat and the action, as '12. p2 <action>'"
    number_text, dot, rest = line.partition(".")
    number = _number(number_text.strip(), MAX_NUMBER_DIGITS)
    parts = rest.split(None, 1)
    if not dot or number is None or len(parts) != 2 or parts[0][:1] != "p":
        raise BadRecord(f"line {lineno}: cannot read {brief(line)}; {expected}")
    seat = _number(parts[0][1:], 2)
    if seat is None:
        raise BadRecord(f"line {lineno}: {brief(parts[0])} is no seat; seats are p1, p2, ...")
    return number, seat, parts[1].strip()


def read_record(text: str) -> Record:
    """Read a record's text; BadRecord, naming the line, when it is not one."""
    if not isinstance(text, str):
        raise BadRecord(f"a record is text (a str), not {brief(text)}")
    if len(text) > MAX_RECORD_CHARS:
        raise BadRecord(
            f"the record has {len(text):,} characters; at most {MAX_RECORD_CHARS:,} are read"
        )
    text = text.removeprefix("\ufeff")  # the byte-order mark some editors save first
    tags: dict[str, str] = {}
    tag_lines: dict[str, int] = {}
    moves: list[tuple[int, str]] = []
    lines: list[int] = []
    notes: dict[int, str] = {}
    # Only \n, \r\n and \r end a line. str.splitlines() also breaks at a form feed, \x85,
    # U+2028 and others, which put every later error on the wrong line; they are refused.
    for lineno, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if len(raw) > MAX_LINE_CHARS:
            raise BadRecord(
                f"line {lineno} has {len(raw):,} characters; a line holds at most {MAX_LINE_CHARS}"
            )
        line = raw.replace("\t", " ")
        if not line.strip(" "):
            continue
        if line.lstrip(" ").startswith("["):
            if not line.isprintable():
                raise _unprintable(line, lineno)
            name, value = _tag(line.strip(" "), lineno)
            if moves:
                raise BadRecord(f"line {lineno}: tag {name} after the moves; tags come first")
            if name in tags:
                raise BadRecord(
                    f"line {lineno}: a second {name} tag (the first is on line {tag_lines[name]})"
                )
            tags[name], tag_lines[name] = value, lineno
            continue
        move, comments = _strip_comments(line, lineno)
        move = move.strip()
        if not move:
            continue
        number, seat, action = _move(move, lineno)
        if number != len(moves) + 1:
            raise BadRecord(f"line {lineno}: move number {number}, expected {len(moves) + 1}")
        if seat < 1:
            raise BadRecord(f"line {lineno}: seat p{seat} does not exist; seats start at p1")
        if comments and comments[0] and comments[0].isprintable():
            notes[len(moves)] = comments[0]
        moves.append((seat - 1, action))
        lines.append(lineno)
    missing = [t for t in _REQUIRED if t not in tags]
    if missing:
        raise BadRecord(f"the record lacks the tag(s) {', '.join(missing)}")

    seed = _number(tags["Seed"], 20)
    if seed is None:
        raise BadRecord(
            f"{_where(tag_lines, 'Seed')}: the seed must be an integer from 0 to 2**64-1, "
            f"not {brief(tags['Seed'])}"
        )
    if not tags["Players"].strip():
        raise BadRecord(
            f"{_where(tag_lines, 'Players')}: the player's name is empty; the tag names each "
            'player, as "ann, bob"'
        )
    options = _options(tags["Options"], _where(tag_lines, "Options")) if "Options" in tags else {}
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
        tag_lines=tag_lines,
        notes=notes,
    )


def _depth(text: str) -> int:
    """How deeply brackets nest in JSON text (strings skipped), in one pass."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _options(text: str, where: str) -> dict[str, JSON]:
    """The Options tag's JSON object. A key twice and NaN or Infinity are refused, where
    Python's json would keep the last value or a number that JSON does not have."""
    if _depth(text) > MAX_OPTIONS_DEPTH:
        raise BadRecord(f"{where}: options nest deeper than {MAX_OPTIONS_DEPTH} levels")

    def once(pairs: list[tuple[str, JSON]]) -> dict[str, JSON]:
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise BadRecord(
                    f"{where}: the options name {brief(key)} twice; name each option once"
                )
            seen.add(key)
        return dict(pairs)

    def no_constant(name: str) -> JSON:
        raise BadRecord(
            f"{where}: the options hold {name}, which JSON does not allow; write a finite number"
        )

    try:
        options = json.loads(text, object_pairs_hook=once, parse_constant=no_constant)
    except BadRecord:
        raise
    except json.JSONDecodeError as exc:
        raise BadRecord(
            f"{where}: the options {brief(text)} are not JSON ({exc.msg} at character "
            f'{exc.pos + 1}); write a JSON object like {{"solo": true}}'
        ) from None
    except (ValueError, RecursionError):  # a number too long to read
        raise BadRecord(f"{where}: the options {brief(text)} hold a number too long") from None
    if not isinstance(options, dict):
        raise BadRecord(f'{where}: the options must be a JSON object like {{"solo": true}}')
    return options


# ---- replaying ------------------------------------------------------------------
def _setup(game: Game[Any], record: Record) -> State[Any]:
    """The game the header describes; BadRecord naming the tag that is wrong."""
    checks = (
        ("Players", lambda: game.seat_names(record.players)),
        ("Seed", lambda: game.check_seed(record.seed)),
        ("Options", lambda: game.check_options(record.options)),
    )
    for tag, check in checks:
        try:
            check()
        except BadOption as exc:
            raise BadRecord(f"{_where(record.tag_lines, tag)}: {exc}") from None
    try:
        return game.new_game(record.players, seed=record.seed, **record.options)
    except ScarabError as exc:
        where = _where(record.tag_lines, "Options")
        raise BadRecord(f"{where}: the header cannot set up a game: {exc}") from None


def replay(record: Record) -> State[Any]:
    """Set the game up from the record's seed and play every move again."""
    from scarab.core.registry import load

    record = _checked(record)
    try:
        game = load(record.game)
    except ScarabError as exc:
        raise BadRecord(f"{_where(record.tag_lines, 'Game')}: {exc}") from None
    state = _setup(game, record)
    state.date = record.date
    for i, (seat, text) in enumerate(record.moves):
        where = f"line {record.lines[i]}" if i < len(record.lines) else f"move {i + 1}"
        if state.is_over:
            raise BadRecord(
                f"{where}: the game is already over, but the record goes on with {brief(text)}"
            )
        if seat >= state.num_players:
            raise BadRecord(
                f"{where}: seat p{seat + 1} does not exist; the Players tag names "
                f"{state.num_players}, p1 to p{state.num_players}"
            )
        if seat != state.current_player:
            raise BadRecord(
                f"{where}: p{seat + 1} moves, "
                f"but it is p{(state.current_player or 0) + 1}'s decision"
            )
        try:
            state.apply(game.parse_action(state, text))
        except ScarabError as exc:
            raise BadRecord(f"{where}: {exc}") from None  # it names the move and what is wrong
    if record.result not in ("*", "") and record.result != state.result_text():
        raise BadRecord(
            f"{_where(record.tag_lines, 'Result')} says "
            f"{brief(record.result)}, but the moves give {state.result_text()!r}"
        )
    return state
