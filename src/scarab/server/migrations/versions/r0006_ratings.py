"""Ratings: a table may be rated (its result moves its players' and bots' ratings, once),
and each player's or bot level's openskill rating per game."""

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"


def upgrade() -> None:
    with op.batch_alter_table("scarab_tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("rated_at", sa.Float(), nullable=True))
    with op.batch_alter_table("scarab_tables") as batch:
        batch.alter_column("rated", existing_type=sa.Boolean(), server_default=None)
    op.create_table(
        "scarab_ratings",
        sa.Column("entrant", sa.String(48), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(48), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("played", sa.Integer(), nullable=False),
        sa.Column("won", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("scarab_ratings")
    with op.batch_alter_table("scarab_tables") as batch:
        batch.drop_column("rated_at")
        batch.drop_column("rated")
