"""The rule texts the engine follows, by the short codes its messages cite.

Docstrings, tests and messages cite a rule as ``002 §VIII.B`` (the rule text 002, section
VIII.B; RULES.md). A player does not know what 002 is: :func:`name_sources` writes the codes of
a message as names before it is shown (``règlement FFB §VIII.B``).
"""

from __future__ import annotations

import re

#: code -> (French name, English name) of each rule text
SOURCES: dict[str, tuple[str, str]] = {
    "000": ("règlement de concours", "concours rules"),
    "001": ("règles de Jacquespote", "Jacquespote rules"),
    "002": ("règlement FFB", "FFB rules"),
    "003": ("belote simplifiée", "simplified belote rules"),
    "004": ("belote classique", "classic belote rules"),
}

_CODE = re.compile(r"(?<![\w.])(00[0-4])(?=\s|§|\)|,|;|:|/|$)")


def name_sources(text: str, lang: str = "fr") -> str:
    """``text`` with each rule-text code (``000`` to ``004``, standing alone) replaced by the
    text's name in ``lang`` (``"fr"`` or ``"en"``; another value counts as ``"en"``):
    ``"(002 §VIII.B)"`` → ``"(règlement FFB §VIII.B)"``. Other numbers are left alone."""
    k = 0 if lang == "fr" else 1
    return _CODE.sub(lambda m: SOURCES[m.group(1)][k], text)
