"""Luxor analytics: where the points come from, and what Horus cards and temple tiles are worth.

Each game is replayed from its record, reading the events ``apply`` emits. A seat's
score splits by the scoring board (LUX-SCORE-ORDER) plus the treasure tiles' own
VP, scored when looted (LUX-TREASURE-TAKE), so the categories add up to the score.
A reward (key, Horus card, scarab, wild tile) is credited to the tile the seat's
move ended on: the board before the move is kept, since its tables are replaced,
never changed in place, when a space empties.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any, cast

from scarab.arena.analytics import start
from scarab.arena.sections import Cell, Chart, Section, Table
from scarab.core.game import Event
from scarab.games.luxor import data as D
from scarab.games.luxor.state import ACT, LuxorState

TITLE = "Luxor: points by source, Horus cards and temple tiles"
CATEGORIES = ("treasure tiles", "treasure sets", "scarabs", "keys", "adventurers", "sarcophagi")
# The designer's split: what was collected vs where the adventurers ended.
GROUPS = {
    "treasure": ("treasure tiles", "treasure sets", "scarabs"),
    "position": ("adventurers", "sarcophagi"),
    "keys": ("keys",),
}
FRONT_LABEL = {
    "scarab": "scarab",
    "wild": "wild",
    "scarab_or_wild": "scarab or wild",
    "horus12": "Horus card 1/2",
    "horus23": "Horus card 2/3",
    "tunnel": "tunnel",
}
HORUS_TILES = tuple(f"Horus tile ({eyes} eye{'s' * (eyes > 1)})" for eyes in D.HORUS_LEVELS)
SOURCES = (*D.FRONTS, *HORUS_TILES)
GIFTS = ("keys", "Horus cards", "scarabs", "scarab VP", "wild tiles", "tunnel spaces")
CODES = tuple(dict.fromkeys(D.CODE))  # card kinds in data-file order
HORUS_CODES = tuple(dict.fromkeys(c.code for c in D.CARDS if c.level))
COPIES = Counter(D.CODE)
LEVELS = {code: sorted({c.level for c in D.CARDS if c.code == code}) for code in CODES}
LABEL = dict(zip(D.CODE, D.LABEL, strict=True))
FRONT_COPIES = Counter(D.FRONTS[f] for stack in D.TEMPLE_STACKS for f in stack)
FRONT_BACK = {D.FRONTS[f]: D.BACKS[b] for b, stack in enumerate(D.TEMPLE_STACKS) for f in stack}


@dataclass
class SeatFacts:
    """One seat in one game."""

    entrant: str
    won: bool
    score: int
    margin: int  # score minus the best other seat's
    points: tuple[int, ...]  # per CATEGORIES
    taken: Counter[str] = field(default_factory=Counter)  # Horus cards from the Horus board
    drawn: Counter[str] = field(default_factory=Counter)  # Horus cards drawn from the pile
    played: Counter[str] = field(default_factory=Counter)  # every card played, by code
    fired: Counter[str] = field(default_factory=Counter)  # reward spaces acted on, by SOURCES
    gifts: Counter[str] = field(default_factory=Counter)  # GIFTS received
    looted: int = 0
    woken: int = 0
    entered: int = 0  # adventurers into the tomb chamber


@dataclass
class GameFacts:
    seats: list[SeatFacts]
    rounds: int
    stuck: bool  # ended by a round without a move (LUX-END-STUCK)
    entries: list[tuple[int, int]]  # (round, seat) of each chamber entry, in order
    revealed: Counter[str]  # temple fronts revealed
    fired: Counter[str]  # reward spaces acted on, by SOURCES
    gifts: Counter[tuple[str, str]]  # (source, gift) -> amount
    plays: Counter[tuple[str, str]]  # (card code, "plays" | "passes" | "spaces" | "VP")


def _points(s: LuxorState, p: int) -> tuple[int, ...]:
    assert s.final is not None, "the record ends before the game does"
    b = s.final[p]
    tiles = sum(D.TREASURES[t].vp for t in s.treasures[p])
    return (tiles, b.set_points, b.scarabs, b.keys, b.adventurers, b.sarcophagi)


def replay_game(line: Mapping[str, Any]) -> GameFacts:
    """Replay one result line, crediting rewards to the tile that gave them."""
    game, begun, record = start(line, "luxor")
    s = cast(LuxorState, begun)
    n = len(record.players)
    seats = [SeatFacts(str(line["seats"][p]), False, 0, 0, ()) for p in range(n)]
    g = GameFacts(seats, 0, False, [], Counter(), Counter(), Counter(), Counter())
    card = [""] * n  # the card each seat's turn is being played with
    source = [""] * n  # the reward space each seat last acted on
    for seat, text in record.moves:
        act = game.parse_action(s, text)
        tile_kind, tile_arg, rnd = s.tile_kind, s.tile_arg, s.round
        events = s.apply(act)
        landing = _landing(events, act.src if act.verb == "act" else -1)
        if landing >= 0 and s.phase != ACT:  # after advance all, the action waits for a pick
            source[seat] = _source(tile_kind[landing], tile_arg[landing])
            if source[seat]:
                g.fired[source[seat]] += 1
                seats[seat].fired[source[seat]] += 1
        for ev in events:
            _event(g, ev, card, source, rnd)
    for p, sf in enumerate(seats):
        sf.score, sf.won, sf.points = s.score[p], p in line["winners"], _points(s, p)
        sf.margin = s.score[p] - max(v for q, v in enumerate(s.score) if q != p)
    g.rounds, g.stuck = s.round, len(s.chamber) < 2
    return g


def _landing(events: Sequence[Event], landing: int) -> int:
    """Where this decision's move ended and the tile acted: the last step, or a tunnel's start."""
    for ev in events:
        if ev.kind == "tunnel":
            return cast(int, ev.data["from"])
        if ev.kind == "move":
            landing = cast(int, ev.data["to"])
    return landing


def _source(kind: int, arg: int) -> str:
    """The reward space a tile is (one of SOURCES), or "" for any other tile."""
    if kind == D.TEMPLE:
        return D.FRONTS[arg]
    return HORUS_TILES[arg - 1] if kind == D.HORUS else ""


def _event(g: GameFacts, ev: Event, card: list[str], source: list[str], rnd: int) -> None:
    p, kind, data = ev.player, ev.kind, ev.data
    if p is None:
        return
    sf, code = g.seats[p], card[p]
    if kind == "play":
        card[p] = code = str(data["card"])
        sf.played[code] += 1
        g.plays[code, "plays"] += 1
    elif kind == "pass":
        g.plays[code, "passes"] += 1
    elif kind == "move":
        g.plays[code, "spaces"] += cast(int, data["to"]) - cast(int, data["from"])
    elif kind == "loot":
        sf.looted += 1
        g.plays[code, "VP"] += cast(int, data["vp"])
    elif kind == "reveal":
        g.revealed[str(data["front"])] += 1
    elif kind == "wake":
        sf.woken += 1
    elif kind == "chamber":
        sf.entered += 1
        g.entries.append((rnd, p))
    elif kind == "draw" and data["card"] in HORUS_CODES:
        sf.drawn[str(data["card"])] += 1
    elif kind == "horus":
        sf.taken[str(data["card"])] += 1
        _gift(g, sf, source[p], "Horus cards", 1)
    elif kind == "key":
        _gift(g, sf, source[p], "keys", 1)
    elif kind == "wild":
        _gift(g, sf, source[p], "wild tiles", 1)
    elif kind == "scarab":
        _gift(g, sf, source[p], "scarabs", 1)
        _gift(g, sf, source[p], "scarab VP", cast(int, data["vp"]))
    elif kind == "tunnel":
        _gift(g, sf, source[p], "tunnel spaces", cast(int, data["to"]) - cast(int, data["from"]))


def _gift(g: GameFacts, sf: SeatFacts, source: str, gift: str, amount: int) -> None:
    g.gifts[source, gift] += amount
    sf.gifts[gift] += amount


# ---- aggregation ------------------------------------------------------------------
def _mean(values: Iterable[float]) -> float:
    v = list(values)
    return fmean(v) if v else 0.0


def _r(x: float) -> float:
    return round(x, 2)


def _groups(facts: Sequence[GameFacts]) -> dict[str, list[SeatFacts]]:
    """Seats by group: all, winners, others, then each entrant."""
    out: dict[str, list[SeatFacts]] = {"all seats": [], "winners": [], "others": []}
    for f in facts:
        for sf in f.seats:
            out["all seats"].append(sf)
            out["winners" if sf.won else "others"].append(sf)
            out.setdefault(sf.entrant, []).append(sf)
    return out


def _group(sf: SeatFacts, group: str) -> int:
    return sum(sf.points[CATEGORIES.index(c)] for c in GROUPS[group])


def _category_means(seats: Sequence[SeatFacts]) -> list[float]:
    return [_mean(sf.points[i] for sf in seats) for i in range(len(CATEGORIES))]


def _points_section(facts: Sequence[GameFacts]) -> tuple[Table, Table, Chart, Chart]:
    groups = _groups(facts)
    names = list(groups)
    means = {g: _category_means(groups[g]) for g in names}
    rows: list[tuple[Cell, ...]] = [
        (cat, *(_r(means[g][i]) for g in names)) for i, cat in enumerate(CATEGORIES)
    ]
    rows.append(("total", *(_r(sum(means[g])) for g in names)))
    header = ("category", *(f"{g} (n={len(groups[g])})" for g in names))
    table = Table(
        "Points by scoring category (mean per seat)",
        header,
        tuple(rows),
        "Treasure tiles: their own VP, scored when looted; the rest is the final scoring. "
        "A shared win counts every tied winner as a winner.",
    )
    shares: dict[str, list[float]] = {k: [] for k in GROUPS}
    share_rows: list[tuple[Cell, ...]] = []
    for g in names[1:]:
        total = sum(means[g]) or 1.0
        row = [sum(means[g][CATEGORIES.index(c)] for c in cats) / total for cats in GROUPS.values()]
        for k, x in zip(GROUPS, row, strict=True):
            shares[k].append(_r(x))
        share_rows.append((g, len(groups[g]), _r(sum(means[g])), *(_r(x) for x in row)))
    share_table = Table(
        "Treasure vs position: share of the mean score",
        ("seats", "n", "mean score", *(f"{k} share" for k in GROUPS)),
        tuple(share_rows),
        "Treasure: tiles, sets and scarabs; position: adventurers' wall scarabs and "
        "sarcophagi; keys: keys still held at the end.",
    )
    cat_chart = Chart(
        "luxor-points-by-category",
        "Luxor: mean points per category, winners and others",
        "bar",
        {g: [_r(x) for x in means[g]] for g in ("winners", "others")},
        CATEGORIES,
        "scoring category",
        "mean points per seat",
    )
    share_chart = Chart(
        "luxor-treasure-vs-position",
        "Luxor: share of the score from treasure, position and keys",
        "bar",
        shares,
        tuple(names[1:]),
        "seats",
        "share of the mean score",
    )
    return table, share_table, cat_chart, share_chart


def _lift(seats: Sequence[SeatFacts], used: Sequence[bool], values: Sequence[float]) -> Cell:
    """Users' mean minus non-users' within each entrant, weighted by users; blank if none."""
    total = 0.0
    weight = 0
    for e in dict.fromkeys(sf.entrant for sf in seats):
        mine = [(u, v) for sf, u, v in zip(seats, used, values, strict=True) if sf.entrant == e]
        yes = [v for u, v in mine if u]
        no = [v for u, v in mine if not u]
        if yes and no:
            total += len(yes) * (fmean(yes) - fmean(no))
            weight += len(yes)
    return _r(total / weight) if weight else ""


def _value_rows(
    seats: Sequence[SeatFacts],
    keys: Sequence[str],
    count: Callable[[SeatFacts, str], int],
    users: str,
) -> tuple[list[tuple[Cell, ...]], dict[str, list[float]]]:
    """For each key: seats that used one vs the others, in win rate and score margin."""
    rows: list[tuple[Cell, ...]] = []
    series: dict[str, list[float]] = {users: [], "other seats": []}
    wins = [float(sf.won) for sf in seats]
    margins = [float(sf.margin) for sf in seats]
    for k in keys:
        used = [count(sf, k) > 0 for sf in seats]
        yes = [sf for sf, u in zip(seats, used, strict=True) if u]
        no = [sf for sf, u in zip(seats, used, strict=True) if not u]
        win_yes, win_no = _mean(sf.won for sf in yes), _mean(sf.won for sf in no)
        series[users].append(_r(win_yes))
        series["other seats"].append(_r(win_no))
        rows.append(
            (
                len(yes),
                _r(win_yes),
                _r(win_no),
                _lift(seats, used, wins),
                _r(_mean(sf.margin for sf in yes)),
                _r(_mean(sf.margin for sf in no)),
                _lift(seats, used, margins),
            )
        )
    return rows, series


VALUE_COLUMNS = (
    "seats",
    "win rate",
    "win rate, others",
    "win-rate lift within entrant",
    "margin",
    "margin, others",
    "margin lift within entrant",
)
VALUE_NOTE = (
    "An association, not a causal estimate: stronger play both earns these and wins. "
    "Margin: the seat's score minus the best other seat's. Lift within entrant: users' "
    "mean minus non-users' among seats of the same entrant, weighted by users, so a "
    "strong bot's habits do not pass for a tile's or card's value."
)


def _cards_section(facts: Sequence[GameFacts]) -> tuple[Table, Table, Chart]:
    plays: Counter[tuple[str, str]] = sum((f.plays for f in facts), Counter())
    seats = [sf for f in facts for sf in f.seats]
    rows: list[tuple[Cell, ...]] = []
    for code in CODES:
        moved = plays[code, "plays"] - plays[code, "passes"]
        rows.append(
            (
                LABEL[code],
                ", ".join(map(str, LEVELS[code])) if code in HORUS_CODES else "basic",
                COPIES[code],
                sum(sf.taken[code] for sf in seats),
                sum(sf.drawn[code] for sf in seats),
                plays[code, "plays"],
                plays[code, "passes"],
                _r(plays[code, "spaces"] / moved) if moved else "",
                _r(plays[code, "VP"] / moved) if moved else "",
            )
        )
    use = Table(
        "Cards: how often each kind came and went, and what a play yields",
        (
            "card",
            "Horus level",
            "copies",
            "taken from the Horus board",
            "drawn from the pile",
            "played",
            "discarded without a move",
            "spaces per play",
            "treasure VP per play",
        ),
        tuple(rows),
        "Horus cards reach the draw pile once played and reshuffled (LUX-HAND-DISCARD). "
        "Per play (discards left out): spaces gained by the seat's adventurers that turn, "
        "Osiris and tunnels included, and the treasure VP it looted.",
    )
    value_rows, series = _value_rows(
        seats, HORUS_CODES, lambda sf, k: sf.taken[k], "seats that took one"
    )
    value = Table(
        "Value of each Horus card kind: seats that took one vs the others",
        ("card", *VALUE_COLUMNS),
        tuple((LABEL[c], *r) for c, r in zip(HORUS_CODES, value_rows, strict=True)),
        VALUE_NOTE,
    )
    chart = Chart(
        "luxor-horus-card-value",
        "Luxor: win rate of seats that took each Horus card kind",
        "bar",
        series,
        tuple(LABEL[c] for c in HORUS_CODES),
        "Horus card",
        "win rate",
    )
    return use, value, chart


def _tiles_section(facts: Sequence[GameFacts]) -> tuple[Table, Table, Chart]:
    games = len(facts)
    revealed: Counter[str] = sum((f.revealed for f in facts), Counter())
    fired: Counter[str] = sum((f.fired for f in facts), Counter())
    gifts: Counter[tuple[str, str]] = sum((f.gifts for f in facts), Counter())
    rows: list[tuple[Cell, ...]] = []
    for src in SOURCES:
        label = FRONT_LABEL.get(src, src)
        front = src in FRONT_LABEL
        rows.append(
            (
                label,
                FRONT_BACK[src] if front else "",
                FRONT_COPIES[src] if front else "",
                _r(revealed[src] / games) if front else "",
                _r(fired[src] / games),
                *(_r(gifts[src, gift] / fired[src]) if fired[src] else "" for gift in GIFTS),
            )
        )
    use = Table(
        "Reward spaces: how often each acted and what it gave",
        (
            "space",
            "temple back",
            "tiles",
            "revealed per game",
            "acted per game",
            *(f"{gift} per action" for gift in GIFTS),
        ),
        tuple(rows),
        "A temple tile is revealed under a looted treasure with an icon and acts for every "
        "later arrival (LUX-TEMPLE-REVEAL, LUX-TEMPLE-LATER); a Horus tile gives a key or a "
        "Horus card (LUX-HORUS-TILE).",
    )
    seats = [sf for f in facts for sf in f.seats]
    value_rows, series = _value_rows(
        seats, D.FRONTS, lambda sf, k: sf.fired[k], "seats that acted on one"
    )
    value = Table(
        "Value of each temple tile kind: seats that acted on one vs the others",
        ("temple tile", *VALUE_COLUMNS),
        tuple((FRONT_LABEL[f], *r) for f, r in zip(D.FRONTS, value_rows, strict=True)),
        VALUE_NOTE,
    )
    chart = Chart(
        "luxor-temple-tile-value",
        "Luxor: win rate of seats that acted on each temple tile kind",
        "bar",
        series,
        tuple(FRONT_LABEL[f] for f in D.FRONTS),
        "temple tile",
        "win rate",
    )
    return use, value, chart


def _race_section(facts: Sequence[GameFacts]) -> tuple[Table, Table, Chart]:
    entered = [f for f in facts if f.entries]
    first = [f.entries[0][0] for f in entered]
    second = [float(f.entries[1][0]) for f in facts if len(f.entries) > 1]
    firsts_won = sum(f.seats[f.entries[0][1]].won for f in entered)
    rows: list[tuple[Cell, ...]] = [
        ("games", len(facts)),
        (
            "ended by two adventurers in the chamber (LUX-END-CHAMBER)",
            sum(not f.stuck for f in facts),
        ),
        ("ended by a round without a move (LUX-END-STUCK)", sum(f.stuck for f in facts)),
        ("mean rounds", _r(_mean(f.rounds for f in facts))),
        ("mean round of the first chamber entry", _r(_mean(first)) if first else ""),
        ("mean round of the second chamber entry", _r(_mean(second)) if second else ""),
        (
            "share of games won by the first into the chamber",
            _r(firsts_won / len(entered)) if entered else "",
        ),
    ]
    race = Table("The race to the tomb chamber", ("what", "value"), tuple(rows))
    groups = _groups(facts)
    entrants = [g for g in groups if g not in ("all seats", "winners", "others")]
    first_by = Counter(f.seats[f.entries[0][1]].entrant for f in entered)
    habit_rows: list[tuple[Cell, ...]] = []
    for e in entrants:
        mine = groups[e]
        habit_rows.append(
            (
                e,
                len(mine),
                _r(_mean(sf.won for sf in mine)),
                _r(_mean(sf.score for sf in mine)),
                _r(_mean(sf.looted for sf in mine)),
                _r(_mean(sf.gifts["keys"] for sf in mine)),
                _r(_mean(sum(sf.taken.values()) for sf in mine)),
                _r(_mean(sum(sf.fired[f] for f in D.FRONTS) for sf in mine)),
                _r(_mean(sf.woken for sf in mine)),
                _r(_mean(sf.entered for sf in mine)),
                _r(first_by[e] / len(entered)) if entered else "",
            )
        )
    habits = Table(
        "How each entrant plays (per game)",
        (
            "entrant",
            "games",
            "win rate",
            "score",
            "treasures looted",
            "keys taken",
            "Horus cards taken",
            "temple tiles acted on",
            "adventurers woken",
            "chamber entries",
            "share first into the chamber",
        ),
        tuple(habit_rows),
    )
    series = {"first entry": [float(x) for x in first], "second entry": second}
    chart = Chart(
        "luxor-chamber-rounds",
        "Luxor: round of the first and second chamber entries",
        "hist",
        {k: v for k, v in series.items() if v},
        xlabel="round",
        ylabel="games",
    )
    return race, habits, chart


def analyse(games: Sequence[Mapping[str, Any]]) -> Section:
    facts = [replay_game(g) for g in games if g.get("game") == "luxor"]
    if not facts:
        return Section(TITLE, "No Luxor games to analyse.")
    points, shares, cat_chart, share_chart = _points_section(facts)
    card_use, card_value, card_chart = _cards_section(facts)
    tile_use, tile_value, tile_chart = _tiles_section(facts)
    race, habits, race_chart = _race_section(facts)
    seats = [sf for f in facts for sf in f.seats]
    treasure, position = (_mean(_group(sf, k) for sf in seats) for k in ("treasure", "position"))
    text = (
        f"{len(facts)} games replayed. A seat scored {_mean(sf.score for sf in seats):.1f} "
        f"on average: {treasure:.1f} from treasure (tiles, sets, scarabs) and {position:.1f} "
        "from position (adventurers' wall scarabs, sarcophagi); position points rest on the "
        "wall values luxor.toml marks provisional. Every reward is credited to "
        "the Horus or temple tile whose action gave it. The value tables compare seats that "
        "took a Horus card kind, or acted on a temple tile kind, with those that did not: "
        "that is an association, not a causal estimate, since a seat that plays well both "
        "reaches more tiles and wins more; the lift within entrant removes the difference "
        "between bots but not within one."
    )
    return Section(
        TITLE,
        text,
        (points, shares, card_use, card_value, tile_use, tile_value, race, habits),
        (cat_chart, share_chart, card_chart, tile_chart, race_chart),
    )
