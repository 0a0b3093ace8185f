"""What each seat may know (view) and a hidden-information resample (determinize).

Hidden: the order of the pyramid deck and of the unrevealed expedition cards;
at setup, the cards dealt to other seats and which two they kept (until every
seat has chosen); during a turn, the marks other seats made this turn, red-cross
extra cells included, and whether the seat deciding now is choosing its marks or
an extra cell (until every seat has marked: PYR-SIMULTANEOUS); the RNG itself.
All else is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scarab.core.game import JSON
from scarab.core.rng import RandomSource, Rng, reseeded
from scarab.games.pyramids import data as D
from scarab.games.pyramids import rules
from scarab.games.pyramids.actions import PyramidsAction
from scarab.games.pyramids.scoring import Breakdown

if TYPE_CHECKING:
    from scarab.games.pyramids.state import PyramidsState

PHASES = ("keep", "mark", "extra", "replace", "over")


def card_view(c: int, marked: int) -> dict[str, JSON]:
    card = D.CARDS[c]
    return {
        "id": c,
        "colour": D.COLOURS[card.colour],
        "rows": list(card.rows),
        "marked": [D.cell_name(i) for i in D.cells_of(marked)],
        "complete": bool(marked >> card.tomb & 1),
    }


def public_marks(s: PyramidsState, p: int, viewer: int | None) -> dict[int, int]:
    """Seat p's marks as viewer sees them: without this turn's hidden marks of others."""
    marks = {c: s.marks.get(c, 0) for c in (*s.cards[p], *s.done[p])}
    if p != viewer:
        for c, m in s.pending[p]:
            marks[c] &= ~m
    return marks


def score_card_view(s: PyramidsState, p: int, viewer: int | None) -> dict[str, JSON]:
    red, green, skulls, torches = s.snap[p] if p != viewer else rules.score_card(s, p)
    claims = sum(v for _, v in s.claims[p])
    worst = D.SKULLS[skulls - 1] if skulls else 0
    now = Breakdown(len(s.done[p]), claims, bin(torches).count("1"), red, green, worst)
    return {
        "points": now.total,  # what this score card and these pyramids make, as shown
        "red_gems": red,
        "green_gems": green,
        "skulls": skulls,
        "worst_skull": -D.SKULLS[skulls - 1] if skulls else 0,
        "torches": [bool(torches >> r & 1) for r in range(D.ROUNDS)],
        "pyramid_points": [{"colour": D.COLOURS[col], "value": v} for col, v in s.claims[p]],
    }


def seat_view(s: PyramidsState, p: int, viewer: int | None) -> dict[str, JSON]:
    secret_setup = s.phase == rules.KEEP and p != viewer
    marks = public_marks(s, p, viewer)
    v: dict[str, JSON] = {
        "name": s.names[p],
        "chosen": s.chosen[p],
        "cards": [] if secret_setup else [card_view(c, marks[c]) for c in s.cards[p]],
        "completed": [card_view(c, marks[c]) for c in s.done[p]],
        "score_card": score_card_view(s, p, viewer),
    }
    if p == viewer and s.phase == rules.KEEP:
        v["dealt"] = sorted(s.dealt[p])
        v["dealt_cards"] = [card_view(c, 0) for c in v["dealt"]]  # the faces, to choose by
    return v


def view(s: PyramidsState, player: int | None) -> dict[str, JSON]:
    out: dict[str, JSON] = {
        "game": "pyramids",
        "viewer": player,
        "round": s.round,
        "turn": s.turn,
        # a red-cross extra cell is part of that seat's hidden marking
        "phase": PHASES[rules.MARK if s.phase == rules.EXTRA and player != s.seat else s.phase],
        "current_player": s.current_player,
        "expedition": None
        if s.shown < 0
        else {
            "name": D.EXPEDITIONS[s.shown],
            "cells": [list(c) for c in D.EXPEDITION_CELLS[s.shown]],
        },
        "expedition_used": [D.EXPEDITIONS[e] for e in s.used],
        "display": [card_view(c, 0) for c in s.display],
        "deck": len(s.deck),
        "race": {
            D.COLOURS[col]: list(D.PYRAMID_POINTS[taken:]) for col, taken in enumerate(s.race)
        },
        "seats": [seat_view(s, p, player) for p in range(len(s.names))],
    }
    if s.phase == rules.EXTRA and player == s.seat:
        out["extra_marks"] = s.extras + 1
    if s.final is not None:
        out["final"] = [b.to_json() for b in s.final]
        out["winners"] = rules.winners(s)
    return out


def determinize(s: PyramidsState, player: int, rng: RandomSource) -> PyramidsState:
    """Resample what ``player`` cannot see from ``rng`` (never the game's own RNG)."""
    d = s.clone()
    r = reseeded(rng)
    others = [q for q in range(len(s.names)) if q != player]
    if d.phase == rules.KEEP:
        pool = sorted(d.deck + [c for q in others for c in d.dealt[q]])
        r.shuffle(pool)
        for q in others:
            d.dealt[q] = tuple(pool.pop() for _ in range(D.DEAL))
            if d.chosen[q]:
                d.cards[q] = list(r.choice(rules.keep_actions(d.dealt[q])).cards)
        d.deck = pool
    else:
        d.deck.sort()
        r.shuffle(d.deck)
    d.expedition.sort()
    r.shuffle(d.expedition)
    if d.phase in (rules.MARK, rules.EXTRA):
        resample_marking(d, player, r)
    d.marks = dict(sorted(d.marks.items()))  # insertion order must not tell the history
    d.rng = reseeded(rng)
    d.legal = None
    return d


def resample_marking(d: PyramidsState, me: int, r: Rng) -> None:
    """PYR-SIMULTANEOUS: redraw every marking of this turn that ``me`` has not seen.

    Seats before the deciding one have marked: each gets a fresh random marking
    (pattern or single cell, then every red-cross extra). The deciding seat, when
    it is not ``me``, may not have marked yet or may be choosing an extra cell:
    ``me`` cannot tell which, so its position is drawn from all of those along
    one random marking. Nothing of the true marks is kept.
    """
    deciding = d.seat
    mine = (d.phase, d.extras)
    for q in range(len(d.names)):
        if q != me:
            _undo(d, q)
    for q in range(deciding):
        if q != me and d.cards[q]:
            d.chosen[q] = False
            d.seat, d.phase, d.extras = q, rules.MARK, 0
            _random_marking(d, q, r)
    d.seat = deciding
    if deciding == me:
        d.phase, d.extras = mine
        return
    d.phase, d.extras = rules.MARK, 0
    path = _random_marking(d.clone(), deciding, r)
    for act in path[: r.below(len(path))]:  # stop before any one of its decisions
        rules.play(d, deciding, act, None)


def _random_marking(d: PyramidsState, q: int, r: Rng) -> list[PyramidsAction]:
    """Seat q's decisions in one random marking, played on d until q has marked."""
    path: list[PyramidsAction] = []
    while True:
        act = r.choice(rules.legal_actions(d))
        path.append(act)
        rules.play(d, q, act, None)
        if d.phase != rules.EXTRA or d.seat != q:
            return path


def _undo(d: PyramidsState, q: int) -> None:
    """Take back seat q's marks of this turn: its cards and score card as all saw them."""
    for c, m in d.pending[q]:
        d.marks[c] &= ~m
        if not d.marks[c]:
            del d.marks[c]
    d.pending[q] = ()
    d.red[q], d.green[q], d.skulls[q], d.torches[q] = d.snap[q]
