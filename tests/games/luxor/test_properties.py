"""Properties of Luxor over many random games (2-4 players, any seed).

Every piece is conserved after every action, hands and turns follow the card
rules, and games end by the rules. What every game does alike (notation, clones,
replays): tests/games/test_conformance.py; hidden information: test_hidden.py.
"""

from __future__ import annotations

import bisect
import dataclasses
import json
import random
from collections import Counter
from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scarab
from scarab import IllegalAction
from scarab.games.luxor import data as D
from scarab.games.luxor import rules
from scarab.games.luxor.actions import REWARDS, LuxorAction, action, parse
from scarab.games.luxor.state import LuxorState

LUXOR = scarab.load("luxor")
PLAY, DIE, ACT, CHOICE, OVER = range(5)
SPACES = range(1, D.CHAMBER)
ADVENTURERS = 5  # two on the stairs, three at the statues
MAX_DECISIONS = 1500  # random games take 80-250 decisions; a runaway game trips this
NUM_CARDS = 55
OSIRIS = dict.fromkeys(D.OSIRIS_SPACES)
HORUS_EYES = dict(D.HORUS_SPACES)

seeds = st.integers(min_value=0, max_value=2**64 - 1)
player_counts = st.integers(min_value=2, max_value=4)
choice_seeds = st.integers(min_value=0, max_value=2**32 - 1)


def new(players: int, seed: int) -> LuxorState:
    s = LUXOR.new_game(players, seed=seed)
    assert isinstance(s, LuxorState)
    return s


def every_action() -> list[LuxorAction]:
    """Every action the notation can name (the pool illegal attempts are drawn from)."""
    out: list[LuxorAction] = []
    for side in ("L", "R"):
        out += [action(verb, side) for verb in ("die", "all", "last", "pass")]
        out += [
            action("move", side, src, k) for src in range(D.CHAMBER) for k in (-1, *range(1, 7))
        ]
    out += [action("go", "", src, k) for src in range(D.CHAMBER) for k in range(1, 7)]
    out += [action("act", "", sp) for sp in SPACES]
    out += [action("take", what=w) for w in REWARDS]
    return out


ALL_ACTIONS = every_action()


# ---- the invariants ----------------------------------------------------------
@cache
def most_sets(vase: int, statue: int, jewelry: int, wild: int) -> int:
    """Brute force: take sets one at a time, each one tile per type, up to two of them wild."""
    best = 0
    counts = (vase, statue, jewelry)
    for wild_types in range(8):  # bit t set: a wild tile stands in for type t in this set
        used = bin(wild_types).count("1")
        if used > min(D.MAX_WILD_PER_SET, wild):
            continue
        rest = [c - (0 if wild_types >> t & 1 else 1) for t, c in enumerate(counts)]
        if min(rest) >= 0:
            best = max(best, 1 + most_sets(rest[0], rest[1], rest[2], wild - used))
    return best


@pytest.mark.rule("LUX-SCORE-SETS")
def test_the_set_counter_used_below() -> None:
    assert most_sets(1, 1, 1, 0) == 1
    assert most_sets(0, 0, 0, 3) == 0  # a set holds at most two wild tiles ...
    assert most_sets(3, 0, 0, 5) == 2  # ... so each vase needs two wilds
    assert most_sets(3, 0, 0, 6) == 3
    assert most_sets(2, 2, 0, 1) == 1 and most_sets(2, 2, 0, 2) == 2
    assert most_sets(0, 0, 0, 18) == 0


def check_final_scoring(s: LuxorState) -> None:
    """LUX-SCORE-*: each final row recomputed from the pieces; LUX-WIN: the winners."""
    assert s.final is not None
    for p, b in enumerate(s.final):
        assert b.adventurers == sum(D.WALL_VP[a] for a in s.adv[p])
        assert D.WALL_VP[D.STAIRS] == 0 and D.WALL_VP[D.CHAMBER] >= max(D.WALL_VP[:-1])
        assert b.sarcophagi == sum(s.sarcs[p])
        assert b.keys == s.keys[p]
        assert b.scarabs == sum(s.scarabs[p])
        counts = Counter(D.TREASURES[t].type for t in s.treasures[p])
        assert b.sets == most_sets(counts[0], counts[1], counts[2], s.wilds[p])
        assert b.set_points == (D.SET_POINTS[min(b.sets, 8) - 1] if b.sets else 0)
        looted = sum(D.TREASURES[t].vp for t in s.treasures[p])
        assert s.score[p] == looted + b.total
    best = max(s.score)
    tied = [p for p in range(s.num_players) if s.score[p] == best]
    top = {p: max(s.sarcs[p], default=0) for p in tied}
    expected = [p for p in tied if top[p] == max(top.values())]
    assert s.winners() == expected


def check_invariants(s: LuxorState) -> None:
    """Everything that must hold in any reachable state (and any determinization)."""
    n = s.num_players
    over = s.phase == OVER
    # cards: 31 basic + 24 Horus, each exactly once
    cards = [*s.draw, *s.discard]
    for stack in s.horus:
        cards += stack
    for hand in s.hands:
        cards += hand
    assert len(cards) == NUM_CARDS and set(cards) == set(range(NUM_CARDS)), "cards conserved"
    assert s.horus[0] == ()
    for lv in D.HORUS_LEVELS:
        assert all(D.CARDS[c].level == lv for c in s.horus[lv]), "Horus stacks hold their level"
    # LUX-HAND-FIVE: five cards, except the decider's four in the middle of a turn
    for p, hand in enumerate(s.hands):
        mid_turn = p == s.seat and s.phase in (DIE, ACT, CHOICE)
        assert len(hand) == (4 if mid_turn else 5), (p, s.phase, hand)
        # Horus cards everyone saw go into this hand (and not played since)
        assert set(s.known[p]) <= set(hand) and len(set(s.known[p])) == len(s.known[p])
        assert all(D.CARDS[c].level > 0 for c in s.known[p])
    # the board: fixed spaces keep their tiles; treasures, temples and gaps elsewhere
    for sp in SPACES:
        kind = s.tile_kind[sp]
        if sp in OSIRIS:
            assert kind == D.OSIRIS
        elif sp in HORUS_EYES:
            assert (kind, s.tile_arg[sp]) == (D.HORUS, HORUS_EYES[sp])
        else:
            assert kind in (D.TREASURE, D.TEMPLE, D.EMPTY)
            assert kind != D.TEMPLE or D.ICON[sp] >= 0, "temple tiles only under an icon"
    # LUX-MOVE-TILES, LUX-CHAMBER-EXACT: moves count tiles, skipping empty spaces; the
    # chamber is one step past the last tile and cannot be overshot
    tiles = [sp for sp in SPACES if s.tile_kind[sp] != D.EMPTY] + [D.CHAMBER]
    for src in range(D.CHAMBER):
        first = bisect.bisect_right(tiles, src)
        for steps in range(1, 7):
            i = first + steps - 1
            assert rules.dest(s, src, steps) == (tiles[i] if i < len(tiles) else -1)
    on_board = [s.tile_arg[sp] for sp in SPACES if s.tile_kind[sp] == D.TREASURE]
    taken = [t for ts in s.treasures for t in ts]
    assert sorted(on_board + taken) == list(range(30)), "30 treasure tiles conserved"
    temple_total = 0
    for b in range(len(D.BACKS)):
        faces = [s.tile_arg[sp] for sp in SPACES if s.tile_kind[sp] == D.TEMPLE and D.ICON[sp] == b]
        assert sorted([*s.temple[b], *faces]) == sorted(D.TEMPLE_STACKS[b]), D.BACKS[b]
        temple_total += len(s.temple[b]) + len(faces)
    assert temple_total == 14
    osiris = [s.tile_arg[sp] for sp in D.OSIRIS_SPACES]
    assert sorted(osiris + s.osiris_box) == sorted(D.OSIRIS_TILES)
    # supplies
    assert min(s.key_supply, s.key_space, *s.keys) >= 0
    assert s.key_supply + sum(s.keys) + s.key_space == 20 == D.KEYS
    assert s.key_space == len(s.chamber), "LUX-CHAMBER-KEY: one key per entry"
    assert min(s.wild_supply, *s.wilds) >= 0
    assert s.wild_supply + sum(s.wilds) == 18 == D.WILD_TILES
    scarabs = s.scarab_supply + [v for vs in s.scarabs for v in vs]
    assert len(scarabs) == 22 and Counter(scarabs) == Counter(D.SCARABS)
    awarded: list[list[int]] = [[] for _ in range(n)]
    for i, p in enumerate(s.chamber[: len(D.SARCOPHAGI)]):
        awarded[p].append(D.SARCOPHAGI[i])  # LUX-CHAMBER-SARC: 5 to the first, 3 to the second
    assert s.sarcs == [tuple(a) for a in awarded]
    assert s.sarcophagi == list(D.SARCOPHAGI[len(s.chamber) :])
    # adventurers
    for p in range(n):
        adv = s.adv[p]
        assert 0 <= s.sleep[p] < 1 << len(D.STATUES)
        assert len(adv) + bin(s.sleep[p]).count("1") == ADVENTURERS
        assert adv == sorted(adv, reverse=True)
        assert all(D.STAIRS <= a <= D.CHAMBER for a in adv)
        assert adv.count(D.CHAMBER) == s.chamber.count(p)
        assert not any(a in OSIRIS for a in adv), "LUX-OSIRIS: never stops on an Osiris tile"
        for i, after in enumerate(D.STATUES):
            if s.sleep[p] >> i & 1:  # LUX-WAKE: nobody of p got past a statue where p's lies
                assert all(a <= after for a in adv), (p, i, adv)
    # scores: treasures during play (LUX-TREASURE-TAKE), plus final scoring at the end
    if over:
        check_final_scoring(s)
    else:
        assert s.final is None and s.winners() == []
        for p in range(n):
            assert s.score[p] == sum(D.TREASURES[t].vp for t in s.treasures[p])
    # whose decision, and what kind
    assert 0 <= s.seat < n and s.round >= 1
    assert s.is_over == over and (s.current_player is None) == over
    if s.phase == DIE:
        assert 1 <= s.die <= 6
        assert D.CARD_KIND[s.discard[-1]] in (D.K_DIE, D.K_RANGE_DIE)
    if s.phase == ACT:
        assert len(s.act_spaces) >= 2
    if s.phase == CHOICE:
        assert len(s.choices) >= 2
    legal = s.legal_actions()
    assert bool(legal) != over, "legal actions exist exactly while the game goes on"
    assert len(set(legal)) == len(legal), "no action listed twice"


MOVE_KINDS = {D.K_NUM, D.K_LESS, D.K_RANGE, D.K_PM}
CARD_VERB = {D.K_DIE: "die", D.K_RANGE_DIE: "die", D.K_ALL: "all", D.K_LAST: "last"}


def check_legal_shape(s: LuxorState) -> None:
    """Legal actions match the phase, the end cards and the seat's active adventurers."""
    legal = s.legal_actions()
    p = s.seat
    movable = {a for a in s.adv[p] if a != D.CHAMBER}  # LUX-MOVE-ACTIVE
    verbs = {a.verb for a in legal}
    if s.phase == PLAY:
        if "pass" in verbs:  # LUX-NOMOVE: only when neither end card moves anyone
            assert [str(a) for a in legal] == ["L pass", "R pass"]
            return
        for a in legal:
            card = D.CARDS[s.hands[p][0 if a.side == "L" else -1]]  # LUX-HAND-ENDS
            if a.verb == "move":
                assert card.kind in MOVE_KINDS and a.src in movable
                if card.kind in (D.K_NUM, D.K_LESS):  # LUX-CARD-NUMBER, LUX-HORUS-LESS
                    assert a.steps == card.n
                elif card.kind == D.K_RANGE:  # LUX-HORUS-RANGE
                    assert 1 <= a.steps <= card.n
                else:  # LUX-CARD-PM
                    assert a.steps in (-1, 1)
            else:
                assert CARD_VERB.get(card.kind) == a.verb, (a, card)
    elif s.phase == DIE:  # LUX-CARD-DIE, LUX-HORUS-DIE
        exact = D.CARD_KIND[s.discard[-1]] == D.K_DIE
        assert verbs == {"go"}
        for a in legal:
            assert a.src in movable
            assert (a.steps == s.die) if exact else (1 <= a.steps <= s.die)
    elif s.phase == ACT:
        assert [a.src for a in legal] == list(s.act_spaces) and verbs == {"act"}
    elif s.phase == CHOICE:
        assert [a.what for a in legal] == list(s.choices) and verbs == {"take"}


# ---- the drivers ---------------------------------------------------------------
def play_out(
    s: LuxorState,
    choose: random.Random,
    visit: Callable[[LuxorState, int], None] | None = None,
) -> list[LuxorAction]:
    """Random legal moves to the end; `visit` sees each state first."""
    done: list[LuxorAction] = []
    while not s.is_over:
        assert len(done) < MAX_DECISIONS, "the game does not end"
        if visit is not None:
            visit(s, len(done))
        a = choose.choice(s.legal_actions())
        s.apply(a)
        done.append(a)
    return done


@dataclasses.dataclass
class Turn:
    """What a turn started from, to check the hand it leaves (see check_turn_end)."""

    seat: int
    hand: list[int]
    side: str
    top: int | None  # the draw pile's top card when the turn began
    kinds: list[str] = dataclasses.field(default_factory=list)  # event kinds so far

    @property
    def played(self) -> int:
        return self.hand[0] if self.side == "L" else self.hand[-1]


def checked_game(seed: int, players: int, choice: int) -> LuxorState:
    """A random game with every check after every action."""
    s = new(players, seed)
    choose = random.Random(choice)
    check_invariants(s)
    turn: Turn | None = None
    decisions = 0
    played: list[tuple[int, LuxorAction]] = []
    while not s.is_over:
        decisions += 1
        assert decisions <= MAX_DECISIONS, "the game does not end"
        check_legal_shape(s)
        legal = s.legal_actions()
        before_key = s.key()
        # an illegal action is refused and changes nothing
        wrong = choose.choice(ALL_ACTIONS)
        if wrong not in legal:
            with pytest.raises(IllegalAction, match="Legal now"):
                (s.apply if decisions % 2 else s.step)(wrong)
            assert s.key() == before_key
        seat, scores = s.seat, s.scores()
        a = choose.choice(legal)
        if s.phase == PLAY:
            turn = Turn(seat, s.hands[seat][:], a.side, s.draw[-1] if s.draw else None)
        assert turn is not None and turn.seat == seat, "one seat decides the whole turn"
        events = s.apply(a)
        kinds = [e.kind for e in events]
        turn.kinds += kinds
        played.append((seat, a))
        check_events(events, s.num_players)
        check_invariants(s)
        assert all(x >= y for x, y in zip(s.scores(), scores, strict=True)), "score fell"
        if "play" in kinds and "reshuffle" not in kinds:
            assert s.discard[-1] == turn.played, "LUX-HAND-DISCARD: the card goes to the discard"
        if "roll" in kinds and s.phase != DIE:
            assert "stuck" in kinds, "LUX-EDGE-DIE-STUCK: a roll nobody can use ends the move"
        if s.phase in (PLAY, OVER):  # the turn is over: check the hand it leaves
            check_turn_end(s, turn)
            if not s.is_over:
                assert s.seat == (turn.seat + 1) % players, "turns pass in seat order"
            turn = None
            if s.seat == 0 and not s.is_over:  # a round is complete and the game goes on
                assert len(s.chamber) < 2, "LUX-END-CHAMBER"
                assert s.round_could_move is False
    assert s.history() == played
    assert s.seat == 0, "the game ends with a complete round"
    assert len(s.chamber) >= 2 or not s.round_could_move, "LUX-END-CHAMBER / LUX-END-STUCK"
    with pytest.raises(IllegalAction, match="over"):
        s.apply(ALL_ACTIONS[0])
    return s


def check_turn_end(s: LuxorState, turn: Turn) -> None:
    """LUX-HAND-ENDS/ORDER/MIDDLE/FIVE, LUX-DRAW and LUX-HORUS-CARD for the turn just ended."""
    after = s.hands[turn.seat]
    rest = turn.hand[1:] if turn.side == "L" else turn.hand[:-1]
    assert len(after) == 5
    assert after[:2] + after[3:] == rest, "the hand keeps its order; the new card is in the middle"
    new_card = after[2]
    if "horus" in turn.kinds:
        assert D.CARDS[new_card].level > 0, "a Horus card gained replaces the draw"
        assert "draw" not in turn.kinds
    else:
        assert turn.kinds.count("draw") == 1
        if "reshuffle" not in turn.kinds:
            assert new_card == turn.top, "the top card of the draw pile is drawn"


def check_events(events: list[scarab.Event], players: int) -> None:
    json.dumps([e.to_json() for e in events])
    for e in events:
        if e.kind in ("draw", "scarab"):  # what was drawn is the drawer's secret
            assert e.secret_to == e.player is not None
            for other in [None, *range(players)]:
                if other != e.player:
                    hidden = e.for_viewer(other)
                    assert hidden is not None and hidden.data == {} and hidden.text != e.text


# ---- setup and data ------------------------------------------------------------
@pytest.mark.rule(
    "LUX-SETUP-DEAL",
    "LUX-SETUP-HORUS-CARDS",
    "LUX-SETUP-OSIRIS",
    "LUX-SETUP-TREASURES",
    "LUX-SETUP-TEMPLE",
    "LUX-SETUP-SUPPLY",
    "LUX-SETUP-ADVENTURERS",
)
@given(seeds, player_counts)
@settings(max_examples=60, deadline=None)
def test_setup_deals_every_piece(seed: int, players: int) -> None:
    s = new(players, seed)
    check_invariants(s)
    assert len(s.draw) == 31 - 5 * players and s.discard == []
    assert all(D.CARDS[c].level == 0 for c in s.draw + [c for h in s.hands for c in h])
    assert [len(st) for st in s.horus[1:]] == [8, 8, 8]
    assert all(s.tile_kind[sp] == D.TREASURE for sp in D.TREASURE_SPACES)
    assert len(s.osiris_box) == 2
    assert [len(st) for st in s.temple] == [len(st) for st in D.TEMPLE_STACKS]
    assert s.adv == [[D.STAIRS, D.STAIRS]] * players and s.sleep == [0b111] * players
    assert (s.key_supply, s.wild_supply, len(s.scarab_supply)) == (20, 18, 22)
    assert s.sarcophagi == [5, 3]
    assert (s.seat, s.round, s.phase, s.current_player) == (0, 1, PLAY, 0)


def test_component_counts() -> None:
    assert len(D.CARDS) == NUM_CARDS and D.NUM_BASIC == 31
    assert Counter(c.level for c in D.CARDS) == {0: 31, 1: 8, 2: 8, 3: 8}
    assert len(D.TREASURES) == 30 and sum(map(len, D.TEMPLE_STACKS)) == 14
    assert (D.KEYS, D.WILD_TILES, len(D.SCARABS)) == (20, 18, 22)
    assert sorted(D.SARCOPHAGI) == [3, 5] and len(D.OSIRIS_TILES) == 6
    assert len(D.OSIRIS_SPACES) == 4


def test_different_seeds_deal_different_games() -> None:
    keys = {tuple(map(str, new(3, seed).key())) for seed in range(40)}
    assert len(keys) == 40


def test_every_notation_reads_back() -> None:
    for a in ALL_ACTIONS:
        assert parse(str(a)) == a
        assert hash(a) == hash(parse(str(a)))
        with pytest.raises(AttributeError):
            a.steps = 9


# ---- whole random games ---------------------------------------------------------
@pytest.mark.slow
@pytest.mark.rule(
    "LUX-SETUP-PLAYERS",
    "LUX-TURN-ORDER",
    "LUX-NOMOVE",
    "LUX-CARD-NUMBER",
    "LUX-CARD-PM",
    "LUX-CARD-DIE",
    "LUX-EDGE-DIE-STUCK",
    "LUX-HORUS-RANGE",
    "LUX-HORUS-DIE",
    "LUX-HAND-FIVE",
    "LUX-HAND-ENDS",
    "LUX-HAND-ORDER",
    "LUX-HAND-MIDDLE",
    "LUX-HAND-DISCARD",
    "LUX-DRAW",
    "LUX-RESHUFFLE",
    "LUX-HORUS-CARD",
    "LUX-WAKE",
    "LUX-MOVE-ACTIVE",
    "LUX-OSIRIS",
    "LUX-TREASURE-TAKE",
    "LUX-TEMPLE-REVEAL",
    "LUX-CHAMBER-KEY",
    "LUX-CHAMBER-SARC",
    "LUX-END-CHAMBER",
    "LUX-END-STUCK",
    "LUX-SCORE-ORDER",
    "LUX-SCORE-WALL",
    "LUX-SCORE-CHAMBER-WALL",
    "LUX-SCORE-SARC",
    "LUX-SCORE-KEYS",
    "LUX-SCORE-SETS",
    "LUX-SCORE-SCARABS",
    "LUX-WIN",
)
@given(seeds, player_counts, choice_seeds)
@settings(max_examples=100, deadline=None)
def test_random_games_keep_every_invariant(seed: int, players: int, choice: int) -> None:
    s = checked_game(seed, players, choice)
    assert s.is_over
    assert len(s.history()) <= MAX_DECISIONS
    assert s.round <= MAX_DECISIONS // players
