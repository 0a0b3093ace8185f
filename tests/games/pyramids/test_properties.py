"""Properties of Silver & Gold: Pyramids over many random games (solo and 2-4 players, any seed).

After every action the 48 pyramid cards are conserved, marks only grow and stay one path from
the entrance, the score cards match the symbols marked, turns, replacements and the colour race
follow the rulebook, and games last exactly 4 rounds of 7 expedition cards. Nothing here
depends on the contents of particular cards in deck.json. What every game does alike
(notation, clones, replays): tests/games/test_conformance.py; hidden information:
test_hidden.py.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scarab
from scarab import IllegalAction
from scarab.games.pyramids import data as D
from scarab.games.pyramids.actions import DECK, PASS, PyramidsAction, keep, mark, parse, take
from scarab.games.pyramids.state import PyramidsState

PYRAMIDS = scarab.load("pyramids")
KEEP, MARK, EXTRA, REPLACE, OVER = range(5)
NUM_CARDS = 48  # 16 per colour
SIDE = 5
ALL = (1 << SIDE * SIDE) - 1
DEALT, KEPT, DISPLAY = 4, 2, 4
ROUNDS, TURNS, EXPEDITION_CARDS = 4, 7, 8
GEM_CAP = SKULL_CAP = 10
POINTS, CLAIM_AT = (10, 6, 3), (2, 4, 6)
MAX_DECISIONS = 2000  # random games take 35-250 decisions; a runaway game trips this

seeds = st.integers(min_value=0, max_value=2**64 - 1)
player_counts = st.integers(min_value=1, max_value=4)  # 1 = the solo variant
choice_seeds = st.integers(min_value=0, max_value=2**32 - 1)
greedy = st.booleans()  # random moves, or moves that race to the tombs (more replacements)


def new(players: int, seed: int) -> PyramidsState:
    s = PYRAMIDS.new_game(players, seed=seed, **({"solo": True} if players == 1 else {}))
    assert isinstance(s, PyramidsState)
    return s


# ---- the grid, computed here (not with the engine's helpers) ------------------
def cells(mask: int) -> list[int]:
    return [i for i in range(SIDE * SIDE) if mask >> i & 1]


@cache
def around(i: int) -> int:
    r, c = divmod(i, SIDE)
    near = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return sum(1 << (y * SIDE + x) for y, x in near if 0 <= y < SIDE and 0 <= x < SIDE)


def touching(mask: int) -> int:
    out = 0
    for i in cells(mask):
        out |= around(i)
    return out & ~mask


def reach(within: int, start: int) -> int:
    """The cells of `within` connected orthogonally to `start` (itself in `within`)."""
    seen = frontier = 1 << start
    while frontier:
        frontier = touching(seen) & within & ~seen
        seen |= frontier
    return seen


@cache
def shapes(expedition: int) -> frozenset[int]:
    """Every mask the pattern covers inside the grid: quarter turns and mirrors."""
    out: set[int] = set()
    for sx in (1, -1):
        for sy in (1, -1):
            for swap in (False, True):
                pts = [((y, x) if swap else (x, y)) for x, y in D.EXPEDITION_CELLS[expedition]]
                pts = [(x * sx, y * sy) for x, y in pts]
                mx, my = min(x for x, _ in pts), min(y for _, y in pts)
                pts = [(x - mx, y - my) for x, y in pts]
                w, h = max(x for x, _ in pts) + 1, max(y for _, y in pts) + 1
                for dx in range(SIDE - w + 1):
                    for dy in range(SIDE - h + 1):
                        out.add(sum(1 << ((y + dy) * SIDE + x + dx) for x, y in pts))
    return frozenset(out)


@cache
def symbol_cells(c: int, symbol: int) -> int:
    return sum(1 << i for i, sym in enumerate(D.CARDS[c].symbols) if sym == symbol)


def count(c: int, mask: int, symbol: int) -> int:
    return bin(mask & symbol_cells(c, symbol)).count("1")


def complete(s: PyramidsState, c: int) -> bool:
    return bool(s.marks.get(c, 0) >> D.CARDS[c].tomb & 1)


@cache
def tomb_distance(c: int) -> tuple[int, ...]:
    """Steps from each cell to the tomb through open cells (99: none)."""
    card = D.CARDS[c]
    dist = [99] * (SIDE * SIDE)
    dist[card.tomb] = 0
    ring, open_cells, k = 1 << card.tomb, ALL & ~card.walls, 0
    seen = ring
    while ring:
        k += 1
        ring = touching(seen) & open_cells & ~seen
        for i in cells(ring):
            dist[i] = k
        seen |= ring
    return tuple(dist)


def score_card(s: PyramidsState, q: int) -> tuple[int, int, int, int]:
    return (s.red[q], s.green[q], s.skulls[q], s.torches[q])


def expected_total(s: PyramidsState, q: int) -> int:
    """PYR-SCORE-*: the rulebook's final scoring, from the score card and the piles."""
    red, green, skulls, torches = score_card(s, q)
    pairs = min(red, green)
    return (
        10 * len(s.done[q])
        + sum(v for _, v in s.claims[q])
        + 5 * bin(torches).count("1")
        + 5 * pairs
        + (red + green - 2 * pairs)
        - (D.SKULLS[skulls - 1] if skulls else 0)
    )


# ---- the invariants ------------------------------------------------------------
def expected_legal(s: PyramidsState) -> set[PyramidsAction]:
    """The legal actions, from the rulebook (PYR-SETUP-KEEP, PYR-MARK-*, PYR-REPLACE)."""
    p = s.seat
    if s.phase == KEEP:
        return {keep(pair) for pair in combinations(sorted(s.dealt[p]), KEPT)}
    if s.phase == REPLACE:
        return {take(c) for c in s.display} | ({take(DECK)} if s.deck else set())
    if s.phase not in (MARK, EXTRA):
        return set()
    out: set[PyramidsAction] = set()
    for c in s.cards[p]:
        if complete(s, c):  # PYR-TOMB-DONE
            continue
        card, marked = D.CARDS[c], s.marks.get(c, 0)
        free = ALL & ~card.walls & ~marked  # PYR-MARK-CELLS
        need = touching(marked) if marked else 1 << card.entrance  # PYR-MARK-TOUCH / -ENTRANCE
        masks = [1 << i for i in range(SIDE * SIDE)]  # PYR-MARK-SINGLE, PYR-SYM-CROSS
        if s.phase == MARK:
            masks += shapes(s.shown)  # PYR-MARK-PATTERN
        out |= {mark(c, m) for m in masks if not m & ~free and m & need}
    if s.phase == MARK and not out:
        out = {PASS}  # PYR-PASS
    return out


def check_invariants(s: PyramidsState, out: frozenset[int] = frozenset()) -> None:
    """Everything that holds in any reachable state (and in any determinization); `out`:
    cards a test took out of the deck to make it run out sooner."""
    n, phase = s.num_players, s.phase
    over = phase == OVER
    assert s.is_over == over and (s.current_player is None) == over
    assert 0 <= s.seat < n
    # the 48 cards: deck, display, dealt, active and completed, each exactly once
    assert len(D.CARD_IDS) == NUM_CARDS
    if phase == KEEP:
        pool = s.deck + [c for d in s.dealt for c in d]
        assert s.display == [] and not any(s.done) and not s.marks
        for q in range(n):
            assert len(s.dealt[q]) == DEALT
            assert s.chosen[q] == (q < s.seat), "PYR-SETUP-KEEP: seat by seat"
            assert len(s.cards[q]) == (KEPT if s.chosen[q] else 0)
            assert set(s.cards[q]) <= set(s.dealt[q])
    else:
        assert not any(s.dealt)
        pool = s.deck + s.display + [c for d in s.cards for c in d] + [c for d in s.done for c in d]
    assert sorted(pool) == sorted(set(D.CARD_IDS) - out), "cards conserved, none twice"
    # the display: four while the deck lasts, except between one seat's two replacements
    assert len(s.display) <= DISPLAY
    if s.deck and phase != KEEP:
        assert len(s.display) >= (DISPLAY - 1 if phase == REPLACE else DISPLAY)
    for q in range(n):
        assert len(s.cards[q]) <= KEPT
        if phase in (MARK, EXTRA, OVER) and (s.deck or s.display):
            assert len(s.cards[q]) == KEPT, "a completed card is replaced while cards last"
    # marks: only on the seats' cards, one connected path from the entrance, never on walls
    owner = {c: q for q in range(n) for c in [*s.cards[q], *s.done[q]]}
    for c, m in s.marks.items():
        card = D.CARDS[c]
        assert c in owner and m and not m & ~ALL, (c, m)
        assert not m & card.walls, f"card {c}: a wall is marked"
        assert m >> card.entrance & 1, f"card {c}: marked without its entrance"
        assert reach(m, card.entrance) == m, f"card {c}: the marks are not one path"
    for q in range(n):
        assert all(complete(s, c) for c in s.done[q])
        for c in s.cards[q]:  # PYR-TOMB-DONE: set aside at the reveal
            if complete(s, c):
                assert phase in (MARK, EXTRA)
                assert any(pc == c and pm >> D.CARDS[c].tomb & 1 for pc, pm in s.pending[q])
    # score cards: what the symbols marked on the seat's cards give
    for q in range(n):
        mine = [*s.cards[q], *s.done[q]]

        def marked(symbol: int, mine: list[int] = mine) -> int:
            return sum(count(c, s.marks.get(c, 0), symbol) for c in mine)

        assert s.red[q] == min(GEM_CAP, marked(D.RED)), "PYR-SYM-GEM"
        assert s.green[q] == min(GEM_CAP, marked(D.GREEN)), "PYR-SYM-GEM"
        assert 0 <= s.skulls[q] <= min(SKULL_CAP, marked(D.SKULL)), "PYR-SYM-SKULL"
        assert 0 <= s.torches[q] < 1 << min(s.round, ROUNDS), "PYR-SYM-TORCH: rounds so far"
        assert bin(s.torches[q]).count("1") <= marked(D.TORCH)
    # PYR-RACE: per colour 10, 6, 3, each claimed at most once, by completing a 2nd/4th/6th
    for col in range(len(D.COLOURS)):
        values = [v for q in range(n) for cc, v in s.claims[q] if cc == col]
        assert sorted(values) == sorted(POINTS[: s.race[col]])
        for q in range(n):
            done = sum(1 for c in s.done[q] if D.CARDS[c].colour == col)
            earned = sum(1 for k in CLAIM_AT if done >= k)
            got = sum(1 for cc, _ in s.claims[q] if cc == col)
            assert got <= earned
            if phase != REPLACE and s.race[col] < len(POINTS):
                assert got == earned, "nobody missed a value that was still there"
    # scores now and at the end
    totals = [expected_total(s, q) for q in range(n)]
    assert s.scores() == totals
    if over:
        assert s.final is not None and [b.total for b in s.final] == totals
        for q, b in enumerate(s.final):
            assert (b.pyramids, b.red, b.green) == (len(s.done[q]), s.red[q], s.green[q])
            assert b.pyramid_points == sum(v for _, v in s.claims[q])
        best = max(totals)  # PYR-WIN
        tied = [q for q in range(n) if totals[q] == best]
        firsts = {q: min(s.done[q]) for q in tied if s.done[q]}
        expected = [min(firsts, key=firsts.__getitem__)] if firsts else tied
        assert s.winners() == expected
    else:
        assert s.final is None and s.winners() == []
    # the turn: the expedition card, who has chosen, what is still hidden
    if phase in (MARK, EXTRA, REPLACE):
        assert 1 <= s.round <= ROUNDS and 1 <= s.turn <= TURNS
        assert sorted(s.expedition + s.used) == list(range(EXPEDITION_CARDS))
        assert len(s.used) == s.turn and s.used[-1] == s.shown
    if phase in (MARK, EXTRA):
        for q in range(n):
            assert s.chosen[q] == (q < s.seat), "PYR-SIMULTANEOUS: seat by seat"
            if q > s.seat or (q == s.seat and phase == MARK):
                assert s.pending[q] == () and s.snap[q] == score_card(s, q)
        if phase == EXTRA:  # PYR-SYM-CROSS: one extra cell owed per red cross not yet used
            placed = s.pending[s.seat]
            crosses = sum(count(c, m, D.CROSS) for c, m in placed)
            assert placed and s.extras + 1 == crosses - (len(placed) - 1), "extra cells owed"
    elif phase != KEEP:
        assert not any(s.pending)
    if phase == REPLACE:
        assert s.queue and s.queue[0][0] == s.seat
    legal = s.legal_actions()
    assert bool(legal) != over, "legal actions exist exactly while the game goes on"
    assert len(set(legal)) == len(legal), "no action listed twice"


def check_legal(s: PyramidsState) -> None:
    """The legal actions are the rulebook's, each the very object its notation reads as
    (interned; that it reads back at all: tests/games/test_conformance.py)."""
    legal = s.legal_actions()
    assert set(legal) == expected_legal(s)
    for a in legal:
        assert parse(str(a)) is a


def check_events(events: list[scarab.Event], players: int) -> None:
    json.dumps([e.to_json() for e in events])
    for e in events:
        if e.kind in ("keep", "mark"):  # PYR-HIDDEN: the choice is the chooser's secret
            assert e.secret_to == e.player is not None
            for other in [None, *range(players)]:
                if other != e.player:
                    hidden = e.for_viewer(other)
                    if e.kind == "mark":  # PYR-SIMULTANEOUS: the others learn of the
                        assert hidden is None  # marking once, by its "marked" event
                    else:
                        assert hidden is not None and hidden.data == {} and hidden.text != e.text


# ---- the drivers ---------------------------------------------------------------------
def pick(s: PyramidsState, rnd: random.Random, race: bool) -> PyramidsAction:
    """A random legal action; when racing, mostly the mark that gets closest to a tomb."""
    legal: list[PyramidsAction] = s.legal_actions()
    if not race or s.phase not in (MARK, EXTRA) or rnd.random() < 0.15:
        return rnd.choice(legal)

    def progress(a: PyramidsAction) -> tuple[int, int, float]:
        if a.verb != "mark":
            return (100, 0, 0.0)
        dist = tomb_distance(a.card)
        return (min(dist[i] for i in cells(a.mask)), -bin(a.mask).count("1"), rnd.random())

    return min(legal, key=progress)


def play_out(
    s: PyramidsState,
    rnd: random.Random,
    race: bool = False,
    visit: Callable[[PyramidsState, int], None] | None = None,
) -> list[PyramidsAction]:
    """Legal moves to the end; `visit` sees each state first."""
    done: list[PyramidsAction] = []
    while not s.is_over:
        assert len(done) < MAX_DECISIONS, "the game does not end"
        if visit is not None:
            visit(s, len(done))
        a = pick(s, rnd, race)
        s.apply(a)
        done.append(a)
    return done


@dataclasses.dataclass
class Resolution:
    """A turn's completed cards, from the reveal until the claims (PYR-REPLACE, PYR-RACE)."""

    completed: list[list[int]]
    takes_expected: list[int]
    done_before: list[tuple[int, ...]]
    claims_before: list[tuple[tuple[int, int], ...]]
    race_before: list[int]
    takes: list[int] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Tracker:
    """A score card per seat kept by the rulebook, and the turn as seen so far."""

    n: int
    red: list[int]
    green: list[int]
    skulls: list[int]
    torches: list[int]
    turns: list[tuple[int, int, int]] = dataclasses.field(default_factory=list)
    crosses: list[int] = dataclasses.field(default_factory=list)
    extras: list[int] = dataclasses.field(default_factory=list)
    deciders: list[int] = dataclasses.field(default_factory=list)
    resolution: Resolution | None = None

    @classmethod
    def start(cls, n: int) -> Tracker:
        return cls(n, [0] * n, [0] * n, [0] * n, [0] * n)

    def record_mark(self, p: int, c: int, m: int, round_: int) -> None:
        """PYR-SYM-*: gems and skulls fill in order up to ten; a potion erases two skulls,
        after the skulls of the same placement; a torch marks the round's torch."""
        self.red[p] = min(GEM_CAP, self.red[p] + count(c, m, D.RED))
        self.green[p] = min(GEM_CAP, self.green[p] + count(c, m, D.GREEN))
        skulls = min(SKULL_CAP, self.skulls[p] + count(c, m, D.SKULL))
        self.skulls[p] = max(0, skulls - 2 * count(c, m, D.POTION))
        if count(c, m, D.TORCH):
            self.torches[p] |= 1 << (round_ - 1)


def check_step(
    prev: PyramidsState, p: int, a: PyramidsAction, s: PyramidsState, tr: Tracker
) -> None:
    """What one action changed, against the rulebook."""
    n = s.num_players
    # marks only grow, by exactly the cells of the action
    for c, m in prev.marks.items():
        assert s.marks.get(c, 0) & m == m, f"card {c} lost a mark"
    grown = {c: m & ~prev.marks.get(c, 0) for c, m in s.marks.items()}
    grown = {c: m for c, m in grown.items() if m}
    assert grown == ({a.card: a.mask} if a.verb == "mark" else {})
    if a.verb == "mark":
        tr.record_mark(p, a.card, a.mask, prev.round)
        if s.skulls[p] < prev.skulls[p]:
            assert count(a.card, a.mask, D.POTION), "PYR-SYM-POTION: skulls go only by potion"
    assert [score_card(s, q) for q in range(n)] == list(
        zip(tr.red, tr.green, tr.skulls, tr.torches, strict=True)
    ), "the score cards follow the symbols marked"

    if prev.phase == KEEP:
        assert (
            a.verb == "keep" and s.cards[p] == list(a.cards) and set(a.cards) <= set(prev.dealt[p])
        )
        if s.phase == KEEP:
            assert s.seat == p + 1
        else:  # PYR-SETUP-DISPLAY: the others go back, shuffled; four are turned up
            assert p == n - 1 and s.phase == MARK and (s.round, s.turn) == (1, 1)
            returned = {c for q in range(n) for c in prev.dealt[q] if c not in s.cards[q]}
            assert len(returned) == n * (DEALT - KEPT)
            assert set(s.deck) | set(s.display) == set(prev.deck) | returned
            assert len(s.display) == DISPLAY
    elif prev.phase in (MARK, EXTRA):
        assert a.verb in ("mark", "pass")
        if not tr.deciders or tr.deciders[-1] != p:
            assert prev.phase == MARK and tr.deciders == list(range(p)), "seats decide in order"
            tr.deciders.append(p)
        tr.crosses[p] += count(a.card, a.mask, D.CROSS) if a.verb == "mark" else 0
        tr.extras[p] += prev.phase == EXTRA
        assert tr.extras[p] <= tr.crosses[p], "PYR-SYM-CROSS: an extra cell per red cross"
        same_turn = s.phase in (MARK, EXTRA) and (s.round, s.turn) == (prev.round, prev.turn)
        if not (same_turn and s.seat == p):  # p has finished this turn
            lost = tr.crosses[p] - tr.extras[p]
            assert lost == 0 or all(complete(s, c) for c in prev.cards[p]), "a cross was lost"
            if same_turn:
                assert s.phase == MARK and s.seat == p + 1
        else:
            assert s.phase == EXTRA
        if not same_turn:  # the reveal: PYR-TOMB-DONE, then replacements in card order
            assert p == n - 1 and tr.deciders == list(range(n)), "PYR-SIMULTANEOUS"
            completed = [sorted(c for c in prev.cards[q] if complete(s, c)) for q in range(n)]
            for q in range(n):
                assert s.done[q] == (*prev.done[q], *completed[q])
            order = sorted((q for q in range(n) if completed[q]), key=lambda q: completed[q][0])
            available = len(s.deck) + len(s.display)
            takes = [q for q in order for _ in completed[q]][:available]  # PYR-EDGE-EMPTY
            tr.resolution = Resolution(
                completed,
                takes,
                [d[:] for d in prev.done],
                [d[:] for d in prev.claims],
                prev.race[:],
            )
    elif prev.phase == REPLACE:
        assert a.verb == "take" and tr.resolution is not None
        tr.resolution.takes.append(p)
        got = prev.deck[-1] if a.card == DECK else a.card
        assert s.cards[p] == prev.cards[p] + [got], "PYR-REPLACE"
        from_display = a.card != DECK
        left = [c for c in prev.display if c != got]
        deck = prev.deck[:] if from_display else prev.deck[:-1]
        if s.phase == REPLACE and s.seat == p:  # PYR-DISPLAY-REFILL: not before p is done
            assert s.display == left and s.deck == deck
        else:
            refill = min(DISPLAY - len(left), len(deck))
            assert s.display == left + deck[::-1][:refill], "PYR-DISPLAY-REFILL"
            assert s.deck == deck[: len(deck) - refill], "PYR-DECK-OUT"

    res = tr.resolution
    if res is not None and s.phase != REPLACE:  # the turn's replacements are over: the claims
        assert res.takes == res.takes_expected, "PYR-REPLACE-ORDER"
        race = res.race_before[:]
        claims = list(res.claims_before)
        due = sorted((c, q) for q in range(n) for c in res.completed[q])  # PYR-RACE-ORDER
        for c, q in due:
            col = D.CARDS[c].colour
            before = sum(1 for d in res.done_before[q] if D.CARDS[d].colour == col)
            now = before + sum(1 for d in res.completed[q] if D.CARDS[d].colour == col and d <= c)
            if now in CLAIM_AT and race[col] < len(POINTS):
                claims[q] += ((col, POINTS[race[col]]),)
                race[col] += 1
        assert s.claims == claims and s.race == race, "PYR-RACE"
        tr.resolution = None
    if s.phase == MARK and (not tr.turns or tr.turns[-1][:2] != (s.round, s.turn)):
        # PYR-TURN-REVEAL: a new expedition card, and every seat marks again
        assert s.seat == 0 and not any(s.chosen) and not any(s.pending)
        assert s.snap == [score_card(s, q) for q in range(n)]
        tr.turns.append((s.round, s.turn, s.shown))
        tr.crosses, tr.extras, tr.deciders = [0] * n, [0] * n, []


def checked_game(
    seed: int, players: int, choice: int, race: bool, starve: int | None = None
) -> PyramidsState:
    """A game with every check after every action; with `starve`, the deck is cut down to
    that many cards after setup (the others leave the game) so that it runs out."""
    s = new(players, seed)
    out: frozenset[int] = frozenset()
    rnd = random.Random(choice)
    tr = Tracker.start(players)
    check_invariants(s)
    played: list[tuple[int, PyramidsAction]] = []
    while not s.is_over:
        assert len(played) < MAX_DECISIONS, "the game does not end"
        check_legal(s)
        legal = s.legal_actions()
        key = s.key()
        wrong = rnd.choice(
            [
                PASS,
                take(DECK),
                take(rnd.choice(D.CARD_IDS)),
                keep((1, 2)),
                mark(rnd.choice(D.CARD_IDS), rnd.getrandbits(SIDE * SIDE) | 1),
            ]
        )
        if wrong not in legal:  # refused, and nothing changes
            with pytest.raises(IllegalAction, match="not legal"):
                (s.apply if len(played) % 2 else s.step)(wrong)
            assert s.key() == key and s.legal_actions() == legal
        prev, p = s.clone(), s.seat
        a = pick(s, rnd, race)
        check_events(s.apply(a), players)
        played.append((p, a))
        check_step(prev, p, a, s, tr)
        if starve is not None and prev.phase == KEEP and s.phase != KEEP:
            out = frozenset(s.deck[: max(0, len(s.deck) - starve)])
            s.deck = [c for c in s.deck if c not in out]
        check_invariants(s, out)
    assert s.history() == played
    # PYR-ROUND, PYR-END: four rounds of seven expedition cards, the eighth unused
    assert [t[:2] for t in tr.turns] == [
        (r, t) for r in range(1, ROUNDS + 1) for t in range(1, TURNS + 1)
    ]
    for r in range(1, ROUNDS + 1):
        shown = [e for rr, _, e in tr.turns if rr == r]
        assert len(set(shown)) == TURNS and set(shown) < set(range(EXPEDITION_CARDS))
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        s.apply(PASS)
    json.dumps([s.view(v) for v in [None, *range(players)]])
    return s


# ---- setup ---------------------------------------------------------------------------
@pytest.mark.rule("PYR-SETUP-DEAL", "PYR-SOLO", "PYR-HIDDEN")
@given(seeds, player_counts)
@settings(max_examples=40, deadline=None)
def test_setup_deals_four_cards_each(seed: int, players: int) -> None:
    s = new(players, seed)
    check_invariants(s)
    check_legal(s)
    assert [len(d) for d in s.dealt] == [DEALT] * players
    assert len(s.deck) == NUM_CARDS - DEALT * players and s.display == []
    assert (s.phase, s.seat, s.round) == (KEEP, 0, 0) and s.options == (
        {"solo": True} if players == 1 else {}
    )
    assert len(s.legal_actions()) == 6, "any two of four"
    with pytest.raises(scarab.BadOption):  # PYR-SOLO: one seat plays solo, and only one
        PYRAMIDS.new_game(players, seed=seed, solo=players != 1)


def test_the_rulebook_numbers() -> None:
    """The numbers this file checks against are the rulebook's (pyramids.toml agrees)."""
    assert (D.DEAL, D.KEEP, D.DISPLAY, D.ROUNDS, D.TURNS_PER_ROUND) == (
        DEALT,
        KEPT,
        DISPLAY,
        ROUNDS,
        TURNS,
    )
    assert len(D.EXPEDITIONS) == EXPEDITION_CARDS and len(D.CARDS) == NUM_CARDS
    assert (D.PYRAMID_POINTS, D.CLAIM_AT) == (POINTS, CLAIM_AT)
    assert D.GEMS_PER_COLOUR == GEM_CAP and len(D.SKULLS) == SKULL_CAP
    for e in range(EXPEDITION_CARDS):
        assert shapes(e) == set(D.PLACEMENTS[e])


# ---- whole random games -----------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.rule(
    "PYR-SETUP-KEEP",
    "PYR-SETUP-DISPLAY",
    "PYR-ROUND",
    "PYR-TURN-REVEAL",
    "PYR-SIMULTANEOUS",
    "PYR-MARK-PATTERN",
    "PYR-MARK-CELLS",
    "PYR-MARK-ENTRANCE",
    "PYR-MARK-TOUCH",
    "PYR-MARK-SINGLE",
    "PYR-PASS",
    "PYR-SYM-CROSS",
    "PYR-SYM-GEM",
    "PYR-SYM-TORCH",
    "PYR-SYM-SKULL",
    "PYR-SYM-POTION",
    "PYR-TOMB-DONE",
    "PYR-REPLACE",
    "PYR-REPLACE-ORDER",
    "PYR-DISPLAY-REFILL",
    "PYR-DECK-OUT",
    "PYR-EDGE-EMPTY",
    "PYR-RACE",
    "PYR-RACE-ORDER",
    "PYR-END",
    "PYR-SCORE-TOMB",
    "PYR-SCORE-POINTS",
    "PYR-SCORE-TORCH",
    "PYR-SCORE-GEMS",
    "PYR-SCORE-SKULL",
    "PYR-WIN",
    "PYR-SOLO",
)
@given(seeds, player_counts, choice_seeds, greedy)
@settings(max_examples=40, deadline=None)
def test_random_games_keep_every_invariant(
    seed: int, players: int, choice: int, race: bool
) -> None:
    s = checked_game(seed, players, choice, race)
    assert s.is_over and s.final is not None


@pytest.mark.slow
@pytest.mark.rule(
    "PYR-DECK-OUT", "PYR-EDGE-EMPTY", "PYR-PASS", "PYR-DISPLAY-REFILL", "PYR-REPLACE-ORDER"
)
@given(seeds, st.integers(min_value=2, max_value=4), choice_seeds, st.integers(0, 6))
@settings(max_examples=15, deadline=None)
def test_games_where_the_pyramid_deck_runs_out(
    seed: int, players: int, choice: int, starve: int
) -> None:
    s = checked_game(seed, players, choice, True, starve)
    assert s.deck == [], "racing seats complete a dozen or more pyramids"
    held = sum(map(len, s.cards)) + sum(map(len, s.done))
    assert held + len(s.display) == KEPT * players + DISPLAY + starve


@pytest.mark.rule("PYR-ROUND", "PYR-END")
@given(seeds, player_counts, choice_seeds, greedy)
@settings(max_examples=60, deadline=None)
def test_random_games_end(seed: int, players: int, choice: int, race: bool) -> None:
    s = new(players, seed)
    actions = play_out(s, random.Random(choice), race)
    marking = sum(1 for _, a in s.history() if a.verb in ("mark", "pass"))
    assert marking >= ROUNDS * TURNS * players
    assert len(actions) == players + marking + sum(1 for a in actions if a.verb == "take")
    assert s.winners() and set(s.winners()) <= set(range(players))
    assert s.scores() == [b.total for b in s.final or []]
