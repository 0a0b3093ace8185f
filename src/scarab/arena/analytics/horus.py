"""Horus analytics: who gets out alive, what kills the rest, and where the points lie.

Each game is replayed from its record, reading the events ``apply`` emits. The
engine names most ends outright (``escape``, ``sealed``, ``mummified``); its
``crushed`` event covers two rules, told apart by the seat's previous event: a
``jump`` just before means the Block wound after the jump killed him
(HOR-WOUND-FULL), anything else that he had nowhere to jump (HOR-BLOCK-CRUSH).
Treasure is credited to the area it came from: a deck's area for a search, the
corridor for sarcophagi and idols.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scarab.arena.analytics import start
from scarab.arena.sections import Chart, Section, Table
from scarab.core.game import Event
from scarab.games.horus import data as D
from scarab.games.horus.state import HorusState

# Outcome key -> (short label, what happened, the clause behind it).
OUTCOMES: dict[str, tuple[str, str, str]] = {
    "escaped": ("escaped", "escaped", "HOR-ESCAPE"),
    "sealed": ("sealed in", "trapped inside by fallen blocks", "HOR-SEAL"),
    "crushed": ("crushed", "crushed: nowhere to jump from a block", "HOR-BLOCK-CRUSH"),
    "worn out": ("block wound", "killed by a Block wound on top of 12 wounds", "HOR-WOUND-FULL"),
    "mummified": ("mummified", "mummified: touched with 12 wounds", "HOR-TOUCH-MUMMIFY"),
    "shut out": ("shut out", "shut out: entrance blocked before entering", "HOR-SEAL-OUTSIDE"),
    "unfinished": ("unfinished", "still in play when the record ends", ""),
}
DEATHS = ("sealed", "crushed", "worn out", "mummified")
OTHER = ("shut out", "unfinished")
END_EVENTS = ("escape", "sealed", "crushed", "mummified")
_SPARES = {"dodge": "block", "shoot": "mummy"}  # abilities that stop a wound before it lands
VALUED = (D.TREASURE, D.NECKLACE, D.CHEST, D.IDOL)
WOUND_NAMES = ("snake", "scorpion", "crocodile", "mummy", "block")

_BY_NAME = {c.name: c for c in D.CARDS}  # cards with one name are alike
_DECK_AREA = {
    D.DECKS.index(spec["deck"]): key for key, spec in D.RAW["areas"].items() if "deck" in spec
}
_SARC_AREA = {D.SARC_GOD[i]: D.AREA[q] for i, q in enumerate(D.SARC_SQUARE)}
_IDOL_AREA = {
    D.ALCOVE_GOD[D.ALCOVE_AT[q]]: D.AREA[q] for q in range(D.NUM_SQUARES) if D.ALCOVE_AT[q] >= 0
}


def _origin() -> dict[int, str]:
    """The area every valued card comes from, by card id."""
    out = {c: _DECK_AREA[k] for k, ids in enumerate(D.DECK_CARDS) for c in ids}
    out |= {c: _SARC_AREA[god] for god, ids in D.SARC_CARDS.items() for c in ids}
    out |= {c: _IDOL_AREA[D.IDOL_GOD[k]] for k, c in enumerate(D.IDOL_CARD)}
    return out


ORIGIN = _origin()


@dataclass
class GameTally:
    """One replayed game, seat by seat and area by area."""

    entrants: list[str]
    adventurers: list[str]
    winners: list[int]
    scores: list[int]
    outcome: list[str]
    at_round: list[int]  # round of the outcome (0: never reached)
    visited: list[set[str]]  # area letters each seat stood in
    rounds: int = 0
    steps: Counter[str] = field(default_factory=Counter)  # moves and jumps into each area
    found: Counter[str] = field(default_factory=Counter)  # printed points picked up
    cards: Counter[str] = field(default_factory=Counter)  # valued cards picked up
    banked: Counter[str] = field(default_factory=Counter)  # points escaped with (chests rolled)
    chest_points: Counter[str] = field(default_factory=Counter)  # the chest rolls in ``banked``
    variety: int = 0
    wounds: Counter[str] = field(default_factory=Counter)  # wounds suffered, by kind
    avoided: Counter[str] = field(default_factory=Counter)  # by an ability, so never suffered
    cured: Counter[str] = field(default_factory=Counter)  # by equipment, after suffering


def tally_game(line: Mapping[str, Any]) -> GameTally:
    """Replay one result line's record and tally what happened to each seat."""
    game, state, record = start(line, "horus")
    assert isinstance(state, HorusState)
    n = len(record.players)
    t = GameTally(
        entrants=list(line["seats"]),
        adventurers=[""] * n,
        winners=list(line["winners"]),
        scores=list(line["scores"]),
        outcome=[""] * n,
        at_round=[0] * n,
        visited=[set() for _ in range(n)],
    )
    last = [""] * n  # each seat's previous event kind
    drawn = [""] * n  # the wound card a seat just drew
    for _, text in record.moves:
        for ev in state.apply(game.parse_action(state, text)):
            _event(t, ev, last, drawn)
    for p in range(n):
        if not t.outcome[p]:
            t.outcome[p], t.at_round[p] = "unfinished", t.rounds
    _bank(t, state)
    return t


def _event(t: GameTally, ev: Event, last: list[str], drawn: list[str]) -> None:
    kind, p, data = ev.kind, ev.player, ev.data
    if kind == "round":
        t.rounds = int(data["round"])
    if p is None:
        return
    if kind == "choose":
        t.adventurers[p] = str(data["adventurer"])
    elif kind in ("move", "jump"):
        area = D.AREA[int(data["square"])]
        if area != "e":
            t.visited[p].add(area)
            t.steps[area] += 1
    elif kind == "search":
        card = _BY_NAME[str(data["card"])]
        _found(t, _DECK_AREA[D.DECKS.index(str(data["deck"]))], card.name)
        if card.kind == D.WOUND:
            t.wounds[card.name] += 1
            drawn[p] = card.name
    elif kind == "take":
        _found(t, D.AREA[D.SARC_SQUARE[int(data["slot"])]], str(data["card"]))
    elif kind == "idol":
        _found(t, _IDOL_AREA[str(data["idol"])], f"{data['idol']}-idol")
    elif kind == "touch":
        t.wounds["mummy"] += 1
    elif kind == "wound":
        t.wounds["block"] += 1
    elif kind in ("reflexes", "swim"):  # the card just drawn goes straight back
        t.wounds[drawn[p]] -= 1
        t.avoided[drawn[p]] += 1
    elif kind in _SPARES:
        t.avoided[_SPARES[kind]] += 1
    elif kind in ("antidote", "medikit"):
        t.cured[str(data["card"])] += 1
    elif kind in END_EVENTS:
        t.outcome[p], t.at_round[p] = end_outcome(kind, last[p], bool(t.visited[p])), t.rounds
    last[p] = kind


def end_outcome(kind: str, previous: str, entered: bool) -> str:
    """The outcome key an end event means, given the seat's previous event and whether he
    ever stood inside: a ``crushed`` right after his own jump is the Block wound."""
    if kind == "crushed":
        return "worn out" if previous == "jump" else "crushed"
    if kind == "sealed":
        return "sealed" if entered else "shut out"
    return "escaped" if kind == "escape" else kind


def _found(t: GameTally, area: str, name: str) -> None:
    card = _BY_NAME[name]
    if card.kind in VALUED:
        t.cards[area] += 1
        t.found[area] += card.value


def _bank(t: GameTally, s: HorusState) -> None:
    """Split each escaped seat's score by the area its cards came from (HOR-SCORE-*)."""
    for p, outcome in enumerate(t.outcome):
        if outcome != "escaped":
            continue
        held = s.cards[p] + [c for _, c in s.bagged[p]]
        chests = [c for c in held if D.CARDS[c].kind == D.CHEST]  # in the order rolled
        for c, roll in zip(chests, s.chests[p], strict=True):
            t.banked[ORIGIN[c]] += roll
            t.chest_points[ORIGIN[c]] += roll
        for c in held:
            if D.CARDS[c].kind in VALUED:
                t.banked[ORIGIN[c]] += D.CARDS[c].value
        gods = {D.CARDS[c].god for c in held if D.CARDS[c].god}
        t.variety += D.VARIETY[len(gods)]


# ---- the section --------------------------------------------------------------
def _rate(part: int, whole: int) -> float:
    return round(part / whole, 3) if whole else 0.0


def _mean(values: Sequence[float]) -> float | str:
    """The mean to two places; blank when there is nothing to average."""
    return round(statistics.fmean(values), 2) if values else ""


def _escape_table(tallies: Sequence[GameTally], entrants: Sequence[str]) -> Table:
    groups: dict[str, list[tuple[str, int]]] = {"all seats": [], "winning seats": []}
    groups |= {name: [] for name in entrants}
    for t in tallies:
        for p, outcome in enumerate(t.outcome):
            seat = (outcome, t.scores[p])
            groups["all seats"].append(seat)
            groups[t.entrants[p]].append(seat)
            if p in t.winners:
                groups["winning seats"].append(seat)
    rows = []
    for name, seats in groups.items():
        out = Counter(o for o, _ in seats)
        escaped = out["escaped"]
        rows.append(
            (
                name,
                len(seats),
                escaped,
                _rate(escaped, len(seats)),
                sum(1 for o, score in seats if o == "escaped" and score == 0),
                sum(out[d] for d in DEATHS),
                sum(out[o] for o in OTHER),
                _mean([score for o, score in seats if o == "escaped"]),
            )
        )
    return Table(
        "Escape rate",
        (
            "group",
            "adventurers",
            "escaped",
            "escape rate",
            "empty-handed",
            "died",
            "other",
            "mean score out",
        ),
        tuple(rows),
        "Winners escape by rule (HOR-WIN); empty-handed: escaped scoring 0; "
        "'other': shut out or unfinished.",
    )


def _outcome_table(tallies: Sequence[GameTally], entrants: Sequence[str]) -> Table:
    rounds: dict[str, list[int]] = {o: [] for o in OUTCOMES}
    by: dict[str, Counter[str]] = {o: Counter() for o in OUTCOMES}
    for t in tallies:
        for p, o in enumerate(t.outcome):
            rounds[o].append(t.at_round[p])
            by[o][t.entrants[p]] += 1
    dead = sum(len(rounds[o]) for o in DEATHS)
    rows = [
        (
            OUTCOMES[o][1],
            OUTCOMES[o][2],
            len(rounds[o]),
            _rate(len(rounds[o]), dead) if o in DEATHS else "",
            *(by[o][e] for e in entrants),
            _mean(rounds[o]),
        )
        for o in OUTCOMES
        if rounds[o] or o in DEATHS
    ]
    return Table(
        "How adventurers ended",
        ("outcome", "clause", "adventurers", "share of deaths", *entrants, "mean round"),
        tuple(rows),
        "A 'crushed' event right after the seat's own jump is read as the Block wound "
        "killing him (HOR-WOUND-FULL); otherwise he had nowhere to jump.",
    )


def _area_table(tallies: Sequence[GameTally]) -> Table:
    games = len(tallies) or 1
    seats = sum(len(t.outcome) for t in tallies) or 1
    rows: list[tuple[str | int | float, ...]] = []
    for a in D.AREA_KEYS:
        rows.append(
            (
                D.AREA_NAME[a],
                round(sum(t.cards[a] for t in tallies) / games, 2),
                round(sum(t.found[a] for t in tallies) / games, 2),
                round(sum(t.banked[a] for t in tallies) / games, 2),
                _rate(sum(sum(a in v for v in t.visited) for t in tallies), seats),
                round(sum(t.steps[a] for t in tallies) / games, 2),
            )
        )
    variety = round(sum(t.variety for t in tallies) / games, 2)
    rows.append(("variety bonus (no area)", "", "", variety, "", ""))
    return Table(
        "Value by area (per game)",
        ("area", "cards found", "points found", "points escaped with", "seats visiting", "steps"),
        tuple(rows),
        "Points found are printed values (a chest counts only once rolled at escape); "
        "points escaped with are the escaped seats' scores split by where each card came from.",
    )


def _wound_table(tallies: Sequence[GameTally]) -> Table:
    games = len(tallies)
    rows = tuple(
        (
            w,
            round(sum(t.wounds[w] for t in tallies) / games, 2),
            round(sum(t.avoided[w] for t in tallies) / games, 2),
            round(sum(t.cured[w] for t in tallies) / games, 2),
        )
        for w in WOUND_NAMES
    )
    return Table(
        "Wounds (per game)",
        ("wound", "suffered", "avoided by ability", "cured by equipment"),
        rows,
        "Avoided: Reflexes, Swimming, Dodge or Shoot; cured: an antidote or medi-kit.",
    )


def _adventurer_table(tallies: Sequence[GameTally]) -> Table:
    seats: dict[str, list[tuple[str, int]]] = {a: [] for a in D.ADVENTURERS}
    for t in tallies:
        for p, a in enumerate(t.adventurers):
            if a:
                seats[a].append((t.outcome[p], t.scores[p]))
    rows = tuple(
        (
            D.ADV_NAME[i],
            D.ABILITY[i],
            len(s),
            _rate(sum(o == "escaped" for o, _ in s), len(s)),
            _mean([score for o, score in s if o == "escaped"]),
        )
        for i, s in enumerate(seats.values())
        if s
    )
    return Table(
        "By adventurer", ("adventurer", "ability", "played", "escape rate", "mean score out"), rows
    )


def _end_rounds(tallies: Sequence[GameTally]) -> dict[str, list[float]]:
    """The round each adventurer got out or died in, for the box chart (empty groups left out)."""
    groups: dict[str, list[float]] = {"escaped": [], "died": []}
    for t in tallies:
        for p, o in enumerate(t.outcome):
            if o == "escaped" or o in DEATHS:
                groups["escaped" if o == "escaped" else "died"].append(float(t.at_round[p]))
    return {k: v for k, v in groups.items() if v}


def _charts(tallies: Sequence[GameTally], ends: Counter[str]) -> tuple[Chart, ...]:
    games = len(tallies)
    found = [sum(t.found[a] for t in tallies) / games for a in D.AREA_KEYS]
    banked = [sum(t.banked[a] for t in tallies) / games for a in D.AREA_KEYS]
    return (
        Chart(
            "horus-death-causes",
            "Horus: how adventurers died",
            "bar",
            {"deaths": [float(ends[d]) for d in DEATHS]},
            tuple(OUTCOMES[d][0] for d in DEATHS),
            ylabel="adventurers",
        ),
        Chart(
            "horus-value-by-area",
            "Horus: treasure points by area, per game",
            "bar",
            {"found": found, "escaped with": banked},
            tuple(D.AREA_NAME[a] for a in D.AREA_KEYS),
            ylabel="points per game",
        ),
        Chart(
            "horus-end-rounds",
            "Horus: round of escape or death",
            "box",
            _end_rounds(tallies),
            ylabel="round",
        ),
    )


def analyse(games: Sequence[Mapping[str, Any]]) -> Section:
    """Escape rate, how the others ended, and treasure by area, over ``games``."""
    tallies = [tally_game(g) for g in games]
    if not tallies:
        return Section(title="The Pyramid of Horus", text="No games to analyse.")
    entrants = list(dict.fromkeys(name for t in tallies for name in t.entrants))
    seats = sum(len(t.outcome) for t in tallies)
    ends = Counter(o for t in tallies for o in t.outcome)
    dead = sum(ends[d] for d in DEATHS)
    nobody = sum(1 for t in tallies if "escaped" not in t.outcome)
    richest = max(D.AREA_KEYS, key=lambda a: sum(t.banked[a] for t in tallies))
    killer = max(DEATHS, key=lambda d: ends[d])
    text = (
        f"{ends['escaped']} of {seats} adventurers escaped ({_rate(ends['escaped'], seats):.0%}); "
        f"in {nobody} of {len(tallies)} games nobody did and the mummies won. "
        f"Games lasted {_mean([t.rounds for t in tallies])} rounds on average. "
        + (f"Of {dead} deaths, most were: {OUTCOMES[killer][1]}. " if dead else "Nobody died. ")
        + f"The {D.AREA_NAME[richest]} paid the most to those who got out. "
        "Causes are the engine's own end events; only 'crushed' is split, by the event before it."
    )
    tables = (
        _escape_table(tallies, entrants),
        _outcome_table(tallies, entrants),
        _area_table(tallies),
        _wound_table(tallies),
        _adventurer_table(tallies),
    )
    return Section("The Pyramid of Horus", text, tables, _charts(tallies, ends))
