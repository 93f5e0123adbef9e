"""The words of the terminal table, read from the message catalog (:mod:`belote.i18n`,
codes ``tui.<key>``): French by default, English available."""

from __future__ import annotations

from typing import Any

from .. import i18n

PREFIX = "tui."


class Words:
    """The table's words in one language: ``words["deal"]`` is the catalog's ``tui.deal``
    (its fields unfilled, for ``str.format``), ``words("waiting", name=…)`` the same filled
    through :func:`belote.i18n.tr`. Raises :class:`belote.i18n.UnknownLanguage` (a
    ValueError) for a language the catalog does not have."""

    def __init__(self, lang: str) -> None:
        self.lang = i18n.check_lang(lang)
        self._catalog = i18n.catalog(lang)

    def __getitem__(self, key: str) -> str:
        return self._catalog[PREFIX + key]

    def get(self, key: str, default: str) -> str:
        return self._catalog.get(PREFIX + key, default)

    def __call__(self, key: str, **params: Any) -> str:
        return i18n.tr(PREFIX + key, self.lang, **params)


def texts(lang: str) -> Words:
    """The words of ``lang`` (``fr`` or ``en``). Raises ValueError for another language."""
    return Words(lang)
