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


def bot_failure_reason(code: str, lang: str) -> str:
    """Why a bot could not play, for a person, from the error's catalog ``code`` alone (a
    :class:`~belote.table.events.BotFailed` carries no params: they may name the bot's cards):
    the catalog's wording of ``code`` when it needs no params (``"error"``: "erreur"), the
    rule broken for a refused action (``illegal.<rule>``: ``tui.bot_failed_rule`` naming the
    catalog's ``rule.<rule>``, "action refusée (règle : fournir)"), else
    ``tui.bot_failed_code`` ("erreur inattendue (code …)", the code kept for the report);
    never the bare code. Raises :class:`belote.i18n.UnknownLanguage` for another language."""
    lang = i18n.check_lang(lang)
    if i18n.has(code, lang):
        try:
            return i18n.tr(code, lang)
        except (KeyError, IndexError):  # its wording names params the event does not carry
            pass
    rule = code.removeprefix("illegal.")
    if rule != code and i18n.has(f"rule.{rule}", lang):
        return i18n.tr(PREFIX + "bot_failed_rule", lang, rule=i18n.rule_name(rule, lang))
    return i18n.tr(PREFIX + "bot_failed_code", lang, code=code)


def texts(lang: str) -> Words:
    """The words of ``lang`` (``fr`` or ``en``). Raises ValueError for another language."""
    return Words(lang)
