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

# a citation: "(002 §VIII.B)", "(001)", "(001, 002 §VI.3, 004 §1a)", standing as a group of
# its own (after a space or at the start, before a space, punctuation or the end), so that a
# file name such as "partie (002).json" or a typed value is left as it is
_GROUP = re.compile(r"(?:(?<=\s)|^)\(00[0-4](?: §[^,;()]*| annex)?"
                    r"(?:[,;] ?00[0-4](?: §[^,;()]*| annex)?)*\)"
                    r"(?=$|[\s,;:]|\.(?:\s|$))")
_CODE = re.compile(r"\b00[0-4]\b")


def name_sources(text: str, lang: str = "fr") -> str:
    """``text`` with the rule texts it cites by code (``000`` to ``004``) named in ``lang``
    (``"fr"`` or ``"en"``; another value counts as ``"en"``): ``"… (002 §VIII.B)"`` →
    ``"… (règlement FFB §VIII.B)"``. Only citations are rewritten, a parenthesised group of
    codes with their sections standing on its own; other text (file names, typed values,
    numbers) is left alone."""
    k = 0 if lang == "fr" else 1

    def group(m: re.Match[str]) -> str:
        return _CODE.sub(lambda c: SOURCES[c.group()][k], m.group())
    return _GROUP.sub(group, text)
