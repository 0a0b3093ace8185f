"""The schema as ``create_all`` made it before migrations: table headers and their moves.

A store made then has no alembic_version table; scarab.server.migrate stamps it
with this revision before upgrading it.
"""

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None


def upgrade() -> None:
    op.create_table(
        "scarab_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("seed", sa.String(24), nullable=False),
        sa.Column("seats", sa.Text(), nullable=False),
        sa.Column("timer", sa.Integer(), nullable=True),
        sa.Column("zombie", sa.String(32), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sa.Column("over", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "scarab_moves",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("scarab_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("ply", sa.Integer(), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("notation", sa.String(200), nullable=False),
        sa.Column("note", sa.String(200), nullable=True),
        sa.Column("at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("scarab_moves")
    op.drop_table("scarab_tables")
