"""The CLI's words: the language asked (``--lang``, ``$BELOTE_LANG``), the labels of its
reports, and the French of the error messages raised in English elsewhere."""

from __future__ import annotations

import contextlib
import itertools
import os
import re
from typing import Any

import typer

from .. import i18n
from ..engine import BeloteError, card_fr, parse_card
from . import reasons

LANG_ENV = "BELOTE_LANG"  # the default language of messages when --lang is not given


def _lang_value(v: Any) -> Any:
    """``--lang`` as typed: any case and spaces (``EN``, `` en``) give ``en``, and a locale
    name its language (``en_US.UTF-8``: ``en``, as in ``LANG``)."""
    if not isinstance(v, str):
        return v
    v = v.strip().lower()
    return re.split(r"[_.@-]", v, maxsplit=1)[0] if re.match(r"^[a-z]{2}[_.@-]", v) else v


#: the labels of check's report (and a few more), by language: the catalog's ``cli.<key>``
_TEXT_KEYS = ("regular", "irregular", "taker", "trump", "contract", "made", "failed", "litige",
              "capot", "points", "score", "held", "team", "passed", "incomplete", "belote",
              "annonces", "seat", "trick", "error", "penalty", "colon", "stopped")
TEXT = {lang: {key: i18n.tr(f"cli.{key}", lang) for key in _TEXT_KEYS} for lang in i18n.LANGS}


def words(key: str, lang: str, /, **params: Any) -> str:
    """The catalog's ``cli.<key>`` in ``lang`` (French for a language the catalog lacks) with
    ``params`` filled in."""
    return i18n.tr(f"cli.{key}", lang if lang in i18n.LANGS else i18n.DEFAULT_LANG, **params)


class _CodedBadParameter(typer.BadParameter):
    """A usage error of the CLI's own (``--lang de``) that carries a catalog code and params,
    worded by :func:`belote.cli.usage.usage_message`."""

    def __init__(self, message: str, *, code: str, params: dict[str, Any],
                 param_hint: str) -> None:
        super().__init__(message, param_hint=param_hint)
        self.code, self.params = code, params


def _lang(lang: str) -> dict[str, str]:
    if lang not in TEXT:
        raise _CodedBadParameter(f"expected fr or en, not {lang!r}", code="usage.bad_lang",
                                 params={"value": lang}, param_hint="--lang")
    return TEXT[lang]


#: the French of the errors raised elsewhere without a code in the catalog yet (presets,
#: options, cards, bots, records): (pattern of the English message, French text); the others
#: stay in English. To be deleted once every error carries its code (issue 16)
_FR_ERRORS = [(re.compile(a), b) for a, b in (
    (r"^unknown preset (.*?): expected one of (.*)$", r"préréglage inconnu \1 : au choix \2"),
    (r"^unknown option (.*?); known options: (.*)$", r"option inconnue \1 ; options : \2"),
    (r"^option (\w+): expected a whole number, got (.*)$",
     r"option \1 : un nombre entier est attendu, pas \2"),
    (r"^unknown bot (.*?): expected one of (.*?) \(expert:N for N worlds a decision\)$",
     r"bot inconnu \1 : au choix \2 (expert:N pour N mondes par décision)"),
    # options of the rules
    (r"^option (\w+): (.*?) is not one of (.*)$",
     r"option \1 : \2 n'est pas une valeur possible (\3)"),
    (r"^option (\w+): expected true or false, got (.*)$",
     r"option \1 : true ou false attendu, pas \2"),
    (r"^option (\w+): expected a whole number ≥ (-?\d+), got (.*)$",
     r"option \1 : un nombre entier ≥ \2 est attendu, pas \3"),
    (r"^options (.*?): max_bid - min_bid must be a multiple of bid_step$",
     r"options \1 : max_bid - min_bid doit être un multiple de bid_step"),
    # cards, contracts, bots, saved games
    (r"^unknown trump (.*?): expected one of (.*)$", r"atout inconnu \1 : au choix \2"),
    (r"^card (\S+) appears twice$", r"la carte \1 apparaît deux fois"),
    (r"^bad card (.*?): unknown suit (.*?) \(expected .*\)$",
     (r"carte invalide \1 : couleur inconnue \2 (au choix ♠ ♥ ♦ ♣ ou S H D C : pique, cœur, "
      r"carreau, trèfle)")),
    (r"^bad card (.*?): unknown rank (.*?) \(expected .*\)$",
     r"carte invalide \1 : hauteur inconnue \2 (au choix 6 7 8 9 10 V D R A, ou T J Q K)"),
    (r"^bad card (.*?): expected rank then suit, e\.g\. (.*)$",
     r"carte invalide \1 : la hauteur puis la couleur, par exemple \2"),
    ((r"^bad bot level (.*?): only the expert has one, expert:N with N worlds a decision, "
      r"1 to 500$"),
     (r"niveau de bot invalide \1 : seul l'expert en a un, expert:N avec N mondes par "
      r"décision, de 1 à 500")),
    (r"^no saved game to resume \((.*)\)$", r"aucune partie enregistrée à reprendre (\1)"),
    (r"^option (\w+): at most (\d+), got (.*)$", r"option \1 : au plus \2, pas \3"),
    (r"^option max_bid: at most (\d+) \(001 goes to 360\)$",
     r"option max_bid : au plus \1 (001 va jusqu'à 360)"),
    (r"^option packets: (.*?): packets are of 2 or 3 cards, never 1 or 4 at a time \((.*)\)$",
     r"option packets : \1 : des paquets de 2 ou 3 cartes, jamais 1 ni 4 à la fois (\2)"),
    ((r"^options deck and bidding: the 36-card game \(003\) is dealt with a turned card and "
      r"two bidding rounds$"),
     (r"options deck et bidding : le jeu de 36 cartes (003) se donne avec une retourne et deux "
      r"tours d'enchères")),
    ((r"^options packets and deal: packets (\S+) give (\d+) cards, a (\w+) deal gives (\d+) "
      r"first$"),
     (r"options packets et deal : les paquets \1 donnent \2 cartes, une donne \3 en donne \4 "
      r"d'abord")),
    ((r"^options bidding and deal: an auction is played on 8 cards dealt at once "
      r"\(deal=direct\); two rounds need a turned card \(deal=retourne\)$"),
     (r"options bidding et deal : les enchères se jouent sur 8 cartes données d'un coup "
      r"(deal=direct) ; deux tours demandent une retourne (deal=retourne)")),
    (r"^options scoring and bidding: scoring (.*?) needs a contract value, so bidding=auction$",
     (r"options scoring et bidding : le décompte \1 demande une valeur de contrat, donc "
      r"bidding=auction")),
    ((r"^options scoring and bidding: scoring (.*?) is for two-round deals; an auction uses "
      r"(.*) or (\S+)$"),
     (r"options scoring et bidding : le décompte \1 est celui des donnes à deux tours ; des "
      r"enchères prennent \2 ou \3")),
    (r"^options capot_bid/generale_bid and bidding: capot and générale are auction bids$",
     (r"options capot_bid/generale_bid et bidding : capot et générale sont des enchères "
      r"(bidding=auction)")),
    ((r"^options rounding and scoring: rounding to the ten is for contract scorings \((.*?)\); "
      r"scoring (.*?) marks the card points as they are$"),
     (r"options rounding et scoring : l'arrondi à la dizaine est pour les décomptes à contrat "
      r"(\1) ; le décompte \2 marque les points des cartes tels quels")),
    (r"^options min_bid, max_bid, bid_step: need 0 < min_bid ≤ max_bid and bid_step > 0$",
     r"options min_bid, max_bid, bid_step : il faut 0 < min_bid ≤ max_bid et bid_step > 0"),
    (r"^options game_end and target: a target game needs target > 0$",
     r"options game_end et target : une partie en points demande target > 0"),
    (r"^options game_end and deals: a game of deals needs deals > 0$",
     r"options game_end et deals : une partie en donnes demande deals > 0"),
    ((r"^options belote_on_failure and bidding: winner_if_doubled \(001 contrée\) needs an "
      r"auction$"),
     (r"options belote_on_failure et bidding : winner_if_doubled (001 contrée) demande des "
      r"enchères")),
    # belote legal
    (r"^the hand is empty$", r"la main est vide"),
    (r"^a trick in progress holds at most 3 cards, got (\d+)$",
     r"un pli en cours a au plus 3 cartes, pas \1"),
    (r"^(\S+) is both in the hand and on the trick$",
     r"\1 est à la fois dans la main et sur le pli"),
    (r"^(\S+): a 32-card game has no sixes \(use --preset simplifiee\)$",
     r"\1 : le jeu de 32 cartes n'a pas de six (utilisez --preset simplifiee)"),
    (r"^preset (\S+) does not play Sans Atout / Tout Atout \(use --option sa_ta=true\)$",
     r"le préréglage \1 ne joue pas Sans Atout / Tout Atout (utilisez --option sa_ta=true)"),
    (r"^a hand holds at most (\d+) cards in this game, got (\d+)$",
     r"une main a au plus \1 cartes dans ce jeu, pas \2"),
    # the structure of a record (the key named first)
    (r"^(.*?): missing key$", r"\1 : clé manquante"),
    (r"^(.*?): expected (\w+(?: or \w+)*), got (\w+)$",
     lambda m: f"{m[1]} : type {_fr_types(m[2])} attendu, pas {_fr_types(m[3])}"),
    (r"^(hands): (\d+) hands expected, got (\d+)$", r"\1 : \2 mains attendues, pas \3"),
    (r"^(\S+) appears in two hands$", lambda m: f"{_fr_card(m[1])} est dans deux mains"),
    (r"^cards are played after a passed-out deal$",
     r"des cartes sont jouées après une donne où tous ont passé"),
    (r'^expected "auto" or \{seat: \[\[cards\], …\]\}$',
     r'"auto" attendu, ou {siège: [[cartes], …]}'),
    (r'^expected "auto" or a list of seats$', r'"auto" attendu, ou une liste de sièges'),
    (r"^seat (\d) deals this deal, not (\d)$", r"le siège \1 donne cette donne, pas \2"),
    (r"^the first dealer is a seat 0\.\.3$", r"le premier donneur est un siège de 0 à 3"),
    (r"^the game was already over$", r"la partie était déjà finie"),
    (r"^this deal is not finished but another one follows$",
     r"cette donne n'est pas finie mais une autre la suit"),
    (r"^a deal's rules differ from the game's$", r"les règles d'une donne diffèrent de la partie"),
    (r"^(.*?): each hand holds (\d+) cards \(got (.*)\)$",
     r"\1 : chaque main a \2 cartes (ici \3)"),
    (r"^(.*?): the hands must make the (\d+)-card pack$",
     r"\1 : les mains doivent faire le jeu de \2 cartes"),
    (r"^(.*?): a (\d+)-card pack has no such card$",
     r"\1 : le jeu de \2 cartes n'a pas cette carte"),
    (r"^(.*?): seat (\d) does not hold (\S+)$",
     lambda m: f"{m[1]} : le siège {m[2]} n'a pas {_fr_card(m[3])}"),
    (r"^(.*?): the dealer is a seat 0\.\.3$", r"\1 : le donneur est un siège de 0 à 3"),
    (r"^(.*?): seats are 0\.\.3$", r"\1 : les sièges vont de 0 à 3"),
    (r"^(.*?): a card is a string such as JH$", r"\1 : une carte s'écrit comme JH"),
    (r"^(.*?): a bid is a string$", r"\1 : une enchère est un texte"),
    (r"^(.*?): not an action: (.*) \((.*)\)$",
     lambda m: f"{m[1]} : ce n'est pas une action : {m[2]} ({_in_french(m[3])})"),
    (r"^(.*?): not an action: (.*)$", r"\1 : ce n'est pas une action : \2"),
    (r"^not an action: (.*) \(a bid value has at most 18 digits\)$",
     r"ce n'est pas une action : \1 (une enchère a au plus 18 chiffres)"),
    (r"^a team is 0 or 1$", r"une équipe est 0 ou 1"),
    (r"^the turned card must be in the taker's hand$",
     r"la retourne doit être dans la main du preneur"),
    (r"^stock is for a two-round deal saved during the bidding, with 5-card hands$",
     (r"stock est pour une donne à deux tours enregistrée pendant les enchères, avec des "
      r"mains de 5 cartes")),
    (r"^(.*?): every card has been played already$", r"\1 : toutes les cartes sont déjà jouées"),
    (r"^(.*?): the bidding was already over$", r"\1 : les enchères étaient déjà finies"),
    (r"^(.*?): cards are played but the bidding is not over$",
     r"\1 : des cartes sont jouées mais les enchères ne sont pas finies"),
    (r"^(.*?): unknown format (.*?): this version reads (.*)$",
     r"\1 : format inconnu \2 : cette version lit \3"),
    (r"^(.*?): a two-round deal needs the turned card$",
     r"\1 : une donne à deux tours demande la retourne"),
    (r"^(.*?): a (\w+) deal has no turned card$", r"\1 : une donne \2 n'a pas de retourne"),
    (r"^(.*?): the turned card (\S+) must be in the taker's hand \(seat (\d)\)$",
     r"\1 : la retourne \2 doit être dans la main du preneur (siège \3)"),
    (r"^a deal record is a JSON object$", r"une donne s'enregistre dans un objet JSON"),
    (r"^a game record is a JSON object$", r"une partie s'enregistre dans un objet JSON"),
)]


#: JSON type names as the record errors give them, in French
_FR_TYPES = {"int": "entier", "str": "texte", "list": "liste", "dict": "objet", "bool": "booléen",
             "float": "nombre décimal", "NoneType": "null", "null": "null", "or": "ou"}


def _fr_card(text: str) -> str:
    """A card of an English message (``KD``) as French shows it (``R♦``)."""
    try:
        return card_fr(parse_card(text))
    except BeloteError:
        return text


def _fr_types(names: str) -> str:
    """``int or null`` → ``entier ou null``."""
    return " ".join(_FR_TYPES.get(w, w) for w in names.split())


#: "where: message": a place in a record (``plays[0]``, ``deals[1].dealer``) or an option
_WHERE = re.compile(r"^(\S+): (.+)$")


def _in_french(message: str) -> str:
    """``message`` in French when it is one of :data:`_FR_ERRORS`, or a place followed by
    one (``plays[0]: bad card …``: the place kept, the rest translated); else as it is."""
    for pattern, french in _FR_ERRORS:
        if pattern.match(message):
            return pattern.sub(french, message, count=1)
    m = _WHERE.match(message)
    if m:
        inner = _in_french(m[2])
        if inner != m[2]:
            return f"{m[1]} : {inner}"
    return message


class _InDeal(BeloteError):
    """An error in one deal of a game record (``deals[index]``) or of a JSON Lines file (its
    ``line_no``): the deal's own error, ``inner``, after where it is."""

    def __init__(self, inner: BeloteError, *, index: int | None = None,
                 line_no: int | None = None, where: str | None = None) -> None:
        where = where or (f"deals[{index}]" if line_no is None else f"line {line_no}")
        super().__init__(f"{where}: {inner}", code="cli.in_deal",
                         params={"index": index, "line_no": line_no})
        self.inner = inner


def say(error: BaseException, lang: str) -> str:
    """The words of ``error`` for the user in ``lang``: the catalog's wording of its code (a
    BeloteError's own code; a failure to read a file from its structure, see
    :mod:`belote.cli.reasons`); else ``str(error)``, put in French by the remaining
    translations of :data:`_FR_ERRORS` for now."""
    lang = lang if lang in i18n.LANGS else i18n.DEFAULT_LANG
    if isinstance(error, _InDeal):
        where = (f"deals[{error.params['index']}]" if error.params["line_no"] is None else
                 words("line", lang, line_no=error.params["line_no"]))
        return words("in_deal", lang, where=where, message=say(error.inner, lang))
    coded = reasons.from_context(error)
    if coded is None and isinstance(error, BeloteError) and reasons.is_coded(error, lang):
        if not error.code.startswith("cli."):
            with contextlib.suppress(KeyError, IndexError, ValueError):  # a param missing
                return i18n.message(error, lang)
        coded = error.code, error.params
    if coded is not None:
        code, params = coded
        with contextlib.suppress(KeyError, IndexError, ValueError):
            return i18n.tr(code, lang, **reasons.worded(params, lang))
    text = str(error)
    return _in_french(text) if lang == "fr" else text


def _lang_of(args: list[str]) -> str:
    """The language a command line asks for before it is parsed (its errors are shown
    before ``--lang`` is read): the last ``--lang`` given (the command's own comes after
    belote's), else ``$BELOTE_LANG``; ``en`` or ``fr``. A value that is neither (its error is
    about to be shown) gives way to the ``--lang`` before it, then the variable, then
    French."""
    words = [str(a).strip().lower() for a in args]  # as --lang reads it (any case)
    if "--" in words:  # after it, arguments only
        words = words[:words.index("--")]
    given = [a[7:] if a.startswith("--lang=") else b
             for a, b in itertools.pairwise(words + [""])
             if a == "--lang" or a.startswith("--lang=")]
    for v in given[::-1] + [os.environ.get(LANG_ENV, "")]:
        lang = _lang_value(v)
        if isinstance(lang, str) and lang in TEXT:
            return lang
    return "fr"

