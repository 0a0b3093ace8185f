"""Ratings at the web table: a rated table's result moves each seat's rating in its game,
with the arena's model (openskill's Plackett-Luce, places as the arena counts them).

Players are rated by their id; bots by their level ("bot:expert"), so a person sees how
strong each level is on the same scale. A guest's seat takes part unrated.

A rated result belongs to the person who sat down. A table is played unrated where a
person left, or never played, before their first move, or where two persons' seats came
from one address or device (Table.unrated_why); a person who left after moving, or let
the turn timer's zombie play most of their moves, takes last place (Table.forfeits).
"""

from __future__ import annotations

import time
from typing import Any

from openskill.models import PlackettLuce

from scarab.arena.ratings import finish_ranks, win_shares
from scarab.core.game import JSON
from scarab.core.registry import load
from scarab.server.seats import BOT
from scarab.server.store import Store
from scarab.server.table import Table

PAGE = 20  # leaderboard rows per page
MODEL = PlackettLuce()


def entrant(store: Store, table: Table, seat: int) -> tuple[str, str] | None:
    """The rated id and name of a seat: its player, under the player's own name (a seat's
    name is whatever its table's maker typed: "Alice" would put the maker's rating under
    another's name), or its bot level; None for a guest."""
    info = table.seats[seat]
    if info.player is not None:
        return info.player, store.player_name(info.player) or info.name
    if info.kind == BOT and info.level is not None:
        return f"bot:{info.level}", f"{info.level} bot"
    return None


def settle(store: Store, table: Table) -> bool:
    """Rate a finished rated table (once, across processes); False if nothing was rated.

    Each seat takes part in the match on its own, but an entrant that holds several seats
    (two bots of one level) is rated once: the mean of its seats' new ratings, one game
    played, the sum of their win shares."""
    if table.unrated_why() is not None:
        return False
    state = table.state
    line = {"scores": state.scores(), "winners": state.winners(), "seats": table.seats}
    ranks, shares = forfeited(finish_ranks(line), win_shares(line), table.forfeits())
    seats = [(entrant(store, table, i), ranks[i], shares[i]) for i in range(len(table.seats))]
    names: dict[str, str] = {}
    won: dict[str, float] = {}
    for who, _, share in seats:
        if who is not None:
            names.setdefault(who[0], who[1])
            won[who[0]] = won.get(who[0], 0.0) + share
    ids = list(names)  # each entrant once, in seat order

    def rerate(before: list[tuple[float, float] | None]) -> list[tuple[float, float]]:
        held = dict(zip(ids, before, strict=True))
        teams = []
        for who, _, _ in seats:
            prior = held[who[0]] if who is not None else None
            teams.append([MODEL.rating(*prior) if prior is not None else MODEL.rating()])
        after = MODEL.rate(teams, ranks=[float(r) for _, r, _ in seats])
        new: dict[str, list[tuple[float, float]]] = {}
        for (who, _, _), team in zip(seats, after, strict=True):
            if who is not None:
                new.setdefault(who[0], []).append((team[0].mu, team[0].sigma))
        return [_mean(new[i]) for i in ids]

    if not ids:
        return False
    rated = [(i, names[i], won[i]) for i in ids]
    return store.settle(table.id, table.game.name, rated, rerate, time.time())


def forfeited(
    ranks: list[int], shares: list[float], forfeits: set[int]
) -> tuple[list[int], list[float]]:
    """Places and win shares with the forfeiting seats last (tied among themselves), the
    others in their order before them; a win forfeited goes to the best of the others."""
    if not forfeits:
        return ranks, shares
    keys = [(i in forfeits, r) for i, r in enumerate(ranks)]
    places = [1 + sum(1 for other in keys if other < key) for key in keys]
    first = [i for i, p in enumerate(places) if p == 1 and i not in forfeits]
    if any(shares[i] for i in forfeits):
        shares = [1 / len(first) if i in first else 0.0 for i in range(len(ranks))]
    return places, shares


def _mean(ratings: list[tuple[float, float]]) -> tuple[float, float]:
    return (
        sum(mu for mu, _ in ratings) / len(ratings),
        sum(sigma for _, sigma in ratings) / len(ratings),
    )


def row(r: dict[str, Any]) -> dict[str, JSON]:
    return {
        "entrant": r["entrant"],
        "name": r["name"],
        "bot": str(r["entrant"]).startswith("bot:"),
        "rating": round(r["mu"] - 3 * r["sigma"], 2),
        "mu": round(r["mu"], 2),
        "sigma": round(r["sigma"], 2),
        "played": r["played"],
        "won": r["won"],
    }


def board_page(rows: list[dict[str, Any]], game: str, page: int) -> dict[str, JSON]:
    return {
        "game": game,
        "title": load(game).title,
        "page": page,
        "rows": [row(r) for r in rows[:PAGE]],
        "more": len(rows) > PAGE,
    }
