"""What a person gives a room: an invite code, a seat token, a display name, a bot's level,
each cleaned of what chat applications put into pasted text and checked."""

from __future__ import annotations

import base64
import re
import secrets
import unicodedata

from ...bots import parse_bot
from ..errors import ServerError

#: the longest display name
MAX_NAME = 40


def new_code() -> str:
    """An invite code: 8 base32 characters (40 bits from :mod:`secrets`), upper case."""
    return base64.b32encode(secrets.token_bytes(5)).decode("ascii")


#: what an invite code is once cleaned (:func:`clean_code`): 8 base32 characters
CODE_SHAPE = re.compile(r"[A-Z2-7]{8}")
#: what a seat token is once cleaned (:func:`clean_token`): ``secrets.token_urlsafe``'s
#: alphabet (43 characters for 32 bytes), at most 128 characters
TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,128}")


def _cleaned(text: str) -> str:
    """``text`` in Unicode NFKC (fullwidth ``Ａ`` → ``A``), without whitespace nor format
    characters (category Cf: a zero-width space ``\u200b``, a joiner, a BOM, a soft hyphen,
    a direction mark), which chat applications put into what people paste."""
    text = unicodedata.normalize("NFKC", str(text))
    return "".join(ch for ch in text if not ch.isspace() and unicodedata.category(ch) != "Cf")


def clean_code(code: str) -> str | None:
    """The invite code a person typed or pasted (:func:`_cleaned`, upper case), or None when
    it is still no code (not 8 base32 characters: an ASCII string only ever reaches
    ``hmac.compare_digest``, which refuses other strings)."""
    cleaned = _cleaned(code).upper()
    return cleaned if CODE_SHAPE.fullmatch(cleaned) else None


def clean_token(token: str) -> str | None:
    """The seat token of a request (:func:`_cleaned`; case kept), or None when it is still
    no token (not :data:`TOKEN_SHAPE`)."""
    cleaned = _cleaned(token)
    return cleaned if TOKEN_SHAPE.fullmatch(cleaned) else None


def check_name(name: str) -> str:
    """``name`` with its whitespace runs made one space; raises ``server.bad_name`` (422)
    unless it is 1 to :data:`MAX_NAME` printable characters."""
    name = " ".join(str(name).split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise ServerError(f"a display name is 1 to {MAX_NAME} printable characters",
                          code="server.bad_name", status=422, params={"max": MAX_NAME})
    return name


def bot_name(level: str) -> str:
    """``level`` stripped; raises ``bot.unknown`` / ``bot.bad_level`` for no bot's."""
    parse_bot(level)  # BotError (bot.unknown, bot.bad_level)
    return level.strip()


__all__ = ["CODE_SHAPE", "MAX_NAME", "TOKEN_SHAPE", "bot_name", "check_name", "clean_code",
           "clean_token", "new_code"]
