"""The ``belote`` command line (typer): a thin layer over :mod:`belote.engine`.

Exit codes: 0 success (a regular deal), 1 an irregular deal (``check``), 2 bad input
(malformed record, bad card, unknown option, usage error), 3 an internal error (a bug).
"""

from __future__ import annotations

import errno
import itertools
import json
import os
import random
import re
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.core import TyperGroup

from .cli_help import localize
from .engine import (
    PRESET_NAMES,
    BeloteError,
    Deal,
    RecordError,
    Rules,
    Trump,
    card_fr,
    card_label,
    card_str,
    parse_card,
    parse_cards,
    shuffled_deck,
    tables,
)
from .engine.cards import mask_of
from .engine.play import check_position, legal_cards
from .engine.record import (
    GAME_FORMAT,
    check_deal,
    deal_to_record,
    dumps,
    game_from_record,
    irregularity_message,
    loads_json,
    read_file,
)
from .engine.rules import OPTION_NAMES
from .engine.sources import name_sources

EXIT_OK, EXIT_IRREGULAR, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
#: the output was closed before the command finished writing (``belote … | head``): the
#: status of a Unix tool stopped by SIGPIPE (128 + 13), not click's 1 (an irregular deal here)
EXIT_PIPE = 141
#: the output could not be written (a full disk, a closed stream): not a bug of ours
EXIT_OUTPUT = 4

# click's exception classes as typer raises them (typer carries its own copy of click: the
# ``click`` package's classes are other classes); typer exports BadParameter, a subclass
_ClickException = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")


class _Group(TyperGroup):
    """belote's command group: typer's own, with click's usage errors ("No such option",
    "Missing argument"…) in the language the command line asks for, French by default
    (click words them in English). Exit codes as click's: 2 for a usage error."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True,
             **extra):
        argv = sys.argv[1:] if args is None else list(args)
        self.belote_lang = _lang_of(argv)  # read before parsing (see _lang_of)
        localize(self, self.belote_lang)  # -h and usage lines in the command's language
        if not standalone_mode:
            return super().main(argv, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(argv, prog_name, complete_var, False, **extra)
        except _ClickException as e:
            if type(e).__name__ == "NoArgsIsHelpError":  # plain ``belote``: the help
                _show(e)
            else:
                _click_error(e, self.belote_lang)
            sys.exit(e.exit_code)
        except typer.Abort:
            err.print("Interrompu." if self.belote_lang == "fr" else "Aborted!",
                      highlight=False)
            sys.exit(1)
        # a finished command returns None (exit 0); typer.Exit(n) comes back as n
        sys.exit(rv if isinstance(rv, int) else 0)


def _show(e: Exception) -> None:
    """click's own display of a usage error (English) or of the help; when standard error is
    closed, nothing: the exit code still tells (2, not 4 for an output not written)."""
    try:
        e.show()  # type: ignore[attr-defined]
    except OSError:
        pass


def _click_error(e: Exception, lang: str) -> None:
    """A usage error as click shows it (the usage line, where to find help, the error), in
    French unless ``lang`` is ``en``."""
    if lang == "en":
        _show(e)
        return
    ctx = getattr(e, "ctx", None)
    lines = []
    if ctx is not None:
        lines.append(ctx.get_usage())  # "Usage : …" (cli_help.localize)
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(f"Essayez « {ctx.command_path} {ctx.help_option_names[0]} » pour "
                         "l'aide.")
        lines.append("")
    try:
        err.print(escape("\n".join(lines + [""])) + "[bold red]erreur :[/] " +
                  escape(_in_french(e.format_message())), highlight=False)
    except OSError:  # standard error closed: the exit code still tells
        pass


app = typer.Typer(
    name="belote", cls=_Group, no_args_is_help=True, add_completion=False, rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    help="belote — play, referee and analyse belote, contrée and coinche.\n\n"
         "Exit codes: 0 ok, 1 irregular deal, 2 bad input, 3 internal error, 4 output not "
         "written (disk full), 141 output closed early (a pipe into head).")
class _Out(Console):
    """Standard output: when its reader is gone (``belote … | head``), stop writing and exit
    141, the status of a Unix tool stopped by SIGPIPE (rich's own handler exits 1, which here
    means an irregular deal)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        _silence_stdout()
        raise SystemExit(EXIT_PIPE)


class _Err(Console):
    """Standard error: when nobody reads it any more, the messages are dropped and the command
    ends with its own exit code."""

    def on_broken_pipe(self) -> None:
        self.quiet = True


def _silence_stdout() -> None:
    """Point standard output at the null device (nothing more is written, and the interpreter's
    last flush cannot fail)."""
    import os
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


out = _Out()
# messages are single lines: not cut at 80 columns when they go to a file or a pipe (a
# terminal still wraps them between words)
out.soft_wrap = not out.is_terminal
if not out.is_terminal and not os.environ.get("COLUMNS"):
    # tables too: in a file or a pipe they take the width they need (up to 200 columns)
    # instead of cutting words at rich's default of 80 (COLUMNS still sets a width)
    out.width = 200
err = _Err(stderr=True, soft_wrap=True)
for _console in (out, err):
    if _console.width < 1:  # COLUMNS=0: rich would print nothing at all
        _console.width = 80

LANG_ENV = "BELOTE_LANG"  # the default language of messages when --lang is not given


def _lang_value(v: Any) -> Any:
    """``--lang`` as typed: any case and spaces (``EN``, `` en``) give ``en``, and a locale
    name its language (``en_US.UTF-8``: ``en``, as in ``LANG``)."""
    if not isinstance(v, str):
        return v
    v = v.strip().lower()
    return re.split(r"[_.@-]", v, maxsplit=1)[0] if re.match(r"^[a-z]{2}[_.@-]", v) else v


LangOpt = Annotated[str, typer.Option(
    "--lang", help="Language of messages and help: fr or en (default: belote's own --lang, "
                   "then $BELOTE_LANG, else fr).", callback=_lang_value, show_default=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print the result as JSON.")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="Override a rules option: NAME=VALUE (repeatable). "
                           "See `belote rules` for the names.")]

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


def _print_version() -> None:
    """``belote --version``: print the version and exit 0 (an eager option: before any
    command is needed)."""
    from . import __version__
    out.print(f"belote {__version__}", highlight=False)
    raise typer.Exit(EXIT_OK)


@app.callback()
def _group(
    ctx: typer.Context,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Language of messages and help for the command that follows: fr or "
                       "en (the command's own --lang wins; default: $BELOTE_LANG, else fr).",
        envvar=LANG_ENV, show_envvar=False, callback=_lang_value)] = None,
    version: Annotated[bool, typer.Option(
        "--version", help="Print belote's version and exit.", is_eager=True,
        callback=lambda v: _print_version() if v else None)] = False,
) -> None:
    # (no docstring: the application's help stays the one given to typer.Typer)
    if lang and lang not in TEXT:
        source = ctx.get_parameter_source("lang")  # (typer's own copy of click's enum)
        if getattr(source, "name", None) != "ENVIRONMENT":
            _lang(lang)  # refused as a command's own --lang is
        # a variable set for something else must not stop every command (a command's own
        # --lang would still win): say it once and go on in the default language
        bad = os.environ.get(LANG_ENV)
        err.print(f"belote: {LANG_ENV}={bad!r} ignored (fr or en)"  # a command's --lang en
                  if getattr(ctx.command, "belote_lang", "fr") == "en" else
                  f"belote : {LANG_ENV}={bad!r} ignorée (fr ou en)", highlight=False)
        lang = None
    if lang:
        # the command's --lang defaults to this one (click's default_map: a command's own
        # option, given after its name, still wins)
        ctx.default_map = {name: {"lang": lang} for name in ctx.command.commands}  # type: ignore[attr-defined]


def _first_use_note(lang: str) -> None:
    """On a terminal, say that the solver compiles on its first use (about 10 s of silence
    otherwise)."""
    from .solver import kernel_ready
    if err.is_terminal and not kernel_ready():
        err.print("[dim]" + ("Première utilisation : compilation du solveur (environ 10 s, une "
                             "seule fois)…" if lang == "fr" else
                             "First use: compiling the solver (about 10 s, once)…") + "[/]")


def _warm_up(lang: str) -> None:
    """Before a timed match with the expert: compile the solver (or load it from the disk
    cache) first, saying so on a terminal, so that the time per decision does not count it."""
    from .solver import warm_up
    _first_use_note(lang)
    warm_up()


def _need_terminal(command: str, lang: str) -> None:
    """The full-screen commands (play, replay) need a terminal for input and output: without
    one they would draw for nobody and never end. Exit 2 with a message."""
    if not (sys.stdin is not None and sys.stdin.isatty() and sys.stdout.isatty()):
        _fail(f"belote {command} needs a terminal (an interactive window): run it there, not "
              "with its input or output redirected", lang)


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


def _fail(message: str, lang: str = "fr", code: int = EXIT_BAD_INPUT) -> None:
    """Print ``message`` as an error (in French by default) and exit ``code`` (2: bad input)."""
    if lang == "fr":
        message = _in_french(message)
    message = name_sources(message, lang)  # "(002 §IV.C)" -> "(règlement FFB §IV.C)"
    try:
        tl = TEXT.get(lang, TEXT['fr'])
        err.print(f"[bold red]{tl['error']}{tl['colon']}[/] {escape(message)}",
                  markup=True, highlight=False)
    except OSError:  # standard error closed: the exit code still tells
        pass
    raise typer.Exit(code)


def _n_deals(n: int, fr: bool) -> str:
    """``n`` deals, singular or plural: "1 donne", "3 donnes", "1 deal"."""
    return f"{n} " + ("donne" if fr else "deal") + ("s" if n != 1 else "")


#: errors of a stream that cannot take what is written (not a wrong path): exit 4
_OUTPUT_ERRNOS = {getattr(errno, n) for n in ("ENOSPC", "EBADF", "EIO", "EFBIG", "EDQUOT")
                  if hasattr(errno, n)}  # (not every system has them all)


def _write_failed(path: str, e: OSError, lang: str) -> None:
    """``--out path`` could not be written: a full disk or a failing device exits 4 (output not
    written), a pipe closed early 141 (``--out /dev/stdout | head``), a wrong path (no such
    folder, no permission, a folder) 2 (bad input)."""
    if e.errno == errno.EPIPE:
        _silence_stdout()
        raise typer.Exit(EXIT_PIPE)
    _fail(f"cannot write {path}: {e.strerror or e}", lang,
          EXIT_OUTPUT if e.errno in _OUTPUT_ERRNOS else EXIT_BAD_INPUT)


class _Lines(list):
    """The deal records of a JSON Lines file (``simulate --out``: one a line); ``numbers``:
    the line of each."""

    def __init__(self, deals: list, numbers: list[int]):
        super().__init__(deals)
        self.numbers = numbers


def _read_record(record: str, lang: str = "en") -> Any:
    """The record at ``record`` (a path, or ``-`` for standard input), read once: one JSON
    document, or JSON Lines, one deal record a line as ``simulate --out`` writes them (a
    :class:`_Lines`). A UTF-8 byte-order mark is allowed. Raises RecordError (unreadable, not
    JSON; in JSON Lines, the first bad line by its number, "ligne" in French)."""
    word = "ligne" if lang == "fr" else "line"
    if record == "-":
        if sys.stdin is None:
            raise RecordError("standard input is closed")
        data, source = sys.stdin.buffer.read(), "standard input"
    else:
        data, source = read_file(record), record
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"{source} is not UTF-8 text: {e.reason}") from None
    try:
        return loads_json(text, source)
    except RecordError as e:
        first = e
    lines = [(n, x) for n, x in enumerate(text.splitlines(), 1) if x.strip()]
    if len(lines) < 2:
        raise first
    try:
        head = loads_json(lines[0][1], source)
    except RecordError:
        raise first from None
    if not isinstance(head, dict):
        raise first
    deals = []
    for n, x in lines:  # JSON Lines: every line a deal record
        d = loads_json(x, f"{source}, {word} {n}")
        if not isinstance(d, dict):
            raise RecordError(f"{source}, {word} {n}: a deal record (a JSON object) expected")
        deals.append(d)
    return _Lines(deals, [n for n, _ in lines])


def _choose_deal(rec: Any, deal_no: int | None, games: bool) -> Any:
    """The record ``--deal N`` names in what :func:`_read_record` read: a line of a JSON Lines
    file, or (with ``games``) a deal of a game record; any other record is itself the one deal
    (``--deal 1`` or none). Raises BeloteError when N is missing or out of range."""
    lines = isinstance(rec, _Lines)
    if lines or (games and isinstance(rec, dict) and rec.get("format") == GAME_FORMAT):
        deals = rec if lines else rec.get("deals")
        if not isinstance(deals, list) or not deals:
            raise BeloteError("deals: the game record has no deal")
        if deal_no is None or deal_no > len(deals):
            what = f"a file of {len(deals)} deal records (one a line)" if lines else \
                f"a game of {len(deals)} deals"
            raise BeloteError(f"this is {what}: choose one with --deal 1..{len(deals)}"
                              + ("" if deal_no is None else f" (not {deal_no})"))
        return deals[deal_no - 1]
    if deal_no not in (None, 1):
        raise BeloteError("--deal chooses a deal of a game record or a line of a simulate --out "
                          "file; this is a single deal record (--deal 1)" if games else
                          "--deal chooses a line of a simulate --out file; this is a single "
                          "record (--deal 1)")
    return rec


def _rules(preset: str, options: list[str] | None) -> Rules:
    over: dict[str, Any] = {}
    for item in options or []:
        if "=" not in item:
            raise BeloteError(f"--option {item!r}: expected NAME=VALUE")
        name, value = item.split("=", 1)
        name = name.strip().replace("-", "_")
        over[name] = Rules.parse_value(name, value)
    return Rules.preset(preset, **over)


@app.command(short_help="Check a deal record against its rules and score it.")
def check(
    record: Annotated[str, typer.Argument(
        help="Deal record (JSON file, or - for standard input); a game record, or a file of "
             "one deal record a line (simulate --out), checks every deal.")],
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Check a recorded deal (or every deal of a game record) against its rules and score it.

    Prints the first irregular bid, declaration or card (seat, trick, rule), the contract, card
    points, belote, annonces and what each team marks. Exit 0 for a regular deal, 1 for an
    irregular one, 2 for a malformed record."""
    t = _lang(lang)
    try:
        rec = _read_record(record, lang)
        if isinstance(rec, _Lines) or (isinstance(rec, dict) and
                                       rec.get("format") == GAME_FORMAT):
            _check_game(rec, as_json, t, lang)
            return
        report = check_deal(rec)
    except BeloteError as e:
        if as_json:
            print(json.dumps({"error": str(e)}, ensure_ascii=False))
        _fail(str(e), lang)
        return
    data = report.to_json()
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        _print_report(data, t, lang)
    raise typer.Exit(EXIT_OK if report.legal else EXIT_IRREGULAR)


def _check_game(rec: Any, as_json: bool, t: dict[str, str], lang: str) -> None:
    """Check every deal of a game record (or of a JSON Lines file, :class:`_Lines`: then the
    totals are the plain sums of the deals' scores); exit 1 if any is irregular."""
    game = not isinstance(rec, _Lines)
    deals = rec.get("deals") if game else rec
    if not isinstance(deals, list):
        raise BeloteError("deals: expected a list of deal records")
    reports = []
    for i, d in enumerate(deals):
        try:
            reports.append(check_deal(d).to_json())
        except BeloteError as e:
            where = f"deals[{i}]" if game else \
                f"{'ligne' if lang == 'fr' else 'line'} {rec.numbers[i]}"
            raise BeloteError(f"{where}: {e}") from None
    legal_all = all(r["legal"] for r in reports)
    totals = [sum((r["score"] or [0, 0])[k] for r in reports) for k in (0, 1)]
    if legal_all and game:
        totals = list(game_from_record(rec).scores)  # with litige points carried (§7)
    if as_json:
        head = {"format": GAME_FORMAT} if game else {}
        print(json.dumps({**head, "legal": legal_all, "deals": reports, "scores": totals},
                         ensure_ascii=False, indent=2))
    else:
        for i, r in enumerate(reports):
            score = "–" if r["score"] is None else f"{r['score'][0]} – {r['score'][1]}"
            if r["legal"]:
                flag = t["regular"]
            else:
                irr = r["irregularity"]
                flag = f"{t['irregular']}{t['colon']} {irregularity_message(irr, lang)} [{irr['rule']}]."
            # the contract, and what is known of a deal not finished (a game saved mid-deal)
            if r["passed_out"]:
                flag += f" {t['passed']}"
            elif r["contract"] is not None:
                flag += f" {_contract_line(r['contract'], t)}."
            if not r["complete"] and not r["passed_out"]:
                flag += f" {t['incomplete']}"
                if r["contract"] is not None and r["score"] is None:
                    flag += f" {t['points']}{t['colon']} {r['points'][0]} – {r['points'][1]}."
            # (no markup: a rule key in brackets, "[follow_suit]", is text, not a style)
            out.print(f"{i + 1:>3}. {score:>12}  {flag}", markup=False, highlight=False)
        out.print(f"[bold]{t['score']}{t['colon']} {totals[0]} – {totals[1]}[/]")
    raise typer.Exit(EXIT_OK if legal_all else EXIT_IRREGULAR)


def _contract_line(c: dict, t: dict[str, str]) -> str:
    """``Contrat : 100 ♥ ×2 — Preneur : place 1 (équipe 1)`` from a contract's JSON."""
    value = f"{c['value']} " if c["value"] and c["kind"] == "normal" else ""
    kind = {"normal": "", "capot": "capot ", "generale": "générale "}[c["kind"]]
    dbl = {1: "", 2: " ×2", 4: " ×4"}[c["doubled"]]
    trump = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(c["trump"], c["trump"])
    return (f"{t['contract']}{t['colon']} {kind}{value}{trump}{dbl} — {t['taker']}{t['colon']} "
            f"{t['seat']} {c['taker']} ({t['team']} {c['taker'] % 2})")


def _print_report(data: dict, t: dict[str, str], lang: str) -> None:
    irr = data["irregularity"]
    if irr is None:
        out.print(f"[bold green]{t['regular']}[/]")
    else:
        msg = irregularity_message(irr, lang)
        where = f"{t['seat']} {irr['seat']}"
        if irr["trick"]:
            where += f", {t['trick']} {irr['trick']}"
        card = ""
        if irr["card"]:
            try:
                card = f" ({card_label(parse_card(irr['card']), lang)})"
            except BeloteError:
                card = f" ({irr['card']})"
        c = t["colon"]
        out.print(f"[bold red]{t['irregular']}[/]{c} {where}{card}{c} {msg} "
                  f"[dim]\\[{irr['rule']}][/]")
    if data["passed_out"]:
        out.print(t["passed"])
        return
    if irr is not None and irr["kind"] == "bid":
        out.print(t["stopped"])
        return
    c = data["contract"]
    if c is None:
        out.print(t["incomplete"])
        return
    out.print(_contract_line(c, t))
    if data["score"] is None:
        out.print(t["incomplete"])
        out.print(f"{t['points']}{t['colon']} {data['points'][0]} – {data['points'][1]}")
        return
    verdict = t["made"] if data["made"] else (t["litige"] if data["made"] is None else t["failed"])
    if data["litige"] and data["made"] is False:
        verdict += f" ({t['litige']})"
    if data["capot"]:
        verdict += f", {t['capot']} ({t['team']} {data['capot_team']})"
    if data["penalty"] is not None:  # made or failed by the penalty, not by the card points
        verdict += f" ({t['penalty'].lower()})"
    table = Table(show_header=True, header_style="bold")
    table.add_column("")
    table.add_column(f"{t['team']} 0 (0+2)", justify="right")
    table.add_column(f"{t['team']} 1 (1+3)", justify="right")
    table.add_row(t["points"], *map(str, data["points"]))
    table.add_row(t["belote"], *map(str, data["belote"]))
    table.add_row(t["annonces"], *map(str, data["annonces"]))
    table.add_row(f"[bold]{t['score']}[/]", *[f"[bold]{x}[/]" for x in data["score"]])
    out.print(f"→ {verdict}")
    out.print(table)
    if data["held"]:
        out.print(f"{t['held']}{t['colon']} {data['held']}")
    if data["penalty"] is not None:
        faulty = data["penalty"]
        out.print(f"{t['penalty']}{t['colon']} " + name_sources(
            f"coup irrégulier : la donne est perdue pour l'équipe {faulty}, "
            f"{data['score'][1 - faulty]} points à l'équipe {1 - faulty} (002 §VIII.B)"
            if lang == "fr" else
            f"irregular play: the deal is lost for team {faulty}, {data['score'][1 - faulty]} "
            f"points to team {1 - faulty} (002 §VIII.B)", lang))


@app.command(short_help="The cards the player to move may legally play.")
def legal(
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESET_NAMES)}.")],
    trump: Annotated[str, typer.Option(help="Contract kind: S H D C SA TA (spades, hearts, "
                                            "diamonds, clubs, no trump, all trump).")],
    hand: Annotated[str, typer.Option(help='Cards of the player to move, e.g. "JH 9H AS 10D".')],
    trick: Annotated[str, typer.Option(help="Cards already on the trick, leader first.")] = "",
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Print the cards the player to move may legally play (card-play rules: docs/sources.md)."""
    _lang(lang)
    try:
        rules = _rules(preset, option)
        tr = Trump.parse(trump)
        h = parse_cards(hand)
        tk = parse_cards(trick)
        check_position(rules, tr, h, tk)
    except BeloteError as e:
        _fail(str(e), lang)
        return
    mask, _rule = legal_cards(mask_of(h), tk, tables(tr, rules.sa_ace_points, rules.deck),
                              rules.must_underruff, rules.must_beat_in_suit,
                              rules.must_overtrump_partner)
    cards = [c for c in h if (mask >> c) & 1]
    if as_json:
        print(json.dumps([card_str(c) for c in cards]))
    else:
        out.print(" ".join(card_label(c, lang) for c in cards), highlight=False)


@app.command("rules", short_help="Show the presets and their options.")
def rules_cmd(
    preset: Annotated[str | None, typer.Argument(help="A preset to show (all if omitted).")] = None,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Show the presets and their options (every option can be overridden with -o NAME=VALUE)."""
    _lang(lang)
    try:
        names = [preset] if preset else list(PRESET_NAMES)
        rules = [_rules(n, option) for n in names]
    except BeloteError as e:
        _fail(str(e), lang)
        return
    if as_json:
        print(json.dumps({r.preset_name: r.to_dict() for r in rules}, ensure_ascii=False, indent=2))
        return
    def shown(v: Any) -> str:  # as typed after -o NAME=
        if isinstance(v, bool):
            return "true" if v else "false"
        return "-".join(map(str, v)) if isinstance(v, tuple) else str(v)
    cells = {r.preset_name: [shown(getattr(r, name)) for name in OPTION_NAMES] for r in rules}
    # as many presets a table as the width holds (a narrow terminal gets several tables,
    # each with the option names, rather than words cut inside the cells): a column takes
    # its longest value, its padding and a border
    widths = {p: max(map(len, [p, *v])) + 3 for p, v in cells.items()}
    room = out.width - (max(map(len, OPTION_NAMES)) + 4)
    groups: list[list[str]] = [[]]
    for p in cells:
        if groups[-1] and sum(widths[q] for q in groups[-1]) + widths[p] > room:
            groups.append([])
        groups[-1].append(p)
    for i, group in enumerate(groups):
        last = i == len(groups) - 1
        table = Table(title=(("belote : préréglages" if lang == "fr" else "belote: presets")
                             if i == 0 else None),
                      caption=(("valeurs telles que -o NOM=VALEUR les prend" if lang == "fr"
                                else "values as -o NAME=VALUE takes them") if last else None))
        table.add_column("option", no_wrap=True)
        for p in group:
            table.add_column(p, overflow="fold")
        for k, name in enumerate(OPTION_NAMES):
            table.add_row(name, *[cells[p][k] for p in group])
        out.print(table)


@app.command("deal", short_help="Deal and play one random legal deal (JSON record).")
def deal_cmd(
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESET_NAMES)}.")] = "coinche",
    seed: Annotated[int | None, typer.Option(help="Random seed (same seed, same deal).")] = None,
    dealer: Annotated[int, typer.Option(help="Dealer seat 0..3.", min=0, max=3)] = 0,
    option: OptionOpt = None,
    output: Annotated[str | None, typer.Option("--out", help="Write the record to this file.")] = None,
    lang: LangOpt = "fr",
) -> None:
    """Deal and play one random legal deal; print its record (JSON). Handy to try `check`."""
    _lang(lang)
    try:
        rules = _rules(preset, option)
    except BeloteError as e:
        _fail(str(e), lang)
        return
    rng = random.Random(seed)
    d = Deal.deal(rules, dealer, shuffled_deck(rules, rng))
    while not d.is_over():
        acts = list(d.legal_actions())
        if d.phase.value == "bidding" and rules.bidding == "auction":
            # keep random auctions sober: mostly pass, else one of the lowest bids
            bids = [a for a in acts if str(a) != "pass"][:4]
            acts = bids if bids and (rng.random() < 0.25 or len(d.bids) == 3) else acts[:1]
        # say belote and declare whenever possible, else any legal action
        special = [a for a in acts if str(a) == "belote" or str(a).startswith("declare")]
        d.play(special[0] if special else rng.choice(acts))
    text = dumps(deal_to_record(d))
    if output:
        try:
            with open(output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            _write_failed(output, e, lang)
        err.print(f"écrit : {output}" if lang == "fr" else f"wrote {output}", highlight=False)
    else:
        sys.stdout.write(text)


@app.command(short_help="Play a game against three bots in the terminal.")
def play(
    preset: Annotated[str | None, typer.Option(
        help=f"Rules preset: {', '.join(PRESET_NAMES)} (default: classique).")] = None,
    target: Annotated[int | None, typer.Option(help="Points to reach (target games).", min=1)] = None,
    seed: Annotated[int | None, typer.Option(help="Seed: same seed, same deals.")] = None,
    bots: Annotated[str | None, typer.Option(
        help="Bots of the other seats, from your right: one name for all, or three names "
             "(random, heuristic, expert; expert:N for N worlds a decision). Default "
             "heuristic.")] = None,
    seat: Annotated[int | None, typer.Option(help="Your seat 0..3 (seats 0 and 2 are one team).",
                                             min=0, max=3)] = None,
    auto_belote: Annotated[bool | None, typer.Option("--auto-belote/--ask-belote",
                                                     help="Say belote automatically (or be "
                                                          "asked).")] = None,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the game saved on quitting "
                                         "(the saved game's rules, seats and bots).")] = False,
    option: OptionOpt = None,
    lang: Annotated[str | None, typer.Option(
        "--lang", help="Language of the table: fr or en (default: belote's own --lang, then "
                       "$BELOTE_LANG, then a resumed game's, else fr).",
        callback=_lang_value)] = None,
) -> None:
    """Play a game in the terminal against three bots (full screen; q quits and saves)."""
    from .bots import BOT_NAMES, parse_bot
    from .engine.game import Game
    from .tui import storage
    from .tui.app import BeloteApp
    if lang is not None:
        _lang(lang)
    try:
        if resume:
            given = [n for n, v in (("--preset", preset), ("--target", target), ("--seed", seed),
                                    ("--bots", bots), ("--seat", seat), ("-o", option)) if v]
            if given:
                raise BeloteError(f"{', '.join(given)}: a resumed game keeps its own rules, seats "
                                  "and bots; start a new game to change them")
            game, table = storage.load_current()
            names, human, auto, saved_lang, stamp = _table_settings(table, BOT_NAMES)
            lang = lang or saved_lang
            if auto_belote is not None:
                auto = auto_belote
        else:
            rules = _rules(preset or "classique", option)
            if target is not None:
                rules = rules.replace(game_end="target", target=target)
            names = [b.strip() for b in (bots or "heuristic").split(",")]
            if len(names) == 1:
                names = names * 3
            if len(names) != 3:
                raise BeloteError(f"--bots: one or three of {', '.join(BOT_NAMES)} "
                                  "(expert:N for N worlds a decision)")
            for n in names:
                parse_bot(n)  # a clear message for a bad name or level
            game = Game(rules, seed=seed)
            human, auto, stamp = seat or 0, bool(auto_belote), None
            lang = lang or "fr"
    except (BeloteError, ValueError) as e:
        _fail(str(e), lang or "fr")
        return
    _need_terminal("play", lang or "fr")
    warn = not resume and storage.current_path().exists()
    app_ = BeloteApp(game, human=human, bot_names=names, lang=lang, auto_belote=auto,
                     stamp=stamp, warn_saved=warn)
    app_.run()
    if app_.return_code not in (0, None):
        err.print("internal error in the table — please report it", highlight=False)
        raise typer.Exit(EXIT_INTERNAL)
    if app_.saved_to is not None and game.current is not None:
        err.print((f"Partie enregistrée : {app_.saved_to} — belote play --resume pour la reprendre."
                   if lang == "fr" else
                   f"Game saved: {app_.saved_to} — belote play --resume continues it."),
                  highlight=False)


def _bot_ok(name) -> bool:
    """A bot name or level (``expert:8``) that :func:`belote.bots.make_bot` accepts."""
    from .bots import parse_bot
    if not isinstance(name, str):
        return False
    try:
        parse_bot(name)
    except ValueError:
        return False
    return True


def _table_settings(table: dict, bot_names) -> tuple[list[str], int, bool, str, str | None]:
    """Validate the ``table`` block of a saved game (who sits where, language)."""
    names = table.get("bots", ["heuristic"] * 3)
    human = table.get("human", 0)
    auto = table.get("auto_belote", False)
    lang = table.get("lang", "fr")
    stamp = table.get("stamp")
    if not (isinstance(names, list) and len(names) == 3 and all(_bot_ok(n) for n in names)):
        raise BeloteError(f"saved game: table.bots must list three of {', '.join(bot_names)}")
    if type(human) is not int or not 0 <= human <= 3:
        raise BeloteError("saved game: table.human must be a seat 0..3")
    if not isinstance(auto, bool):
        raise BeloteError("saved game: table.auto_belote must be true or false")
    if lang not in ("fr", "en"):
        raise BeloteError("saved game: table.lang must be fr or en")
    if stamp is not None and (not isinstance(stamp, str) or not stamp.replace("-", "").isalnum()):
        raise BeloteError("saved game: table.stamp must be a plain name")
    return names, human, auto, lang, stamp


@app.command(short_help="Step through a saved game or deal, card by card.")
def replay(
    record: Annotated[str, typer.Argument(
        help="A saved game or deal record (JSON), or with --deal a file of one deal record a "
             "line (simulate --out).")],
    deal_no: Annotated[int | None, typer.Option(
        "--deal", min=1, help="Which line of a simulate --out file (1 = first).")] = None,
    lang: LangOpt = "fr",
) -> None:
    """Step through a saved game forwards (→) and backwards (←), all hands visible."""
    from .tui.replay import ReplayApp, load_steps
    _lang(lang)
    try:
        rec = _read_record(record, lang)
        steps = load_steps(_choose_deal(rec, deal_no, games=False))
    except BeloteError as e:
        _fail(str(e), lang)
        return
    _need_terminal("replay", lang)
    # one line of a simulate --out file: its header says which (3/20, not 1/1)
    numbered = (deal_no, len(rec)) if isinstance(rec, _Lines) and deal_no else None
    ReplayApp(steps, lang=lang, numbered=numbered).run()


@app.command(short_help="Double-dummy value of every card played.")
def analyse(
    record: Annotated[str, typer.Argument(
        help="A deal record (JSON), or with --deal a game record or a file of one deal record "
             "a line (simulate --out).")],
    deal_no: Annotated[int | None, typer.Option(
        "--deal", min=1, help="Which deal of a game record or line of a simulate --out file "
                              "(1 = first).")]
    = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Double-dummy value of every card played: which card lost how many points.

    A value is the final card points of the player's team for the whole deal, with perfect play
    by all four seats afterwards (dix de der included, no capot bonus). Under the table: each
    team's loss, the card points it made and its points with perfect play from the first
    card (the two differ by the team's loss minus the other team's)."""
    from rich.progress import Progress

    from .analysis import analyse_deal, team_points
    from .engine.record import check_deal
    t = _lang(lang)
    fr = lang == "fr"
    try:
        report = check_deal(_choose_deal(_read_record(record, lang), deal_no, games=True))
        deal = report.deal
        _first_use_note(lang)
        with Progress(console=err, transient=True, disable=as_json or not err.is_terminal) as prog:
            task = prog.add_task("analyse", total=None)
            rows = analyse_deal(deal, progress=lambda i, n: prog.update(task, completed=i,
                                                                        total=n))
    except BeloteError as e:
        _fail(str(e), lang)
        return
    if as_json:
        print(json.dumps([r.to_json() for r in rows], ensure_ascii=False, indent=2))
        return
    if not rows:
        irr = report.irregularity
        if irr is not None and irr["kind"] == "bid":  # the check stopped at that bid
            out.print(f"{t['irregular']}{t['colon']} {t['seat']} {irr['seat']} ({irr['card']})"
                      f"{t['colon']} {irregularity_message(irr, lang)} [{irr['rule']}]", markup=False,
                      highlight=False)
            out.print(t["stopped"])
        else:
            out.print("Aucune carte jouée." if fr else "No card played.")
        return
    table = Table(title="Analyse en double mort" if fr else "Double-dummy analysis",
                  caption=_contract_line(deal.contract.to_json(), t))
    for col in ((t["trick"], "right"), (t["seat"], "right"),
                ("carte jouée" if fr else "card played", "left"),
                ("valeur" if fr else "value", "right"), ("meilleure" if fr else "best", "left"),
                ("perte" if fr else "loss", "right")):
        table.add_column(col[0], justify=col[1])
    for r in rows:  # cards as check, legal and replay show them: V♦ / J♦
        best_cards = " ".join(card_label(c, lang) for c, v in sorted(r.values.items())
                              if v == r.best)
        loss = f"[red]{r.loss}[/]" if r.loss else "0"
        mark = (" (irrégulière)" if fr else " (irregular)") if r.irregular else ""
        table.add_row(str(r.trick), str(r.seat), card_label(r.card, lang) + mark, str(r.played),
                      f"{r.best} ({best_cards})", loss)
    out.print(table)
    lost = [0, 0]
    for r in rows:
        lost[r.seat % 2] += r.loss
    c = t["colon"]

    def teams(p):
        return f"{t['team']} 0{c} {p[0]} · {t['team']} 1{c} {p[1]}"
    out.print(("Points perdus par équipe" if fr else "Points lost per team") + f"{c} {teams(lost)}")
    dd, made = team_points(deal, rows)
    if made is not None:
        out.print(("Points de cartes faits" if fr else "Card points made") + f"{c} {teams(made)}")
    else:
        n, of = len(deal.tricks), deal.rules.hand_size
        out.print(f"Points de cartes faits{c} donne inachevée ({n} plis sur {of})" if fr else
                  f"Card points made{c} deal unfinished ({n} of {of} tricks)")
    out.print(("Points en double mort (jeu parfait dès la première carte)" if fr else
               "Points with perfect play from the first card (double dummy)") + f"{c} {teams(dd)}")


@app.command(short_help="Duplicate match of two bots.")
def arena(
    a: Annotated[str, typer.Option("--a", help="Bot A (random, heuristic, expert; expert:N "
                                   "for N worlds a decision).")] = "expert",
    b: Annotated[str, typer.Option("--b", help="Bot B.")] = "heuristic",
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESET_NAMES)}.")] = "coinche",
    deals: Annotated[int, typer.Option(help="Deals, each played twice (seats swapped).", min=1)]
    = 100,
    seed: Annotated[int, typer.Option(help="Seed: the same seed deals the same packs.")] = 1,
    play_only: Annotated[bool, typer.Option("--play-only", help="Card play only: both tables "
                                            "play the same contract; reports A's share of "
                                            "the card points.")] = False,
    worlds: Annotated[int, typer.Option(help="Worlds per decision of a plain `expert` (an "
                                        "`expert:N` keeps its N).", min=1, max=500)]
    = 20,
    option: OptionOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Duplicate match of bot A against bot B: mean score difference per deal (A − B) with a
    95% confidence interval, contracts taken / made, time per decision."""
    from rich.progress import Progress

    from .bots import make_bot, parse_bot
    from .sim import arena as run_arena
    fr = lang == "fr"
    t = _lang(lang)
    a, b = a.strip(), b.strip()
    try:
        rules = _rules(preset, option)
        for n in (a, b):
            parse_bot(n)
    except (BeloteError, ValueError) as e:
        _fail(str(e), lang)
        return

    def maker(name):
        # --worlds sets the plain expert's worlds; expert:N names its own
        return lambda s: make_bot(name, s, worlds=worlds)
    if any(n.startswith("expert") for n in (a, b)):
        _warm_up(lang)
    with Progress(console=err, transient=True, disable=as_json or not err.is_terminal) as prog:
        task = prog.add_task("arena", total=deals)
        rep = run_arena(rules, maker(a), maker(b), (a, b), deals, seed, play_only,
                        progress=lambda n: prog.update(task, completed=n))
    data = rep.to_json()
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return
    out.print(f"{preset}{t['colon']} {_n_deals(deals, fr)} × 2 tables"
              + f", A = {a}, B = {b}, " + ("graine" if fr else "seed") + f" {seed}")
    out.print(("écart moyen A − B par donne : " if fr else "mean difference A − B per deal: ")
              + f"[b]{_num(data['mean_diff'], 1, fr)}[/b] " + _ci_text(data["ci95"], fr, label=True))
    if play_only:
        ps = data["points_share"]
        out.print(("part des points de A : " if fr else "A's share of card points: ")
                  + f"{_num(100 * ps['mean'], 1, fr)}{' %' if fr else '%'} "
                  + _ci_text(ps["ci95"], fr, 100, label=True))
    for side, name in (("a", a), ("b", b)):
        taken, made_n = data["taken"][side], data["made"][side]
        ms = _num(data["ms_per_decision"][side], 2, fr)
        line = (f"contrats pris {taken}, réussis {made_n}, {ms} ms / décision" if fr
                else f"contracts taken {taken}, made {made_n}, {ms} ms / decision")
        out.print(f"  {side.upper()} ({name}){t['colon']} {line}", highlight=False)


def _num(x: float, digits: int, fr: bool) -> str:
    """``x`` with ``digits`` decimals, a decimal comma in French (``131,2``)."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if fr else text


def _ci_text(ci: list, fr: bool, scale: float = 1, label: bool = False) -> str:
    """A 95 % confidence interval as printed: ``[lo, hi]`` (times ``scale``; in French
    ``[lo ; hi]`` with decimal commas), in parentheses after "IC 95 %" / "95% CI" with
    ``label``, or what is missing when there is none (fewer than two deals: JSON ``null``
    bounds)."""
    lo, hi = ci
    if lo is None or hi is None:
        return "(intervalle : 2 donnes au moins)" if fr else "(interval: 2 deals or more)"
    sep = " ; " if fr else ", "
    text = f"[{_num(scale * lo, 1, fr)}{sep}{_num(scale * hi, 1, fr)}]"
    return f"({'IC 95 %' if fr else '95% CI'} {text})" if label else text


@app.command(short_help="Bots against bots: mean scores, contracts, capots.")
def simulate(
    # classique by default, as play: in an auction the random bot bids at almost every turn
    # (one pass among a hundred bids), which makes a first look at heuristic against random
    # a list of absurd contracts
    preset: Annotated[str, typer.Option(help=f"Rules preset: {', '.join(PRESET_NAMES)}.")]
    = "classique",
    deals: Annotated[int, typer.Option(help="Number of deals to play.", min=1)] = 1000,
    seed: Annotated[int, typer.Option(help="Seed: the same seed deals the same packs.")] = 1,
    bots: Annotated[str, typer.Option(help="Bots at seats 0,1,2,3 (team 0 = seats 0 and 2): "
                                           "random, heuristic, expert or expert:N (N worlds "
                                           "a decision), e.g. heuristic,random,heuristic,random; "
                                           "two names for the two teams (heuristic,random), "
                                           "one for every seat.")]
    = "heuristic,random,heuristic,random",
    option: OptionOpt = None,
    output: Annotated[str | None, typer.Option(
        "--out", help="Save every deal's record, one JSON object a line.")] = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "fr",
) -> None:
    """Play bots against bots and report per team: mean score per deal with a 95% confidence
    interval, contracts taken / made, capots, litiges, and time per decision."""
    from rich.progress import Progress

    from .bots import make_bot
    from .sim import simulate as run_sim
    t = _lang(lang)
    try:
        rules = _rules(preset, option)
        names = [b.strip() for b in bots.split(",")]
        if len(names) in (1, 2):  # one for every seat, or one a team
            names = (names * 4)[:4]
        if len(names) != 4:
            raise BeloteError(f"--bots: 4 names (seats 0,1,2,3), 2 (teams 0 and 1) or 1 (every "
                              f"seat), got {len(names)}")
        players = [make_bot(n, seed=seed * 10 + i) for i, n in enumerate(names)]
    except (BeloteError, ValueError) as e:
        _fail(str(e), lang)
        return
    if output:
        try:
            open(output, "w", encoding="utf-8").close()  # fail now, not after the run
        except OSError as e:
            _write_failed(output, e, lang)
            return
    if any(n.startswith("expert") for n in names):
        _warm_up(lang)
    with Progress(console=err, transient=True, disable=as_json or not err.is_terminal) as prog:
        task = prog.add_task("simulation", total=deals)
        report = run_sim(rules, players, names, deals, seed, keep_records=bool(output),
                         progress=lambda n: prog.update(task, completed=n))
    if output:
        try:
            with open(output, "w", encoding="utf-8") as f:
                f.writelines(json.dumps(rec, ensure_ascii=False) + "\n" for rec in report.records)
        except OSError as e:
            _write_failed(output, e, lang)
    data = report.to_json()
    if as_json:
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return
    fr = lang == "fr"
    table = Table(title=f"{rules.preset_name}{t['colon']} {_n_deals(deals, fr)}, "
                  + ("graine" if fr else "seed") + f" {seed}")
    table.add_column("")
    for k in (0, 1):
        table.add_column(f"{t['team']} {k} ({names[k]}+{names[k + 2]})", justify="right")
    tm = data["teams"]
    table.add_row("marque moyenne / donne" if fr else "mean score / deal",
                  *[_num(x["mean_score"], 1, fr) for x in tm])
    table.add_row("IC 95 %" if fr else "95% CI",
                  *[_ci_text(x["ci95"], fr) for x in tm])
    table.add_row("contrats pris" if fr else "contracts taken", *[str(x["taken"]) for x in tm])
    table.add_row("réussis" if fr else "made", *[str(x["made"]) for x in tm])
    table.add_row("capots", *[str(x["capots"]) for x in tm])
    table.add_row("litiges", *[str(x["litiges"]) for x in tm])
    out.print(table)
    dm = data["diff"]
    out.print(("écart équipe 0 − équipe 1 : " if fr else "team 0 − team 1: ")
              + f"{_num(dm['mean'], 1, fr)} " + _ci_text(dm["ci95"], fr, label=True)
              + (f" ; donnes passées : {data['passed_out']}" if fr
                 else f"; passed-out deals: {data['passed_out']}"))
    for p in data["ms_per_decision"]:
        ms = _num(p["ms_mean"], 3, fr)
        out.print(f"  {t['seat']} {p['seat']} ({p['bot']}) : {ms} ms / décision" if fr
                  else f"  seat {p['seat']} ({p['bot']}): {ms} ms / decision", highlight=False)


def main() -> None:
    """Entry point of the ``belote`` command. An unexpected failure (a bug) prints one line and
    exits 3 instead of a traceback; set ``BELOTE_DEBUG=1`` to see the traceback."""
    if sys.stdout is None:  # started with standard output closed (>&-): nothing could be shown
        _output_failed("standard output is closed")
    try:
        app(standalone_mode=True)
    except SystemExit as e:
        # click (typer's own copy) ends a broken pipe with status 1 and wraps the streams in
        # a PacifyFlushWrapper so that nothing more is written, nor a traceback at exit
        if e.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            sys.exit(EXIT_PIPE)
        raise
    except OSError as e:
        if e.errno not in _OUTPUT_ERRNOS | {errno.EPIPE}:
            _internal(e)
        _output_failed(e.strerror or str(e))
    except Exception as e:  # noqa: BLE001 -- any bug: one line, exit 3 (re-raised with BELOTE_DEBUG)
        _internal(e)


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


def _output_failed(reason: str) -> None:
    """The output could not be written: say so if standard error still works (in the language
    asked with ``--lang``, French by default), exit 4."""
    en = _lang_of(sys.argv) == "en"
    text = (f"cannot write the output: {reason}" if en else
            f"la sortie n'a pas pu être écrite : {_in_french(reason)}")
    try:  # stderr may be the stream that failed
        tl = TEXT['en' if en else 'fr']
        err.print(f"{tl['error']}{tl['colon']} {text}", highlight=False)
    except OSError:
        pass
    _silence_stdout()
    sys.exit(EXIT_OUTPUT)


def _internal(e: BaseException) -> None:
    """An unexpected failure (a bug): one line and exit 3; ``BELOTE_DEBUG=1`` re-raises."""
    import os
    if os.environ.get("BELOTE_DEBUG"):
        raise e
    err.print(f"[bold red]internal error:[/] {type(e).__name__}: {e} — please report it "
              "(BELOTE_DEBUG=1 shows the traceback)", highlight=False)
    sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
