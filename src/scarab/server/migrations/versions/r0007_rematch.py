"""Rematch: a finished table points to the table its players were offered next."""

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"


def upgrade() -> None:
    with op.batch_alter_table("scarab_tables") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("scarab_tables") as batch:
        batch.drop_column("rematch")
