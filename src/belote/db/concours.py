"""The club concours's rows (owner: :mod:`belote.concours`; its SQL store
:class:`belote.concours.store.SqlConcoursStore`). Created by migration ``0003``.

* ``concours``: one row a concours: ``id`` (its public code, 6 letters and digits), ``key``
  (the organiser's secret of the web pages), ``name``, ``date``, ``place``, ``preset`` and
  ``options`` (JSON), ``format`` (``melee`` | ``equipes``), ``parties``, ``deals`` (deals a
  partie) or ``target`` (a target score a partie), ``leftover`` (``bye`` | ``bot``), ``bye``
  (the points of a bye: null for the partie's average), ``online``, ``lot`` (the seed of the
  last tie-break), ``prizes`` (JSON list), ``created``.
* ``concours_entrants``: the players (mêlée) or pairs (équipes), numbered from 1:
  ``name``, ``members`` (JSON list), ``joined`` (first partie), ``withdrawn`` (first partie
  missed, or null).
* ``concours_parties``: one row a partie drawn: ``seed``, ``tables`` (JSON: a list of
  ``[side0, side1]``, each a list of entrant ids, null a bot), ``out`` (JSON list of ids),
  ``rooms`` (JSON: the online room id of each table, or null).
* ``concours_scores``: the score entries, never deleted (the audit trail): ``partie``,
  ``table``, ``deal`` (null: the partie's totals), ``a`` and ``b`` (side 0's and side 1's
  points), ``source`` (``cli`` | ``web`` | ``online``), ``created``, ``undone`` (when undone,
  or null). A line's value is its newest entry not undone.
* ``concours_log``: every change (registration, rename, withdrawal, draw, score, undo) with
  its facts (JSON), in order.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from .base import Base, utcnow


class ConcoursRow(Base):
    __tablename__ = "concours"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    key: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(120))
    date: Mapped[str] = mapped_column(String(40), default="")
    place: Mapped[str] = mapped_column(String(120), default="")
    preset: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    format: Mapped[str] = mapped_column(String(16))
    parties: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    target: Mapped[int | None] = mapped_column(Integer, nullable=True)
    leftover: Mapped[str] = mapped_column(String(8))
    bye: Mapped[int | None] = mapped_column(Integer, nullable=True)
    online: Mapped[bool] = mapped_column(Boolean, default=False)
    lot: Mapped[int] = mapped_column(BigInteger)
    prizes: Mapped[list[str]] = mapped_column(JSON)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class EntrantRow(Base):
    __tablename__ = "concours_entrants"

    concours_id: Mapped[str] = mapped_column(ForeignKey("concours.id", ondelete="CASCADE"),
                                             primary_key=True)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(130))
    members: Mapped[list[str]] = mapped_column(JSON)
    joined: Mapped[int] = mapped_column(Integer)
    withdrawn: Mapped[int | None] = mapped_column(Integer, nullable=True)


class PartieRow(Base):
    __tablename__ = "concours_parties"

    concours_id: Mapped[str] = mapped_column(ForeignKey("concours.id", ondelete="CASCADE"),
                                             primary_key=True)
    partie: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    tables: Mapped[list[Any]] = mapped_column(JSON)
    out: Mapped[list[int]] = mapped_column(JSON)
    rooms: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ScoreRow(Base):
    __tablename__ = "concours_scores"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    concours_id: Mapped[str] = mapped_column(ForeignKey("concours.id", ondelete="CASCADE"),
                                             index=True)
    partie: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    deal: Mapped[int | None] = mapped_column(Integer, nullable=True)
    a: Mapped[int] = mapped_column(Integer)
    b: Mapped[int] = mapped_column(Integer)
    source: Mapped[str] = mapped_column(String(16))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    undone: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LogRow(Base):
    __tablename__ = "concours_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    concours_id: Mapped[str] = mapped_column(ForeignKey("concours.id", ondelete="CASCADE"),
                                             index=True)
    what: Mapped[str] = mapped_column(String(32))
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


__all__ = ["ConcoursRow", "EntrantRow", "LogRow", "PartieRow", "ScoreRow"]
