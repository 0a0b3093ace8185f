"""The statistics every arena report holds, whatever the game: each a ``Section`` of plain data.

They read only the result lines' numbers (seats, scores, winners, lengths, timing),
never the records, so a report over thousands of games takes moments.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from scarab.arena.ratings import finish_ranks, rate, win_shares
from scarab.arena.sections import Cell, Chart, Section, Table

Line = Mapping[str, Any]
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
DASH = "\N{EN DASH}"  # a cell with nothing to show


def entrants(games: Sequence[Line]) -> list[str]:
    """The entrants in the order they first sit down (game 0 seats them in the run's order)."""
    seen: dict[str, None] = {}
    for line in sorted(games, key=lambda g: int(g["index"])):
        seen.update(dict.fromkeys(line["seats"]))
    return list(seen)


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate: honest at 0%, 100% and for few games."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    scale = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / scale
    half = z / scale * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(wins: float, n: int) -> str:
    low, high = wilson(wins, n)
    return f"{percent(low)} {DASH} {percent(high)}"


def count(x: float) -> Cell:
    """A tally that may hold halves (shared wins): whole numbers stay whole."""
    return int(x) if float(x).is_integer() else round(x, 2)


def summary(values: Sequence[float]) -> tuple[Cell, ...]:
    """Mean, median, min and max (dashes when there is nothing to sum up)."""
    if not values:
        return (DASH,) * 4
    return (
        statistics.fmean(values),
        float(statistics.median(values)),
        count(min(values)),
        count(max(values)),
    )


def ratings_section(games: Sequence[Line]) -> Section:
    rows = tuple(
        (
            r.entrant,
            r.ordinal,
            r.mu,
            r.sigma,
            r.games,
            count(r.wins),
            percent(r.win_rate),
        )
        for r in rate(games)
    )
    return Section(
        title="Ratings",
        text=(
            "Plackett-Luce ratings (openskill), the games rated in order: winners share first "
            "place, the other seats follow by score. Ordinal is mu - 3 sigma, a cautious "
            "estimate of skill; the table is ranked by it."
        ),
        tables=(
            Table(
                "Ratings",
                ("entrant", "ordinal", "mu", "sigma", "games", "wins", "win rate"),
                rows,
                note="A tie for first counts as a shared win.",
            ),
        ),
    )


def finished_ahead(games: Sequence[Line]) -> dict[tuple[str, str], tuple[float, int]]:
    """For each ordered pair (a, b) that met: the share of their games in which a finished
    ahead of b (a shared place counts half to each), and how many games that was."""
    ahead: dict[tuple[str, str], float] = {}
    met: dict[tuple[str, str], int] = {}
    for line in games:
        seats: list[str] = line["seats"]
        ranks = finish_ranks(line)
        for i, a in enumerate(seats):
            for j, b in enumerate(seats):
                if i != j:
                    met[a, b] = met.get((a, b), 0) + 1
                    beat = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                    ahead[a, b] = ahead.get((a, b), 0.0) + beat
    return {pair: (ahead[pair] / n, n) for pair, n in met.items()}


def head_to_head_section(games: Sequence[Line]) -> Section:
    names = entrants(games)
    played = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0.0)
    for line in games:
        for name, share in zip(line["seats"], win_shares(line), strict=True):
            played[name] += 1
            wins[name] += share
    pairs = finished_ahead(games)
    rates = [wins[n] / played[n] if played[n] else 0.0 for n in names]
    win_rows = tuple(
        (n, played[n], count(wins[n]), percent(r), interval(wins[n], played[n]))
        for n, r in zip(names, rates, strict=True)
    )
    matrix = tuple(
        (a, *(DASH if a == b else _share(pairs.get((a, b))) for b in names)) for a in names
    )
    return Section(
        title="Head-to-head",
        text=(
            "How often each entrant won, with the range its true win rate likely lies in "
            "(95% Wilson interval), and how often each finished ahead of each other."
        ),
        tables=(
            Table("Win rate", ("entrant", "games", "wins", "win rate", "95% interval"), win_rows),
            Table(
                "Finished ahead (row over column)",
                ("entrant", *names),
                matrix,
                note="Share of the games both played; a shared place counts half to each.",
            ),
        ),
        charts=(
            Chart(
                "win-rate",
                "Win rate by entrant",
                "bar",
                {"win rate": rates},
                categories=tuple(names),
                ylabel="share of games won",
            ),
        ),
    )


def _share(pair: tuple[float, int] | None) -> str:
    return f"{percent(pair[0])} of {pair[1]}" if pair else "never met"


def seat_section(games: Sequence[Line]) -> Section:
    seats = max((len(line["seats"]) for line in games), default=0)
    names = entrants(games)
    played = [0] * seats
    wins = [0.0] * seats
    by_entrant = {(n, s): [0, 0.0] for n in names for s in range(seats)}
    for line in games:
        for seat, (name, share) in enumerate(zip(line["seats"], win_shares(line), strict=True)):
            played[seat] += 1
            wins[seat] += share
            by_entrant[name, seat][0] += 1
            by_entrant[name, seat][1] += share
    rates = [w / n if n else 0.0 for w, n in zip(wins, played, strict=True)]
    labels = tuple(f"seat {s + 1}" for s in range(seats))
    rows = tuple(
        (labels[s], played[s], count(wins[s]), percent(rates[s]), interval(wins[s], played[s]))
        for s in range(seats)
    )
    cross = tuple((n, *(_rate(*by_entrant[n, s]) for s in range(seats))) for n in names)
    even = percent(1 / seats) if seats else DASH
    return Section(
        title="Seat advantage",
        text=(
            f"Win rate by seat (seat 1 is p1 in the records). If seating gave no edge, "
            f"every seat would win about {even} of its games."
        ),
        tables=(
            Table("Win rate by seat", ("seat", "games", "wins", "win rate", "95% interval"), rows),
            Table("Win rate by entrant and seat", ("entrant", *labels), cross),
        ),
        charts=(
            Chart(
                "seat-win-rate",
                "Win rate by seat",
                "bar",
                {"win rate": rates},
                categories=labels,
                ylabel="share of games won",
            ),
        ),
    )


def _rate(n: float, wins: float) -> str:
    return f"{percent(wins / n)} of {int(n)}" if n else DASH


def scores_section(games: Sequence[Line]) -> Section:
    names = entrants(games)
    scores: dict[str, list[float]] = {n: [] for n in names}
    margins: list[float] = []
    for line in games:
        for name, score in zip(line["seats"], line["scores"], strict=True):
            scores[name].append(score)
        winners = set(line["winners"])
        won = [x for s, x in enumerate(line["scores"]) if s in winners]
        lost = [x for s, x in enumerate(line["scores"]) if s not in winners]
        if won and lost:
            margins.append(max(won) - max(lost))
    rows = tuple((n, *summary(scores[n])) for n in names)
    close = sum(1 for m in margins if m <= 0)
    return Section(
        title="Scores",
        text=(
            "Final scores by entrant, and the winning margin: the winner's score less the best "
            f"loser's. {close} of {len(margins)} decided games were won on a tie-break "
            "(margin 0 or less)."
        ),
        tables=(
            Table("Scores by entrant", ("entrant", "mean", "median", "min", "max"), rows),
            Table(
                "Winning margin",
                ("games", "mean", "median", "min", "max"),
                ((len(margins), *summary(margins)),),
            ),
        ),
        charts=(
            Chart("scores", "Final scores by entrant", "box", scores, ylabel="score"),
            Chart(
                "margin",
                "Winning margin",
                "hist",
                {"margin": margins},
                xlabel="winner's score less the best loser's",
                ylabel="games",
            ),
        ),
    )


def length_section(games: Sequence[Line]) -> Section:
    rounds = [float(g["rounds"]) for g in games if isinstance(g.get("rounds"), int)]
    decisions = [float(g["decisions"]) for g in games if isinstance(g.get("decisions"), int)]
    seconds = [float(g["seconds"]) for g in games if isinstance(g.get("seconds"), int | float)]
    rows: list[tuple[Cell, ...]] = [("decisions", *summary(decisions))]
    charts = [
        Chart(
            "decisions",
            "Decisions per game",
            "hist",
            {"decisions": decisions},
            xlabel="decisions",
            ylabel="games",
        ),
    ]
    if rounds:
        rows.insert(0, ("rounds", *summary(rounds)))
        charts.insert(
            0,
            Chart(
                "rounds",
                "Rounds per game",
                "hist",
                {"rounds": rounds},
                xlabel="rounds",
                ylabel="games",
            ),
        )
    if seconds:
        rows.append(("seconds", *summary(seconds)))
    return Section(
        title="Game length",
        text="How long the games ran: rounds, decisions taken (by all seats), and wall-clock time.",
        tables=(Table("Game length", ("measure", "mean", "median", "min", "max"), tuple(rows)),),
        charts=tuple(charts),
    )


def timing_section(games: Sequence[Line]) -> Section:
    names = entrants(games)
    slowest: dict[str, list[float]] = {n: [] for n in names}
    for line in games:
        for name, t in zip(line["seats"], line.get("think_max") or (), strict=False):
            slowest[name].append(1000 * float(t))
    rows = tuple(
        (n, len(v), statistics.fmean(v) if v else DASH, max(v) if v else DASH)
        for n, v in slowest.items()
    )
    return Section(
        title="Decision time",
        text=(
            "Each game notes every seat's slowest decision; a bot that keeps to its time per "
            "decision keeps the max column within it. Times are measured, so they vary "
            "with the machine."
        ),
        tables=(
            Table(
                "Slowest decision per game (ms)",
                ("entrant", "games", "mean", "max"),
                rows,
            ),
        ),
    )


def generic_sections(games: Sequence[Line]) -> list[Section]:
    """Every game-independent section, in report order."""
    return [
        ratings_section(games),
        head_to_head_section(games),
        seat_section(games),
        scores_section(games),
        length_section(games),
        timing_section(games),
    ]
