"""A table ended by its creator before its first deal ended (fresh-user trial, session 13):
its record holds the seed, the commitment, ``"ended": true``, who sat where and no deal;
``belote verify`` checks the commitment and the first dealer and says no pack was checked,
``belote check`` says no deal was finished (0 – 0, exit 0), and joining it is refused with
its own words (``server.table_over``), not "the table has started"."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from belote.cli import app
from belote.engine.game import first_dealer_of
from belote.engine.provenance import commitment

NO_DEAL_FR = ("Aucune donne finie : la table a été terminée avant la fin de la première "
              "donne, aucun paquet n'est vérifié.")


def test_a_table_ended_before_its_first_deal(server, tmp_path, monkeypatch):
    monkeypatch.delenv("BELOTE_LANG", raising=False)
    created = server.create(["me", "open", "bot:heuristic", "open"], name="Alice")
    table = created["table"]
    assert server.join(created["code"], "Bob")["seat"] == 1  # the first open seat
    r = server.http.post(f"/api/tables/{table}/end",
                         headers={"Authorization": f"Bearer {created['token']}"})
    assert r.status_code == 200 and r.json()["ended"] is True
    # a finished table: its own code and words (not server.not_waiting's "has started")
    r = server.http.post(f"/api/join/{created['code']}", json={"name": "Carol"})
    assert r.status_code == 409
    assert r.json()["code"] == "server.table_over"
    assert r.json()["message"] == "la table est terminée"
    r = server.http.post(f"/api/join/{created['code']}?lang=en", json={"name": "Carol"})
    assert r.json()["message"] == "the table is over"

    rec = server.record(table)
    seed = rec["seed"]
    assert rec["deals"] == [] and rec["ended"] is True and isinstance(seed, int)
    assert rec["commitment"] == commitment(seed)
    assert rec["first_dealer"] == int(first_dealer_of(seed))
    # who sat where: the creator, Bob who joined, the bot by its level, the seat left open
    assert rec["players"] == [{"seat": 0, "name": "Alice", "kind": "human"},
                              {"seat": 1, "name": "Bob", "kind": "human"},
                              {"seat": 2, "name": "heuristic", "kind": "bot"},
                              {"seat": 3, "name": "", "kind": "open"}]
    path = tmp_path / "ended.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    runner = CliRunner()

    r = runner.invoke(app, ["verify", str(path)])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        f"Graine : {seed}",
        f"Engagement {commitment(seed)} : c'est celui de la graine.",
        "Premier donneur : celui que tire la graine.",
        NO_DEAL_FR,
        "Vérifiée : l'engagement est celui de la graine ; aucune donne finie, aucun paquet "
        "vérifié."]
    r = runner.invoke(app, ["verify", "--json", "--lang", "en", str(path)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["verified"] is True and data["ended"] is True
    assert data["packs_checked"] == 0 and data["deals"] == [] and data["redeals"] == []
    assert data["message"] == ("Verified: the commitment is that of the seed; no deal "
                               "finished, no pack checked.")

    r = runner.invoke(app, ["check", str(path)])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        "Aucune donne finie : la table a été terminée avant la fin de la première donne ; "
        "rien à arbitrer.",
        "Marqué : 0 – 0",
        "Sièges : 0 = Alice, 1 = Bob, 2 = robot heuristic, 3 = libre ; équipe 0 = sièges 0 "
        "et 2, équipe 1 = sièges 1 et 3."]
    r = runner.invoke(app, ["check", "--json", "--lang", "en", str(path)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["legal"] is True and data["deals"] == [] and data["scores"] == [0, 0]
    assert data["ended"] is True


def test_a_finished_table_takes_no_join_either(server):
    """A table playing (three bots) that its creator ended: joining it is
    ``server.table_over`` too."""
    created = server.create(["me", "bot:random", "bot:random", "bot:random"])
    r = server.http.post(f"/api/tables/{created['table']}/end",
                         headers={"Authorization": f"Bearer {created['token']}"})
    assert r.status_code == 200
    r = server.http.post(f"/api/join/{created['code']}", json={"name": "Dan"})
    assert r.status_code == 409 and r.json()["code"] == "server.table_over"
