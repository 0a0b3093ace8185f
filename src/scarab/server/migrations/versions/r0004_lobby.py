"""The lobby: a table may be public (listed for anyone to join), and its header counts the
seats nobody has taken yet, so the lobby is one indexed query."""

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"


def upgrade() -> None:
    with op.batch_alter_table("scarab_tables") as batch:
        batch.add_column(sa.Column("public", sa.Boolean(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("open_seats", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("scarab_tables") as batch:
        batch.alter_column("public", existing_type=sa.Boolean(), server_default=None)
        batch.alter_column("open_seats", existing_type=sa.Integer(), server_default=None)
        batch.create_index("ix_scarab_tables_lobby", ["public", "open_seats", "game"])


def downgrade() -> None:
    with op.batch_alter_table("scarab_tables") as batch:
        batch.drop_index("ix_scarab_tables_lobby")
        batch.drop_column("open_seats")
        batch.drop_column("public")
