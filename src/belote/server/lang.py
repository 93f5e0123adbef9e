"""The language of a client's answers, from what its request asks (``?lang=``,
``Accept-Language``); imported by the application and by the concours's pages alike."""

from __future__ import annotations

from .. import i18n


def pick_lang(query: str | None, accept: str | None, default: str = i18n.DEFAULT_LANG) -> str:
    """The client's language: ``?lang=`` when it is one of the catalog's, else the first
    language of ``Accept-Language`` the catalog has (``en-GB,en;q=0.8`` → ``en``), else
    ``default`` (the server's ``--lang``; French unless told)."""
    if query and query.strip().lower()[:2] in i18n.LANGS:
        return query.strip().lower()[:2]
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in i18n.LANGS:
            return tag
    return default


__all__ = ["pick_lang"]
