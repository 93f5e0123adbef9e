"""Issue 16 item 2: every message a user sees comes from the catalog, by its code, in both
languages; no regular expression rewrites English text into French."""

from __future__ import annotations

import ast
import errno
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from belote import i18n
from belote.cli import app
from belote.cli.help import help_record
from belote.cli.messages import say
from belote.engine.errors import BeloteError, RecordError
from belote.engine.record import game_from_record, loads_json
from belote.tui.replay import load_steps

SRC = Path(__file__).resolve().parent.parent / "src" / "belote"
EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: the uses of the ``re`` module allowed in the front ends and the catalog: (module, function)
#: that parse input, never message text
ALLOWED_RE = {
    ("cli/messages.py", "_lang_value"),  # --lang en_US.UTF-8: the language of a locale name
}


def _re_uses(path: Path) -> set[tuple[str, str]]:
    """(module, enclosing function) of every use of ``re`` (``re.sub``, a name imported from
    it) in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    from_re = {alias.asname or alias.name for node in ast.walk(tree)
               if isinstance(node, ast.ImportFrom) and node.module == "re"
               for alias in node.names}
    module = path.relative_to(SRC).as_posix()
    uses = set()

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                and node.value.id == "re") or (isinstance(node, ast.Name)
                                               and node.id in from_re):
            uses.add((module, function))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return uses


def test_no_front_end_module_rewrites_messages_with_regular_expressions():
    uses = set()
    for floor in ("cli", "tui", "i18n"):
        for path in (SRC / floor).rglob("*.py"):
            uses |= _re_uses(path)
    assert uses <= ALLOWED_RE, sorted(uses - ALLOWED_RE)


def _codes_named(tree: ast.AST) -> set[str]:
    """The catalog codes a module names literally: ``code="…"``, ``tr("…")`` (``i18n.tr``),
    ``words("…")`` (the CLI's ``cli.<key>``), ``self.t("…")`` / ``self.t["…"]`` and
    ``t["…"]`` of the TUI's words (``tui.<key>``)."""
    codes = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "code" and \
                isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            codes.add(node.value.value)
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            key = node.args[0].value
            if name == "tr":
                codes.add(key)
            elif name == "words":
                codes.add(f"cli.{key}")
            elif name == "t" and isinstance(func, ast.Attribute):
                codes.add(f"tui.{key}")
    return codes


def test_every_code_used_in_the_source_is_in_both_catalogs():
    codes = set()
    for path in SRC.rglob("*.py"):
        codes |= _codes_named(ast.parse(path.read_text(encoding="utf-8")))
    assert len(codes) > 150  # the scan finds them
    for lang in i18n.LANGS:
        missing = sorted(c for c in codes if not i18n.has(c, lang))
        assert not missing, (lang, missing)


def test_the_catalog_has_no_word_of_english_text_and_no_unused_reader_codes():
    for lang in i18n.LANGS:
        codes = i18n.catalog(lang)
        assert not [c for c in codes if c.startswith(("word.", "cli.read."))]
        assert "cli.game_saved" not in codes and "store.unreadable" not in codes
        assert "!w}" not in "".join(codes.values())


def _literals() -> set[str]:
    """Every string constant of the source (the codes it names whole, the rule keys, kinds
    and names from which it builds the others)."""
    found = set()
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def _help_paths() -> set[str]:
    """The codes of the CLI's help (``cli/help.py`` ``_localize``): ``help.<path>`` and its
    ``.short_help`` for each command, ``help.<path>.<param>`` and ``help.metavar.<param>``
    for each of its parameters, ``help.subcommand_metavar``."""
    from typer.main import get_command
    codes = {"help.subcommand_metavar"}

    def walk(cmd, path):
        codes.update({f"help.{path}", f"help.{path}.short_help"})
        for p in cmd.params:
            codes.update({f"help.{path}.{p.name}", f"help.metavar.{p.name}"})
        for name, sub in getattr(cmd, "commands", {}).items():
            walk(sub, name if path == "belote" else f"{path}.{name}")
    walk(get_command(app), "belote")
    return codes


def _families(literals: set[str]):
    """The codes the source builds from a prefix and a name (never whole): prefix → whether
    the rest is a name the source gives it. Each family is built at one place, named here."""
    import typing

    from pydantic_core.core_schema import ErrorType

    from belote.bots import BOT_NAMES
    from belote.engine.cards import RANKS, SUITS
    from belote.engine.rules import OPTION_NAMES
    card_errors = {c.rpartition(".")[2] for c in literals if c.startswith("card.")}
    return {
        # engine/errors.py: IllegalAction's default code, illegal.<rule>
        "illegal.": lambda rest: rest in literals,
        # engine/record/referee.py _reported: a refused card in a report, irregular.<rule>
        "irregular.": lambda rest: rest in literals,
        # i18n.rule_name: a report's rule key in brackets, rule.<key>
        "rule.": lambda rest: rest in literals,
        # i18n {kind!k}: record.kind.<kind> of an irregularity
        "record.kind.": lambda rest: rest in literals,
        # engine/actions.py: a card error inside an action, action.<card code> and
        # action.declare.<last part of the card code>
        "action.declare.": lambda rest: rest in card_errors,
        "action.": lambda rest: rest in literals,
        # engine/record/io.py _unusable: record.json_<what>, record.line_json_<what>
        "record.json_": lambda rest: rest in literals,
        "record.line_json_": lambda rest: rest in literals,
        # engine/record/io.py choose_deal: record.choose_<deal|line>_not
        "record.choose_": lambda rest: rest.removesuffix("_not") in ("deal", "line"),
        # cli/usage.py: usage.missing_<click's kind>, usage.value.<pydantic's error type>
        "usage.missing_": lambda rest: rest in literals,
        "usage.value.": lambda rest: rest in typing.get_args(ErrorType),
        # server/errors.py refused_fields: server.reason.<pydantic's error type> | other
        "server.reason.": lambda rest: rest in typing.get_args(ErrorType) or rest == "other",
        # cli/help.py: cli.help.extra.<which>, cli.help.section.<kind>s
        "cli.help.extra.": lambda rest: rest in literals,
        "cli.help.section.": lambda rest: rest.removesuffix("s") in literals,
        # tui/app.py said_words: tui.said_<word>
        "tui.said_": lambda rest: rest in literals,
        # i18n.bot_name, cli/rules.py, i18n.card_label and {suit!u}, i18n {errno!o}
        "bot.name.": lambda rest: rest in BOT_NAMES,
        "option.": lambda rest: rest in OPTION_NAMES,
        "rank.": lambda rest: rest in RANKS,
        "suit.": lambda rest: len(rest) == 1 and rest in SUITS,
        "os.": lambda rest: rest.upper() in errno.errorcode.values(),
        # i18n {cite!n}: the rule texts 000 to 004 (docs/sources.md)
        "source.": lambda rest: rest in ("000", "001", "002", "003", "004"),
    }


WEB = SRC / "web" / "static"


def _web_words() -> tuple[set[str], set[str], set[str]]:
    """What the browser page's scripts ask the catalog for (``t("key")``, ``words.js``): the
    keys named whole in ``t(…)`` calls, every double-quoted literal of the scripts (keys
    chosen in an expression, ``t(x ? "act.coinche" : "act.contre")``), and the prefixes of
    keys built in a template (``t(`rank_name.${rank}`)``)."""
    named, quoted, prefixes = set(), set(), set()
    for path in WEB.glob("*.js"):
        text = path.read_text(encoding="utf-8")
        named |= set(re.findall(r'\bt\(\s*"([^"]+)"', text))
        quoted |= set(re.findall(r'"([a-z_][a-z_0-9.]*)"', text))
        prefixes |= set(re.findall(r"\bt\(\s*`([a-z_.]+)\$\{", text))
    return named, quoted, prefixes


def test_every_word_of_the_browser_page_is_in_both_catalogs():
    """The page's ``t("key")`` reads ``web.key``, else ``key`` (words.js): each key named
    whole is in both catalogs, and each key family built in a template has members."""
    named, _quoted, prefixes = _web_words()
    assert len(named) > 60 and "play_bots" in named  # the scan finds them
    for lang in i18n.LANGS:
        missing = sorted(k for k in named
                         if not i18n.has(f"web.{k}", lang) and not i18n.has(k, lang))
        assert not missing, (lang, missing)
        codes = i18n.catalog(lang)
        empty = sorted(p for p in prefixes
                       if not any(c.startswith((f"web.{p}", p)) for c in codes))
        assert not empty, (lang, empty)
    assert i18n.tr("web.play_bots", "fr") == "Jouer contre les bots"  # pinned (issue 18)
    assert i18n.tr("web.play_bots", "en") == "Play against the bots"


def _used(code: str, literals: set[str], families, help_codes: set[str]) -> bool:
    """Whether the source uses ``code``: named whole, as a key of the CLI's or the table's
    words (``cli.<key>``, ``tui.<key>``: the key a literal), as a help text, or built in one
    of the ``families`` (the longest prefix decides)."""
    if code in literals or code in help_codes:
        return True
    if code.startswith(("cli.", "tui.")) and code.partition(".")[2] in literals:
        return True
    if code.startswith("web."):  # the browser page's words (_web_words)
        named, quoted, prefixes = _web_words()
        key = code.removeprefix("web.")
        return key in named or key in quoted or key.startswith(tuple(prefixes))
    prefix = max((p for p in families if code.startswith(p)), key=len, default=None)
    return prefix is not None and families[prefix](code.removeprefix(prefix))


def test_every_code_of_the_catalog_is_used_by_the_source():
    """The reverse of the test above: no dead wording (a code the source no longer names,
    whole or built in a family listed in :func:`_families`)."""
    literals = _literals()
    families = _families(literals)
    help_codes = _help_paths()
    unused = sorted(c for c in i18n.catalog("fr")
                    if not _used(c, literals, families, help_codes))
    assert not unused, unused
    # the scan can fail: a code of no family and named nowhere, a family member that is not
    assert not _used("cli.choose.game", literals, families, help_codes)
    assert not _used("illegal.no_such_rule", literals, families, help_codes)
    assert not _used("suit.X", literals, families, help_codes)
    assert _used("illegal.follow_suit", literals, families, help_codes)
    assert not _used("web.no_such_word", literals, families, help_codes)
    assert _used("web.rank_name.J", literals, families, help_codes)


# -- what the users see, in French and English ------------------------------------------------

def test_a_place_nested_in_another_takes_the_language_colon():
    """deals[1]: plays[3] kept click's English colon inside a French message."""
    rec = json.loads((EXAMPLES / "ffb-irregular.json").read_text(encoding="utf-8"))
    rec["plays"][3] = "ZZ"
    game = {"format": "belote-game/1", "preset": rec["preset"], "first_dealer": rec["dealer"],
            "deals": [rec]}
    with pytest.raises(RecordError) as e:
        game_from_record(game)
    assert e.value.places == ("deals[0]", "plays[3]")
    assert i18n.message(e.value, "fr").startswith("deals[0] : plays[3] : carte invalide 'ZZ'")
    assert i18n.message(e.value, "en") == str(e.value)


def test_an_irregular_deal_of_a_game_is_said_in_french():
    """The English rule text and kind ("card") were parameters of the French message."""
    rec = json.loads((EXAMPLES / "ffb-irregular.json").read_text(encoding="utf-8"))
    game = {"format": "belote-game/1", "preset": rec["preset"], "first_dealer": rec["dealer"],
            "deals": [rec]}
    with pytest.raises(RecordError) as e:
        game_from_record(game)
    assert i18n.message(e.value, "fr") == ("deals[0] : irrégularité (carte) du siège 1 : "
                                           "devait fournir à la couleur demandée (trèfle)")
    assert i18n.message(e.value, "en") == str(e.value) == \
        "deals[0]: irregular card by seat 1: had to follow suit: Clubs was led"


def test_reasons_of_other_programs_are_worded_by_their_fixed_names():
    assert i18n.tr("record.cannot_read", "fr", path="x", errno="EACCES",
                   reason="Permission denied") == "lecture impossible de x : permission refusée"
    # an errno the catalog lacks: the system's own words
    assert i18n.tr("record.cannot_read", "fr", path="x", errno="ENOTSOCK",
                   reason="Socket operation on non-socket") == \
        "lecture impossible de x : Socket operation on non-socket"
    with pytest.raises(RecordError) as e:
        loads_json(b"\xff", "-")
    assert i18n.message(e.value, "fr") == \
        "l'entrée standard n'est pas un texte UTF-8 : octet de tête invalide"
    assert i18n.message(e.value, "en") == str(e.value) == \
        "standard input is not UTF-8 text: invalid start byte"


def test_a_failed_save_is_said_in_the_language():
    """The TUI showed "[Errno 30] Read-only file system: '…'" in French."""
    failure = OSError(errno.EROFS, "Read-only file system", "/data/current.json")
    assert i18n.os_error(failure, "fr") == \
        "système de fichiers en lecture seule : /data/current.json"
    assert i18n.os_error(failure, "en") == "Read-only file system: /data/current.json"


def test_check_json_gives_its_error_in_the_language(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    r = CliRunner().invoke(app, ["check", str(bad), "--json"])
    assert r.exit_code == 2
    assert json.loads(r.stdout)["error"] == \
        f"{bad} : JSON invalide : nom de clé entre guillemets attendu, ligne 1, colonne 2"
    r = CliRunner().invoke(app, ["check", str(bad), "--json", "--lang", "en"])
    assert json.loads(r.stdout)["error"] == (f"{bad} is not valid JSON: Expecting property "
                                             "name enclosed in double quotes at line 1 column 2")


@pytest.mark.parametrize(("rec", "fr"), [
    ([], "un enregistrement est un objet JSON"),
    ({"format": "belote-game/1", "deals": []}, "deals : une partie enregistrée liste ses donnes"),
    ({"format": "x"}, "format inconnu 'x' : belote-deal/1 ou belote-game/1 attendu"),
])
def test_replay_refuses_a_record_in_the_language(rec, fr):
    with pytest.raises(RecordError) as e:
        load_steps(rec)
    assert say(e.value, "fr") == fr
    assert say(e.value, "en") == str(e.value)


def test_the_help_extras_come_from_the_parameter():
    """[default: …; x>=1; required] from the parameter's default, min/max and required."""
    import typer
    from typer.main import get_command

    sub = typer.Typer()

    @sub.command()
    def run(count: int = typer.Option(3, min=1), most: int = typer.Option(9, max=10),
            name: str = typer.Option(..., help="A name.")) -> None:
        """Run."""

    command = get_command(sub)
    ctx = command.make_context("run", ["--name", "x"])
    rows = {p.name: help_record(p, ctx, "fr") for p in command.params}
    assert rows["count"][1] == "[par défaut\u00a0: 3\u00a0; au moins 1]"
    assert rows["most"][1] == "[par défaut\u00a0: 9\u00a0; au plus 10]"
    assert rows["name"][1] == "A name.  [obligatoire]"
    english = {p.name: help_record(p, ctx, "en") for p in command.params}
    assert english["count"][1] == "[default: 3; x>=1]" and english["most"][1] == \
        "[default: 9; x<=10]"


def test_the_table_words_a_refusal_from_its_code():
    """A refused action the engine gave no French text was shown in English at a French
    table; the engine words none now (no ``message_fr``)."""
    from types import SimpleNamespace

    from belote.engine.errors import IllegalAction
    from belote.tui.app import BeloteApp
    e = IllegalAction("there is no bid to double", rule="double.no_bid")
    assert not hasattr(e, "message_fr")
    assert BeloteApp._refusal(SimpleNamespace(lang="fr"), e) == "il n'y a pas d'enchère à contrer"
    assert BeloteApp._refusal(SimpleNamespace(lang="en"), e) == "there is no bid to double"


def test_a_report_carries_codes_and_the_catalog_words_them(tmp_path):
    """The referee records an irregularity's code and params (no French in the engine);
    ``check --json`` keeps its keys: ``message`` the engine's English as before, ``message_fr``
    the catalog's French (examples/ffb-irregular.json: seat 1 discards on a club lead, seed
    002 §VI.1 "on doit toujours fournir la couleur demandée")."""
    from belote.engine.record import check_deal
    rec = json.loads((EXAMPLES / "ffb-irregular.json").read_text(encoding="utf-8"))
    irr = check_deal(rec).irregularity
    assert irr["code"] == "irregular.follow_suit" and irr["params"]["suit"] == "C"
    assert "message_fr" not in irr
    assert i18n.irregularity(irr, "fr") == "devait fournir à la couleur demandée (trèfle)"
    assert i18n.irregularity(irr, "en") == irr["message"] == \
        "had to follow suit: Clubs was led"
    r = CliRunner().invoke(app, ["check", str(EXAMPLES / "ffb-irregular.json"), "--json"])
    shown = json.loads(r.stdout)["irregularity"]
    assert list(shown) == ["kind", "seat", "trick", "card", "rule", "code", "params",
                           "message", "message_fr", "index"]
    # the stable code and params are kept (a tool words them itself, or matches on the code)
    assert shown["code"] == "irregular.follow_suit" and shown["params"] == irr["params"]
    assert shown["params"]["suit"] == "C"
    assert shown["message"] == "had to follow suit: Clubs was led"
    assert shown["message_fr"] == "devait fournir à la couleur demandée (trèfle)"


def test_a_rule_text_is_named_by_the_catalog_never_by_rewriting_text():
    """An error citing a rule carries the citation as a param; the catalog names the text
    (source.<code>) in each language: the CLI showed "(règlement FFB §IV.C)" by rewriting
    "(002 §IV.C)" in the printed message with a regular expression."""
    from belote.engine import Rules
    with pytest.raises(BeloteError) as e:
        Rules.preset("coinche", packets=(4, 4))
    assert e.value.params["cite"] == "002 §IV.C" and str(e.value).endswith("(002 §IV.C)")
    assert i18n.message(e.value, "fr").endswith("(règlement FFB §IV.C)")
    assert i18n.message(e.value, "en").endswith("(FFB rules §IV.C)")
    r = CliRunner().invoke(app, ["rules", "coinche", "-o", "packets=4-4"])
    assert r.exit_code == 2 and "(règlement FFB §IV.C)" in " ".join(r.output.split())
    assert i18n.cite("001, 004", "fr") == "règles de Jacquespote, belote classique"
    assert i18n.cite("docs/sources.md", "fr") == "docs/sources.md"  # not a code: as it is


def test_rule_keys_and_bots_are_named_in_french_and_kept_in_english():
    assert i18n.rule_name("follow_suit", "fr") == "fournir"
    assert i18n.rule_name("follow_suit", "en") == "follow_suit"
    assert i18n.rule_name("no_such_rule", "fr") == "no_such_rule"
    assert i18n.bot_name("expert:8", "fr") == "expert:8"
    assert i18n.bot_name("heuristic", "fr") == "heuristique"
    assert i18n.bot_name("random", "en") == "random"
    assert i18n.bot_name("oracle", "fr") == "oracle"
    from belote.engine.play import CARD_RULES
    for rule in CARD_RULES:  # every rule of a refused card has a French name
        assert i18n.rule_name(rule, "fr") != rule, rule


def test_a_bot_that_cannot_play_is_worded_never_shown_as_a_bare_code():
    """The table showed a person ``illegal.follow_suit`` when a bot failed (the event carries
    the error's code, not its params: they may name the bot's cards). The reason is worded:
    a code needing no params as the catalog says it, a refused action by its rule's name
    (``rule.follow_suit``, "fournir"), anything else as an unexpected error with its code."""
    from belote.tui.i18n import bot_failure_reason, texts
    assert bot_failure_reason("illegal.follow_suit", "fr") == "action refusée (règle : fournir)"
    assert bot_failure_reason("illegal.follow_suit", "en") == "action refused (rule: follow_suit)"
    assert bot_failure_reason("error", "fr") == "erreur"  # an exception that is no BeloteError
    assert bot_failure_reason("record.no_deal", "fr") == "la partie n'a aucune donne"
    assert bot_failure_reason("no.such_code", "fr") == "erreur inattendue (code no.such_code)"
    said = texts("fr")("bot_failed", name="Droite (expert)",
                       reason=bot_failure_reason("illegal.follow_suit", "fr"))
    assert said == ("le robot Droite (expert) n'a pas pu jouer : action refusée (règle : "
                    "fournir) (à signaler)")
    assert "illegal." not in said


@pytest.mark.parametrize("options, cite, french", [
    # 001 (Jacquespote) bids go to 360, the limit of max_bid is the engine's own (1000)
    ({"max_bid": 2000}, "001",
     "option max_bid : au plus 1000 (les règles de Jacquespote vont jusqu'à 360)"),
    # winner_if_doubled is 001's contrée rule: a doubled contract needs an auction
    ({"preset": "classique", "belote_on_failure": "winner_if_doubled"}, "001",
     "options belote_on_failure et bidding : winner_if_doubled (contrée, règles de "
     "Jacquespote) demande des enchères"),
    # rounding to the ten: 001 contrée and 002 §VII.A.1, contract scorings only
    ({"preset": "classique", "rounding": True}, "001, 002 §VII.A.1",
     "options rounding et scoring : l'arrondi à la dizaine est pour les décomptes à contrat "
     "(règles de Jacquespote, règlement FFB §VII.A.1) ; le décompte 'classic' marque les "
     "points des cartes tels quels"),
])
def test_the_french_rules_errors_name_the_rule_texts_never_their_codes(options, cite, french):
    """Three French wordings showed players the rule texts' codes ("(001 contrée, 002
    §VII.A.1)", "001 va jusqu'à 360"): they name them by ``{cite!n}`` now; the English words
    (``str(e)``) are as before."""
    from belote.engine import Rules
    options = dict(options)
    with pytest.raises(BeloteError) as e:
        Rules.preset(options.pop("preset", "coinche"), **options)
    assert e.value.params["cite"] == cite
    assert i18n.message(e.value, "fr") == french
    assert i18n.message(e.value, "en") == str(e.value)
    assert not re.search(r"\b00[0-4]\b", french)  # (a code alone: 1000 is a number)
