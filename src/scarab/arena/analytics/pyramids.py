"""Pyramids analytics: completion rate and points by card, colour and tier, by category.

Each game is replayed from its record. A card's points are its tomb (PYR-SCORE-TOMB),
the pyramid points its completion claimed (PYR-RACE) and the change its marks made to
the value of the score card when they were made (gems, torches, skulls, potions), so
the cards a seat held add up to its final score. Gems are credited at the margin: the
gem that completes a red-green pair earns the pair's extra points.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Any, cast

from scarab.arena.analytics import start
from scarab.arena.sections import Cell, Chart, Section, Table
from scarab.games.pyramids import data as D
from scarab.games.pyramids.actions import DECK
from scarab.games.pyramids.rules import EXTRA
from scarab.games.pyramids.scoring import final_scoring
from scarab.games.pyramids.state import PyramidsState

CATEGORIES = ("completed pyramids", "pyramid points", "torches", "gems", "worst skull")
TIERS: dict[int, str] = {c["id"]: c.get("tier", "-") for c in D.DECK_RAW["cards"]}
TIER_ORDER = ("easy", "medium", "hard")
SHOWN = 10  # cards in each of the best and worst tables
MIN_HELD = 5  # holds a card needs to be ranked


@dataclass(frozen=True)
class Hold:
    """One card in one seat's hands for one game."""

    card: int
    seat: int
    source: str  # setup, display or deck
    completed: bool
    race: int  # the pyramid points its completion claimed
    symbols: int  # what its marks changed on the score card
    cells: int  # cells marked on it
    turns: int | None  # expedition turns from its first mark to its tomb, both counted

    @property
    def points(self) -> int:
        return self.symbols + self.race + (D.TOMB_VP if self.completed else 0)


@dataclass(frozen=True)
class Habits:
    patterns: int = 0  # marks of the whole expedition pattern
    singles: int = 0  # the one-cell alternative (PYR-MARK-SINGLE)
    extras: int = 0  # red-cross extra cells (PYR-SYM-CROSS)
    passes: int = 0


@dataclass(frozen=True)
class GameFacts:
    entrants: tuple[str, ...]
    winners: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]  # per seat, per CATEGORIES
    holds: tuple[Hold, ...]
    dealt: tuple[int, ...]  # the cards dealt at setup
    habits: tuple[Habits, ...]  # per seat
    claims: tuple[tuple[int, int], ...]  # (colour, value) claimed in the race
    deck_out: bool


def _symbol_value(s: PyramidsState, p: int) -> int:
    b = final_scoring(s, p)
    return b.gem_points + b.torches * D.TORCH_VP - b.worst_skull


def replay_game(line: Mapping[str, Any]) -> GameFacts:
    """Replay one result line, crediting every mark to the card it was made on."""
    game, begun, record = start(line, "pyramids")
    s = cast(PyramidsState, begun)
    n = len(record.players)
    dealt = [c for hand in s.dealt for c in hand]
    source: dict[int, str] = {}
    symbols: Counter[int] = Counter()
    first: dict[int, int] = {}
    tomb: dict[int, int] = {}
    habits = [Counter[str]() for _ in range(n)]
    for seat, text in record.moves:
        act = game.parse(text)
        if act.verb == "keep":
            source.update(dict.fromkeys(act.cards, "setup"))
        elif act.verb == "mark":
            single = act.mask.bit_count() == 1
            habits[seat]["extras" if s.phase == EXTRA else "singles" if single else "patterns"] += 1
            turn = (s.round - 1) * D.TURNS_PER_ROUND + s.turn
            first.setdefault(act.card, turn)
            if act.mask >> D.CARDS[act.card].tomb & 1:
                tomb[act.card] = turn
            before = _symbol_value(s, seat)
            s.step(act)
            symbols[act.card] += _symbol_value(s, seat) - before
            continue
        elif act.verb == "pass":
            habits[seat]["passes"] += 1
        s.step(act)
        if act.verb == "take":
            source[s.cards[seat][-1]] = "deck" if act.card == DECK else "display"
    assert s.final is not None, "the record ends before the game does"
    race = _race_points(s)
    holds = []
    for p in range(n):
        for c in (*s.done[p], *s.cards[p]):
            done = c in s.done[p]
            turns = tomb[c] - first[c] + 1 if done else None
            cells = s.marks.get(c, 0).bit_count()
            holds.append(Hold(c, p, source[c], done, race[c], symbols[c], cells, turns))
    points = tuple(
        (
            b.pyramids * D.TOMB_VP,
            b.pyramid_points,
            b.torches * D.TORCH_VP,
            b.gem_points,
            -b.worst_skull,
        )
        for b in s.final
    )
    return GameFacts(
        entrants=tuple(line["seats"]),
        winners=tuple(line["winners"]),
        points=points,
        holds=tuple(holds),
        dealt=tuple(dealt),
        habits=tuple(Habits(**h) for h in habits),
        claims=tuple(c for p in range(n) for c in s.claims[p]),
        deck_out=not s.deck,
    )


def _race_points(s: PyramidsState) -> Counter[int]:
    """The pyramid points each completed card claimed.

    A seat's claims in a colour come in the order of its 2nd, 4th, 6th card of that
    colour, and once a claim finds the colour spent so do the later ones (PYR-RACE).
    """
    out: Counter[int] = Counter()
    for p, done in enumerate(s.done):
        for colour in range(len(D.COLOURS)):
            mine = [c for c in done if D.CARDS[c].colour == colour]
            triggers = [mine[k - 1] for k in D.CLAIM_AT if k <= len(mine)]
            values = [v for col, v in s.claims[p] if col == colour]
            out.update(dict(zip(triggers, values, strict=False)))
    return out


# ---- aggregation ------------------------------------------------------------------
def _mean(values: Iterable[float]) -> float:
    v = list(values)
    return fmean(v) if v else 0.0


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _r(x: float) -> float:
    return round(x, 2)


def _summary(holds: Sequence[Hold]) -> tuple[int, int, float, float, float]:
    """held, completed, completion rate, mean points and mean symbol points per hold."""
    done = sum(h.completed for h in holds)
    return (
        len(holds),
        done,
        _rate(done, len(holds)),
        _mean(h.points for h in holds),
        _mean(h.symbols for h in holds),
    )


def _categories(facts: Sequence[GameFacts]) -> tuple[Table, Chart, Chart]:
    groups: dict[str, list[tuple[int, ...]]] = defaultdict(list)
    entrants: list[str] = []
    for f in facts:
        for p, pts in enumerate(f.points):
            groups["all seats"].append(pts)
            groups["winners" if p in f.winners else "others"].append(pts)
            groups[f.entrants[p]].append(pts)
            if f.entrants[p] not in entrants:
                entrants.append(f.entrants[p])
    names = ["all seats", "winners", "others", *entrants]
    means = {g: [_mean(pts[i] for pts in groups[g]) for i in range(len(CATEGORIES))] for g in names}
    rows: list[tuple[Cell, ...]] = [
        (cat, *(_r(means[g][i]) for g in names)) for i, cat in enumerate(CATEGORIES)
    ]
    rows.append(("total", *(_r(sum(means[g])) for g in names)))
    table = Table(
        "Points by scoring category (mean per seat)",
        ("category", *(f"{g} (n={len(groups[g])})" for g in names)),
        tuple(rows),
        "A shared win counts every tied winner as a winner.",
    )

    def chart(name: str, title: str, series: Sequence[str]) -> Chart:
        return Chart(
            name,
            title,
            "bar",
            {g: [_r(x) for x in means[g]] for g in series},
            CATEGORIES,
            "scoring category",
            "mean points per seat",
        )

    return (
        table,
        chart("pyramids-points-winners", "Points by category: winners and others", names[1:3]),
        chart("pyramids-points-entrants", "Points by category, by entrant", entrants),
    )


def _colours(facts: Sequence[GameFacts], holds: Sequence[Hold]) -> tuple[Table, Chart]:
    claimed = Counter(c for f in facts for c in f.claims)
    rows: list[tuple[Cell, ...]] = []
    tomb, race, sym = [], [], []
    for i, colour in enumerate(D.COLOURS):
        mine = [h for h in holds if D.CARDS[h.card].colour == i]
        held, done, rate, points, symbols = _summary(mine)
        race_pts = _mean(h.race for h in mine)
        tomb.append(_r(_rate(done * D.TOMB_VP, held)))
        race.append(_r(race_pts))
        sym.append(_r(symbols))
        shares = "/".join(f"{_rate(claimed[i, v], len(facts)):.0%}" for v in D.PYRAMID_POINTS)
        rows.append((colour, held, done, _r(rate), _r(points), _r(race_pts), _r(symbols), shares))
    values = "/".join(map(str, D.PYRAMID_POINTS))
    table = Table(
        "Completion and points by colour",
        (
            "colour",
            "held",
            "completed",
            "completion rate",
            "points per card",
            "race points per card",
            "symbol points per card",
            f"games where {values} was claimed",
        ),
        tuple(rows),
        "Per card held; a card's points are its tomb, the race points it claimed and its symbols.",
    )
    chart = Chart(
        "pyramids-points-by-colour",
        "Points per card held, by colour",
        "bar",
        {"tomb": tomb, "race": race, "symbols": sym},
        D.COLOURS,
        "colour",
        "mean points per card held",
        colours=dict(D.COLOUR_HEX),
    )
    return table, chart


def _tiers(holds: Sequence[Hold]) -> tuple[Table, Chart]:
    names = sorted(
        set(TIERS.values()),
        key=lambda t: (TIER_ORDER.index(t) if t in TIER_ORDER else len(TIER_ORDER), t),
    )
    rows: list[tuple[Cell, ...]] = []
    for tier in names:
        mine = [h for h in holds if TIERS[h.card] == tier]
        held, done, rate, points, _ = _summary(mine)
        turns = _mean(h.turns for h in mine if h.turns is not None)
        left = _mean(h.cells for h in mine if not h.completed)
        cards = sum(1 for t in TIERS.values() if t == tier)
        rows.append((tier, cards, held, done, _r(rate), _r(points), _r(turns), _r(left)))
    table = Table(
        "Completion by tier (the deck generator's path length)",
        (
            "tier",
            "cards",
            "held",
            "completed",
            "completion rate",
            "points per card",
            "turns to complete",
            "cells marked on unfinished",
        ),
        tuple(rows),
        "Turns to complete: expedition turns from a card's first mark to its tomb, both counted.",
    )
    series = {
        colour: [
            _r(
                _summary([h for h in holds if TIERS[h.card] == t and D.CARDS[h.card].colour == i])[
                    2
                ]
            )
            for t in names
        ]
        for i, colour in enumerate(D.COLOURS)
    }
    chart = Chart(
        "pyramids-completion-by-tier",
        "Completion rate by tier and colour",
        "bar",
        series,
        tuple(names),
        "tier",
        "share of cards held that were completed",
        colours=dict(D.COLOUR_HEX),
    )
    return table, chart


def _cards(facts: Sequence[GameFacts], holds: Sequence[Hold]) -> tuple[list[Table], Chart]:
    dealt = Counter(c for f in facts for c in f.dealt)
    by_card: dict[int, list[Hold]] = {c: [] for c in D.CARD_IDS}
    for h in holds:
        by_card[h.card].append(h)

    def row(c: int) -> tuple[Cell, ...]:
        mine = by_card[c]
        held, done, rate, points, symbols = _summary(mine)
        kept = sum(h.source == "setup" for h in mine)
        return (
            c,
            D.COLOURS[D.CARDS[c].colour],
            TIERS[c],
            dealt[c],
            kept,
            held - kept,
            done,
            _r(rate),
            _r(points),
            _r(symbols),
        )

    columns = (
        "card",
        "colour",
        "tier",
        "dealt",
        "kept at setup",
        "taken later",
        "completed",
        "completion rate",
        "points per hold",
        "symbol points per hold",
    )
    ranked = sorted(
        (c for c in D.CARD_IDS if len(by_card[c]) >= MIN_HELD),
        key=lambda c: (-_summary(by_card[c])[3], c),
    )
    note = f"Ranked by mean points per hold, among the {len(ranked)} cards held {MIN_HELD}+ times."
    if len(ranked) <= 2 * SHOWN:
        tables = [Table("Cards by points per hold", columns, tuple(map(row, ranked)), note)]
    else:
        tables = [
            Table(f"The {SHOWN} best cards", columns, tuple(map(row, ranked[:SHOWN])), note),
            Table(
                f"The {SHOWN} worst cards",
                columns,
                tuple(map(row, ranked[: -SHOWN - 1 : -1])),
                note,
            ),
        ]
    chart = Chart(
        "pyramids-points-by-card",
        "Mean points per hold, by card",
        "bar",
        {"points per hold": [_r(_summary(by_card[c])[3]) for c in D.CARD_IDS]},
        tuple(map(str, D.CARD_IDS)),
        "card",
        "mean points per hold",
        colours={str(c): D.COLOUR_HEX[D.COLOURS[D.CARDS[c].colour]] for c in D.CARD_IDS},
    )
    return tables, chart


def _habits(facts: Sequence[GameFacts]) -> Table:
    seats: dict[str, list[tuple[Habits, list[Hold]]]] = defaultdict(list)
    for f in facts:
        for p, name in enumerate(f.entrants):
            seats[name].append((f.habits[p], [h for h in f.holds if h.seat == p]))
    rows: list[tuple[Cell, ...]] = []
    for name, games in seats.items():
        holds = [h for _, hs in games for h in hs]
        taken = [h for h in holds if h.source != "setup"]
        rows.append(
            (
                name,
                len(games),
                _r(_mean(sum(h.completed for h in hs) for _, hs in games)),
                _r(_mean(hb.patterns for hb, _ in games)),
                _r(_mean(hb.singles for hb, _ in games)),
                _r(_mean(hb.extras for hb, _ in games)),
                _r(_rate(sum(h.source == "display" for h in taken), len(taken))),
                _r(_mean(sum(h.cells for h in hs if not h.completed) for _, hs in games)),
                _r(_mean(hb.passes for hb, _ in games)),
            )
        )
    return Table(
        "How each entrant plays (per game)",
        (
            "entrant",
            "games",
            "pyramids completed",
            "pattern marks",
            "single-cell marks",
            "red-cross cells",
            "share taken from display",
            "cells left on unfinished cards",
            "passes",
        ),
        tuple(rows),
    )


def analyse(games: Sequence[Mapping[str, Any]]) -> Section:
    facts = [replay_game(g) for g in games if g.get("game") == "pyramids"]
    if not facts:
        return Section("Pyramids: cards, colours and categories", "No Pyramids games to analyse.")
    holds = [h for f in facts for h in f.holds]
    cat_table, *cat_charts = _categories(facts)
    colour_table, colour_chart = _colours(facts, holds)
    tier_table, tier_chart = _tiers(holds)
    card_tables, card_chart = _cards(facts, holds)
    held, done, rate, points, _ = _summary(holds)
    text = (
        f"{len(facts)} games replayed. {held} cards were held, {done} completed "
        f"({rate:.0%}); a card held gave {points:.1f} points on average. The pyramid deck "
        f"ran out in {sum(f.deck_out for f in facts)} games. A card's points are its tomb, "
        "the pyramid points its completion claimed and what its marks added to the score "
        "card when made (gems at the margin: the gem that completes a pair earns the pair), "
        "so the cards a seat held add up to its score."
    )
    return Section(
        "Pyramids: cards, colours and categories",
        text,
        (cat_table, colour_table, tier_table, *card_tables, _habits(facts)),
        (*cat_charts, colour_chart, tier_chart, card_chart),
    )
