"""The saved games' rows (owner: the server's :class:`~belote.table.store.GameStore`,
:class:`belote.server.store.SqlStore`): ``games``, the records (``belote-game/1`` JSON
text) by id, with their table ``settings`` and ``finished``. Created by migration ``0001``."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, utcnow


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(200), primary_key=True)
    preset: Mapped[str] = mapped_column(String(40))
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    record: Mapped[str] = mapped_column(Text)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow,
                                                 onupdate=utcnow)


__all__ = ["GameRow"]
