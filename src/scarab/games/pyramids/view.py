"""What each seat may know (view) and a hidden-information resample (determinize).

Hidden: the order of the pyramid deck and of the unrevealed expedition cards;
at setup, the cards dealt to other seats and which two they kept (until every
seat has chosen); during a turn, the marks other seats made this turn (until
every seat has marked: PYR-SIMULTANEOUS); the RNG itself. All else is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scarab.core.game import JSON
from scarab.core.rng import RandomSource, Rng, reseeded
from scarab.games.pyramids import data as D
from scarab.games.pyramids import rules

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
    marks = {c: s.marks.get(c, 0) for c in s.cards[p] + s.done[p]}
    if p != viewer:
        for c, m in s.pending[p]:
            marks[c] &= ~m
    return marks


def score_card_view(s: PyramidsState, p: int, viewer: int | None) -> dict[str, JSON]:
    red, green, skulls, torches = s.snap[p] if p != viewer else rules.score_card(s, p)
    return {
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
            d.dealt[q] = [pool.pop() for _ in range(D.DEAL)]
            if d.chosen[q]:
                d.cards[q] = list(r.choice(rules.keep_actions(d.dealt[q])).cards)
        d.deck = pool
    else:
        d.deck.sort()
        r.shuffle(d.deck)
    d.expedition.sort()
    r.shuffle(d.expedition)
    if d.phase in (rules.MARK, rules.EXTRA):
        for q in others:
            if d.pending[q]:
                resample_marks(d, q, r, stop_at_extra=d.phase == rules.EXTRA and q == d.seat)
    d.rng = reseeded(rng)
    d.legal = None
    return d


def resample_marks(d: PyramidsState, q: int, r: Rng, stop_at_extra: bool) -> None:
    """Undo seat q's hidden marks of this turn and mark again at random.

    When q is deciding a red-cross extra cell, the redraw must leave it owing one
    too: redraws are tried until one reaches an extra cell (else the true marks stay).
    """
    truth = (d.pending[q][:], d.red[q], d.green[q], d.skulls[q], d.torches[q], d.extras)
    for _ in range(50):
        _undo(d, q)
        if _redraw(d, q, r, stop_at_extra):
            return
    _undo(d, q)
    pending, d.red[q], d.green[q], d.skulls[q], d.torches[q], d.extras = truth
    for c, m in pending:
        d.marks[c] = d.marks.get(c, 0) | m
    d.pending[q] = pending


def _undo(d: PyramidsState, q: int) -> None:
    for c, m in d.pending[q]:
        d.marks[c] &= ~m
        if not d.marks[c]:
            del d.marks[c]
    d.pending[q] = []
    d.red[q], d.green[q], d.skulls[q], d.torches[q] = d.snap[q]


def _redraw(d: PyramidsState, q: int, r: Rng, stop_at_extra: bool) -> bool:
    """A random marking for q; True when it fits (stopping at an extra cell if asked)."""
    seat, phase, extras = d.seat, d.phase, d.extras
    d.extras = 0
    acts = rules.mark_actions(d, q)
    if acts:
        act = r.choice(acts)
        rules.do_mark(d, q, act.card, act.mask, None)
        while d.extras:
            d.extras -= 1
            extra = rules.extra_actions(d, q)
            if extra and stop_at_extra:
                d.seat, d.phase = seat, phase  # q decides this extra cell; d.extras still owed
                return True
            if extra:
                act = r.choice(extra)
                rules.do_mark(d, q, act.card, act.mask, None)
    d.seat, d.phase, d.extras = seat, phase, extras
    return not stop_at_extra
