"""the club concours: concours, entrants, parties drawn, score entries, the change log

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_TZ = sa.DateTime(timezone=True)


def _of_concours() -> sa.Column[str]:
    return sa.Column("concours_id", sa.String(16),
                     sa.ForeignKey("concours.id", ondelete="CASCADE"), nullable=False)


def upgrade() -> None:
    op.create_table(
        "concours",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("date", sa.String(40), nullable=False),
        sa.Column("place", sa.String(120), nullable=False),
        sa.Column("preset", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("parties", sa.Integer(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=True),
        sa.Column("target", sa.Integer(), nullable=True),
        sa.Column("leftover", sa.String(8), nullable=False),
        sa.Column("bye", sa.Integer(), nullable=True),
        sa.Column("online", sa.Boolean(), nullable=False),
        sa.Column("lot", sa.BigInteger(), nullable=False),
        sa.Column("prizes", sa.JSON(), nullable=False),
        sa.Column("created", _TZ, nullable=False),
    )
    op.create_table(
        "concours_entrants",
        sa.Column("concours_id", sa.String(16), sa.ForeignKey("concours.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(130), nullable=False),
        sa.Column("members", sa.JSON(), nullable=False),
        sa.Column("joined", sa.Integer(), nullable=False),
        sa.Column("withdrawn", sa.Integer(), nullable=True),
    )
    op.create_table(
        "concours_parties",
        sa.Column("concours_id", sa.String(16), sa.ForeignKey("concours.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("partie", sa.Integer(), primary_key=True),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("tables", sa.JSON(), nullable=False),
        sa.Column("out", sa.JSON(), nullable=False),
        sa.Column("rooms", sa.JSON(), nullable=True),
        sa.Column("created", _TZ, nullable=False),
    )
    op.create_table(
        "concours_scores",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _of_concours(),
        sa.Column("partie", sa.Integer(), nullable=False),
        sa.Column("table", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=True),
        sa.Column("a", sa.Integer(), nullable=False),
        sa.Column("b", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(16), nullable=False),
        sa.Column("created", _TZ, nullable=False),
        sa.Column("undone", _TZ, nullable=True),
    )
    op.create_index("ix_concours_scores_concours_id", "concours_scores", ["concours_id"])
    op.create_table(
        "concours_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        _of_concours(),
        sa.Column("what", sa.String(32), nullable=False),
        sa.Column("facts", sa.JSON(), nullable=False),
        sa.Column("created", _TZ, nullable=False),
    )
    op.create_index("ix_concours_log_concours_id", "concours_log", ["concours_id"])


def downgrade() -> None:
    for name in ("concours_log", "concours_scores", "concours_parties", "concours_entrants",
                 "concours"):
        op.drop_table(name)
