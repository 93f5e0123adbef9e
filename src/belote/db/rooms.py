"""The online tables' rows (owner: :mod:`belote.server`): ``rooms``, ``seats``, ``actions``.

* ``rooms``: one row a table (room): ``id``, invite ``code``, ``preset`` and ``options``
  (JSON), ``status`` (``waiting`` | ``playing`` | ``over``), ``ended`` (closed before its
  game ended: by its creator, or idle for ``--keep-idle``), the secret ``seed`` (256 bits,
  as decimal text: never sent before the end), its ``commitment`` (SHA-256 hex),
  ``creator_seat``, ``settings`` (JSON: bot delay…),
  ``created`` (UTC), ``active`` (UTC: the last connection opened or closed, join or bot
  seated; null until then; with the last action's ``created``, what ``--keep-idle`` reads).
* ``seats``: four rows a room: ``name``, ``kind`` (``open`` | ``human`` | ``bot``),
  ``bot_level``, ``token_hash`` (the SHA-256 hex of the seat token: the token itself is never
  stored), ``connected``.
* ``actions``: the action log, ``(room_id, seq)`` from 1: ``seat``, ``action`` (record text),
  ``client_seq`` (the sequence number the client sent, None for a bot), ``created``. A room is
  rebuilt by replaying it on ``Game(rules, seed)``.

Created by migrations ``0001`` and ``0002``.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    select,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, utcnow


class RoomRow(Base):
    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True, index=True)
    preset: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    ended: Mapped[bool] = mapped_column(Boolean, default=False)
    seed: Mapped[str] = mapped_column(Text)
    commitment: Mapped[str] = mapped_column(String(64))
    creator_seat: Mapped[int] = mapped_column(Integer)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    active: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(8))
    bot_level: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    connected: Mapped[bool] = mapped_column(Boolean, default=False)


class ActionRow(Base):
    __tablename__ = "actions"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"),
                                         primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(200))
    client_seq: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


def room_settings(engine: Engine, room_id: str) -> dict[str, Any] | None:
    """The stored ``settings`` of room ``room_id`` (None: no such room), for a floor below
    the server's store (the concours's links)."""
    with engine.connect() as c:
        settings = c.execute(select(RoomRow.settings).where(RoomRow.id == room_id)).scalar()
    return None if settings is None else dict(settings)


__all__ = ["ActionRow", "RoomRow", "SeatRow", "room_settings"]
