"""Chat: each table's lines, on its players' channel or its watchers'."""

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"


def upgrade() -> None:
    op.create_table(
        "scarab_chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("scarab_tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(300), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_scarab_chat_table_id", "scarab_chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_scarab_chat_table_id", "scarab_chat")
    op.drop_table("scarab_chat")
