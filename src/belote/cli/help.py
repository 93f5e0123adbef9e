"""The command line's help in the language asked for (``belote -h``, ``belote check -h``…).

The English help is written where each command is declared (:mod:`belote.cli`: docstrings
and ``help=``); the French help, belote's default language, is here, with the value names
(metavars) of both languages and the words typer adds (``Usage:``, ``[default: …]``,
``[required]``). :func:`localize` puts one language on the command tree typer builds before
it parses the command line, so ``-h`` and the usage line of an error speak the same language
as the command's messages (``--lang``, then ``$BELOTE_LANG``, else French).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import typer

from ..engine import PRESET_NAMES

_PRESETS = ", ".join(PRESET_NAMES)
_LANG_FR = ("Langue des messages et de l'aide : fr ou en (par défaut : le --lang de belote, "
            "puis $BELOTE_LANG, sinon fr).")
_OPTION_FR = ("Changer une option des règles : NOM=VALEUR (répétable). Les noms : "
              "`belote rules`.")
_JSON_FR = "Écrire le résultat en JSON."
_PRESET_FR = f"Préréglage des règles : {_PRESETS}."
_SEED_FR = "Graine : même graine, mêmes donnes."

#: the application's help, French
GROUP_FR = (
    "belote — règles, arbitrage et jeu de la belote, de la contrée et de la coinche.\n\n"
    "Codes de sortie : 0 succès, 1 donne irrégulière, 2 entrée invalide, 3 erreur interne, 4 "
    "sortie non écrite (disque plein), 141 sortie fermée avant la fin (un tube vers head).")

#: command name -> (one-line help for the list of commands, full help), French
COMMANDS_FR: dict[str, tuple[str, str]] = {
    "check": (
        "Vérifier une donne enregistrée (règles et marque).",
        ("Vérifier une donne enregistrée (ou chaque donne d'une partie) selon ses règles et "
         "la marquer.\n\n"
         "Affiche la première enchère, annonce ou carte irrégulière (siège, pli, règle), le "
         "contrat, les points des plis, la belote, les annonces et ce que marque chaque "
         "équipe. Code de sortie 0 pour une donne régulière, 1 pour une donne irrégulière, 2 pour un "
         "enregistrement invalide.")),
    "legal": (
        "Les cartes que peut jouer le joueur dont c'est le tour.",
        ("Afficher les cartes que le joueur dont c'est le tour peut jouer (règles du jeu de "
         "la carte : docs/sources.md).")),
    "rules": (
        "Afficher les préréglages et leurs options.",
        ("Afficher les préréglages et leurs options (chaque option se change avec -o "
         "NOM=VALEUR).")),
    "deal": (
        "Distribuer et jouer une donne au hasard (enregistrement JSON).",
        ("Distribuer et jouer une donne régulière au hasard ; écrire son enregistrement "
         "(JSON). Pratique pour essayer `check`.")),
    "play": (
        "Jouer une partie contre trois bots dans le terminal.",
        ("Jouer une partie dans le terminal contre trois bots (plein écran ; q quitte et "
         "enregistre la partie).")),
    "replay": (
        "Revoir une partie ou une donne enregistrée, coup par coup.",
        ("Revoir une partie enregistrée coup par coup, en avant (→) et en arrière (←), toutes "
         "les mains visibles.")),
    "analyse": (
        "Valeur en double mort de chaque carte jouée.",
        ("Valeur en double mort (toutes les mains connues) de chaque carte jouée : quelle "
         "carte a perdu combien de points.\n\n"
         "Une valeur est le total des points des plis de l'équipe du joueur pour toute la "
         "donne, chacun des quatre jouant ensuite au mieux (dix de der compris, sans prime "
         "de capot). Sous le tableau : la perte de chaque équipe, les points de cartes "
         "qu'elle a faits et ses points en jeu parfait dès la première carte (leur écart "
         "est la perte de l'équipe moins celle de l'autre).")),
    "arena": (
        "Match en duplicate entre deux bots.",
        ("Match en duplicate du bot A contre le bot B : écart moyen de marque par donne (A − "
         "B) avec un intervalle de confiance à 95 %, contrats pris / réussis, temps par "
         "décision.")),
    "simulate": (
        "Des bots contre des bots : marques moyennes, contrats, capots.",
        ("Faire jouer des bots contre des bots et donner par équipe : marque moyenne par "
         "donne avec un intervalle de confiance à 95 %, contrats pris / réussis, capots, "
         "litiges et temps par décision.")),
}

#: command name ("" for belote's own options) -> parameter name -> help, French
PARAMS_FR: dict[str, dict[str, str]] = {
    "": {
        "lang": ("Langue des messages et de l'aide de la commande qui suit : fr ou en (le "
                 "--lang de la commande l'emporte ; par défaut : $BELOTE_LANG, sinon fr)."),
        "version": "Afficher la version de belote et quitter.",
    },
    "check": {
        "record": ("Enregistrement d'une donne (fichier JSON, ou - pour l'entrée standard) ; "
                   "une partie, ou un fichier d'une donne par ligne (simulate --out) : "
                   "chaque donne est vérifiée."),
        "as_json": _JSON_FR, "lang": _LANG_FR,
    },
    "legal": {
        "preset": _PRESET_FR,
        "trump": "Contrat : S H D C SA TA (pique, cœur, carreau, trèfle, sans atout, tout "
                 "atout).",
        "hand": ('Cartes du joueur dont c\'est le tour, par exemple "VH 9H AS 10D" (S H D C '
                 ": pique, cœur, carreau, trèfle ; ou ♠ ♥ ♦ ♣)."),
        "trick": "Cartes déjà posées sur le pli, l'entame d'abord.",
        "option": _OPTION_FR, "as_json": _JSON_FR, "lang": _LANG_FR,
    },
    "rules": {
        "preset": "Un préréglage à afficher (tous sans lui).",
        "option": _OPTION_FR, "as_json": _JSON_FR, "lang": _LANG_FR,
    },
    "deal": {
        "preset": _PRESET_FR,
        "seed": "Graine du hasard (même graine, même donne).",
        "dealer": "Siège du donneur, 0 à 3.",
        "option": _OPTION_FR,
        "output": "Écrire l'enregistrement dans ce fichier.",
        "lang": _LANG_FR,
    },
    "play": {
        "preset": f"Préréglage des règles : {_PRESETS} (par défaut : classique).",
        "target": "Points à atteindre (parties en points).",
        "seed": _SEED_FR,
        "bots": ("Bots des autres sièges, depuis votre droite : un nom pour tous, ou trois "
                 "(random, heuristic, expert ; expert:N pour N mondes par décision). Par "
                 "défaut heuristic."),
        "seat": "Votre siège, 0 à 3 (les sièges 0 et 2 sont une équipe).",
        "auto_belote": "Annoncer la belote automatiquement (ou la demander).",
        "resume": ("Reprendre la partie enregistrée en quittant (ses règles, ses sièges et "
                   "ses bots)."),
        "option": _OPTION_FR,
        "lang": ("Langue de la table : fr ou en (par défaut : le --lang de belote, puis "
                 "$BELOTE_LANG, puis celle de la partie reprise, sinon fr)."),
    },
    "replay": {
        "record": ("Une partie ou une donne enregistrée (JSON), ou avec --deal un fichier "
                   "d'une donne par ligne (simulate --out)."),
        "deal_no": "Quelle ligne d'un fichier de simulate --out (1 = la première).",
        "lang": _LANG_FR,
    },
    "analyse": {
        "record": ("Une donne enregistrée (JSON), ou avec --deal une partie ou un fichier "
                   "d'une donne par ligne (simulate --out)."),
        "deal_no": ("Quelle donne d'une partie ou quelle ligne d'un fichier de simulate "
                    "--out (1 = la première)."),
        "as_json": _JSON_FR, "lang": _LANG_FR,
    },
    "arena": {
        "a": "Bot A (random, heuristic, expert ; expert:N pour N mondes par décision).",
        "b": "Bot B.",
        "preset": _PRESET_FR,
        "deals": "Donnes, chacune jouée deux fois (sièges échangés).",
        "seed": "Graine : même graine, mêmes jeux distribués.",
        "play_only": ("Jeu de la carte seul : les deux tables jouent le même contrat ; donne "
                      "la part des points des plis de A."),
        "worlds": "Mondes par décision de `expert` (`expert:N` garde ses N).",
        "option": _OPTION_FR, "as_json": _JSON_FR, "lang": _LANG_FR,
    },
    "simulate": {
        "preset": _PRESET_FR,
        "deals": "Nombre de donnes à jouer.",
        "seed": "Graine : même graine, mêmes jeux distribués.",
        "bots": ("Bots des sièges 0,1,2,3 (équipe 0 = sièges 0 et 2) : random, heuristic, "
                 "expert ou expert:N (N mondes par décision), par exemple "
                 "heuristic,random,heuristic,random ; deux noms pour les deux équipes "
                 "(heuristic,random), un seul pour tous les sièges."),
        "option": _OPTION_FR,
        "output": "Enregistrer chaque donne, un objet JSON par ligne.",
        "as_json": _JSON_FR, "lang": _LANG_FR,
    },
}

#: parameter name -> (English, French) name of its value in the help and usage lines (the
#: same name means the same kind of value in every command)
METAVARS: dict[str, tuple[str, str]] = {
    "record": ("RECORD", "FICHIER"),
    "preset": ("PRESET", "PRÉRÉGLAGE"),
    "trump": ("KIND", "CONTRAT"),
    "hand": ("CARDS", "CARTES"),
    "trick": ("CARDS", "CARTES"),
    "option": ("NAME=VALUE", "NOM=VALEUR"),
    "lang": ("fr|en", "fr|en"),
    "seed": ("N", "N"),
    "dealer": ("SEAT", "SIÈGE"),
    "seat": ("SEAT", "SIÈGE"),
    "output": ("FILE", "FICHIER"),
    "target": ("POINTS", "POINTS"),
    "bots": ("BOTS", "BOTS"),
    "a": ("BOT", "BOT"),
    "b": ("BOT", "BOT"),
    "deals": ("N", "N"),
    "deal_no": ("N", "N"),
    "worlds": ("N", "N"),
}

#: the words typer writes around the help texts, French (a section heading is followed by
#: click's colon: "Commandes :")
_FR_WORDS = {"Usage: ": "Usage : ", "Options": "Options ", "Arguments": "Arguments ",
             "Commands": "Commandes ", "Show this message and exit.": "Afficher cette aide et "
             "quitter."}
_EXTRA = re.compile(r"\[([^\[\]]*)\]$")  # typer's "[default: 1; x>=1; required]"


#: click's ranges ("x>=1", "1<=x<=500") in words
_FR_RANGES = tuple((re.compile(p), f) for p, f in (
    (r"^(-?[\d.]+)<=x<=(-?[\d.]+)$", r"de \1 à \2"),
    (r"^x>=(-?[\d.]+)$", r"au moins \1"),
    (r"^x<=(-?[\d.]+)$", r"au plus \1"),
    (r"^x>(-?[\d.]+)$", r"plus de \1"),
    (r"^x<(-?[\d.]+)$", r"moins de \1"),
))


def _fr_extra(match: re.Match[str]) -> str:
    parts = []
    for part in match[1].split("; "):
        if part.startswith("default: "):
            part = "par défaut : " + part[len("default: "):]
        elif part == "required":
            part = "obligatoire"
        else:
            for pattern, words in _FR_RANGES:
                if pattern.match(part):
                    part = pattern.sub(words, part)
                    break
        parts.append(part)
    return "[" + " ; ".join(parts) + "]"


class _Formatter(typer.Context.formatter_class):  # type: ignore[misc,name-defined]
    """click's help formatter (typer's copy), without typer's ``<str>`` after a named
    argument (``RECORD <str>``: the name says what it is)."""

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl([(term.removesuffix(" <str>"), text) for term, text in rows],
                         col_max, col_spacing)


def _nbsp(text: str) -> str:
    """French typography: the space before ``:`` ``;`` ``?`` ``!`` made non-breaking (click's
    wrapping then never starts a line with one)."""
    return re.sub(r" ([:;?!])", "\u00a0\\1", text)


class _FrFormatter(_Formatter):
    """:class:`_Formatter` with typer's own words in French, French spacing."""

    def write_text(self, text: str) -> None:
        super().write_text(_nbsp(text))

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _FR_WORDS["Usage: "] if prefix is None else prefix)

    def section(self, name: str) -> Any:
        return super().section(_FR_WORDS.get(name, name))

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30,
                 col_spacing: int = 2) -> None:
        super().write_dl([(term, _nbsp(_EXTRA.sub(_fr_extra, _FR_WORDS.get(text, text))))
                          for term, text in rows], col_max, col_spacing)


class _Context(typer.Context):
    """typer's context, with :class:`_Formatter`."""

    formatter_class = _Formatter


class _FrContext(typer.Context):
    """typer's context, with the French help formatter."""

    formatter_class = _FrFormatter


def localize(group: Any, lang: str) -> None:
    """Put ``lang``'s help (``fr`` or ``en``) on typer's command tree ``group`` (a click
    group, built afresh for each run of the application): value names in both languages,
    and in French the help texts of the group, its commands and their parameters, and the
    words typer adds. A parameter without a French text keeps its English one."""
    fr = lang == "fr"
    commands = getattr(group, "commands", {})
    for name, cmd in [("", group), *commands.items()]:
        # the English texts, kept the first time: a tree localized twice (one object run
        # twice) gets each language whole
        en = cmd.__dict__.setdefault("_belote_en", (cmd.help, cmd.short_help,
                                                   getattr(cmd, "subcommand_metavar", None)))
        cmd.help, cmd.short_help, sub = en
        if sub is not None:
            cmd.subcommand_metavar = "COMMANDE [ARGS]..." if fr else sub
        cmd.context_class = _FrContext if fr else _Context
        if fr and name in COMMANDS_FR:
            cmd.short_help, cmd.help = COMMANDS_FR[name]
        if fr and not name:
            cmd.help = GROUP_FR
        if name == "play":  # the table's keys, as the table lists them when it opens
            from ..tui.i18n import TEXTS
            cmd.epilog = TEXTS[lang if lang in TEXTS else "fr"]["help"]
        helps = PARAMS_FR.get(name, {}) if fr else {}
        for p in cmd.params:
            english = p.__dict__.setdefault("_belote_en", p.help)  # kept the first time
            p.help = helps.get(p.name, english)
            if p.name in METAVARS:
                p.metavar = METAVARS[p.name][1 if fr else 0]
