"""Players: a name and keys (one per device, only hashes kept), a one-time code to open
the account on another device, and which player sits at which seat."""

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"


def upgrade() -> None:
    op.create_table(
        "scarab_players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("code_until", sa.Float(), nullable=True),
    )
    op.create_table(
        "scarab_player_keys",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("scarab_players.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created", sa.Float(), nullable=False),
    )
    op.create_index("ix_scarab_player_keys_player_id", "scarab_player_keys", ["player_id"])
    op.create_table(
        "scarab_seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("scarab_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column(
            "player_id",
            sa.String(32),
            sa.ForeignKey("scarab_players.id", ondelete="CASCADE"),
            nullable=False,
        ),
    )
    op.create_index("ix_scarab_seats_player_id", "scarab_seats", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_scarab_seats_player_id", "scarab_seats")
    op.drop_table("scarab_seats")
    op.drop_index("ix_scarab_player_keys_player_id", "scarab_player_keys")
    op.drop_table("scarab_player_keys")
    op.drop_table("scarab_players")
