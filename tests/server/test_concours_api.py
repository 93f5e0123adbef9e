"""The concours's JSON API (issue 19 item 1; docs/concours-web.md) against a real ``belote
serve`` process on loopback with SQLite: an organiser creates a concours, registers players
(names and a CSV file's text), draws, scores and undoes through the API with the concours's
key; a wrong key is refused (403), an unknown concours is 404, a bad body 422 with its code;
the public GET, which the live page polls, never holds the key."""

from __future__ import annotations

import json

import pytest
from serverkit import ServerProcess
from typer.testing import CliRunner

from belote.cli import app


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('concours') / 'c.db'}"
    proc = ServerProcess(url)
    proc.database = url
    yield proc
    proc.stop()


def _create(server, **extra) -> dict:
    r = server.http.post("/api/concours", json={"name": "Concours de la Saint-Jean", **extra})
    assert r.status_code == 201, r.text
    return dict(r.json())


def _as(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _nine(server, made) -> None:
    r = server.http.post(f"/api/concours/{made['id']}/entrants", headers=_as(made["key"]),
                         json={"names": ["Anne", "Bruno", "Chloé", "Denis", "Émile"]})
    assert r.status_code == 200, r.text
    r = server.http.post(f"/api/concours/{made['id']}/entrants", headers=_as(made["key"]),
                         json={"csv": "Prénom;Nom\nFanny;Roux\nGaston;Lagaffe\nHélène;Petit\n"
                                      "Igor;Bon\n"})
    assert r.status_code == 200, r.text
    # the CSV's header row is skipped, its cells joined: "Fanny Roux"
    assert [e["name"] for e in r.json()["added"]] == ["Fanny Roux", "Gaston Lagaffe",
                                                      "Hélène Petit", "Igor Bon"]


def test_create_gives_the_organiser_and_live_links(server):
    made = _create(server, date="2026-06-24", place="Salle des fêtes")
    assert set(made) == {"id", "key", "organiser_url", "live_url"}
    assert made["organiser_url"] == f"{server.url}/concours/{made['id']}?key={made['key']}"
    assert made["live_url"] == f"{server.url}/concours/{made['id']}/live"
    shown = server.http.get(f"/api/concours/{made['id']}").json()
    assert shown["name"] == "Concours de la Saint-Jean" and shown["place"] == "Salle des fêtes"
    # the defaults of `belote concours new`: mêlée, 4 parties of 12 deals (seed 000)
    assert (shown["format"], shown["parties"], shown["deals"], shown["preset"]) == \
        ("melee", 4, 12, "concours")
    assert shown["current"] == 0 and shown["next_partie"] == 1 and shown["entrants"] == []


def test_register_draw_score_undo_and_the_ranking(server):
    made = _create(server)
    cid, key = made["id"], made["key"]
    _nine(server, made)
    r = server.http.post(f"/api/concours/{cid}/draw", headers=_as(key), json={"seed": 4242})
    assert r.status_code == 200, r.text
    drawn = r.json()
    # 9 players: two tables of four, one bye (the pinned JSON of `belote concours draw`)
    assert drawn["partie"] == 1 and drawn["seed"] == 4242
    assert [t["table"] for t in drawn["tables"]] == [1, 2] and len(drawn["out"]) == 1
    seated = [n for t in drawn["tables"] for side in t["teams"] for n in side]
    assert sorted(seated + drawn["out"]) == sorted(
        ["Anne", "Bruno", "Chloé", "Denis", "Émile", "Fanny Roux", "Gaston Lagaffe",
         "Hélène Petit", "Igor Bon"])
    # 12 deals mark 1944 points in all (12 x 162), plus 20 a belote, 90 a capot (seed 000):
    # 1100 + 850 = 1950 no sheet can give
    r = server.http.post(f"/api/concours/{cid}/score?lang=en", headers=_as(key),
                         json={"partie": 1, "table": 1, "points": [1100, 850]})
    assert r.status_code == 422 and r.json()["code"].startswith("concours.total.")
    assert "1950" in r.json()["message"]
    r = server.http.post(f"/api/concours/{cid}/score", headers=_as(key),
                         json={"partie": 1, "table": 1, "points": [1100, 844]})
    assert r.status_code == 200, r.text
    assert r.json() == {"partie": 1, "table": 1, "lines": [], "total": [1100, 844],
                        "points": [1100, 844], "complete": True}
    shown = server.http.get(f"/api/concours/{cid}").json()
    table = shown["parties_drawn"][0]["tables"][0]
    assert table["score"]["points"] == [1100, 844]
    assert table["teams"] == drawn["tables"][0]["teams"]
    # each player of table 1 has his side's total (seed 000: each player records his points)
    points = {row["name"]: row["points"] for row in shown["ranking"]}
    for side, total in zip(table["teams"], (1100, 844), strict=True):
        assert all(points[name] == total for name in side)
    # the bye scores the mean of the partie's scored sides: (1100 + 844) / 2 = 972
    assert points[drawn["out"][0]] == 972
    assert shown["ranking"][0]["points"] == 1100 and shown["ranking"][0]["rank"] == 1
    # an undo of table 2 only finds nothing there; table 1's entry stays
    r = server.http.post(f"/api/concours/{cid}/undo", headers=_as(key),
                         json={"partie": 1, "table": 2})
    assert r.status_code == 422 and r.json()["code"] == "concours.score.nothing"
    r = server.http.post(f"/api/concours/{cid}/undo", headers=_as(key),
                         json={"partie": 1, "table": 1})
    assert r.status_code == 200 and r.json()["points"] == [1100, 844]
    shown = server.http.get(f"/api/concours/{cid}").json()
    assert shown["parties_drawn"][0]["tables"][0]["score"]["complete"] is False
    assert all(row["points"] == 0 for row in shown["ranking"])
    # nothing more to undo: a refusal with its code, worded in the client's language
    r = server.http.post(f"/api/concours/{cid}/undo?lang=en", headers=_as(key))
    assert r.status_code == 422 and r.json()["code"] == "concours.score.nothing"
    assert r.json()["message"] == "no score entry to undo"


def test_registration_changes_and_the_audit_trail(server):
    made = _create(server)
    cid, key = made["id"], made["key"]
    _nine(server, made)
    r = server.http.post(f"/api/concours/{cid}/rename", headers=_as(key),
                         json={"who": "#2", "name": "Bruno Martin"})
    assert r.status_code == 200 and r.json()["name"] == "Bruno Martin"
    r = server.http.post(f"/api/concours/{cid}/withdraw", headers=_as(key), json={"who": "anne"})
    assert r.status_code == 200 and r.json()["withdrawn"] == 1
    r = server.http.post(f"/api/concours/{cid}/withdraw", headers=_as(key), json={"who": "Anne"})
    assert r.status_code == 422 and r.json()["code"] == "concours.entrant.withdrawn"
    r = server.http.post(f"/api/concours/{cid}/reinstate", headers=_as(key), json={"who": "Anne"})
    assert r.status_code == 200 and r.json()["withdrawn"] is None
    r = server.http.post(f"/api/concours/{cid}/entrants", headers=_as(key),
                         json={"names": ["Chloe"]})  # "Chloé", accents ignored
    assert r.status_code == 422 and r.json()["code"] == "concours.name.taken"
    r = server.http.post(f"/api/concours/{cid}/prizes", headers=_as(key),
                         json={"prizes": ["Un jambon", "", "Deux bouteilles"]})
    assert r.json() == {"prizes": ["Un jambon", "Deux bouteilles"]}
    r = server.http.get(f"/api/concours/{cid}/log", headers=_as(key))
    assert [row["what"] for row in r.json()["log"]] == \
        ["new", "add", "add", "add", "add", "add", "add", "add", "add", "add", "rename",
         "withdraw", "reinstate", "prizes"]


def test_a_wrong_or_missing_key_is_refused_and_nothing_changes(server):
    made = _create(server)
    cid = made["id"]
    for headers, url in (({}, f"/api/concours/{cid}/entrants"),
                         (_as("not-the-key"), f"/api/concours/{cid}/entrants"),
                         ({}, f"/api/concours/{cid}/entrants?key={made['key'][:-1]}"),
                         (_as(made["key"].upper()), f"/api/concours/{cid}/entrants")):
        r = server.http.post(url, headers=headers, json={"names": ["Intrus"]})
        assert r.status_code == 403, (url, r.text)
        assert r.json()["code"] == "concours.web.bad_key"
    assert server.http.get(f"/api/concours/{cid}").json()["entrants"] == []
    for path in ("draw", "undo", "undraw"):
        r = server.http.post(f"/api/concours/{cid}/{path}", headers=_as("x"))
        assert r.status_code == 403
    r = server.http.get(f"/api/concours/{cid}/log?lang=fr")
    assert r.status_code == 403
    assert r.json()["message"] == "la clé d'organisateur de ce concours manque ou est fausse"
    # the key of the organiser's link works as ?key= too
    r = server.http.post(f"/api/concours/{cid}/entrants?key={made['key']}",
                         json={"names": ["Invité"]})
    assert r.status_code == 200


def test_an_unknown_concours_is_404(server):
    for method, path in (("GET", "/api/concours/ZZZZZZ"),
                         ("POST", "/api/concours/ZZZZZZ/draw"),
                         ("GET", "/api/concours/ZZZZZZ/log")):
        r = server.http.request(method, path, headers=_as("x"))
        assert r.status_code == 404, path
        assert r.json()["code"] == "concours.unknown"


@pytest.mark.parametrize(("path", "body", "field"), [
    ("", {"name": "x", "parties": "4"}, "parties"),  # a JSON integer, not a string
    ("", {"name": "x", "formt": "melee"}, "formt"),  # a misspelt field is refused
    ("", {"name": "x", "format": "suisse"}, "format"),
    ("", {"name": "x" * 201}, "name"),
    ("/score", {"partie": 1, "table": 1, "points": [90]}, "points"),
    ("/score", {"partie": 1, "table": 1, "points": [90, True]}, "points.1"),
    ("/score", {"partie": 0, "table": 1, "points": [90, 72]}, "partie"),
    ("/entrants", {"names": ["A"] * 2001}, "names"),
    ("/entrants", {"csv": "A\n" * (128 * 1024 + 1)}, "csv"),
    ("/prizes", {"prizes": "un jambon"}, "prizes"),
])
def test_bad_bodies_are_422_with_the_field_named(server, path, body, field):
    made = _create(server)
    url = "/api/concours" + (f"/{made['id']}{path}" if path else "")
    r = server.http.post(url, headers=_as(made["key"]), json=body)
    assert r.status_code == 422, r.text
    assert r.json()["code"] == "server.bad_request"
    assert f"({field})" in r.json()["message"]


def test_the_manager_refusals_keep_their_codes(server):
    made = _create(server)
    cid, key = made["id"], made["key"]
    r = server.http.post("/api/concours?lang=en", json={"name": "x", "parties": 30})
    assert r.status_code == 422 and r.json()["code"] == "concours.settings"
    assert r.json()["message"] == "parties: 1 to 20, not 30"
    r = server.http.post("/api/concours", json={"name": "x", "preset": "nope"})
    assert r.status_code == 422 and r.json()["code"].startswith("rules.")
    r = server.http.post(f"/api/concours/{cid}/entrants", headers=_as(key), json={})
    assert r.status_code == 422 and r.json()["code"] == "concours.web.no_names"
    r = server.http.post(f"/api/concours/{cid}/score", headers=_as(key),
                         json={"partie": 1, "table": 1, "points": [90, 72]})
    assert r.status_code == 422 and r.json()["code"] == "concours.partie.not_drawn"
    r = server.http.post(f"/api/concours/{cid}/draw", headers=_as(key))
    assert r.status_code == 422 and r.json()["code"] == "concours.draw.too_few"
    r = server.http.post(f"/api/concours/{cid}/entrants", headers=_as(key),
                         json={"csv": "Anne\n" + "x" * 70 + "\n"})
    assert r.status_code == 422 and r.json()["code"] == "concours.csv.row"


def test_a_csv_file_of_200_kib_is_taken(server):
    """The server's bodies are 64 KiB at most; a CSV file's text may be 256 KiB (the route's
    own allowance)."""
    made = _create(server)
    names = [f"Joueur numéro {i:05d} du club de belote" for i in range(1, 2001)]
    text = "\n".join(names) + "\n"
    assert 64 * 1024 < len(text.encode()) < 256 * 1024
    r = server.http.post(f"/api/concours/{made['id']}/entrants", headers=_as(made["key"]),
                         json={"csv": text})
    assert r.status_code == 200, r.text[:300]
    assert len(r.json()["added"]) == 2000
    # elsewhere the limit stays
    r = server.http.post("/api/concours", json={"name": "x", "place": "y" * 70000})
    assert r.status_code == 413 and r.json()["code"] == "server.too_large"


def test_the_public_view_never_holds_the_key_and_answers_304_when_unchanged(server):
    made = _create(server)
    cid, key = made["id"], made["key"]
    _nine(server, made)
    server.http.post(f"/api/concours/{cid}/draw", headers=_as(key), json={"seed": 7})
    server.http.post(f"/api/concours/{cid}/prizes", headers=_as(key), json={"prizes": ["Lot"]})
    r = server.http.get(f"/api/concours/{cid}")
    assert r.status_code == 200
    assert key not in r.text and "key" not in r.json() and "lot" not in r.json()
    etag = r.headers["etag"]
    assert etag == f'"{r.json()["version"]}"'
    again = server.http.get(f"/api/concours/{cid}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    server.http.post(f"/api/concours/{cid}/score", headers=_as(key),
                     json={"partie": 1, "table": 2, "points": [1000, 964]})
    changed = server.http.get(f"/api/concours/{cid}", headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["etag"] != etag
    assert key not in changed.text
    # nor do the pages: the live page is static, the organiser's reads the key from its URL
    for page in (f"/concours/{cid}/live", f"/concours/{cid}", "/concours"):
        html = server.http.get(page)
        assert html.status_code == 200 and "text/html" in html.headers["content-type"]
        assert key not in html.text
        assert html.headers["referrer-policy"] == "no-referrer"


def test_the_concours_creation_is_rate_limited(tmp_path):
    proc = ServerProcess(f"sqlite:///{tmp_path / 'r.db'}", "--create-limit", "2/minute")
    try:
        codes = [proc.http.post("/api/concours", json={"name": f"C{i}"}).status_code
                 for i in range(3)]
        assert codes == [201, 201, 429]
        r = proc.http.post("/api/concours", json={"name": "C"})
        assert r.json()["code"] == "server.rate_limited" and int(r.headers["retry-after"]) >= 1
    finally:
        proc.stop()


def test_the_documents_are_attachments_behind_the_key(server):
    made = _create(server)
    cid, key = made["id"], made["key"]
    _nine(server, made)
    server.http.post(f"/api/concours/{cid}/draw", headers=_as(key), json={"seed": 11})
    r = server.http.get(f"/api/concours/{cid}/print/sheets.pdf?partie=1")
    assert r.status_code == 403
    r = server.http.get(f"/api/concours/{cid}/print/menus.pdf?key={key}")
    assert r.status_code == 404 and r.json()["code"] == "concours.web.document"
    r = server.http.get(f"/api/concours/{cid}/print/sheets.pdf?partie=1&key={key}")
    assert r.status_code == 200, r.text[:300]
    assert r.headers["content-type"] == "application/pdf" and r.content.startswith(b"%PDF")
    assert r.headers["content-disposition"] == \
        f'attachment; filename="concours-{cid}-sheets-partie1.pdf"'
    r = server.http.get(f"/api/concours/{cid}/export/draws.csv?key={key}&lang=en")
    assert r.status_code == 200
    assert r.headers["content-disposition"] == f'attachment; filename="concours-{cid}-draws.csv"'
    assert r.headers["content-type"].startswith("text/csv")
    r = server.http.get(f"/api/concours/{cid}/export/players.csv?key={key}")
    assert r.status_code == 200 and "Hélène Petit" in r.text
    r = server.http.get(f"/api/concours/{cid}/print/sheets.pdf?partie=2&key={key}")
    assert r.status_code == 422 and r.json()["code"] == "concours.partie.not_drawn"


def test_the_prize_list_comes_once_the_last_partie_is_scored(server):
    made = _create(server, parties=1)
    cid, key = made["id"], made["key"]
    _nine(server, made)
    server.http.post(f"/api/concours/{cid}/prizes", headers=_as(key),
                     json={"prizes": ["Un jambon", "Un panier garni"]})
    drawn = server.http.post(f"/api/concours/{cid}/draw", headers=_as(key),
                             json={"seed": 3}).json()
    server.http.post(f"/api/concours/{cid}/score", headers=_as(key),
                     json={"partie": 1, "table": 1, "points": [1200, 744]})
    shown = server.http.get(f"/api/concours/{cid}").json()
    assert shown["complete"] is False and shown["prize_list"] == []
    server.http.post(f"/api/concours/{cid}/score", headers=_as(key),
                     json={"partie": 1, "table": 2, "points": [1000, 964]})
    shown = server.http.get(f"/api/concours/{cid}").json()
    assert shown["complete"] is True
    # table 1's winning side (1200) first and second, by the lot between them
    winners = set(drawn["tables"][0]["teams"][0])
    assert [p["place"] for p in shown["prize_list"]] == [1, 2]
    assert {p["name"] for p in shown["prize_list"]} == winners
    assert [p["prize"] for p in shown["prize_list"]] == ["Un jambon", "Un panier garni"]
    assert all(p["points"] == 1200 for p in shown["prize_list"])


def test_belote_concours_link_prints_the_links_of_the_pages(server):
    made = _create(server)
    args = ["concours", "link", made["id"].lower(), "--url", server.url + "/",
            "--database", server.database]
    r = CliRunner().invoke(app, [*args, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {"id": made["id"], "organiser_url": made["organiser_url"],
                                    "live_url": made["live_url"]}
    r = CliRunner().invoke(app, [*args, "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines() == [
        f"organiser (keep this link to yourself): {made['organiser_url']}",
        f"live page (for the projector): {made['live_url']}"]
    # the organiser's link opens the organiser's operations
    key = made["organiser_url"].rpartition("key=")[2]
    assert server.http.get(f"/api/concours/{made['id']}/log?key={key}").status_code == 200
    r = CliRunner().invoke(app, ["concours", "link", "NOSUCH", "--database", server.database])
    assert r.exit_code == 2


def test_a_change_made_by_the_command_line_shows_at_once(server):
    """The server keeps the public view while the concours is unchanged; the commands write
    to the same database, and what they change is shown at the next request."""
    made = _create(server)
    cid, key = made["id"], made["key"]
    _nine(server, made)
    before = server.http.get(f"/api/concours/{cid}").json()
    assert server.http.get(f"/api/concours/{cid}").json() == before  # kept, the same
    r = CliRunner().invoke(app, ["concours", "add", cid, "Zoé", "--database", server.database])
    assert r.exit_code == 0, r.output
    after = server.http.get(f"/api/concours/{cid}").json()
    assert after["entrants"][-1]["name"] == "Zoé" and after["version"] != before["version"]
    r = CliRunner().invoke(app, ["concours", "draw", cid, "--seed", "5", "--json",
                                 "--database", server.database])
    assert r.exit_code == 0, r.output
    drawn = server.http.get(f"/api/concours/{cid}").json()
    assert drawn["current"] == 1 and drawn["parties_drawn"][0]["seed"] == 5
    # the online rooms of a partie (written without a log row) show too
    from belote.concours.store import SqlConcoursStore
    from belote.db import open_database
    engine = open_database(server.database)
    try:
        SqlConcoursStore(engine).run(lambda w: w.set_rooms(cid, 1, ["room-a", "room-b"]))
    finally:
        engine.dispose()
    shown = server.http.get(f"/api/concours/{cid}", headers=_as(key)).json()
    assert shown["parties_drawn"][0]["rooms"] == ["room-a", "room-b"]


def test_a_concours_par_equipes_draws_registered_pairs(server):
    made = _create(server, format="equipes", parties=2)
    cid, key = made["id"], made["key"]
    r = server.http.post(f"/api/concours/{cid}/entrants", headers=_as(key),
                         json={"names": ["Anne / Bruno", "Chloé / Denis", "Émile / Fanny"]})
    assert r.status_code == 200, r.text
    assert r.json()["added"][0]["members"] == ["Anne", "Bruno"]
    r = server.http.post(f"/api/concours/{cid}/entrants", headers=_as(key),
                         json={"names": ["Igor"]})
    assert r.status_code == 422 and r.json()["code"] == "concours.name.pair"
    drawn = server.http.post(f"/api/concours/{cid}/draw", headers=_as(key),
                             json={"seed": 1}).json()
    # 3 pairs: one table of two pairs, one pair sits out
    assert len(drawn["tables"]) == 1 and len(drawn["out"]) == 1
    assert all(len(side) == 2 for side in drawn["tables"][0]["teams"])
    shown = server.http.get(f"/api/concours/{cid}").json()
    assert [len(side) for side in shown["parties_drawn"][0]["tables"][0]["sides"]] == [1, 1]


def test_the_server_log_never_holds_the_organiser_key(tmp_path):
    """uvicorn logs each request's address, query included: the document links carry the
    key as ``?key=`` (a download cannot send a header)."""
    proc = ServerProcess(f"sqlite:///{tmp_path / 'k.db'}")
    try:
        made = proc.http.post("/api/concours", json={"name": "C"}).json()
        r = proc.http.get(f"/api/concours/{made['id']}/log?key={made['key']}&lang=en")
        assert r.status_code == 200
    finally:
        err = proc.stop()
    assert f"/api/concours/{made['id']}/log?key=…&lang=en" in err
    assert made["key"] not in err
