"""The header keeps what a process needs without replaying: rev, current, due and a bot claim.

Tables stored before this revision are replayed once with the engine to fill
in who decides, whether the game is over, and when the server must act on its
own, exactly as the server computes them after a move.
"""

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

from scarab.core.errors import BadRecord, ScarabError
from scarab.core.registry import load

revision: str = "0002"
down_revision: str | None = "0001"

CHUNK = 500  # tables replayed per round trip: bounded memory on a large store

tables = sa.table(
    "scarab_tables",
    sa.column("id", sa.String),
    sa.column("game", sa.String),
    sa.column("options", sa.Text),
    sa.column("seed", sa.String),
    sa.column("seats", sa.Text),
    sa.column("timer", sa.Integer),
    sa.column("created", sa.Float),
    sa.column("over", sa.Boolean),
    sa.column("current", sa.Integer),
    sa.column("due", sa.Float),
)
moves = sa.table(
    "scarab_moves",
    sa.column("table_id", sa.String),
    sa.column("ply", sa.Integer),
    sa.column("notation", sa.String),
    sa.column("at", sa.Float),
)


def upgrade() -> None:
    with op.batch_alter_table("scarab_tables") as batch:
        batch.add_column(sa.Column("rev", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("current", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("due", sa.Float(), nullable=True))
        batch.add_column(sa.Column("claim", sa.String(32), nullable=True))
        batch.add_column(sa.Column("claim_until", sa.Float(), nullable=True))
    backfill(op.get_bind())
    with op.batch_alter_table("scarab_tables") as batch:
        batch.alter_column("rev", existing_type=sa.Integer(), server_default=None)
        batch.create_index("ix_scarab_tables_due", ["due"])


def downgrade() -> None:
    with op.batch_alter_table("scarab_tables") as batch:
        batch.drop_index("ix_scarab_tables_due")
        for name in ("claim_until", "claim", "due", "current", "rev"):
            batch.drop_column(name)


def backfill(conn: sa.Connection) -> None:
    """Replay every stored table, a chunk at a time, and write its header."""
    ids = [r[0] for r in conn.execute(sa.select(tables.c.id).order_by(tables.c.id))]
    write = (
        sa.update(tables)
        .where(tables.c.id == sa.bindparam("key"))
        .values(current=sa.bindparam("current"), over=sa.bindparam("over"), due=sa.bindparam("due"))
    )
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        played: dict[str, list[tuple[str, float]]] = {key: [] for key in chunk}
        for m in conn.execute(
            sa.select(moves.c.table_id, moves.c.notation, moves.c.at)
            .where(moves.c.table_id.in_(chunk))
            .order_by(moves.c.table_id, moves.c.ply)
        ):
            played[m.table_id].append((m.notation, m.at))
        heads = conn.execute(
            sa.select(
                tables.c.id,
                tables.c.game,
                tables.c.options,
                tables.c.seed,
                tables.c.seats,
                tables.c.timer,
                tables.c.created,
            ).where(tables.c.id.in_(chunk))
        )
        conn.execute(write, [header(t, played[t["id"]]) for t in heads.mappings()])


def header(t: sa.RowMapping, played: list[tuple[str, float]]) -> dict[str, Any]:
    """The table's position after its (notation, at) moves, as the server's
    Table.header computes it."""
    seats = json.loads(t["seats"])
    where = "its setup"
    try:
        game = load(t["game"])
        names = [s["name"] for s in seats]
        state = game.new_game(names, seed=int(t["seed"]), **json.loads(t["options"]))
        for ply, (notation, _at) in enumerate(played):
            where = f"move {ply}"
            state.step(game.parse_action(state, notation))
    except ScarabError as exc:
        raise BadRecord(
            f"table {t['id']} ({t['game']}) does not replay at {where}: {exc}; "
            "the store is unchanged"
        ) from exc
    current = state.current_player
    started = played[-1][1] if played else t["created"]
    due: float | None = None
    if current is not None:
        seat = seats[current]
        if seat.get("kind") == "bot" or seat.get("left"):
            due = started
        elif t["timer"] is not None:
            due = started + t["timer"]
    return {"key": t["id"], "current": current, "over": state.is_over, "due": due}
