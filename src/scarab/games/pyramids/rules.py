"""Pyramids' rules: setup, the simultaneous marking turn, replacements, the colour race.

Simultaneous choices are taken seat by seat (seat 1 first); a seat's marks stay
hidden from the others (see view.py) until every seat has marked, then all
resolve in the rulebook's order. Clause ids (clauses.toml) mark each rule.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from scarab.core.game import Event
from scarab.core.refusal import Reason, Term, word
from scarab.core.rng import Rng
from scarab.games.pyramids import data as D
from scarab.games.pyramids.actions import DECK, PASS, PyramidsAction, keep, mark, take
from scarab.games.pyramids.describe import term
from scarab.games.pyramids.scoring import final_scoring

if TYPE_CHECKING:
    from scarab.core.game import Game
    from scarab.games.pyramids.state import PyramidsState

KEEP, MARK, EXTRA, REPLACE, OVER = range(5)
Events = list[Event] | None


# ---- setup ------------------------------------------------------------------
def new_state(
    game: Game[PyramidsAction], names: tuple[str, ...], seed: int, solo: bool
) -> PyramidsState:
    """PYR-SETUP-DEAL: four cards each, from the shuffled deck; each seat keeps two."""
    from scarab.games.pyramids.state import PyramidsState

    n = len(names)
    s = PyramidsState.__new__(PyramidsState)
    s.game, s.names, s.seed = game, names, seed
    s.options = {"solo": True} if solo else {}
    s.date = datetime.date.today().isoformat()
    s.rng = Rng(seed)
    s.deck = list(D.CARD_IDS)
    s.rng.shuffle(s.deck)
    s.dealt = [tuple(s.deck.pop() for _ in range(D.DEAL)) for _ in range(n)]
    s.display = []
    s.cards = [[] for _ in range(n)]
    s.marks = {}
    s.done = [() for _ in range(n)]
    s.red, s.green, s.skulls, s.torches = [0] * n, [0] * n, [0] * n, [0] * n
    s.claims = [() for _ in range(n)]
    s.race = [0] * len(D.COLOURS)
    s.expedition, s.used, s.shown = [], [], -1
    s.round, s.turn = 0, 0
    s.phase, s.seat, s.extras = KEEP, 0, 0
    s.pending = [() for _ in range(n)]
    s.chosen = [False] * n
    s.snap = [(0, 0, 0, 0)] * n
    s.queue, s.claims_due = [], []
    s.final, s.hist, s.legal = None, None, None
    s.sampled = False
    return s


def score_card(s: PyramidsState, p: int) -> tuple[int, int, int, int]:
    return (s.red[p], s.green[p], s.skulls[p], s.torches[p])


# ---- legal actions ----------------------------------------------------------
def legal_actions(s: PyramidsState) -> list[PyramidsAction]:
    if s.phase == MARK:
        return mark_actions(s, s.seat) or [PASS]
    if s.phase == EXTRA:
        return extra_actions(s, s.seat)
    if s.phase == REPLACE:
        return replace_actions(s)
    if s.phase == KEEP:
        return keep_actions(s.dealt[s.seat])
    return []


def keep_actions(dealt: tuple[int, ...]) -> list[PyramidsAction]:
    """PYR-SETUP-KEEP: any two of the four dealt cards."""
    cards = sorted(dealt)
    return [keep((a, b)) for i, a in enumerate(cards) for b in cards[i + 1 :]]


def open_to_mark(s: PyramidsState, c: int) -> tuple[int, int]:
    """(blocked cells, cells a new mark must touch) on card c, or (FULL, 0) once complete.

    PYR-MARK-ENTRANCE: an unstarted card's first mark includes its entrance;
    PYR-MARK-TOUCH: later marks touch a marked cell orthogonally.
    """
    card = D.CARDS[c]
    marked = s.marks.get(c, 0)
    if marked >> card.tomb & 1:  # PYR-TOMB-DONE: a completed card takes no more marks
        return D.FULL, 0
    need = D.neighbours(marked) if marked else 1 << card.entrance
    return card.walls | marked, need


def mark_actions(s: PyramidsState, p: int) -> list[PyramidsAction]:
    """PYR-MARK-PATTERN (any rotation or mirror, all cells) or PYR-MARK-SINGLE."""
    out: list[PyramidsAction] = []
    shown = s.shown
    for c in s.cards[p]:
        blocked, need = open_to_mark(s, c)
        out += [a for m, a in placements_on(c, shown) if m & need and not m & blocked]
        out += single_actions(c, need & ~blocked)
    return out


def extra_actions(s: PyramidsState, p: int) -> list[PyramidsAction]:
    """PYR-SYM-CROSS: one more cell on either card, under the single-cell rule."""
    out: list[PyramidsAction] = []
    for c in s.cards[p]:
        blocked, need = open_to_mark(s, c)
        out += single_actions(c, need & ~blocked)
    return out


_ON_CARD: dict[int, tuple[D.Card, tuple[tuple[int, PyramidsAction], ...]]] = {}
_SINGLE: dict[int, dict[int, PyramidsAction]] = {}


def placements_on(c: int, shown: int) -> tuple[tuple[int, PyramidsAction], ...]:
    """The revealed pattern's placements that miss card c's walls, each with its action
    (built on first use: move generation then only filters by the marks). Kept with
    the card it was built for, so a card replaced in D.CARDS is not served stale."""
    key = c * len(D.PLACEMENTS) + shown
    card = D.CARDS[c]
    got = _ON_CARD.get(key)
    if got is None or got[0] is not card:
        got = card, tuple((m, mark(c, m)) for m in D.PLACEMENTS[shown] if not m & card.walls)
        _ON_CARD[key] = got
    return got[1]


def single_actions(c: int, cells: int) -> list[PyramidsAction]:
    """A one-cell mark on card c for each cell in the mask, lowest cell first."""
    table = _SINGLE.get(c)
    if table is None:
        table = _SINGLE[c] = {1 << i: mark(c, 1 << i) for i in range(D.CELLS)}
    out = []
    while cells:
        low = cells & -cells
        out.append(table[low])
        cells ^= low
    return out


def replace_actions(s: PyramidsState) -> list[PyramidsAction]:
    """PYR-REPLACE: a display card or the deck top."""
    out = [take(c) for c in sorted(s.display)]
    if s.deck:
        out.append(take(DECK))
    return out


# ---- apply ------------------------------------------------------------------
def play(s: PyramidsState, p: int, act: PyramidsAction, ev: list[Event] | None) -> None:
    """The forward model for a legal action of seat p; events go to ev unless it is None."""
    if s.phase == KEEP:
        do_keep(s, p, act, ev)
    elif s.phase in (MARK, EXTRA):
        if act.verb == "mark":
            do_mark(s, p, act.card, act.mask, ev)
        elif ev is not None:
            ev.append(Event("pass", p, f"{s.names[p]} has no card to mark", {}))
        after_mark(s, p, ev)
    else:
        do_replace(s, p, act.card, ev)
        next_replacement(s, ev)
    return


def do_keep(s: PyramidsState, p: int, act: PyramidsAction, ev: Events) -> None:
    s.cards[p] = list(act.cards)
    s.chosen[p] = True
    if ev is not None:
        kept = ", ".join(map(str, act.cards))
        ev.append(
            Event(
                "keep",
                p,
                f"{s.names[p]} keeps {kept}",
                {"cards": list(act.cards)},
                p,
                f"{s.names[p]} has chosen",
                {},
            )
        )
    if p + 1 < len(s.names):
        s.seat = p + 1
        return
    # PYR-SETUP-DISPLAY: returned cards go back, the deck is shuffled, four are turned up.
    for q in range(len(s.names)):
        s.deck.extend(c for c in s.dealt[q] if c not in s.cards[q])
        s.dealt[q] = ()
    s.rng.shuffle(s.deck)
    refill(s)
    if ev is not None:
        ev.append(Event("kept", None, "everyone has chosen", {"cards": [list(c) for c in s.cards]}))
    start_round(s, ev)


def refill(s: PyramidsState) -> None:
    """PYR-DISPLAY-REFILL: back to four from the deck while it lasts (PYR-DECK-OUT)."""
    while len(s.display) < D.DISPLAY and s.deck:
        s.display.append(s.deck.pop())


def start_round(s: PyramidsState, ev: Events) -> None:
    """PYR-ROUND: the eight expedition cards are shuffled; seven of them are revealed."""
    if s.round == D.ROUNDS:  # PYR-END: the round counter stays on the last round played
        finish(s, ev)
        return
    s.round += 1
    s.expedition = list(range(len(D.EXPEDITIONS)))
    s.rng.shuffle(s.expedition)
    s.used, s.turn = [], 0
    if ev is not None:
        ev.append(Event("round", None, f"round {s.round} begins", {"round": s.round}))
    start_turn(s, ev)


def start_turn(s: PyramidsState, ev: Events) -> None:
    """PYR-TURN-REVEAL: the top expedition card applies to everyone."""
    if s.turn == D.TURNS_PER_ROUND:
        start_round(s, ev)
        return
    s.turn += 1
    s.shown = s.expedition.pop()
    s.used.append(s.shown)
    s.phase, s.seat, s.extras = MARK, 0, 0
    n = len(s.names)
    s.pending = [() for _ in range(n)]
    s.chosen = [False] * n
    s.snap = [score_card(s, q) for q in range(n)]
    if ev is not None:
        name = D.EXPEDITIONS[s.shown]
        ev.append(Event("expedition", None, f"expedition card: {name}", {"card": name}))


def do_mark(s: PyramidsState, p: int, c: int, m: int, ev: Events) -> None:
    """Mark cells and apply their symbols (PYR-SYM-*): skulls are recorded before potions."""
    card = D.CARDS[c]
    s.marks[c] = s.marks.get(c, 0) | m
    s.pending[p] += ((c, m),)
    potions = 0
    gained: list[str] = []
    for i in D.cells_of(m & card.symbolic):
        sym = card.symbols[i]
        gained.append(D.SYMBOL_NAMES[sym])
        if sym == D.CROSS:
            s.extras += 1
        elif sym == D.RED:
            s.red[p] = min(s.red[p] + 1, D.GEMS_PER_COLOUR)
        elif sym == D.GREEN:
            s.green[p] = min(s.green[p] + 1, D.GEMS_PER_COLOUR)
        elif sym == D.TORCH:
            s.torches[p] |= 1 << (s.round - 1)
        elif sym == D.SKULL:
            s.skulls[p] = min(s.skulls[p] + 1, len(D.SKULLS))
        else:
            potions += 1
    s.skulls[p] = max(0, s.skulls[p] - 2 * potions)
    if ev is not None:
        cells = ",".join(D.cell_name(i) for i in D.cells_of(m))
        got = f" ({', '.join(gained)})" if gained else ""
        done = m >> card.tomb & 1
        text = f"{s.names[p]} marks {c}:{cells}{got}{'; tomb reached' if done else ''}"
        # PYR-SIMULTANEOUS: private to the seat; the others learn only that it has marked
        data = {"card": c, "cells": cells, "symbols": gained, "tomb": bool(done)}
        ev.append(Event("mark", p, text, data, secret_to=p))


def after_mark(s: PyramidsState, p: int, ev: Events) -> None:
    """Extra marks owed for red crosses (if any cell can take one), else the next seat.

    The others see one event per seat per marking, when it is complete, so they
    cannot tell a seat choosing its marks from one choosing its extra cells.
    """
    if s.extras:
        s.extras -= 1
        if extra_actions(s, p):
            s.phase = EXTRA
            return
        s.extras = 0
    s.chosen[p] = True
    s.phase = MARK
    if ev is not None and s.pending[p]:
        ev.append(Event("marked", p, f"{s.names[p]} has marked", {}))
    if p + 1 < len(s.names):
        s.seat = p + 1
        return
    reveal(s, ev)


def reveal(s: PyramidsState, ev: Events) -> None:
    """Every seat has marked: show the marks, set completed cards aside (PYR-TOMB-DONE)."""
    n = len(s.names)
    s.pending = [() for _ in range(n)]
    s.snap = [score_card(s, q) for q in range(n)]
    completed: list[tuple[int, int]] = []
    for q in range(n):
        for c in sorted(s.cards[q]):
            if s.marks.get(c, 0) >> D.CARDS[c].tomb & 1:
                completed.append((c, q))
                s.cards[q].remove(c)
                s.done[q] += (c,)
    if ev is not None:
        ev.append(Event("reveal", None, "the marks are revealed", {}))
        for c, q in sorted(completed):
            ev.append(Event("complete", q, f"{s.names[q]} completes pyramid {c}", {"card": c}))
    s.claims_due = sorted(completed)
    # PYR-REPLACE-ORDER: seats replace in the order of their lowest completed card.
    firsts: dict[int, int] = {}
    for c, q in s.claims_due:
        firsts.setdefault(q, c)
    s.queue = [(q, c) for q in firsts for c, r in s.claims_due if r == q]
    next_replacement(s, ev)


def next_replacement(s: PyramidsState, ev: Events) -> None:
    while s.queue:
        q, _ = s.queue[0]
        if not s.display and not s.deck:  # PYR-EDGE-EMPTY: nothing left to take
            s.queue.pop(0)
            if ev is not None:
                ev.append(Event("no-card", q, f"{s.names[q]} finds no card to take", {}))
            continue
        s.phase, s.seat = REPLACE, q
        return
    claim_points(s, ev)
    start_turn(s, ev)


def do_replace(s: PyramidsState, p: int, c: int, ev: Events) -> None:
    s.queue.pop(0)
    if c == DECK:
        c = s.deck.pop()
        source = "deck"
    else:
        s.display.remove(c)
        source = "display"
    s.cards[p].append(c)
    if ev is not None:
        text = f"{s.names[p]} takes pyramid {c} from the {source}"
        ev.append(Event("take", p, text, {"card": c, "source": source}))
    if not s.queue or s.queue[0][0] != p:  # PYR-DISPLAY-REFILL after this seat's replacements
        refill(s)


def claim_points(s: PyramidsState, ev: Events) -> None:
    """PYR-RACE: a 2nd, 4th or 6th pyramid of a colour claims that colour's next value,
    claims in the order of the completed cards' numbers."""
    for c, q in s.claims_due:
        colour = D.CARDS[c].colour
        count = sum(1 for d in s.done[q][: s.done[q].index(c) + 1] if D.CARDS[d].colour == colour)
        if count in D.CLAIM_AT and s.race[colour] < len(D.PYRAMID_POINTS):
            value = D.PYRAMID_POINTS[s.race[colour]]
            s.race[colour] += 1
            s.claims[q] += ((colour, value),)
            if ev is not None:
                ev.append(
                    Event(
                        "claim",
                        q,
                        f"{s.names[q]} claims {value} pyramid points in {D.COLOURS[colour]}",
                        {"colour": D.COLOURS[colour], "value": value},
                    )
                )
    s.claims_due = []


def finish(s: PyramidsState, ev: Events) -> None:
    s.phase, s.shown = OVER, -1
    s.final = [final_scoring(s, p) for p in range(len(s.names))]
    if ev is not None:
        for p, b in enumerate(s.final):
            ev.append(Event("final", p, f"{s.names[p]}: {b.text()}", b.to_json()))


def winners(s: PyramidsState) -> list[int]:
    """PYR-WIN: most points; a tie goes to the lowest-numbered completed pyramid, else shared."""
    totals = s.scores()
    best = max(totals)
    tied = [p for p, v in enumerate(totals) if v == best]
    firsts = {p: min(s.done[p]) for p in tied if s.done[p]}
    if not firsts:
        return tied
    return [min(firsts, key=lambda p: firsts[p])]


# ---- errors -----------------------------------------------------------------
_WANTS = {KEEP: "keep", MARK: "mark", EXTRA: "mark", REPLACE: "take"}
_MUST = {KEEP: "keep", MARK: "mark", EXTRA: "extra", REPLACE: "take"}


def _shape(s: PyramidsState) -> Term:
    english = D.EXPEDITIONS[s.shown]
    return Term(term("shape", english).removeprefix("@"), english)


def why(s: PyramidsState, act: PyramidsAction) -> Reason:
    """Why ``act`` is not legal for the seat to decide (pyramids/refusals.toml)."""
    p = s.seat
    if act.verb != _WANTS[s.phase] and not (act.verb == "pass" and s.phase == MARK):
        return Reason(f"pyramids.refuse.must.{_MUST[s.phase]}", shape=_shape(s))
    if act.verb == "pass":
        return Reason("pyramids.refuse.pass")
    if act.verb == "keep":
        dealt = ", ".join(map(str, sorted(s.dealt[p])))
        return Reason("pyramids.refuse.keep", n=D.KEEP, dealt=dealt)
    if act.verb == "take":
        if act.card == DECK:
            return Reason("pyramids.refuse.deck_empty")
        display = ", ".join(map(str, s.display))
        return Reason("pyramids.refuse.not_display", card=act.card, display=display)
    return mark_reason(s, p, act.card, act.mask)


def mark_reason(s: PyramidsState, p: int, c: int, m: int) -> Reason:
    if c not in s.cards[p]:
        yours = ", ".join(map(str, s.cards[p])) or word("pyramids.refuse.none")
        return Reason("pyramids.refuse.mark.not_yours", card=c, yours=yours)
    card = D.CARDS[c]
    marked = s.marks.get(c, 0)
    if marked >> card.tomb & 1:
        return Reason("pyramids.refuse.mark.complete", card=c)
    for i in D.cells_of(m):
        if card.walls >> i & 1:
            return Reason("pyramids.refuse.mark.wall", cell=D.cell_name(i))
        if marked >> i & 1:
            return Reason("pyramids.refuse.mark.marked", cell=D.cell_name(i))
    size = bin(m).count("1")
    if s.phase == EXTRA and size != 1:
        return Reason("pyramids.refuse.mark.extra_one")
    if size > 1 and m not in D.PLACEMENTS[s.shown]:
        return Reason("pyramids.refuse.mark.shape", shape=_shape(s))
    if not marked and not m >> card.entrance & 1:
        return Reason("pyramids.refuse.mark.entrance", cell=D.cell_name(card.entrance))
    return Reason("pyramids.refuse.mark.touch")
