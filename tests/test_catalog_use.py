"""Issue 16 item 2: every message a user sees comes from the catalog, by its code, in both
languages; no regular expression rewrites English text into French."""

from __future__ import annotations

import ast
import errno
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from belote import i18n
from belote.cli import app
from belote.cli.help import help_record
from belote.cli.messages import say
from belote.engine.errors import RecordError
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
    """A refused action the engine gave no French text (``message_fr`` None) was shown in
    English at a French table."""
    from types import SimpleNamespace

    from belote.engine.errors import IllegalAction
    from belote.tui.app import BeloteApp
    e = IllegalAction("there is no bid to double", rule="double.no_bid")
    assert e.message_fr is None
    assert BeloteApp._refusal(SimpleNamespace(lang="fr"), e) == "il n'y a pas d'enchère à contrer"
    assert BeloteApp._refusal(SimpleNamespace(lang="en"), e) == "there is no bid to double"
