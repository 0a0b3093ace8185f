"""Game records: readable text that replays the game exactly, and clear errors when corrupt."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scarab
from scarab import BadRecord, Record, read_record, replay, write_record
from scarab.games.luxor.state import LuxorState

LUXOR = scarab.load("luxor")

# (players, seed, decisions): None plays to the end, a number stops part way.
GAMES = [
    (2, 11, None),
    (3, 12, None),
    (4, 13, None),
    (2, 21, 37),
    (3, 22, 1),
    (4, 23, 90),
    (2, 24, 0),
]
GAME_IDS = [f"{p}p-seed{s}-{'end' if n is None else n}" for p, s, n in GAMES]


def played(players: int, seed: int, decisions: int | None = None) -> LuxorState:
    """A game of random legal moves, to the end or for that many decisions."""
    s = LUXOR.new_game(players, seed=seed)
    assert isinstance(s, LuxorState)
    choose = random.Random(seed * 1000 + players)
    while not s.is_over and (decisions is None or len(s.history()) < decisions):
        s.apply(choose.choice(s.legal_actions()))
    return s


def header(game: str = "luxor", players: str = "ann, bob", seed: str = "7") -> list[str]:
    """The tags a person writing a record by hand needs (Options, Date, Result are optional)."""
    return [f'[Game "{game}"]', f'[Players "{players}"]', f'[Seed "{seed}"]']


def move_lines(s: LuxorState) -> list[str]:
    return [f"{i}. p{seat + 1} {a}" for i, (seat, a) in enumerate(s.history(), 1)]


@pytest.fixture(scope="module")
def finished() -> LuxorState:
    s = LUXOR.new_game(["ann", "bob"], seed=7)
    assert isinstance(s, LuxorState)
    choose = random.Random(7)
    while not s.is_over:
        s.apply(choose.choice(s.legal_actions()))
    return s


def lines_of(s: LuxorState) -> list[str]:
    """A hand-written record of s: the required tags, a blank line, the moves."""
    return [*header(seed=str(s.seed)), "", *move_lines(s)]


def read_error(lines: list[str]) -> str:
    """The BadRecord message for this text, raised by reading or by replaying it."""
    with pytest.raises(BadRecord) as info:
        replay(read_record("\n".join(lines) + "\n"))
    assert isinstance(info.value, ValueError)
    return str(info.value)


# ---- what a record holds and how it reads ----------------------------------
@pytest.mark.parametrize(("players", "seed", "decisions"), GAMES, ids=GAME_IDS)
def test_record_describes_the_game(players: int, seed: int, decisions: int | None) -> None:
    s = played(players, seed, decisions)
    rec = s.record()
    assert rec.game == "luxor"
    assert rec.players == s.names == tuple(f"p{i + 1}" for i in range(players))
    assert rec.seed == seed
    assert rec.options == {}
    assert rec.moves == [(seat, str(a)) for seat, a in s.history()]
    if s.is_over:
        scores = "-".join(str(v) for v in s.scores())
        winners = ", ".join(s.names[w] for w in s.winners())
        assert rec.result == f"{scores} won by {winners}"
    else:
        assert rec.result == "*"
        assert len(rec.moves) == decisions


def test_record_text_is_human_readable(finished: LuxorState) -> None:
    text = write_record(finished.record())
    lines = text.splitlines()
    assert lines[:6] == [
        '[Game "luxor"]',
        '[Players "ann, bob"]',
        '[Seed "7"]',
        '[Options "{}"]',
        f'[Date "{finished.date}"]',
        f'[Result "{finished.result_text()}"]',
    ]
    assert lines[6] == ""
    moves = lines[7:]
    assert moves == move_lines(finished)
    assert moves[0].startswith("1. p1 L ") or moves[0].startswith("1. p1 R ")
    for i, line in enumerate(moves, 1):
        assert re.fullmatch(rf"{i}\. p[12] [LR]? ?[-+\w ]+", line), line
    assert text.endswith("\n") and not text.endswith("\n\n")


def test_a_new_game_writes_just_the_header() -> None:
    s = LUXOR.new_game(3, seed=5)
    text = write_record(s.record())
    assert re.search(r"^\d+\.", text, re.M) is None
    assert '[Result "*"]' in text
    assert '[Players "p1, p2, p3"]' in text


def test_names_with_commas_cannot_be_written() -> None:
    rec = Record("luxor", ("ann, the first", "bob"), 1)
    with pytest.raises(BadRecord, match="comma"):
        write_record(rec)
    with pytest.raises(BadRecord, match="non-empty"):
        write_record(Record("luxor", ("  ", "bob"), 1))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"date": "2026\n01"}, "Date tag"),
        ({"moves": [(0, "L S+1}")]}, "move 1"),
        ({"moves": [(0, "L S+1")], "notes": {0: "two\nlines"}}, "note on move 1"),
    ],
)
def test_what_write_record_cannot_write_is_a_bad_record(
    change: dict[str, object], says: str
) -> None:
    """A server turns a ScarabError into a 4xx; a plain ValueError was a 500."""
    rec = Record("luxor", ("ann", "bob"), 1)
    for name, value in change.items():
        setattr(rec, name, value)
    with pytest.raises(BadRecord, match=says):
        write_record(rec)


@pytest.mark.parametrize("note", ["a}b left", "{bob} left", "a \\ b", "ends in \\", "\\}{"])
def test_a_note_with_braces_or_backslashes_reads_back_as_itself(note: str) -> None:
    rec = Record("luxor", ("ann", "bob"), 1, moves=[(0, "L S+1")], notes={0: note})
    assert read_record(write_record(rec)).notes == {0: note}


def test_a_comment_holding_an_opening_brace_writes_back() -> None:
    """A { inside a comment is text (comments do not nest), so the note it gives is written."""
    rec = read_record("\n".join([*header(), "1. p1 L S+1 {a{b}"]))
    assert rec.notes == {0: "a{b"}
    assert read_record(write_record(rec)).notes == rec.notes


# ---- round trips ------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed", "decisions"), GAMES, ids=GAME_IDS)
def test_replay_reproduces_the_game(players: int, seed: int, decisions: int | None) -> None:
    s = played(players, seed, decisions)
    again = replay(s.record())
    assert isinstance(again, LuxorState)
    assert again is not s
    assert again == s  # LuxorState.key(): every piece, the RNG state and the move count
    assert again.key() == s.key()
    assert again.history() == s.history()
    for seat in [None, *range(players)]:
        assert again.view(seat) == s.view(seat)
    assert again.is_over == s.is_over
    assert again.current_player == s.current_player
    assert again.scores() == s.scores()
    assert again.winners() == s.winners()
    assert again.result_text() == s.result_text()
    assert again.legal_actions() == s.legal_actions()


@pytest.mark.parametrize(("players", "seed", "decisions"), GAMES, ids=GAME_IDS)
def test_written_record_reads_back(players: int, seed: int, decisions: int | None) -> None:
    s = played(players, seed, decisions)
    rec = s.record()
    back = read_record(write_record(rec))
    assert back == rec
    assert write_record(back) == write_record(rec)


@pytest.mark.parametrize(("players", "seed", "decisions"), GAMES, ids=GAME_IDS)
def test_replay_from_text_reproduces_the_game(
    players: int, seed: int, decisions: int | None
) -> None:
    s = played(players, seed, decisions)
    again = replay(read_record(write_record(s.record())))
    assert again == s
    assert again.date == s.date
    for seat in [None, *range(players)]:
        assert again.view(seat) == s.view(seat)


def test_hand_written_record_replays(finished: LuxorState) -> None:
    """Only Game, Players and Seed are required; Options, Date and Result may be left out."""
    rec = read_record("\n".join(lines_of(finished)) + "\n")
    assert rec.players == ("ann", "bob")
    assert rec.options == {} and rec.date == "" and rec.result == "*"
    assert rec.lines[0] == 5  # three tags, a blank line, then move 1
    again = replay(rec)
    assert again == finished
    assert again.result_text() == finished.result_text()


def test_comments_and_blank_lines_are_ignored(finished: LuxorState) -> None:
    lines = lines_of(finished)
    noisy = [lines[0], "", "{a note before the tags}", *lines[1:5]]
    noisy += [f"{line} {{comment {i}}}" for i, line in enumerate(lines[5:])]
    noisy.insert(6, "   ")
    rec = read_record("\n".join(noisy))
    assert rec.moves == finished.record().moves
    assert replay(rec) == finished


def test_result_tag_is_checked_when_it_matches(finished: LuxorState) -> None:
    lines = [*lines_of(finished)]
    lines.insert(3, f'[Result "{finished.result_text()}"]')
    assert replay(read_record("\n".join(lines))) == finished


def test_quoted_names_round_trip() -> None:
    rec = Record("luxor", ('Ann "the bold"', "back\\slash"), 3, date="2026-01-02", result="*")
    assert read_record(write_record(rec)).players == rec.players


def test_names_with_braces_round_trip() -> None:
    rec = Record("luxor", ("ann {the bold}", "bob"), 3)
    assert read_record(write_record(rec)).players == rec.players


def test_options_object_reaches_the_game(finished: LuxorState) -> None:
    """A well-formed Options object is handed to the game, which refuses unknown options."""
    lines = lines_of(finished)
    lines.insert(3, '[Options "{\\"speed\\": 2}"]')
    rec = read_record("\n".join(lines))
    assert rec.options == {"speed": 2}
    with pytest.raises(BadRecord, match=r"line 4 \(Options tag\).*no option 'speed'"):
        replay(rec)


def test_names_with_outer_spaces_round_trip_or_are_refused() -> None:
    rec = Record("luxor", (" ann", "bob "), 3)
    try:
        text = write_record(rec)
    except ValueError:
        return  # refusing such names is fine too
    assert read_record(text).players == rec.players


@given(st.lists(st.text(min_size=1, max_size=12), min_size=2, max_size=4))
@settings(max_examples=200, deadline=None)
def test_whatever_names_write_record_accepts_read_back(names: list[str]) -> None:
    rec = Record("luxor", tuple(names), 3, date="2026-01-02", moves=[(0, "L S+1"), (1, "R S+2")])
    try:
        text = write_record(rec)
    except ValueError as exc:
        assert "player name" in str(exc)  # refused, and said why, instead of writing garbage
        return
    assert read_record(text) == rec


@pytest.mark.parametrize("field", ["date", "result"])
def test_date_and_result_with_line_breaks_are_refused_or_read_back(field: str) -> None:
    rec = Record("luxor", ("ann", "bob"), 3, **{field: "2026-01-02\nextra"})
    try:
        text = write_record(rec)
    except ValueError:
        return
    assert read_record(text) == rec


def two(**fields: object) -> Record:
    """A record of two players with some fields changed, as a caller may build one."""
    rec = Record("luxor", ("ann", "bob"), 1, moves=[(0, "L S+1")])
    for name, value in fields.items():
        setattr(rec, name, value)
    return rec


@pytest.mark.parametrize(
    ("record", "says"),
    [
        (None, "a record is a Record (read_record reads one), not None"),
        ("[Game ...", "a record is a Record (read_record reads one), not '[Game ...'"),
        (two(game=5), "the record's game must be a game's name (a str), as 'luxor', not 5"),
        (two(players="ab"), "the record's players must be a tuple of one or more names, not"),
        (two(players=()), "the record's players must be a tuple of one or more names, not ()"),
        (two(seed=7.0), "a whole number from 0 to 2**64-1, not 7.0"),
        (two(seed=-1), "a whole number from 0 to 2**64-1, not -1"),
        (two(options=[]), "the record's options must be a dict of option names (str), not []"),
        (two(date=None), "the record's date must be a str, not None"),
        (two(moves=[("0", "x")]), "the record's move 1 must be a pair (seat, notation)"),
        (two(moves=[(-1, "L S+1")]), "the record's move 1 must be a pair (seat, notation)"),
        (two(moves=[(99, "L S+1")]), "the seat a whole number from 0 (p1) to 98 (p99)"),
        (two(moves="L S+1"), "the record's moves must be a list of (seat, notation) pairs"),
        (two(notes={"0": "x"}), "the record's notes must be a dict of notes (str) by move index"),
        (two(tag_lines=[]), "the record's tag_lines must be a dict of line numbers by tag"),
    ],
)
@pytest.mark.parametrize("use", [write_record, replay])
def test_a_record_of_a_wrong_type_or_range_is_refused_saying_what_is_right(
    record: object, says: str, use: object
) -> None:
    """A wrong type was an AttributeError or TypeError, or was written as text no reader
    reads back (seed 7.0 as "7.0", seat -1 as p0, players "ab" as "a, b")."""
    with pytest.raises(BadRecord) as info:
        use(record)  # type: ignore[operator]
    assert says in str(info.value), info.value


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"options": {"x": float("nan")}}, "the options cannot be written as JSON"),
        ({"options": {"x": object()}}, "the options cannot be written as JSON"),
        ({"options": {"a": {"b": {"c": {"d": {}}}}}}, "the options nest deeper than 4 levels"),
        ({"date": "2026" * 300}, "line 5 would have 1,209 characters"),
        ({"moves": [(0, "L S+1")] * 100_000}, "the record would have"),
    ],
)
def test_write_record_refuses_what_read_record_would_not_read(
    change: dict[str, object], says: str
) -> None:
    with pytest.raises(BadRecord) as info:
        write_record(two(**change))
    assert str(info.value).startswith(says), info.value


# ---- corrupt records ---------------------------------------------------------
def test_malformed_tag_names_the_line(finished: LuxorState) -> None:
    lines = lines_of(finished)
    lines[1] = "[Players ann, bob]"
    message = read_error(lines)
    assert "line 2" in message
    assert "Players tag" in message and '[Name "value"]' in message


def test_unreadable_move_line_names_the_line(finished: LuxorState) -> None:
    lines = lines_of(finished)
    lines[6] = "2 p2 L S+3"  # no dot after the number
    message = read_error(lines)
    assert "line 7" in message and "cannot read" in message and "2 p2 L S+3" in message


@pytest.mark.parametrize("tag", ["Game", "Players", "Seed"])
def test_missing_required_tag(finished: LuxorState, tag: str) -> None:
    lines = [line for line in lines_of(finished) if not line.startswith(f"[{tag} ")]
    message = read_error(lines)
    assert "lacks" in message and tag in message


def test_missing_tags_are_all_named() -> None:
    message = read_error(["1. p1 L S+1"])
    assert "Game" in message and "Players" in message and "Seed" in message


@pytest.mark.parametrize("seed", ["seven", "7.5", ""])
def test_seed_must_be_an_integer(finished: LuxorState, seed: str) -> None:
    lines = lines_of(finished)
    lines[2] = f'[Seed "{seed}"]'
    message = read_error(lines)
    assert "Seed" in message and "integer" in message and repr(seed) in message


@pytest.mark.parametrize(
    ("tag_value", "problem"),
    [
        ("not json", "the options 'not json' are not JSON (Expecting value at character 1)"),
        ("{nope", "'{nope' are not JSON (Expecting property name enclosed in double quotes at"),
        ("[1, 2]", "JSON object"),
        ('\\"text\\"', "JSON object"),
    ],
)
def test_options_must_be_a_json_object(finished: LuxorState, tag_value: str, problem: str) -> None:
    lines = lines_of(finished)
    lines.insert(3, f'[Options "{tag_value}"]')
    message = read_error(lines)
    assert "Options" in message and problem in message


@pytest.mark.parametrize(
    ("tag_value", "says"),
    [
        ('{\\"solo\\": true, \\"solo\\": false}', "the options name 'solo' twice"),
        ('{\\"a\\": {\\"b\\": 1, \\"b\\": 2}}', "the options name 'b' twice"),
        ('{\\"solo\\": NaN}', "the options hold NaN, which JSON does not allow"),
        ('{\\"solo\\": Infinity}', "the options hold Infinity"),
        ('{\\"solo\\": -Infinity}', "the options hold -Infinity"),
    ],
)
def test_options_naming_a_key_twice_or_holding_no_json_number_are_refused(
    tag_value: str, says: str
) -> None:
    """Python's json keeps the last of two values, and reads NaN and Infinity."""
    with pytest.raises(BadRecord) as info:
        read_record("\n".join([*header(), f'[Options "{tag_value}"]']))
    assert str(info.value).startswith(f"line 4 (Options tag): {says}"), info.value


def test_a_seat_past_the_players_is_named_as_such(finished: LuxorState) -> None:
    lines = lines_of(finished)
    at = next(i for i, line in enumerate(lines) if " p2 " in line)
    lines[at] = lines[at].replace(" p2 ", " p9 ", 1)
    message = read_error(lines)  # it said "p9 moves, but it is p2's decision"
    assert f"line {at + 1}: seat p9 does not exist" in message and "p1 to p2" in message


def test_wrong_move_number(finished: LuxorState) -> None:
    lines = lines_of(finished)
    lines[5] = lines[5].replace("2.", "3.", 1)
    message = read_error(lines)
    assert "line 6" in message and "move number 3, expected 2" in message


def test_seat_zero_does_not_exist(finished: LuxorState) -> None:
    lines = lines_of(finished)
    lines[4] = lines[4].replace("p1", "p0", 1)
    message = read_error(lines)
    assert "line 5" in message and "p0" in message


def test_move_by_the_wrong_seat(finished: LuxorState) -> None:
    moves = finished.record().moves
    i = next(i for i, (seat, _) in enumerate(moves) if seat == 1)  # bob's first decision
    lines = lines_of(finished)
    lineno = 5 + i  # lines_of: three tags, a blank line, then the moves from line 5
    lines[lineno - 1] = lines[lineno - 1].replace(" p2 ", " p1 ", 1)
    message = read_error(lines)
    assert f"line {lineno}" in message
    assert "p1 moves" in message and "p2's decision" in message


def test_seat_beyond_the_table(finished: LuxorState) -> None:
    lines = lines_of(finished)
    lines[4] = lines[4].replace("p1", "p3", 1)
    message = read_error(lines)
    assert "line 5" in message and "p3" in message


@pytest.mark.parametrize("text", ["L S+9", "L 40+1", "take key", "jump", "R pass"])
def test_illegal_move_text(finished: LuxorState, text: str) -> None:
    lines = lines_of(finished)
    lines[4] = f"1. p1 {text}"
    message = read_error(lines)
    said = f"line 5: {text} is not legal: " if text != "jump" else "line 5: cannot read 'jump'"
    assert message.startswith(said) and message.count(" is not legal") <= 1, message


def test_a_record_saved_with_a_byte_order_mark_reads(finished: LuxorState) -> None:
    """Some editors save UTF-8 with a BOM first: it is no part of the first tag."""
    text = "\ufeff" + "\n".join(lines_of(finished)) + "\n"
    assert replay(read_record(text)) == finished


def test_illegal_move_later_in_the_game(finished: LuxorState) -> None:
    lines = lines_of(finished)
    n = len(lines) // 2
    number = lines[n].split(".")[0]
    seat = lines[n].split()[1]
    lines[n] = f"{number}. {seat} act 99"
    message = read_error(lines)
    assert message.startswith(f"line {n + 1}: act 99 is not legal: "), message


def test_moves_after_the_game_is_over(finished: LuxorState) -> None:
    lines = lines_of(finished)
    extra = len(finished.history()) + 1
    lines.append(f"{extra}. p1 L S+1")
    message = read_error(lines)
    assert f"line {len(lines)}" in message and "already over" in message and "L S+1" in message


def test_result_tag_that_does_not_match(finished: LuxorState) -> None:
    lines = lines_of(finished)
    lines.insert(3, '[Result "0-0 won by bob"]')
    message = read_error(lines)
    assert "Result" in message and "0-0 won by bob" in message
    assert finished.result_text() in message


def test_truncated_record_does_not_match_its_result(finished: LuxorState) -> None:
    lines = lines_of(finished)[:-3]
    lines.insert(3, f'[Result "{finished.result_text()}"]')
    message = read_error(lines)
    assert "Result" in message and "'*'" in message


def test_unknown_game(finished: LuxorState) -> None:
    lines = lines_of(finished)
    lines[0] = '[Game "nope"]'
    message = read_error(lines)
    assert "'nope'" in message and "luxor" in message


@pytest.mark.parametrize("players", ["ann", "a, b, c, d, e"])
def test_player_count_out_of_range(finished: LuxorState, players: str) -> None:
    lines = lines_of(finished)
    lines[1] = f'[Players "{players}"]'
    message = read_error(lines)
    assert "2 to 4 players" in message


@pytest.mark.parametrize(
    ("char", "says"),
    [
        ("\u00a0", "U+00A0 NO-BREAK SPACE (a space other than the plain one)"),
        ("\u200b", "U+200B ZERO WIDTH SPACE (an invisible formatting character)"),
        ("\ud800", "U+D800 (a lone surrogate"),
        ("\x07", "U+0007 (a control character)"),
    ],
)
@pytest.mark.parametrize("where", ["move", "tag"])
def test_a_character_that_does_not_print_is_named_with_its_column(
    char: str, says: str, where: str
) -> None:
    """It was "a control character" whatever it was, and a space that looks like one was
    hard to find."""
    lines = [*header(), "1. p1 L S+1"]
    if where == "move":
        lines[3], at = f"1. p1 L{char}S+1", "line 4, column 8"
    else:
        lines[1], at = f'[Players "ann,{char}bob"]', "line 2, column 15"
    message = read_error(lines)
    assert message.startswith(f"{at}: {says}") and "does not print" in message, message


@pytest.mark.parametrize(
    "char", ["\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]
)
def test_only_a_line_feed_or_carriage_return_ends_a_line(char: str) -> None:
    """str.splitlines() also broke lines at these, so an error named a line too far on."""
    in_comment = read_error([*header(), f"{{a{char}b}}", "1. p1 L S+1 }"])
    assert in_comment.startswith("line 5: a } without its {"), in_comment
    in_move = read_error([*header(), f"1. p1 L{char}S+1"])
    assert in_move.startswith(f"line 4, column 8: U+{ord(char):04X}"), in_move
    assert "does not print" in in_move


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_line_ends_with_a_line_feed_a_carriage_return_or_both(end: str) -> None:
    with pytest.raises(BadRecord) as info:
        read_record(end.join([*header(), "", "1. p1 L S+1 }"]))
    assert str(info.value).startswith("line 5: a } without its {")


def test_an_empty_players_tag_says_the_name_is_empty() -> None:
    message = read_error([header()[0], '[Players ""]', header()[2]])
    assert message.startswith("line 2 (Players tag): the player's name is empty"), message


def test_tag_after_the_moves(finished: LuxorState) -> None:
    lines = [*lines_of(finished), '[Date "2026-01-01"]']
    message = read_error(lines)
    assert f"line {len(lines)}" in message and "after the moves" in message
