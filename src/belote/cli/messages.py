"""The CLI's words: the language asked (``--lang``, ``$BELOTE_LANG``), the labels of its
reports, and the French of the error messages raised in English elsewhere."""

from __future__ import annotations

import itertools
import os
import re
from typing import Any

import typer

from ..engine import BeloteError, card_fr, parse_card

LANG_ENV = "BELOTE_LANG"  # the default language of messages when --lang is not given


def _lang_value(v: Any) -> Any:
    """``--lang`` as typed: any case and spaces (``EN``, `` en``) give ``en``, and a locale
    name its language (``en_US.UTF-8``: ``en``, as in ``LANG``)."""
    if not isinstance(v, str):
        return v
    v = v.strip().lower()
    return re.split(r"[_.@-]", v, maxsplit=1)[0] if re.match(r"^[a-z]{2}[_.@-]", v) else v


TEXT = {
    "fr": {"regular": "Donne régulière.", "irregular": "Donne irrégulière",
           "taker": "Preneur", "trump": "Atout", "contract": "Contrat", "made": "réussi",
           "failed": "chuté", "litige": "litige", "capot": "capot", "points": "Points (plis + dix de der)",
           "score": "Marque", "held": "Points en litige (reportés)", "team": "équipe",
           "passed": "Tous ont passé : donne redistribuée.", "incomplete": "Donne non terminée.",
           "belote": "Belote", "annonces": "Annonces retenues", "seat": "siège", "trick": "pli",
           "error": "erreur", "penalty": "Pénalité", "colon": " :",
           "stopped": "Vérification arrêtée à cette enchère (le contrat qu'elle ferait est "
                      "inconnu)."},
    "en": {"regular": "Regular deal.", "irregular": "Irregular deal",
           "taker": "Taker", "trump": "Trump", "contract": "Contract", "made": "made",
           "failed": "failed", "litige": "litige", "capot": "capot",
           "points": "Points (tricks + dix de der)", "score": "Score marked",
           "held": "Litige points held", "team": "team",
           "passed": "All passed: the cards are dealt again.", "incomplete": "Deal not finished.",
           "belote": "Belote", "annonces": "Annonces that count", "seat": "seat", "trick": "trick",
           "error": "error", "penalty": "Penalty", "colon": ":",
           "stopped": "Checked up to this bid (the contract it would make is unknown)."},
}


def _lang(lang: str) -> dict[str, str]:
    if lang not in TEXT:
        raise typer.BadParameter(f"expected fr or en, not {lang!r}", param_hint="--lang")
    return TEXT[lang]


#: the most frequent error messages (files, JSON, presets, options, bots, the CLI's own), in
#: French: (pattern of the English message, French text); the others stay in English
_FR_ERRORS = [(re.compile(a), b) for a, b in (
    # click's usage errors (typer parses the command line), see _Group
    (r"^No such option: (\S+) Did you mean (\S+)\?$",
     r"option inconnue : \1 (vouliez-vous dire \2 ?)"),
    (r"^No such option: (\S+) \(Possible options: (.*)\)$",
     r"option inconnue : \1 (options possibles : \2)"),
    (r"^No such option: (\S+)$", r"option inconnue : \1"),
    (r"^No such command '(.*)'\.$", r"commande inconnue : « \1 »"),
    (r"^Missing command\.$", r"commande manquante"),
    (r"^Missing argument '(.*)'\.$", r"argument manquant : « \1 »"),
    (r"^Missing option '(.*)'\.$", r"option manquante : \1"),
    (r"^Option '(.*)' requires an argument\.$", r"l'option \1 attend une valeur"),
    (r"^Option '(.*)' requires (\d+) arguments\.$", r"l'option \1 attend \2 valeurs"),
    (r"^Option '(.*)' does not take a value\.$", r"l'option \1 ne prend pas de valeur"),
    (r"^Got unexpected extra argument(?:s|\(s\))? \((.*)\)$", r"argument en trop : \1"),
    (r"^Invalid value for '?(.*?)'?: (.*)$",
     lambda m: f"valeur invalide pour {m[1]} : {_in_french(m[2])}"),
    (r"^'(.*)' is not a valid integer\.$", r"« \1 » n'est pas un nombre entier"),
    (r"^'(.*)' is not a valid float\.$", r"« \1 » n'est pas un nombre"),
    (r"^'(.*)' is not one of (.*)\.$", r"« \1 » n'est pas au choix : \2"),
    (r"^'(.*)' is not (.*)\.$", r"« \1 » n'est pas \2"),
    (r"^(.*) is not in the range (.*)\.$", r"\1 n'est pas dans l'intervalle \2"),
    (r"^Input should be a valid integer(?:, .*)?$", r"un nombre entier est attendu"),
    (r"^Input should be a valid number(?:, .*)?$", r"un nombre est attendu"),
    (r"^Input should be greater than or equal to (.*)$", r"au moins \1 attendu"),
    (r"^Input should be less than or equal to (.*)$", r"au plus \1 attendu"),
    (r"^Input should be greater than (.*)$", r"plus de \1 attendu"),
    (r"^Input should be less than (.*)$", r"moins de \1 attendu"),
    (r"^expected fr or en, not (.*)$", r"fr ou en attendu, pas \1"),
    (r"^no such file: (.*)$", r"fichier introuvable : \1"),
    (r"^(.*) is a folder, not a record file$", r"\1 est un dossier, pas un fichier d'enregistrement"),
    (r"^cannot read (.*?): (.*)$", lambda m: f"lecture impossible de {m[1]} : {_fr_os(m[2])}"),
    (r"^(.*?):? (?:is )?not valid JSON: (.*)$",
     lambda m: f"{_fr_source(m[1])} : JSON invalide : {_fr_json(m[2])}"),
    (r"^(.*?) is not UTF-8 text: (.*)$",
     lambda m: f"{_fr_source(m[1])} n'est pas un texte UTF-8 : {_fr_utf8(m[2])}"),
    (r"^deals: the game record has no deal$", r"deals : la partie n'a aucune donne"),
    (r"^unknown preset (.*?): expected one of (.*)$", r"préréglage inconnu \1 : au choix \2"),
    (r"^unknown option (.*?); known options: (.*)$", r"option inconnue \1 ; options : \2"),
    (r"^option (\w+): expected a whole number, got (.*)$",
     r"option \1 : un nombre entier est attendu, pas \2"),
    (r"^unknown bot (.*?): expected one of (.*?) \(expert:N for N worlds a decision\)$",
     r"bot inconnu \1 : au choix \2 (expert:N pour N mondes par décision)"),
    (r"^--option (.*?): expected NAME=VALUE$", r"--option \1 : NOM=VALEUR attendu"),
    (r"^standard input is closed$", r"l'entrée standard est fermée"),
    (r"^standard output is closed$", r"la sortie standard est fermée"),
    (r"^belote (\w+) needs a terminal .*$",
     (r"belote \1 demande un terminal (une fenêtre interactive) : lancez-la là, sans "
      r"rediriger son entrée ni sa sortie")),
    (r"^this is a game of (\d+) deals: choose one with --deal (\S+)(?: \(not (\d+)\))?$",
     lambda m: f"cette partie a {m[1]} donnes : choisissez-en une avec --deal {m[2]}"
               + (f" (pas {m[3]})" if m[3] else "")),
    ((r"^this is a file of (\d+) deal records \(one a line\): choose one with --deal (\S+)"
      r"(?: \(not (\d+)\))?$"),
     lambda m: f"ce fichier contient {m[1]} donnes (une par ligne) : choisissez-en une avec "
               f"--deal {m[2]}" + (f" (pas {m[3]})" if m[3] else "")),
    (r"^--bots: 4 names \(seats 0,1,2,3\), 2 \(teams 0 and 1\) or 1 \(every seat\), got (\d+)$",
     r"--bots : 4 noms (sièges 0,1,2,3), 2 (équipes 0 et 1) ou 1 (tous les sièges), pas \1"),
    (r"^--bots: one or three of (.*) \(expert:N for N worlds a decision\)$",
     r"--bots : un ou trois noms parmi \1 (expert:N pour N mondes par décision)"),
    ((r"^--deal chooses a deal of a game record or a line of a simulate --out file; this is a "
     r"single deal record \(--deal 1\)$"),
     (r"--deal choisit une donne d'une partie ou une ligne d'un fichier de simulate --out ; "
     r"ceci est une seule donne (--deal 1)")),
    (r"^--deal chooses a line of a simulate --out file; this is a single record \(--deal 1\)$",
     (r"--deal choisit une ligne d'un fichier de simulate --out ; ceci est un seul "
     r"enregistrement (--deal 1)")),
    (r"^cannot write (.*?): (.*)$", lambda m: f"écriture impossible de {m[1]} : {_fr_os(m[2])}"),
    # options of the rules
    (r"^option (\w+): (.*?) is not one of (.*)$", r"option \1 : \2 n'est pas une valeur possible (\3)"),
    (r"^option (\w+): expected true or false, got (.*)$", r"option \1 : true ou false attendu, pas \2"),
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
    (r"^(\S+) is both in the hand and on the trick$", r"\1 est à la fois dans la main et sur le pli"),
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
    (r"^deals: expected a list of deal records$", r"deals : une liste de donnes attendue"),
    (r"^the game was already over$", r"la partie était déjà finie"),
    (r"^this deal is not finished but another one follows$",
     r"cette donne n'est pas finie mais une autre la suit"),
    (r"^a deal's rules differ from the game's$", r"les règles d'une donne diffèrent de la partie"),
    ((r"^(.*?): a resumed game keeps its own rules, seats and bots; start a new game to change "
      r"them$"),
     (r"\1 : une partie reprise garde ses règles, ses sièges et ses bots ; commencez une "
      r"nouvelle partie pour les changer")),
    (r"^(.*?): each hand holds (\d+) cards \(got (.*)\)$",
     r"\1 : chaque main a \2 cartes (ici \3)"),
    (r"^(.*?): the hands must make the (\d+)-card pack$",
     r"\1 : les mains doivent faire le jeu de \2 cartes"),
    (r"^(.*?): a (\d+)-card pack has no such card$", r"\1 : le jeu de \2 cartes n'a pas cette carte"),
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


def _fr_types(words: str) -> str:
    """``int or null`` → ``entier ou null``."""
    return " ".join(_FR_TYPES.get(w, w) for w in words.split())


#: what the system says of a file (``strerror``), in French
_FR_OS = {"No such file or directory": "fichier ou dossier introuvable",
          "Permission denied": "permission refusée", "Is a directory": "c'est un dossier",
          "Not a directory": "ce n'est pas un dossier",
          "No space left on device": "plus de place sur le disque",
          "Read-only file system": "système de fichiers en lecture seule",
          "Disk quota exceeded": "quota de disque dépassé",
          "File name too long": "nom de fichier trop long", "Broken pipe": "tube fermé"}


#: the JSON decoder's messages (Python's ``json``), in French
_FR_JSON = [(re.compile(a), b) for a, b in (
    (r"^Expecting value", "valeur attendue"),
    (r"^Expecting property name enclosed in double quotes", "nom de clé entre guillemets attendu"),
    (r"^Expecting ',' delimiter", "virgule attendue"),
    (r"^Expecting ':' delimiter", "deux-points attendu"),
    (r"^Extra data", "données en trop"),
    (r"^Unterminated string starting at", "texte non terminé, commencé"),
    (r"^Invalid control character at", "caractère de contrôle invalide"),
    (r"^Invalid \\escape", "échappement \\ invalide"),
    (r" at line (\d+) column (\d+)", r", ligne \1, colonne \2"),
    (r" \(char \d+\)$", ""),
)]


def _fr_os(reason: str) -> str:
    return _FR_OS.get(reason, reason)


#: Python's reasons for a byte string that is not UTF-8 (``UnicodeDecodeError.reason``)
_FR_UTF8 = {"invalid start byte": "octet de tête invalide",
            "invalid continuation byte": "octet de continuation invalide",
            "unexpected end of data": "fin des données inattendue"}


def _fr_utf8(reason: str) -> str:
    return _FR_UTF8.get(reason, reason)


def _fr_json(msg: str) -> str:
    for pattern, french in _FR_JSON:
        msg = pattern.sub(french, msg, count=1)
    return msg


#: "where: message": a place in a record (``plays[0]``, ``deals[1].dealer``) or an option
_WHERE = re.compile(r"^(\S+): (.+)$")


def _fr_source(where: str) -> str:
    """Where a record was read from, in French (a file name stays as it is)."""
    return "l'entrée standard" if where == "standard input" else where


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
        if lang in TEXT:
            return lang
    return "fr"

