"""Properties of The Pyramid of Horus over many random games (2-6 players, any seed).

After every action each of the 99 cards lies in exactly one place, every seat's WLL
matches what it carries (at most 12 cards but while a forced discard waits), each
phase-2 roll grants exactly the dice at or above the WLL minus the cursed ones, no
adventurer in play stands under a stone block, the mummies keep to their sections,
and the 36 blocks are all accounted for. Games end within 36 rounds. What every game
does alike (notation, clones, records, step()): tests/games/test_conformance.py; hidden
information: test_hidden.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scarab
from scarab import IllegalAction
from scarab.core.game import Event
from scarab.games.horus import data as D
from scarab.games.horus import rules
from scarab.games.horus.actions import END, PLAIN, HorusAction
from scarab.games.horus.stages import (
    ACTIONS,
    ACTIVE,
    ADJUST,
    BLOCK,
    ESCAPED,
    INSIDE,
    MUMMIES,
    MUMMY,
    OVER,
    P_FORESEE,
    P_JUMP,
    P_OVERFLOW,
    SEALED,
    SETUP,
    UNCHOSEN,
    WAITING,
)
from scarab.games.horus.state import HorusState

HORUS = scarab.load("horus")
MAX_DECISIONS = 1500  # random games take 40-550 decisions; a runaway game trips this
COSTS = ("move", "search", "open", "take", "pick", "reroll")
MAX_ROUNDS = 36  # a block falls every round, and blocks 32 and 36 close both exits
GODS = ("hededet", "sobek", "thoth", "anubis", "horus")
CURSE = {i["god"]: D.DICE.index(i["curse"]) for i in D.RAW["idols"]}
VALUE = {c.id: c.value for c in D.CARDS}

seeds = st.integers(min_value=0, max_value=2**64 - 1)
player_counts = st.integers(min_value=2, max_value=6)
choice_seeds = st.integers(min_value=0, max_value=2**32 - 1)
# 0: uniformly random legal actions; 0.9: rarely 'end', 'discard' or 'accept', so
# adventurers go deeper (sarcophagi, alcoves, idols, full loads).
eagerness = st.sampled_from([0.0, 0.9])


def new(players: int, seed: int) -> HorusState:
    s = HORUS.new_game(players, seed=seed)
    assert isinstance(s, HorusState)
    return s


def every_action() -> list[HorusAction]:
    """Every action the notation can name (the pool illegal attempts are drawn from)."""
    out = [HorusAction(v) for v in PLAIN]
    out += [HorusAction("choose", f"{a} {e}") for a in D.ADVENTURERS for e in D.EXIT_NAME]
    out += [HorusAction(v, d) for v in ("move", "jump") for d in D.DIRS]
    out += list(rules.REROLLS)
    out += [HorusAction(v, n) for v in ("discard", "bag") for n in sorted(D.CARD_NAMES)]
    out += [HorusAction(v, w) for v, ws in rules.CURES.items() for w in ws]
    return out


ALL_ACTIONS = every_action()


# ---- the invariants ----------------------------------------------------------
def expected_wll(cards: int) -> int:
    """HOR-WLL: cards / 2 rounded up, at least 1 (rulebook 3 -> 2, 6 -> 3, 8 -> 4)."""
    return max(1, (min(cards, D.CARD_LIMIT) + 1) // 2)


def expected_total(s: HorusState, p: int) -> int:
    """HOR-SCORE-*: an escaped seat's total recomputed from its cards and chest rolls."""
    held = s.cards[p] + [c for _, c in s.bagged[p]]
    cards = [D.CARDS[c] for c in held]
    gods = {c.god for c in cards if c.kind in (D.TREASURE, D.IDOL)}
    assert gods <= set(GODS)
    worth = sum(c.value for c in cards if c.kind in (D.TREASURE, D.NECKLACE, D.IDOL))
    assert len(s.chests[p]) == sum(1 for c in cards if c.kind == D.CHEST)
    assert all(1 <= x <= 6 for x in s.chests[p])
    return worth + sum(s.chests[p]) + (0, 1, 3, 6, 10, 15)[len(gods)]


def card_places(s: HorusState) -> list[int]:
    """Every card id wherever it lies (markers left out)."""
    where = [c for deck in s.decks for c in deck]
    where += [c for c in s.sarc if c >= 0]
    where += [D.IDOL_CARD[D.ALCOVE_IDOL[a]] for a, there in enumerate(s.alcoves) if there]
    for p in range(s.num_players):
        where += [c for c in s.cards[p] if c < D.NUM_CARDS]
        where += [c for _, c in s.bagged[p]]
    where += s.discard
    where += [c for pile in s.supply for c in pile]
    return where


def check_invariants(s: HorusState) -> None:
    """Everything that holds in any reachable state (and any determinization)."""
    n = s.num_players
    over = s.stage == OVER
    # ---- cards: 99, each exactly once
    where = card_places(s)
    assert len(where) == D.NUM_CARDS and set(where) == set(range(D.NUM_CARDS)), Counter(
        where
    ).most_common(3)
    for k, deck in enumerate(s.decks):  # HOR-SEARCH: a deck holds only its own cards
        assert set(deck) <= set(D.DECK_CARDS[k])
    for i, c in enumerate(s.sarc):  # HOR-SETUP-SARCOPHAGI: a god's cards by its sarcophagi
        assert c < 0 or c in D.SARC_CARDS[D.SARC_GOD[i]]
        assert c >= 0 or not s.sarc_open[i], "an empty sarcophagus is not open"
    assert set(s.supply[0]) <= set(D.MUMMY_CARDS) and set(s.supply[1]) <= set(D.BLOCK_CARDS)
    held = [c for p in range(n) for c in s.cards[p]]
    if D.MUMMY_MARKER in held:  # HOR-WOUND-MARKER: only once the pile is used up
        assert s.supply[0] == ()
    if D.BLOCK_MARKER in held:
        assert s.supply[1] == ()
    assert D.MUMMY_MARKER not in s.discard and D.BLOCK_MARKER not in s.discard
    assert not any(D.CARDS[c].kind == D.WOUND for c in s.discard if D.CARDS[c].name == "mummy")
    # ---- seats
    for p in range(n):
        st_, q, cards = s.status[p], s.pos[p], s.cards[p]
        overflow = (P_OVERFLOW, p, 0) in s.pending
        # HOR-WLL-CAP: 12 cards at most, but while the forced discard waits
        assert len(cards) <= D.CARD_LIMIT or overflow, (p, len(cards), s.pending)
        assert len(cards) <= D.CARD_LIMIT + 3
        assert rules.wll(s, p) == expected_wll(len(cards)) == D.WLL[min(len(cards), 12)]
        bags = [c for c in cards if D.CARDS[c].name == "bag"]
        for bag, c in s.bagged[p]:  # HOR-EQUIP-BAG: two treasures a bag, counted with it
            assert bag in bags and D.CARDS[c].baggable
        assert all(n_ <= D.BAG_CAPACITY for n_ in Counter(b for b, _ in s.bagged[p]).values())
        wounds = sum(1 for c in cards if D.CARDS[c].kind == D.WOUND)
        assert wounds <= D.CARD_LIMIT  # HOR-TOUCH-MUMMIFY, HOR-WOUND-FULL
        if st_ == UNCHOSEN:
            assert s.stage == SETUP and q == -1 and s.adv[p] == -1
            continue
        assert 0 <= s.adv[p] < len(D.ADVENTURERS)
        if st_ == WAITING:  # HOR-ENTER: outside, on an entrance
            assert q in D.EXITS and not cards
        elif st_ == ESCAPED:  # HOR-ESCAPE, HOR-ESCAPE-JUMP
            assert q in D.EXITS
            assert s.score[p] == expected_total(s, p)
        elif q in D.EXITS:  # HOR-SEAL-OUTSIDE: sealed out before he ever entered
            assert st_ == SEALED and not cards
        else:
            assert 0 <= q < D.INSIDE
        if st_ != ESCAPED:
            assert s.score[p] == 0 and s.chests[p] == ()
        if st_ == INSIDE and s.blocked >> q & 1:  # HOR-BLOCK-JUMP: only until he jumps
            assert (P_JUMP, p, 0) in s.pending, (p, q, s.pending)
        # HOR-ABILITY-ONCE, HOR-ABILITY-READ: one read at most, by Abdel Wahab
        assert s.known[p] == 0 or (D.ABILITY[s.adv[p]] == "read" and s.used_ability[p])
        assert bin(s.known[p]).count("1") <= 1
    assert s.adv.count(-1) == s.status.count(UNCHOSEN)
    assert len({a for a in s.adv if a >= 0}) == n - s.adv.count(-1), "one adventurer a seat"
    # ---- blocks: 36, each in the box, fallen, set aside or being foreseen
    foreseen = [arg for kind, _, arg in s.pending if kind == P_FORESEE]
    aside = [s.aside] if s.aside >= 0 else []
    assert sorted(s.fallen + s.box + aside + foreseen) == list(D.BLOCKS)
    assert s.box == sorted(s.box)
    mask = 0
    for b in s.fallen:  # HOR-BLOCK-FALL: the block lies on the square with its number
        mask |= 1 << D.SQUARE_OF_BLOCK[b]
    assert s.blocked == mask
    assert len(aside) + len(foreseen) <= 1 and (not aside or s.foresight)
    if s.stage in (ADJUST, ACTIONS, MUMMIES, BLOCK):
        assert len(s.fallen) >= min(s.round - 1, len(D.BLOCKS)), "a block falls every round"
    # ---- mummies: HOR-BOARD-SECTIONS, HOR-MUMMY-TURN
    for m in range(D.NUM_MUMMIES):
        assert 0 <= s.mpos[m] < len(D.MUMMY_PATH[m]) and s.mdir[m] in (1, -1)
        assert D.MUMMY_PATH[m][s.mpos[m]] in D.SECTIONS[m]
        assert D.AREA[D.MUMMY_PATH[m][s.mpos[m]]] == "c"
    # ---- the round
    assert 0 <= s.round <= MAX_ROUNDS and 0 <= s.keeper < n
    assert s.is_over == over and (s.current_player is None) == over
    legal = s.legal_actions()
    assert bool(legal) != over, "legal actions exist exactly while the game goes on"
    assert len(set(legal)) == len(legal), "no action listed twice"
    if over:  # HOR-END: nobody left in the pyramid
        assert not any(x in ACTIVE for x in s.status)
        assert s.final is not None and s.winners() == expected_winners(s)
        assert [b.total for b in s.final] == s.score
        return
    assert 0 <= s.seat < n and s.final is None and s.winners() == []
    if s.pending:
        assert s.seat == s.pending[0][1]
    elif s.stage == SETUP:
        assert s.status[s.seat] == UNCHOSEN and s.round == 0
    elif s.stage == ADJUST:  # HOR-WLL-DISCARD: a free discard, or equipment, or end
        assert s.status[s.seat] == INSIDE
    else:
        assert s.stage == ACTIONS and s.in_turn and s.status[s.seat] in ACTIVE
        assert s.left >= 0 and s.seat == (s.keeper + s.turn_idx) % n  # HOR-ROUND-ORDER
    if not s.pending and s.stage in (ADJUST, ACTIONS):
        assert legal[-1] is END


def expected_winners(s: HorusState) -> list[int]:
    """HOR-WIN, HOR-WIN-MUMMIES."""
    out = [p for p in range(s.num_players) if s.status[p] == ESCAPED]
    if not out:
        return []
    best = max(s.score[p] for p in out)
    tied = [p for p in out if s.score[p] == best]
    horus = D.IDOL_CARD[D.IDOL_GOD.index("horus")]
    if any(horus in s.cards[p] for p in tied):
        return [p for p in tied if horus in s.cards[p]]

    def idols(p: int) -> int:
        return sum(D.CARDS[c].value for c in s.cards[p] if D.CARDS[c].kind == D.IDOL)

    top = max(idols(p) for p in tied)
    return [p for p in tied if idols(p) == top]


def check_interned(s: HorusState) -> None:
    """Each legal action is the very object its notation reads as (the actions are
    interned); that notation reads back at all: tests/games/test_conformance.py."""
    for a in s.legal_actions():
        assert HORUS.parse(str(a)) is a


def check_legal_shape(s: HorusState) -> None:
    """What is offered fits the square, the cards and the phase."""
    legal = s.legal_actions()
    if s.is_over or s.pending:
        return
    p = s.seat
    q = s.pos[p]
    verbs = {a.verb for a in legal}
    if s.stage == SETUP:  # HOR-SETUP-CHOOSE
        taken = {D.ADVENTURERS[a] for a in s.adv if a >= 0}
        assert verbs == {"choose"} and len(legal) == 2 * (len(D.ADVENTURERS) - len(taken))
        assert not any(a.arg.split()[0] in taken for a in legal)
        return
    if s.stage == ADJUST:
        assert not verbs & {"move", "search", "open", "take", "pick", "reroll"}
    for a in legal:
        if a.verb == "move":  # HOR-MOVE: across a dotted line, never onto a block
            t = D.NEIGH[q][D.DIRS.index(a.arg)]
            assert t >= 0 and not s.blocked >> t & 1 and s.left > 0
        elif a.verb == "search":  # HOR-SEARCH
            assert D.DECK_AT[q] >= 0 and s.decks[D.DECK_AT[q]] and s.status[p] == INSIDE
        elif a.verb in ("open", "take", "read"):
            assert D.SARC_AT[q] >= 0 and s.sarc[D.SARC_AT[q]] >= 0
        elif a.verb == "pick":
            assert D.ALCOVE_AT[q] >= 0 and s.alcoves[D.ALCOVE_AT[q]]
        elif a.verb == "discard":  # HOR-WLL-DISCARD: never a wound
            assert D.CARDS[rules.first_card(s, p, a.arg)].kind != D.WOUND
        elif a.verb in rules.CURES:  # HOR-EQUIP-ANTIDOTE, HOR-EQUIP-MEDIKIT
            assert rules.first_card(s, p, a.verb) >= 0 and rules.first_card(s, p, a.arg) >= 0


# ---- the drivers ---------------------------------------------------------------
def chooser(choice: int, eager: float) -> Callable[[HorusState], HorusAction]:
    rnd = random.Random(choice)

    def choose(s: HorusState) -> HorusAction:
        legal: list[HorusAction] = s.legal_actions()
        if eager and len(legal) > 1 and rnd.random() < eager:
            keen = [a for a in legal if a.verb not in ("end", "discard", "accept")]
            if keen:
                return rnd.choice(keen)
        return rnd.choice(legal)

    return choose


def play_out(
    s: HorusState,
    choose: Callable[[HorusState], HorusAction],
    visit: Callable[[HorusState, int], None] | None = None,
) -> list[HorusAction]:
    """Legal moves to the end, with step(); `visit` sees each state first."""
    done: list[HorusAction] = []
    while not s.is_over:
        assert len(done) < MAX_DECISIONS, "the game does not end"
        if visit is not None:
            visit(s, len(done))
        a = choose(s)
        s.step(a)
        done.append(a)
    return done


@contextmanager
def checked_rolls() -> Iterator[list[int]]:
    """HOR-ACTIONS-COUNT, HOR-CURSE: check every phase-2 roll as it is made."""
    original = rules.roll_actions
    rolls = [0]

    def roll(s: HorusState, ev: list[Event] | None) -> None:
        loads = [len(c) for c in s.cards]
        curses = [{CURSE[D.CARDS[c].god] for c in h if D.CARDS[c].kind == D.IDOL} for h in s.cards]
        original(s, ev)
        rolls[0] += 1
        assert len(s.dice) == D.NUM_DICE and all(1 <= d <= 6 for d in s.dice)
        for p in range(s.num_players):
            if s.status[p] not in ACTIVE:
                assert s.granted[p] == 0
                continue
            assert loads[p] <= D.CARD_LIMIT
            level = expected_wll(loads[p])
            want = sum(1 for i, d in enumerate(s.dice) if d >= level and i not in curses[p])
            assert s.granted[p] == want, (p, s.dice, loads[p], curses[p])

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(rules, "roll_actions", roll)
        yield rolls


def checked_game(seed: int, players: int, choice: int, eager: float) -> HorusState:
    """A random game with every check after every action."""
    s = new(players, seed)
    choose = chooser(choice, eager)
    rnd = random.Random(choice ^ 0xBAD)
    check_invariants(s)
    decisions = 0
    with checked_rolls() as rolls:
        while not s.is_over:
            decisions += 1
            assert decisions <= MAX_DECISIONS, "the game does not end"
            check_interned(s)
            check_legal_shape(s)
            legal = s.legal_actions()
            # an illegal action is refused and changes nothing
            wrong = rnd.choice(ALL_ACTIONS)
            if wrong not in legal:
                before = s.key()
                with pytest.raises(IllegalAction, match="Legal now"):
                    (s.apply if decisions % 2 else s.step)(wrong)
                assert s.key() == before
            mummies = [D.MUMMY_PATH[m][s.mpos[m]] for m in range(D.NUM_MUMMIES)]
            blocked, turn, left = s.blocked, (s.round, s.stage, s.turn_idx), s.left
            a = choose(s)
            events = s.apply(a)
            json.dumps([e.to_json() for e in events])
            check_invariants(s)
            if a.verb in COSTS and turn == (s.round, s.stage, s.turn_idx) and s.in_turn:
                assert s.left == left - 1, "HOR-ACTIONS-SPEND: one action each"
            same_turn = turn == (s.round, s.stage, s.turn_idx) and s.in_turn
            if a.verb not in (*COSTS, "stamina") and turn[1] == ACTIONS and same_turn:
                assert s.left == left, f"{a} is free"
            for m in range(D.NUM_MUMMIES):  # HOR-MUMMY-BLOCK: a block is a wall to mummies
                now = D.MUMMY_PATH[m][s.mpos[m]]
                assert now == mummies[m] or not blocked >> now & 1
        assert rolls[0] >= s.round - 1 >= 0
    return s


# ---- setup and data ------------------------------------------------------------
@pytest.mark.rule("HOR-WLL", "HOR-WLL-CAP")
def test_the_wll_table() -> None:
    assert [expected_wll(k) for k in (3, 6, 8)] == [2, 3, 4]  # the rulebook's examples
    assert tuple(expected_wll(k) for k in range(D.CARD_LIMIT + 1)) == D.WLL
    assert D.CARD_LIMIT == 12 and max(D.WLL) == 6


@pytest.mark.rule("HOR-CURSE")
def test_the_sobek_idol_curses_the_green_die() -> None:
    assert D.DICE[CURSE["sobek"]] == "green"
    assert len(set(CURSE.values())) == len(GODS) == len(D.DICE), "one colour an idol"


@pytest.mark.rule(
    "HOR-SETUP-PLAYERS",
    "HOR-SETUP-KEEPER",
    "HOR-SETUP-DECKS",
    "HOR-SETUP-SARCOPHAGI",
    "HOR-SETUP-MUMMIES",
)
@given(seeds, player_counts)
@settings(max_examples=40, deadline=None)
def test_setup_deals_every_card(seed: int, players: int) -> None:
    s = new(players, seed)
    check_invariants(s)
    assert [len(d) for d in s.decks] == [18, 18, 18]
    assert all(sorted(d) == list(D.DECK_CARDS[k]) for k, d in enumerate(s.decks))
    assert all(not o for o in s.sarc_open) and all(s.alcoves)
    assert s.box == list(D.BLOCKS) == list(range(1, 37)) and s.fallen == []
    assert s.mpos == list(D.MUMMY_START) and s.mdir == list(D.MUMMY_FACING)
    assert (s.stage, s.seat, s.keeper, s.round) == (SETUP, 0, 0, 0)


def test_different_seeds_deal_different_games() -> None:
    keys = {(tuple(map(tuple, new(3, seed).decks)), tuple(new(3, seed).sarc)) for seed in range(40)}
    assert len(keys) == 40


def test_every_notation_reads_back() -> None:
    assert len(ALL_ACTIONS) == len(set(ALL_ACTIONS))
    for a in ALL_ACTIONS:
        assert HORUS.parse(str(a)) is a
        assert HORUS.parse(f" {str(a).upper()}  ") is a
        with pytest.raises(AttributeError):
            a.verb = "end"


# ---- whole random games ---------------------------------------------------------
@pytest.mark.slow
@pytest.mark.rule(
    "HOR-SETUP-CHOOSE",
    "HOR-ROUND-PHASES",
    "HOR-ROUND-ORDER",
    "HOR-ROUND-ANKH",
    "HOR-WLL",
    "HOR-WLL-CAP",
    "HOR-WLL-DISCARD",
    "HOR-ACTIONS-COUNT",
    "HOR-CURSE",
    "HOR-MOVE",
    "HOR-ENTER",
    "HOR-ESCAPE",
    "HOR-SEARCH",
    "HOR-SARC-OPEN",
    "HOR-SARC-TAKE",
    "HOR-BOARD-SECTIONS",
    "HOR-MUMMY-TURN",
    "HOR-MUMMY-BLOCK",
    "HOR-BLOCK-FALL",
    "HOR-BLOCK-JUMP",
    "HOR-WOUND-MARKER",
    "HOR-WOUND-FULL",
    "HOR-EQUIP-BAG",
    "HOR-END",
    "HOR-SCORE-VALUES",
    "HOR-SCORE-CHEST",
    "HOR-SCORE-IDOLS",
    "HOR-SCORE-VARIETY",
    "HOR-WIN",
    "HOR-WIN-MUMMIES",
)
@given(seeds, player_counts, choice_seeds, eagerness)
@settings(max_examples=160, deadline=None)
def test_random_games_keep_every_invariant(
    seed: int, players: int, choice: int, eager: float
) -> None:
    s = checked_game(seed, players, choice, eager)
    assert s.is_over and s.round <= MAX_ROUNDS
    assert len(s.history()) <= MAX_DECISIONS


@pytest.mark.slow
@pytest.mark.rule("HOR-END", "HOR-SEAL", "HOR-BLOCK-FALL")
def test_many_quick_games_conserve_every_card_and_end() -> None:
    """A plain loop, step() only: conservation after every action, an end within 36 rounds."""
    rounds: Counter[int] = Counter()
    for k in range(700):
        players = 2 + k % 5
        s = new(players, 7919 * k)
        choose = chooser(k, 0.9 if k % 2 else 0.0)
        with checked_rolls():
            done = play_out(s, choose, visit=lambda t, _: check_invariants(t))
        check_invariants(s)
        assert s.is_over and 0 < len(done) <= MAX_DECISIONS
        assert s.round <= MAX_ROUNDS
        rounds[s.round] += 1
    assert max(rounds) <= MAX_ROUNDS and min(rounds) >= 1


@pytest.mark.rule("HOR-END", "HOR-WIN-MUMMIES")
@given(seeds, player_counts, choice_seeds, eagerness)
@settings(max_examples=60, deadline=None)
def test_random_games_end_within_36_rounds_and_the_mummies_win_when_nobody_escapes(
    seed: int, players: int, choice: int, eager: float
) -> None:
    s = new(players, seed)
    play_out(s, chooser(choice, eager))
    assert s.round <= MAX_ROUNDS
    assert set(s.winners()) <= {p for p in range(players) if s.status[p] == ESCAPED}
    if not s.winners():
        assert "the mummies win" in s.result_text()


@pytest.mark.rule("HOR-TOUCH-MUMMIFY", "HOR-MUMMIFIED-MOVE")
def test_a_mummified_figure_walks_only_in_the_mummy_phase() -> None:
    """Random games where someone becomes a mummy: his figure moves only while the mummies
    move, one open square at a time along where it faces, never out of the pyramid."""
    found = walked = 0
    for k in range(400):
        s = new(2 + k % 5, k)
        choose = chooser(k, 0.9)
        while not s.is_over:
            before = [(st_, q) for st_, q in zip(s.status, s.pos, strict=True)]
            stage = s.stage
            events = s.apply(choose(s))
            for p, (st_, q) in enumerate(before):
                if st_ != MUMMY or s.pos[p] == q:
                    continue
                walked += 1
                assert stage == MUMMIES or "mummy dice" in [e.kind for e in events]
                (x0, y0), (x1, y1) = D.XY[q], D.XY[s.pos[p]]
                assert s.pos[p] < D.INSIDE and not s.blocked >> s.pos[p] & 1
                assert x0 == x1 or y0 == y1, "straight on, or straight back"
                assert abs(x1 - x0) + abs(y1 - y0) <= D.NUM_DICE
            for p, st_ in enumerate(s.status):
                if st_ == MUMMY:
                    assert sum(1 for c in s.cards[p] if D.CARDS[c].kind == D.WOUND) == 12
        found += MUMMY in s.status
        if found == 3:
            break
    assert found >= 1 and walked >= 1
