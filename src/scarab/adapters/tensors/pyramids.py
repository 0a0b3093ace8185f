"""Pyramids' observation tensor, from a seat's view (``view_features``) and the
same numbers from the state (``state_fill``), kept side by side so that they change
together (tests hold them equal)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from scarab.adapters.observation import Builder, View, layout, relative, rotated, size
from scarab.adapters.state_encoding import count_into, starts

if TYPE_CHECKING:
    from scarab.games.pyramids.state import PyramidsState

_SYMBOLS = ".#ETgrstpx"


@cache
def printed_card(rows: tuple[str, ...], colour: str) -> tuple[float, ...]:
    """What a card shows before anyone marks it: colour, then each cell's symbol one-hot."""
    from scarab.games.pyramids import data as D

    out = [1.0 if c == colour else 0.0 for c in D.COLOURS]
    for ch in "".join(rows):
        out += [1.0 if ch == sym else 0.0 for sym in _SYMBOLS]
    return tuple(out)


def _pyramid_card(b: Builder, name: str, card: dict[str, Any] | None) -> None:
    """present, colour, symbols per cell, marked per cell, complete."""
    from scarab.games.pyramids import data as D

    if card is None:
        b.add(name, [0.0] * (1 + len(D.COLOURS) + D.CELLS * (len(_SYMBOLS) + 1) + 1))
        return
    marked = [0.0] * D.CELLS
    for c in card["marked"]:
        marked[D.cell_index(c)] = 1.0
    printed = printed_card(tuple(card["rows"]), card["colour"])
    b.add(name, [1.0, *printed, *marked, float(card["complete"])])


def view_features(b: Builder, v: View, seat: int, n: int) -> None:
    from scarab.games.pyramids import data as D
    from scarab.games.pyramids.view import PHASES

    names = sorted(set(D.EXPEDITIONS))
    b.one_hot("phase", len(PHASES), PHASES.index(v["phase"]))
    b.one_hot("to_move", n, relative(n, seat, v["current_player"]))
    b.add("round", [v["round"] / D.ROUNDS, v["turn"] / D.TURNS_PER_ROUND])
    shown = v["expedition"]["name"] if v["expedition"] else None
    b.one_hot("expedition", len(names), names.index(shown) if shown else None)
    b.counts("expedition_used", names, v["expedition_used"], 2)
    for k in range(D.DISPLAY):
        _pyramid_card(b, f"display{k}", v["display"][k] if k < len(v["display"]) else None)
    b.add("deck", [v["deck"] / len(D.CARD_IDS)])
    b.add("race", [len(v["race"][c]) / len(D.PYRAMID_POINTS) for c in D.COLOURS])
    for i, p in enumerate(rotated(n, seat)):
        s = v["seats"][p]
        for k in range(D.KEEP):
            _pyramid_card(b, f"seat{i}.card{k}", s["cards"][k] if k < len(s["cards"]) else None)
        sc = s["score_card"]
        b.add(
            f"seat{i}.score_card",
            [
                float(s["chosen"]),
                len(s["completed"]) / 10,
                sc["red_gems"] / D.GEMS_PER_COLOUR,
                sc["green_gems"] / D.GEMS_PER_COLOUR,
                sc["skulls"] / len(D.SKULLS),
                -sc["worst_skull"] / 20,
                *(float(t) for t in sc["torches"]),
                sum(x["value"] for x in sc["pyramid_points"]) / 30,
            ],
        )
    dealt = [0.0] * len(D.CARD_IDS)
    for c in v["seats"][seat].get("dealt", []):
        dealt[D.CARD_IDS.index(c)] = 1.0
    b.add("dealt", dealt)
    b.add("extra_marks", [v.get("extra_marks", 0) / 2])


def state_fill(n: int) -> Callable[[PyramidsState, int], np.ndarray]:
    from scarab.games.pyramids import data as D
    from scarab.games.pyramids import rules
    from scarab.games.pyramids.view import public_marks

    at = starts("pyramids", n)
    length = size("pyramids", n)
    names = sorted(set(D.EXPEDITIONS))
    shown_at = [names.index(e) for e in D.EXPEDITIONS]
    card_id = {c: i for i, c in enumerate(D.CARD_IDS)}
    points = len(D.PYRAMID_POINTS)
    display = [at[f"display{k}"] for k in range(D.DISPLAY)]
    kept = [[at[f"seat{i}.card{k}"] for k in range(D.KEEP)] for i in range(n)]
    score_card = [at[f"seat{i}.score_card"] for i in range(n)]
    width = layout("pyramids", n)["display0"].stop - at["display0"]

    unmarked = {  # present, colour, symbols per cell; then no cell marked, not complete
        c: np.array(
            [1.0, *printed_card(D.CARDS[c].rows, D.COLOURS[D.CARDS[c].colour])]
            + [0.0] * (D.CELLS + 1),
            np.float32,
        )
        for c in D.CARD_IDS
    }

    @lru_cache(maxsize=1024)  # a card takes a few marks a game: few (card, marks) pairs
    def card(c: int, marks: int) -> np.ndarray:
        """present, colour, symbols per cell, marked per cell, complete."""
        out = unmarked[c].copy()
        for i in D.cells_of(marks):
            out[-1 - D.CELLS + i] = 1.0
        out[-1] = float(marks >> D.CARDS[c].tomb & 1)
        return out

    def cards(x: np.ndarray, slots: list[int], ids: list[int], marks: dict[int, int]) -> None:
        for where, c in zip(slots, ids, strict=False):  # a slot may be empty
            x[where : where + width] = card(c, marks.get(c, 0))

    def fill(s: PyramidsState, seat: int) -> np.ndarray:
        x = np.zeros(length, np.float32)
        phase = rules.MARK if s.phase == rules.EXTRA and seat != s.seat else s.phase
        x[at["phase"] + phase] = 1.0
        to_move = relative(n, seat, s.current_player)
        if to_move is not None:
            x[at["to_move"] + to_move] = 1.0
        x[at["round"]] = s.round / D.ROUNDS
        x[at["round"] + 1] = s.turn / D.TURNS_PER_ROUND
        if s.shown >= 0:
            x[at["expedition"] + shown_at[s.shown]] = 1.0
        count_into(x, at["expedition_used"], [shown_at[e] for e in s.used], 2)
        cards(x, display, s.display, {})
        x[at["deck"]] = len(s.deck) / len(D.CARD_IDS)
        for col, taken in enumerate(s.race):
            x[at["race"] + col] = len(D.PYRAMID_POINTS[taken:]) / points
        for i in range(n):
            p = (seat + i) % n
            if not (s.phase == rules.KEEP and p != seat):  # others keep in secret
                cards(x, kept[i], s.cards[p], public_marks(s, p, seat))
            red, green, skulls, torches = s.snap[p] if p != seat else rules.score_card(s, p)
            sc = score_card[i]
            x[sc : sc + 7 + D.ROUNDS] = (
                float(s.chosen[p]),
                len(s.done[p]) / 10,
                red / D.GEMS_PER_COLOUR,
                green / D.GEMS_PER_COLOUR,
                skulls / len(D.SKULLS),
                (D.SKULLS[skulls - 1] if skulls else 0) / 20,
                *(float(torches >> r & 1) for r in range(D.ROUNDS)),
                sum(claimed for _, claimed in s.claims[p]) / 30,
            )
        if s.phase == rules.KEEP:
            for c in s.dealt[seat]:
                x[at["dealt"] + card_id[c]] = 1.0
        if s.phase == rules.EXTRA and seat == s.seat:
            x[at["extra_marks"]] = (s.extras + 1) / 2
        return x

    return fill
