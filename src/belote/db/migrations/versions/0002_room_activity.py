"""rooms.active: when a room last saw a connection come or go, a join or a bot seated

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # null for the rooms of 0001: their activity is their creation and their last action
    op.add_column("rooms", sa.Column("active", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    op.drop_column("rooms", "active")
