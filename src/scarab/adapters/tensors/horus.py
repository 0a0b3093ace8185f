"""Horus's observation tensor, from a seat's view (``view_features``) and the
same numbers from the state (``state_fill``), kept side by side so that they change
together (tests hold them equal)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING, Any

import numpy as np

from scarab.adapters.observation import Builder, View, relative, rotated, size
from scarab.adapters.state_encoding import count_into, memo, starts

if TYPE_CHECKING:
    from scarab.games.horus.state import HorusState


@cache
def horus_tables() -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
    """Card values by name, and the squares in front of each god's alcove."""
    from scarab.games.horus import data as D

    values = {c.name: c.value for c in D.CARDS}
    squares = {
        god: tuple(q for q in range(D.NUM_SQUARES) if D.ALCOVE_AT[q] == a)
        for a, god in enumerate(D.ALCOVE_GOD)
    }
    return values, squares


def view_features(b: Builder, v: View, seat: int, n: int) -> None:
    from scarab.games.horus import data as D
    from scarab.games.horus.stages import PENDING_NAMES, STAGE_NAMES, STATUS_NAMES

    names = sorted({c.name for c in D.CARDS})
    b.one_hot("stage", len(STAGE_NAMES), STAGE_NAMES.index(v["stage"]))
    b.one_hot("to_move", n, relative(n, seat, v["to_move"]))
    b.one_hot("keeper", n, relative(n, seat, v["keeper"]))
    pending = v["pending"]
    b.one_hot(
        "pending", len(PENDING_NAMES), PENDING_NAMES.index(pending["kind"]) if pending else None
    )
    b.add("round", [v["round"] / 36, v["actions_left"] / 5])
    b.add("dice", [d / 6 for d in v["dice"]] or [0.0] * D.NUM_DICE)
    b.add("mummy_dice", [d / 6 for d in v["mummy_dice"]] or [0.0] * D.NUM_DICE)
    lock = v["lock"]
    b.add("lock", [d / 6 for d in lock["dice"]] if lock else [0.0] * D.NUM_DICE)
    b.add("lock_missing", [float(bool(lock) and f in lock["missing"]) for f in range(1, 7)])
    # the board, one plane per feature over the 83 squares
    planes = {k: [0.0] * D.NUM_SQUARES for k in ("blocked", "mummies", "sarc", "idol")}
    for number in v["blocks"]:
        planes["blocked"][D.SQUARE_OF_BLOCK[number]] = 1.0
    for m in v["mummies"]:
        planes["mummies"][m["square"]] += 0.5
    values, alcove_squares = horus_tables()
    for sarc in v["sarcophagi"]:
        card = sarc.get("card") or sarc.get("read")
        value = values[card] / 12 if card else 0.0
        planes["sarc"][sarc["square"]] = {"closed": 0.1 + value, "open": 0.5 + value / 2}.get(
            sarc["state"], 0.0
        )
    for god, squares in alcove_squares.items():
        if v["idols"][god]:
            for q in squares:
                planes["idol"][q] = 1.0
    for name, plane in planes.items():
        b.add(f"board.{name}", plane)
    for i, p in enumerate(rotated(n, seat)):
        s = v["seats"][p]
        here = [0.0] * D.NUM_SQUARES
        if s["square"] >= 0 and s["status"] in ("waiting", "inside", "mummy"):
            here[s["square"]] = 1.0
        b.add(f"seat{i}.square", here)
        b.one_hot(f"seat{i}.status", len(STATUS_NAMES), STATUS_NAMES.index(s["status"]))
        b.one_hot(
            f"seat{i}.adventurer",
            len(D.ADVENTURERS),
            D.ADVENTURERS.index(s["adventurer"]) if s["adventurer"] else None,
        )
        bagged = [c for bag in s["bags"] for c in bag["holds"]]
        b.counts(f"seat{i}.cards", names, s["cards"] + bagged, D.CARD_LIMIT)
        b.add(
            f"seat{i}.counts",
            [
                float(s["ability_used"]),
                s["card_count"] / D.CARD_LIMIT,
                s["wll"] / 6,
                s["actions"] / 5,
                sum(s["chests"]) / 12,
                s["score"] / 60,
                *(float(c in s["cursed"]) for c in D.DICE),
            ],
        )
    aside = v["block_aside"]
    b.one_hot(
        "block_aside",
        len(D.BLOCKS) + 1,
        None if aside is None else 0 if aside == "hidden" else D.BLOCKS.index(aside) + 1,
    )
    seen = pending.get("block") if pending else None
    b.one_hot("block_seen", len(D.BLOCKS), D.BLOCKS.index(seen) if seen is not None else None)
    b.add(
        "piles",
        [
            *(v["decks"][k] / 18 for k in D.DECKS),
            v["blocks_in_box"] / 36,
            float(v["foresight_used"]),
            v["wound_supply"]["mummy"] / 18,
            v["wound_supply"]["block"] / 8,
        ],
    )
    b.counts("discard", names, v["discard"], 10)


def state_fill(n: int) -> Callable[[HorusState, int], np.ndarray]:
    from scarab.games.horus import data as D
    from scarab.games.horus.rules import cursed, missing, wll
    from scarab.games.horus.stages import MUMMY, OVER, P_FORESEE, STATUS_NAMES

    at = starts("horus", n)
    length = size("horus", n)
    names = sorted({c.name for c in D.CARDS})
    name = [names.index(c.name) for c in D.CARDS]  # card id -> its name's place in the counts
    values, alcove_squares = horus_tables()
    value = [values[c.name] / 12 for c in D.CARDS]
    is_bag = [c.name == "bag" for c in D.CARDS]
    shown_status = (STATUS_NAMES.index("waiting"), STATUS_NAMES.index("inside"), MUMMY)
    block = {b: i for i, b in enumerate(D.BLOCKS)}
    parts = ("square", "status", "adventurer", "cards")
    cards_width = at["seat0.counts"] - at["seat0.cards"]
    counts_width = 6 + D.NUM_DICE
    seat_at = [tuple(at[f"seat{i}.{k}"] for k in parts) for i in range(n)]
    plane = {k: at[f"board.{k}"] for k in ("blocked", "mummies", "sarc", "idol")}

    kits: dict[tuple[Any, ...], np.ndarray] = {}  # a seat's cards and counts, by what sets them

    def belongings(s: HorusState, p: int) -> np.ndarray:
        """Seat p's cards (bagged ones too) counted by name, then its counts; wll and the
        curses follow from its cards, so the key of ``kits`` holds all this depends on."""
        x = np.zeros(cards_width + counts_width, np.float32)
        bags = {c for c in s.cards[p] if is_bag[c]}
        held = [name[c] for c in s.cards[p]] + [name[t] for b, t in s.bagged[p] if b in bags]
        count_into(x, 0, held, D.CARD_LIMIT)
        bad = cursed(s, p)
        x[cards_width:] = (
            float(s.used_ability[p]),
            len(s.cards[p]) / D.CARD_LIMIT,
            wll(s, p) / 6,
            s.granted[p] / 5,
            sum(s.chests[p]) / 12,
            s.score[p] / 60,
            *(float(d in bad) for d in range(D.NUM_DICE)),
        )
        return x

    def fill(s: HorusState, seat: int) -> np.ndarray:
        x = np.zeros(length, np.float32)
        over = s.stage == OVER
        x[at["stage"] + s.stage] = 1.0
        if not over:
            x[at["to_move"] + (s.seat - seat) % n] = 1.0
        x[at["keeper"] + (s.keeper - seat) % n] = 1.0
        pending = s.pending[0] if s.pending and not over else None
        if pending is not None:
            x[at["pending"] + pending[0]] = 1.0
        x[at["round"]] = s.round / 36
        x[at["round"] + 1] = (s.left if s.in_turn else 0) / 5
        for part, dice in (("dice", s.dice), ("mummy_dice", s.mdice), ("lock", s.lock)):
            for i, d in enumerate(dice):
                x[at[part] + i] = d / 6
        if s.lock:
            for f in missing(s):
                if 1 <= f <= 6:
                    x[at["lock_missing"] + f - 1] = 1.0
        for number in s.fallen:
            x[plane["blocked"] + D.SQUARE_OF_BLOCK[number]] = 1.0
        for m in range(D.NUM_MUMMIES):
            x[plane["mummies"] + D.MUMMY_PATH[m][s.mpos[m]]] += 0.5
        known = s.known[seat]
        for i, c in enumerate(s.sarc):
            where = plane["sarc"] + D.SARC_SQUARE[i]
            if c < 0:
                x[where] = 0.0
            elif s.sarc_open[i]:
                x[where] = 0.5 + value[c] / 2
            else:  # face down: its value only for a seat that read it
                x[where] = 0.1 + (value[c] if known >> i & 1 else 0.0)
        idols = {D.ALCOVE_GOD[a]: s.alcoves[a] for a in range(len(s.alcoves))}
        for god, squares in alcove_squares.items():
            if idols[god]:
                for q in squares:
                    x[plane["idol"] + q] = 1.0
        for i in range(n):
            p = (seat + i) % n
            square, status, adventurer, cards = seat_at[i]
            if s.pos[p] >= 0 and s.status[p] in shown_status:
                x[square + s.pos[p]] = 1.0
            x[status + s.status[p]] = 1.0
            if s.adv[p] >= 0:
                x[adventurer + s.adv[p]] = 1.0
            key = (
                tuple(s.cards[p]),
                tuple(s.bagged[p]),
                s.used_ability[p],
                s.granted[p],
                tuple(s.chests[p]),
                s.score[p],
            )
            kit = memo(kits, key, partial(belongings, s, p))
            x[cards : cards + len(kit)] = kit
        if s.aside >= 0:
            seen = seat == s.aside_by and s.aside_known
            x[at["block_aside"] + (block[s.aside] + 1 if seen else 0)] = 1.0
        if pending is not None and pending[0] == P_FORESEE and pending[1] == seat:
            x[at["block_seen"] + block[pending[2]]] = 1.0
        piles = at["piles"]
        x[piles : piles + len(s.decks) + 4] = (
            *(len(deck) / 18 for deck in s.decks),
            len(s.box) / 36,
            float(s.foresight),
            len(s.supply[0]) / 18,
            len(s.supply[1]) / 8,
        )
        count_into(x, at["discard"], [name[c] for c in s.discard], 10)
        return x

    return fill
