"""Skill ratings from arena results: openskill's Plackett-Luce model, one rating per entrant.

Each game is a ranking of its seats: the winners share first place (the game's own
tie-breaks already chose them) and the others follow by score. Games are rated in
index order, so the same results always give the same ratings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating


@dataclass(frozen=True)
class Rating:
    entrant: str
    mu: float
    sigma: float
    games: int
    wins: float  # a tie for first counts 1/len(winners)

    @property
    def ordinal(self) -> float:
        """A cautious estimate of skill (mu - 3 sigma): it rises only as evidence piles up."""
        return self.mu - 3 * self.sigma

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def finish_ranks(line: Mapping[str, Any]) -> list[int]:
    """Each seat's place (1 = first): winners share 1, the rest by score, equal scores tied.

    Places are counted as in sport ("1, 2, 2, 4"): one more than the seats strictly ahead.
    """
    scores: list[int] = line["scores"]
    winners = set(line["winners"])
    ranks = []
    for seat, score in enumerate(scores):
        if seat in winners:
            ranks.append(1)
            continue
        ahead = sum(1 for s, x in enumerate(scores) if s in winners or x > score)
        ranks.append(1 + ahead)
    return ranks


def win_shares(line: Mapping[str, Any]) -> list[float]:
    """Each seat's share of the win: 1 for a sole winner, split evenly in a tie for first."""
    winners = set(line["winners"])
    share = 1 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(len(line["seats"]))]


def rate(games: Iterable[Mapping[str, Any]]) -> list[Rating]:
    """Every entrant's rating, best (highest ordinal) first."""
    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    played: dict[str, int] = {}
    wins: dict[str, float] = {}
    for line in sorted(games, key=lambda g: int(g["index"])):
        seats: list[str] = line["seats"]
        for name in seats:
            if name not in current:
                current[name] = model.rating(name=name)
                played[name] = 0
                wins[name] = 0.0
        teams = [[current[name]] for name in seats]
        ranks: list[float] = [float(r) for r in finish_ranks(line)]
        rated = model.rate(teams, ranks=ranks)
        for name, team, share in zip(seats, rated, win_shares(line), strict=True):
            current[name] = team[0]
            played[name] += 1
            wins[name] += share
    out = [Rating(n, r.mu, r.sigma, played[n], wins[n]) for n, r in current.items()]
    return sorted(out, key=lambda r: (-r.ordinal, r.entrant))
