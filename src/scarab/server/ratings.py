"""Ratings at the web table: a rated table's result moves each seat's rating in its game,
with the arena's model (openskill's Plackett-Luce, places as the arena counts them).

Players are rated by their id; bots by their level ("bot:expert"), so a person sees how
strong each level is on the same scale. A guest's seat takes part unrated.
"""

from __future__ import annotations

import time
from typing import Any

from openskill.models import PlackettLuce

from scarab.arena.ratings import finish_ranks, win_shares
from scarab.core.game import JSON
from scarab.core.registry import load
from scarab.server.store import Store
from scarab.server.table import BOT, Table

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
    """Rate a finished rated table (once, across processes); False if nothing was rated."""
    state = table.state
    line = {"scores": state.scores(), "winners": state.winners(), "seats": table.seats}
    ranks, shares = finish_ranks(line), win_shares(line)
    seats = [(entrant(store, table, i), ranks[i], shares[i]) for i in range(len(table.seats))]

    def rerate(before: list[tuple[float, float] | None]) -> list[tuple[float, float]]:
        known = iter(before)
        teams = []
        for who, _, _ in seats:
            held = next(known) if who is not None else None
            rating = MODEL.rating(*held) if held is not None else MODEL.rating()
            teams.append([rating])
        after = MODEL.rate(teams, ranks=[float(r) for _, r, _ in seats])
        return [(t[0].mu, t[0].sigma) for (who, _, _), t in zip(seats, after, strict=True) if who]

    rated = [(who[0], who[1], share) for who, _, share in seats if who is not None]
    if not rated:
        return False
    return store.settle(table.id, table.game.name, rated, rerate, time.time())


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
