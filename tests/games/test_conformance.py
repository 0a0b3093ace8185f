"""What every registered game does alike, checked on each game at each player count.

Random play to the end keeps the State protocol at every decision (a seat to decide, legal
actions whose notation reads back, a finished game with a record); the same seed and
actions make the same game with or without events; clones are independent; a record
replays the very game; a determinization agrees with the seat's view and plays on by
itself; each viewer gets its own copy of every event, and while a seat chooses unseen a
viewer told of nothing sees its view byte for byte unchanged.

The games' own rules and invariants are in tests/games/<game>/; what is shared beyond this
file: tests/core/test_aliasing.py (nothing handed out is shared with the state),
tests/core/test_determinize.py (a sample depends only on the view) and
tests/server/test_leaks.py (the server's messages).
"""

from __future__ import annotations

import json
import pickle
import random
import zlib
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scarab
from scarab import IllegalAction
from scarab.core.errors import NoRecord
from scarab.core.game import Event, State, events_for
from tests.core.support import CASE_IDS, CASES, new

MAX_DECISIONS = 3000  # the longest random games take about 550; a runaway game trips this

seeds = st.integers(min_value=0, max_value=2**64 - 1)
choice_seeds = st.integers(min_value=0, max_value=2**32 - 1)
cases = pytest.mark.parametrize(("game", "players"), CASES, ids=CASE_IDS)

Chooser = Callable[[State], object]


def chooser(choice: int) -> Chooser:
    """Random legal actions; for odd seeds, mostly the one a salted hash of its notation
    prefers. A fixed taste that shuns 'end' (or 'pass', or one kind of mark) drives games
    deeper than uniform choice does, whatever the game."""
    rnd = random.Random(choice)
    salt = str(choice).encode()

    def taste(action: object) -> int:
        return zlib.crc32(salt + str(action).encode())

    def choose(s: State) -> object:
        legal = s.legal_actions()
        if choice & 1 and rnd.random() < 0.8:
            return min(legal, key=taste)
        return rnd.choice(legal)

    return choose


def play_out(s: State, choose: Chooser, stop: int | None = None) -> list[object]:
    """Legal moves to the end (or ``stop`` decisions), with step(); the actions played."""
    done: list[object] = []
    while not s.is_over and (stop is None or len(done) < stop):
        assert len(done) < MAX_DECISIONS, "the game does not end"
        action = choose(s)
        s.step(action)
        done.append(action)
    return done


def viewers(s: State) -> list[int | None]:
    return [None, *range(s.num_players)]


# ---- one decision -----------------------------------------------------------------------
def check_decision(s: State) -> list[object]:
    """A game that goes on: a seat to decide and legal actions, each read back from its
    notation (padded, in either case); the legal actions."""
    seat = s.current_player
    assert not s.is_over and seat is not None and 0 <= seat < s.num_players
    legal = s.legal_actions()
    assert legal, "legal actions exist while the game goes on"
    assert len(set(legal)) == len(legal), "no action listed twice"
    assert s.legal_actions() == legal and s.legal_actions() is not legal
    for action in legal:
        text = str(action)
        assert text == text.strip() and text, f"notation {text!r}"
        for written in (text, f"  {text.upper()} ", f" {text.lower()}  "):
            back = s.game.parse_action(s, written)
            assert back == action and hash(back) == hash(action), (written, back)
        assert s.game.parse(text) == action
    return legal


def check_event_copies(events: list[Event], s: State) -> None:
    """Each viewer's copy: a public event is the event itself for all; a secret one is the
    owner's whole, and every other seat's copy is the spectator's (the same words, no data,
    or nothing at all). Every copy is JSON."""
    for e in events:
        json.dumps(e.to_json())
        spectator = e.for_viewer(None)
        for v in viewers(s):
            copy = e.for_viewer(v)
            if e.secret_to is None or v == e.secret_to:
                assert copy is e
                continue
            assert copy == spectator, f"seat {v} sees more of {e!r} than a spectator"
            if copy is not None:
                assert copy.secret_to is None and copy.data == {} and copy.text != e.text
                json.dumps(copy.to_json())
    for v in viewers(s):
        assert events_for(events, v) == [c for e in events if (c := e.for_viewer(v))]


def check_end(s: State, decisions: int) -> None:
    """A finished game: nobody to decide, nothing legal, scores for all, a result."""
    n = s.num_players
    assert s.is_over and s.current_player is None and s.legal_actions() == []
    assert 0 < decisions <= MAX_DECISIONS and len(s.history()) == decisions
    assert len(s.scores()) == n and all(isinstance(x, int) for x in s.scores())
    winners = s.winners()
    assert winners == sorted(set(winners)) and set(winners) <= set(range(n))
    assert s.record().result == s.result_text() != "*"
    for v in viewers(s):
        json.dumps(s.view(v))
    last = s.history()[-1][1]
    with pytest.raises(IllegalAction, match="over"):
        s.apply(last)


# ---- whole games --------------------------------------------------------------------------
@cases
@given(seed=seeds, choice=choice_seeds)
@settings(max_examples=12, deadline=None)
def test_random_play_keeps_the_protocol_to_the_end(
    game: str, players: int, seed: int, choice: int
) -> None:
    s = new(game, players, seed)
    choose = chooser(choice)
    deciders: list[int] = []
    while not s.is_over:
        assert len(deciders) < MAX_DECISIONS, "the game does not end"
        legal = check_decision(s)
        seat = s.current_player
        assert seat is not None
        action = choose(s)
        assert action in legal
        s.apply(action)
        deciders.append(seat)
    assert [seat for seat, _ in s.history()] == deciders
    check_end(s, len(deciders))


@cases
@given(seed=seeds, choice=choice_seeds)
@settings(max_examples=6, deadline=None)
def test_the_same_seed_and_actions_make_the_same_game_with_or_without_events(
    game: str, players: int, seed: int, choice: int
) -> None:
    a = new(game, players, seed)
    assert a == new(game, players, seed), "the same seed deals the same game"
    choose = chooser(choice)
    played: list[tuple[object, list[tuple[str, object]]]] = []
    while not a.is_over:
        action = choose(a)
        played.append((action, [(e.kind, e.to_json()["data"]) for e in a.apply(action)]))
    b = scarab.load(game).new_game([f"n{i}" for i in range(players)], seed=seed)  # names
    quiet = new(game, players, seed)  # step(): the same game without building events
    for action, expected in played:
        assert [(e.kind, e.to_json()["data"]) for e in b.apply(action)] == expected
        quiet.step(action)
        assert quiet.key() == b.key()
    assert a == b == quiet and a.key() == b.key()
    assert a.scores() == b.scores() == quiet.scores()
    assert a.winners() == b.winners() == quiet.winners()
    for v in viewers(a):
        assert quiet.view(v) == a.view(v)


@cases
@given(seed=seeds, choice=choice_seeds, at=st.integers(min_value=0, max_value=400))
@settings(max_examples=6, deadline=None)
def test_a_clone_and_its_original_are_independent(
    game: str, players: int, seed: int, choice: int, at: int
) -> None:
    s = new(game, players, seed)
    play_out(s, chooser(choice), stop=at)
    key, history, legal = s.key(), s.history(), s.legal_actions()
    views = [json.dumps(s.view(v)) for v in viewers(s)]
    twin = s.clone()
    assert twin == s and twin is not s and twin.view(None) == s.view(None)
    play_out(twin, chooser(choice + 1))  # play the clone to its end ...
    assert s.key() == key and s.history() == history  # ... and s is as it was
    assert s.legal_actions() == legal
    assert [json.dumps(s.view(v)) for v in viewers(s)] == views
    twin = s.clone()
    twin_key = twin.key()
    play_out(s, chooser(choice))  # and playing the original on leaves the clone as it was
    assert twin.key() == twin_key
    if not twin.is_over:
        assert twin != s


@cases
@given(seed=seeds, choice=choice_seeds, at=st.integers(min_value=0, max_value=400))
@settings(max_examples=6, deadline=None)
def test_the_record_replays_the_very_game(
    game: str, players: int, seed: int, choice: int, at: int
) -> None:
    s = new(game, players, seed)
    play_out(s, chooser(choice), stop=at)
    rec = s.record()
    text = scarab.write_record(rec)
    assert scarab.read_record(text) == rec
    again = scarab.replay(scarab.read_record(text))
    assert type(again) is type(s) and again == s and again.key() == s.key()
    assert again.history() == s.history() and again.result_text() == s.result_text()
    assert again.options == s.options
    for v in viewers(s):
        assert again.view(v) == s.view(v)
    thawed = pickle.loads(pickle.dumps(s))
    assert thawed == s and thawed.history() == s.history()
    assert thawed.legal_actions() == s.legal_actions()


# ---- hidden information -----------------------------------------------------------------
def check_determinize(s: State, me: int, k: int) -> None:
    """A sample of the world from ``me``'s view: the same view for me and for a spectator,
    my options unchanged, drawn from the caller's rng alone, a game of its own."""
    key, mine, spectator, legal = s.key(), s.view(me), s.view(None), s.legal_actions()
    d = s.determinize(me, random.Random(k))
    assert type(d) is type(s) and d is not s and d.sampled
    assert d.view(me) == mine and d.view(None) == spectator
    assert d.is_over == s.is_over and d.current_player == s.current_player
    if s.current_player == me:
        assert d.legal_actions() == legal, "my options are what they were"
    assert d == s.determinize(me, random.Random(k)), "the caller's rng decides all"
    assert s.key() == key and s.view(me) == mine, "determinize leaves the game untouched"
    with pytest.raises(NoRecord):
        d.record()
    play_out(d, chooser(k))  # the sampled world plays on to its end by itself
    check_end_of_sample(d)
    assert s.key() == key


def check_end_of_sample(d: State) -> None:
    assert d.is_over and d.legal_actions() == [] and d.sampled
    assert set(d.winners()) <= set(range(d.num_players))


@pytest.mark.rule("LUX-HIDDEN", "PYR-HIDDEN", "HOR-HIDDEN")
@cases
@given(seed=seeds, choice=choice_seeds, every=st.integers(min_value=5, max_value=60))
@settings(max_examples=4, deadline=None)
def test_a_determinization_agrees_with_the_seats_view_and_plays_on(
    game: str, players: int, seed: int, choice: int, every: int
) -> None:
    s = new(game, players, seed)
    choose = chooser(choice)
    rnd = random.Random(choice)
    checked = 0
    while not s.is_over:
        if checked * every <= len(s.history()):
            check_determinize(s, rnd.randrange(players), rnd.getrandbits(32))
            checked += 1
        s.step(choose(s))
    check_determinize(s, rnd.randrange(players), rnd.getrandbits(32))
    assert checked >= 1


def others_views(s: State) -> dict[int | None, str]:
    """Every viewer's view but the deciding seat's, as the bytes it would be sent."""
    return {v: json.dumps(s.view(v)) for v in viewers(s) if v != s.current_player}


def check_quiet_viewers(before: dict[int | None, str], events: list[Event], s: State) -> int:
    """After a decision taken unseen: a viewer told of no event sees its view unchanged,
    byte for byte (no counter, order or flag says a hidden decision was made); how many."""
    quiet = 0
    for v, seen in before.items():
        if not events_for(events, v):
            assert json.dumps(s.view(v)) == seen, f"viewer {v} can tell a hidden decision"
            quiet += 1
    return quiet


@pytest.mark.rule("LUX-HIDDEN", "PYR-HIDDEN", "PYR-SIMULTANEOUS", "HOR-HIDDEN")
@cases
@given(seed=seeds, choice=choice_seeds)
@settings(max_examples=6, deadline=None)
def test_each_viewer_gets_its_own_copy_of_the_events_and_learns_nothing_unseen(
    game: str, players: int, seed: int, choice: int
) -> None:
    s = new(game, players, seed)
    choose = chooser(choice)
    while not s.is_over:
        before = others_views(s) if s.choosing_unseen else None
        events = s.apply(choose(s))
        check_event_copies(events, s)
        if before is not None:
            check_quiet_viewers(before, events, s)


@pytest.mark.rule("PYR-HIDDEN", "PYR-SIMULTANEOUS")
@cases
def test_where_a_seat_chooses_unseen_the_others_are_checked_while_it_decides(
    game: str, players: int
) -> None:
    """The check above is not idle: in a game where seats choose unseen (Pyramids' keeps
    and marks) with others at the table, some viewer is told of nothing, and is checked."""
    unseen = quiet = 0
    for seed in range(4):
        s = new(game, players, seed)
        rnd = random.Random(seed)
        while not s.is_over:
            if s.choosing_unseen:
                unseen += 1
                before = others_views(s)
                quiet += check_quiet_viewers(before, s.apply(rnd.choice(s.legal_actions())), s)
            else:
                s.step(rnd.choice(s.legal_actions()))
    assert quiet > 0 or unseen == 0
