"""The organiser's operations (belote.concours.manager) on a real SQLite file: registration
at any time, withdrawals and late arrivals mid-concours, the draw's bookkeeping, score
entry (totals and deal lines, corrections, undo, the audit trail) and persistence."""

from __future__ import annotations

import threading

import pytest

from belote.concours.errors import ConcoursError
from belote.concours.manager import Manager, table_score
from belote.concours.model import Format, Leftover
from belote.concours.names import csv_names
from belote.concours.store import SqlConcoursStore
from belote.db import open_database

NINE = ["Alice", "Bob", "Chloé", "Denis", "Émile", "Fanny", "Gaston", "Hélène", "Inès"]


def _code(excinfo) -> str:
    return excinfo.value.code


def test_create_and_its_settings(manager):
    c = manager.create("Concours de Noël", date="2026-12-20", place="Salle\tdes fêtes")
    assert len(c.id) == 6 and c.id.isalnum() and c.id == c.id.upper()
    assert (c.format, c.parties, c.deals, c.target, c.preset) == (Format.MELEE, 4, 12, None,
                                                                  "concours")
    assert c.place == "Salle des fêtes"  # the tab became a space
    again = manager.get(c.id.lower())  # the code in any case
    assert again.name == "Concours de Noël" and again.key == c.key and len(c.key) >= 20
    t = manager.create("Au score", target=1500)
    assert (t.deals, t.target) == (None, 1500)


@pytest.mark.parametrize("kwargs, code", [
    ({"parties": 0}, "concours.settings"),
    ({"parties": 21}, "concours.settings"),
    ({"deals": 0}, "concours.settings"),
    ({"deals": None}, "concours.settings.length"),
    ({"online": True, "options": {"shuffle": "cut"}}, "concours.online_cut"),
    ({"preset": "poker"}, "rules.unknown_preset"),
    ({"options": {"nope": 1}}, "rules.unknown_option"),
])
def test_bad_settings_are_refused_with_a_code(manager, kwargs, code):
    with pytest.raises(ValueError) as e:
        manager.create("X", **kwargs)
    assert _code(e) == code


def test_unknown_concours(manager):
    with pytest.raises(ConcoursError) as e:
        manager.get("NOPE99")
    assert _code(e) == "concours.unknown"


def test_registration_cleans_names_and_refuses_namesakes(manager):
    c = manager.create("C")
    added = manager.add(c.id, ["  Alice  ", "Bob\u200b", "Émile\x07 Zola"])
    assert [e.name for e in added] == ["Alice", "Bob", "Émile Zola"]
    assert [e.id for e in added] == [1, 2, 3]
    for name in ("alice", "ALICE", "emile zola"):  # case and accents ignored
        with pytest.raises(ConcoursError) as e:
            manager.add(c.id, [name])
        assert _code(e) == "concours.name.taken"
    with pytest.raises(ConcoursError) as e:
        manager.add(c.id, ["Zoé", "x" * 61])  # all or none
    assert _code(e) == "concours.name.long"
    assert "Zoé" not in [x.name for x in manager.get(c.id).entrants.values()]
    with pytest.raises(ConcoursError) as e:
        manager.add(c.id, ["Yann", "yann"])
    assert _code(e) == "concours.name.taken"
    with pytest.raises(ConcoursError) as e:
        manager.add(c.id, ["   "])
    assert _code(e) == "concours.name.empty"


def test_pairs_par_equipes(manager):
    c = manager.create("Doublettes", format=Format.EQUIPES)
    added = manager.add(c.id, ["Alice / Bob", "Chloé/Denis"])
    assert [(e.name, e.members) for e in added] == [("Alice / Bob", ("Alice", "Bob")),
                                                    ("Chloé / Denis", ("Chloé", "Denis"))]
    for bad, code in (("Alice", "concours.name.pair"), ("Zoé / zoé", "concours.name.same_pair"),
                      ("Bob / Yves", "concours.name.taken"), ("A / B / C", "concours.name.pair")):
        with pytest.raises(ConcoursError) as e:
            manager.add(c.id, [bad])
        assert _code(e) == code
    data = manager.get(c.id)
    assert manager.find(data, "bob").name == "Alice / Bob"  # a player names his pair
    assert manager.rename(c.id, "Bob", "Robert").name == "Alice / Robert"
    assert manager.rename(c.id, "Chloé / Denis", "Chloé / Didier").members == ("Chloé",
                                                                               "Didier")


def test_csv_import_guesses_the_separator_and_skips_a_header():
    text = "Prénom;Nom\nJean;Dupont\n\nMarie;Curie\n"
    assert csv_names(text, Format.MELEE) == ["Jean Dupont", "Marie Curie"]
    assert csv_names("\ufeffAlice\nBob\n", Format.MELEE) == ["Alice", "Bob"]
    pairs = "joueur 1,joueur 2\nAlice,Bob\nChloé / Denis\n"
    assert csv_names(pairs, Format.EQUIPES) == ["Alice / Bob", "Chloé / Denis"]
    with pytest.raises(ConcoursError) as e:
        csv_names("Alice\n" + "y" * 70 + "\n", Format.MELEE)
    assert _code(e) == "concours.csv.row" and e.value.params["line"] == 2
    with pytest.raises(ConcoursError) as e:
        csv_names("\n ; \n", Format.MELEE)
    assert _code(e) == "concours.csv.empty"


def test_late_arrivals_and_withdrawals_between_parties(manager):
    c = manager.create("C")
    manager.add(c.id, NINE[:8])
    first = manager.draw(c.id, seed=7)
    assert sorted(e for t in first.tables for s in t.sides for e in s) == list(range(1, 9))
    late = manager.add(c.id, ["Inès"])[0]
    assert late.joined == 2
    bob = manager.withdraw(c.id, "bob")
    assert bob.withdrawn == 2
    with pytest.raises(ConcoursError) as e:
        manager.withdraw(c.id, "Bob")
    assert _code(e) == "concours.entrant.withdrawn"
    second = manager.draw(c.id, seed=8)
    placed = sorted(e for t in second.tables for s in t.sides for e in s)
    assert 2 not in placed + list(second.out) and 9 in placed + list(second.out)
    assert len(placed) == 8 and len(second.out) == 0
    back = manager.reinstate(c.id, "#2")
    assert (back.joined, back.withdrawn) == (3, None)
    third = manager.draw(c.id, seed=9)
    assert 2 in [e for t in third.tables for s in t.sides for e in s] + list(third.out)
    with pytest.raises(ConcoursError) as e:
        manager.find(manager.get(c.id), "Zorro")
    assert _code(e) == "concours.entrant.unknown"


def test_the_draw_is_refused_past_the_last_partie_and_undone_while_unscored(manager):
    c = manager.create("C", parties=1)
    manager.add(c.id, NINE[:4])
    d = manager.draw(c.id, seed=123)
    assert d.partie == 1 and d.seed == 123
    with pytest.raises(ConcoursError) as e:
        manager.draw(c.id)
    assert _code(e) == "concours.draw.all_drawn"
    assert manager.undraw(c.id).partie == 1
    again = manager.draw(c.id, seed=123)
    assert again == d  # the same seed and players: the same draw
    manager.score(c.id, 1, 1, 1100, 844)
    with pytest.raises(ConcoursError) as e:
        manager.undraw(c.id)
    assert _code(e) == "concours.draw.scored"


def test_par_equipes_the_next_partie_waits_for_every_score(manager):
    c = manager.create("D", format=Format.EQUIPES)
    manager.add(c.id, ["A / B", "C / D", "E / F", "G / H"])
    manager.draw(c.id)
    manager.score(c.id, 1, 1, 1000, 944)
    with pytest.raises(ConcoursError) as e:
        manager.draw(c.id)
    assert _code(e) == "concours.draw.unscored" and e.value.params["tables"] == "2"
    manager.score(c.id, 1, 2, 700, 1244)
    assert manager.draw(c.id).partie == 2


def test_too_few_players_to_draw(manager):
    c = manager.create("C")
    manager.add(c.id, NINE[:3])
    with pytest.raises(ConcoursError) as e:
        manager.draw(c.id)
    assert _code(e) == "concours.draw.too_few"


def _drawn(manager, **kw):
    c = manager.create("C", **kw)
    manager.add(c.id, NINE[:8])
    manager.draw(c.id, seed=1)
    return c.id


def test_a_score_line_reads_the_concours_once(manager):
    """Entering a line reads the concours (its entrants, draws, the table's entries) once,
    in its transaction, and answers the table's score from it with the new entry."""
    from sqlalchemy import event
    cid = _drawn(manager)
    statements: list[str] = []

    def seen(_conn, _cursor, statement, *_args):
        statements.append(statement)
    event.listen(manager.store.engine, "before_cursor_execute", seen)
    try:
        first = manager.score(cid, 1, 1, 100, 62, deal=1)
        second = manager.score(cid, 1, 1, 90, 72, deal=2)
    finally:
        event.remove(manager.store.engine, "before_cursor_execute", seen)
    reads = [s for s in statements if "FROM concours_entrants" in s]
    assert len(reads) == 2  # one a line
    assert (first.lines, second.lines) == (((100, 62),), ((100, 62), (90, 72)))
    assert table_score(manager.get(cid), 1, 1) == second


def test_totals_then_a_correction_then_undo(manager):
    cid = _drawn(manager)
    s = manager.score(cid, 1, 1, 1200, 744)
    assert s.result == (1200, 744) and s.complete
    assert manager.score(cid, 1, 1, 1210, 734).result == (1210, 734)  # corrected
    undone = manager.undo(cid)
    assert (undone.a, undone.b) == (1210, 734)
    assert table_score(manager.get(cid), 1, 1).result == (1200, 744)  # the previous again
    manager.undo(cid)
    assert table_score(manager.get(cid), 1, 1).result is None
    with pytest.raises(ConcoursError) as e:
        manager.undo(cid)
    assert _code(e) == "concours.score.nothing"
    # the audit trail keeps every entry, the undone ones marked
    entries = manager.get(cid).scores
    assert [(e.a, e.undone is not None) for e in entries] == [(1200, True), (1210, True)]
    assert [w for _, w, _ in manager.store.log(cid)].count("undo") == 2


@pytest.mark.parametrize("partie, table, code", [
    (2, 1, "concours.partie.not_drawn"), (0, 1, "concours.partie.not_drawn"),
    (1, 3, "concours.table.unknown"), (1, 0, "concours.table.unknown"),
])
def test_score_of_a_partie_or_table_that_does_not_exist(manager, partie, table, code):
    cid = _drawn(manager)
    with pytest.raises(ConcoursError) as e:
        manager.score(cid, partie, table, 100, 62)
    assert _code(e) == code


def test_deal_lines_in_order_and_not_mixed_with_totals(manager):
    cid = _drawn(manager)
    with pytest.raises(ConcoursError) as e:
        manager.score(cid, 1, 1, 90, 72, deal=2)
    assert _code(e) == "concours.score.order" and e.value.params["next"] == 1
    s = manager.score(cid, 1, 1, 90, 72, deal=1)
    assert (s.lines, s.result, s.complete) == (((90, 72),), None, False)
    with pytest.raises(ConcoursError) as e:
        manager.score(cid, 1, 1, 1000, 944)
    assert _code(e) == "concours.score.has_lines"
    manager.score(cid, 1, 2, 1000, 944)
    with pytest.raises(ConcoursError) as e:
        manager.score(cid, 1, 2, 90, 72, deal=1)
    assert _code(e) == "concours.score.has_total"
    with pytest.raises(ConcoursError) as e:
        manager.score(cid, 1, 1, 90, 72, deal=13)
    assert _code(e) == "concours.score.deal" and e.value.params["most"] == 12
    # twelve lines complete the table: its result is their sum
    for k in range(2, 13):
        s = manager.score(cid, 1, 1, 100, 62, deal=k)
    assert s.complete and s.result == (90 + 11 * 100, 72 + 11 * 62)
    # a line entered again corrects it
    s = manager.score(cid, 1, 1, 62, 100, deal=5)
    assert s.result == (90 + 10 * 100 + 62, 72 + 10 * 62 + 100)


def test_a_partie_to_a_target_score_is_complete_when_a_side_reaches_it(manager):
    cid = _drawn(manager, target=300)
    manager.score(cid, 1, 1, 162, 0, deal=1)
    s = manager.score(cid, 1, 1, 90, 72, deal=2)
    assert not s.complete
    s = manager.score(cid, 1, 1, 100, 62, deal=3)
    assert s.complete and s.result == (352, 134)
    with pytest.raises(ConcoursError) as e:
        manager.score(cid, 1, 1, 100, 62, deal=4)
    assert _code(e) == "concours.score.over"


def test_everything_is_there_after_reopening_the_database(db_url):
    engine = open_database(db_url)
    m = Manager(SqlConcoursStore(engine))
    c = m.create("C", leftover=Leftover.BOT, bye=None)
    m.add(c.id, NINE)
    m.draw(c.id, seed=5)
    m.score(c.id, 1, 1, 1100, 844)
    m.set_prizes(c.id, ["Un jambon", "  ", "Deux bouteilles"])
    engine.dispose()  # as if the process stopped
    engine = open_database(db_url)
    data = Manager(SqlConcoursStore(engine)).get(c.id)
    engine.dispose()
    assert len(data.entrants) == 9 and data.leftover == Leftover.BOT
    assert len(data.draws) == 1 and len(data.draws[0].tables) == 3  # 9 players, 3 bots
    assert data.prizes == ["Un jambon", "Deux bouteilles"]
    assert [(e.a, e.b) for e in data.scores] == [(1100, 844)]


def test_two_writers_at_once_on_one_sqlite_file(db_url):
    """Two processes' stores (here two engines in threads) scoring at the same moment: every
    entry is committed, none lost to "database is locked"."""
    engine = open_database(db_url)
    m = Manager(SqlConcoursStore(engine))
    cid = _drawn(m)
    other = open_database(db_url)
    m2 = Manager(SqlConcoursStore(other))
    errors = []

    def enter(mgr, table):
        try:
            for k in range(1, 13):
                mgr.score(cid, 1, table, 100, 62, deal=k)
        except Exception as e:  # noqa: BLE001 -- reported below
            errors.append(e)
    threads = [threading.Thread(target=enter, args=(m, 1)),
               threading.Thread(target=enter, args=(m2, 2))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    data = m.get(cid)
    engine.dispose()
    other.dispose()
    assert errors == []
    assert [table_score(data, 1, t).result for t in (1, 2)] == [(1200, 744)] * 2


def test_a_concours_on_postgresql(postgres_url):
    """The same store on a real PostgreSQL server: registration, a draw, lines and totals,
    undo, all read back by a second engine."""
    from support.postgres import new_database
    url = new_database(postgres_url)
    engine = open_database(url)
    m = Manager(SqlConcoursStore(engine))
    cid = _drawn(m)
    for k in range(1, 13):
        m.score(cid, 1, 1, 100, 62, deal=k)
    m.score(cid, 1, 2, 1000, 944)
    m.score(cid, 1, 2, 1001, 943)
    m.undo(cid)
    other = open_database(url)
    data = Manager(SqlConcoursStore(other)).get(cid)
    engine.dispose()
    other.dispose()
    assert [table_score(data, 1, t).result for t in (1, 2)] == [(1200, 744), (1000, 944)]
    assert len(data.scores) == 14 and sum(e.undone is not None for e in data.scores) == 1


def test_undo_of_one_table_leaves_the_others(manager):
    cid = _drawn(manager)
    manager.score(cid, 1, 1, 1200, 744)
    manager.score(cid, 1, 2, 1000, 944)
    undone = manager.undo(cid, partie=1, table=1)
    assert (undone.table, undone.a) == (1, 1200)
    data = manager.get(cid)
    assert table_score(data, 1, 2).result == (1000, 944) and table_score(data, 1, 1).result is None
    with pytest.raises(ConcoursError) as e:
        manager.undo(cid, partie=1, table=1)
    assert e.value.code == "concours.score.nothing"
