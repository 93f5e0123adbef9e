"""``belote serve``'s REST API against a real server on loopback (issue 17, items 1, 2, 5 and
the pinned contract)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from serverkit import SRC, Client, ServerProcess, play_out

from belote.engine.provenance import commitment
from belote.engine.record import game_from_record


def test_health_answers_200(server):
    r = server.http.get("/api/health")
    assert r.status_code == 200 and r.json()["status"] == "ok" and r.json()["protocol"] == 1


def test_a_table_is_created_as_the_contract_says(server):
    r = server.http.post("/api/tables", json={
        "preset": "coinche", "options": {"game_end": "deals", "deals": 2},
        "seats": ["me", "bot:heuristic", "open", "bot:random"], "name": "Alice"})
    assert r.status_code == 201
    body = r.json()
    assert set(body) == {"table", "code", "invite", "seat", "token"}
    assert body["seat"] == 0
    assert re.fullmatch(r"[A-Z2-7]{8}", body["code"])  # 8 base32 characters: 40 bits
    assert body["invite"] == f"{server.url}/t/{body['code']}"
    assert len(body["token"]) >= 43  # token_urlsafe(32): 256 bits
    info = server.table(body["table"])
    assert info["status"] == "waiting" and info["scores"] == [0, 0]
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "open", "bot"]
    assert info["seats"][0]["name"] == "Alice" and info["seats"][1]["bot"] == "heuristic"
    assert re.fullmatch(r"[0-9a-f]{64}", info["commitment"]) and info["seed"] is None
    assert "code" not in info or info["code"] is None  # the invite is the seated players'
    assert body["token"] not in r.text.replace(body["token"], "", 1)


def test_join_then_start_and_a_whole_game_with_bots(server):
    created = server.create(["me", "bot:heuristic", "open", "bot:heuristic"], deals=2)
    table = created["table"]
    r = server.start(table, created["token"])
    assert r.status_code == 409 and r.json()["code"] == "server.open_seats"
    joined = server.join(created["code"].lower(), "Bob", seat=2)  # any case
    assert joined == {"table": table, "seat": 2, "token": joined["token"]}
    assert server.table(table)["status"] == "playing"  # every seat taken: it starts itself
    assert server.start(table, created["token"]).status_code == 200
    alice = Client(server, table, created["token"])
    bob = Client(server, table, joined["token"])
    play_out([alice, bob])
    info = server.table(table)
    assert info["status"] == "over" and info["seed"] is not None
    record = server.record(table)
    seed = int(info["seed"])
    assert record["seed"] == seed and commitment(seed) == record["commitment"] \
        == info["commitment"]
    game = game_from_record(record)  # a record `belote check` / `replay` read
    assert game.is_over() and list(game.scores) == info["scores"]
    assert sum(1 for d in game.deals if not d.passed_out) == 2


def test_the_record_before_the_end_has_the_finished_deals_and_no_seed(server):
    created = server.create(["me", "bot:heuristic", "bot:heuristic", "bot:heuristic"])
    rec = server.record(created["table"])
    assert rec["format"] == "belote-game/1" and rec["deals"] == [] and rec["seed"] is None
    assert rec["over"] is False and len(rec["commitment"]) == 64


def test_only_the_creator_starts_seats_a_bot_and_ends(server):
    created = server.create(["me", "open", "open", "open"])
    table = created["table"]
    bob = server.join(created["code"], "Bob")
    assert bob["seat"] == 1  # the first open seat
    for path in ("start", "end", "seats/2/bot"):
        r = server.http.post(f"/api/tables/{table}/{path}",
                             headers={"Authorization": f"Bearer {bob['token']}"})
        assert r.status_code == 403 and r.json()["code"] == "server.not_creator"
        r = server.http.post(f"/api/tables/{table}/{path}")
        assert r.status_code == 401 and r.json()["code"] == "server.bad_token"
    auth = {"Authorization": f"Bearer {created['token']}"}
    r = server.http.post(f"/api/tables/{table}/seats/2/bot", json={"level": "heuristic"},
                         headers=auth)
    assert r.status_code == 200 and r.json()["seats"][2]["kind"] == "bot"
    r = server.http.post(f"/api/tables/{table}/seats/2/bot", headers=auth)
    assert r.status_code == 409 and r.json()["code"] == "server.seat_taken"
    r = server.http.post(f"/api/tables/{table}/seats/3/bot", json={"level": "genius"},
                         headers=auth)
    assert r.status_code == 422 and r.json()["code"] == "bot.unknown"
    r = server.http.post(f"/api/tables/{table}/end", headers=auth)
    assert r.status_code == 200 and r.json()["status"] == "over" and r.json()["ended"]
    assert server.record(table)["seed"] is not None  # ended: the seed is told


def test_errors_are_json_with_a_code_and_a_message_in_the_language(server):
    r = server.http.get("/api/tables/nope")
    assert r.status_code == 404
    assert r.json() == {"type": "error", "code": "server.unknown_table",
                        "message": "aucune table nope"}
    r = server.http.get("/api/tables/nope", headers={"Accept-Language": "en-GB,en;q=0.8"})
    assert r.json()["message"] == "no table nope"
    r = server.http.get("/api/tables/nope?lang=en")
    assert r.json()["message"] == "no table nope"
    r = server.http.post("/api/join/ZZZZZZZZ", json={"name": "Bob"})
    assert r.status_code == 404 and r.json()["code"] == "server.unknown_code"
    r = server.http.get("/nowhere")
    assert r.status_code == 404 and r.json()["code"] == "server.not_found"


def test_bad_requests_are_refused_with_their_code(server):
    post = server.http.post
    cases = [
        ({"seats": ["me", "me", "open", "open"], "name": "A"}, 422, "server.bad_seats"),
        ({"seats": ["me", "cat", "open", "open"], "name": "A"}, 422, "server.bad_seats"),
        ({"seats": ["me", "open"], "name": "A"}, 422, "server.bad_request"),
        ({"seats": ["me", "open", "open", "open"], "name": ""}, 422, "server.bad_name"),
        ({"preset": "manille", "seats": ["me", "open", "open", "open"], "name": "A"}, 422,
         "rules.unknown_preset"),
        ({"options": {"deals": "x"}, "seats": ["me", "open", "open", "open"], "name": "A"},
         422, "rules.expected_count"),
        ({"seats": ["me", "bot:expert:900", "open", "open"], "name": "A"}, 422,
         "bot.bad_level"),
    ]
    for body, status, code in cases:
        r = post("/api/tables", json=body)
        assert (r.status_code, r.json()["code"]) == (status, code), (body, r.text)
        assert "Traceback" not in r.text
    r = post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 422 and r.json()["code"] == "server.bad_request"
    r = post("/api/tables", content=b"x" * (200 * 1024),
             headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "server.too_large"


def test_cut_only_dealing_is_refused_online_and_says_why(server):
    """004 deals the gathered tricks again, only cut ("généralement on ne bat pas les
    cartes"): online, the next pack would be the cards as played, so a seat could work out
    the others' hands from the tricks it saw. The table is refused, the message says why;
    the same preset shuffled is created."""
    body = {"preset": "retourne", "options": {"shuffle": "cut"},
            "seats": ["me", "open", "open", "open"], "name": "A"}
    r = server.http.post("/api/tables?lang=en", json=body)
    assert r.status_code == 422 and r.json()["code"] == "server.cut_online"
    assert r.json()["message"] == (
        "an online table shuffles every deal: with shuffle=cut the next pack is the tricks "
        "as played, only cut, so a seat could work out the others' hands from them (use "
        "shuffle=full)")
    r = server.http.post("/api/tables", json=body)
    assert r.status_code == 422 and "déduire les mains des autres" in r.json()["message"]
    r = server.http.post("/api/tables", json={**body, "options": {"shuffle": "full"}})
    assert r.status_code == 201, r.text
    # the preset alone (it cuts by default: attack review, every hand was computable from
    # deal 2 on) is played shuffled online, and its options say so
    r = server.http.post("/api/tables", json={**body, "options": {}})
    assert r.status_code == 201, r.text
    assert server.table(r.json()["table"])["options"]["shuffle"] == "full"


def test_a_started_table_takes_no_join(server):
    created = server.create(["me", "open", "bot:random", "bot:random"])
    server.join(created["code"], "Bob")
    r = server.http.post(f"/api/join/{created['code']}", json={"name": "Carol"})
    assert r.status_code == 409 and r.json()["code"] == "server.not_waiting"


def test_the_default_database_is_in_the_data_folder(tmp_path):
    proc = ServerProcess("", data_dir=tmp_path)
    try:
        assert proc.http.get("/api/health").status_code == 200
        assert (tmp_path / "server.db").is_file()
        created = proc.create(["me", "open", "open", "open"])
        Client(proc, created["table"], created["token"]).recv()
    finally:
        err = proc.stop()
    assert "WebSocket /ws/tables/" in err and "token=…" in err
    assert created["token"] not in err  # a log holds no seat's key
    # standard log lines: time, level, logger, message
    assert re.search(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO belote\.server: ", err,
                     re.MULTILINE), err


def _belote(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "belote.cli", *args], capture_output=True,
                          text=True, timeout=120, check=False,
                          env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})


def test_help_in_french_and_english_and_the_schema():
    fr = _belote("serve", "--help")
    assert fr.returncode == 0 and "Servir des tables en ligne" in fr.stdout
    en = _belote("--lang", "en", "serve", "--help")
    assert en.returncode == 0 and "Serve online tables" in en.stdout
    schema = _belote("serve", "--schema")
    import json
    data = json.loads(schema.stdout)
    assert data["version"] == 1 and "ActionMessage" in json.dumps(data["client"])
    assert "Snapshot" in json.dumps(data["server"])


def test_a_database_that_cannot_be_opened_exits_2(tmp_path):
    (tmp_path / "file").write_text("x")
    r = _belote("serve", "--port", "0", "--database", f"sqlite:///{tmp_path}/file/x.db")
    assert r.returncode == 2 and "base de données inutilisable" in r.stderr
    assert "Traceback" not in r.stderr


def test_a_refused_body_names_its_field_and_the_reason(server):
    """Fresh-user trial: "requête refusée (body.name)" did not say what was wrong; a
    misspelt field was dropped and the table got the preset's rules."""
    post = server.http.post
    seats = ["me", "open", "open", "open"]
    cases = [
        ({"seats": seats}, "fr", "requête refusée (name) : champ obligatoire absent"),
        ({"seats": seats, "name": "A", "option": {"deals": 1}}, "fr",
         "requête refusée (option) : champ inconnu"),
        ({"seats": seats, "name": "A", "target": 0}, "en",
         "bad request (target): more than 0 expected"),
        ({"seats": ["me"], "name": "A"}, "en", "bad request (seats): at least 4 items expected"),
    ]
    for body, lang, words in cases:
        r = post(f"/api/tables?lang={lang}", json=body)
        assert r.status_code == 422, r.text
        assert r.json() == {"type": "error", "code": "server.bad_request", "message": words}
    r = post("/api/tables", content=b"{not json", headers={"Content-Type": "application/json"})
    assert r.json()["message"].endswith("le corps n'est pas du JSON valide"), r.text
    r = post("/api/tables?lang=en", content=b'{"seats": 1}')  # no Content-Type
    assert r.status_code == 422 and "Content-Type: application/json" in r.json()["message"]
    r = post("/api/tables", json={"seats": seats, "name": "A", "target": 1000,
                                  "options": {"game_end": "deals", "deals": 3}})
    assert r.status_code == 422 and r.json()["code"] == "server.target_and_deals"
    r = post(f"/api/join/{'Z' * 8}", json={"name": "B", "place": 2})
    assert r.status_code == 422 and r.json()["message"] == \
        "requête refusée (place) : champ inconnu"


def test_a_chunked_body_over_the_cap_is_refused_unread(server):
    """Attack review: the 64 KiB cap read Content-Length only; a chunked body of 300 MB was
    read whole (1.1 GB resident)."""
    def chunks():
        for _ in range(2000):  # 2000 × 64 KiB: far over the cap, never all sent
            yield b"x" * 65536
    r = server.http.post("/api/tables/0123456789abcdef/seats/0/bot", content=chunks(),
                         headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "server.too_large"
    # a small chunked body still reaches the route
    r = server.http.post("/api/tables", content=iter([b'{"seats": ["me", "open", "open", ',
                                                      b'"open"], "name": "A"}']),
                         headers={"Content-Type": "application/json"})
    assert r.status_code == 201, r.text


def test_small_things_of_the_attack_review(server):
    made = server.create(["me", "open", "open", "open"])
    for seat in (True, "2", 1.0):
        r = server.http.post(f"/api/join/{made['code']}", json={"name": "B", "seat": seat})
        assert r.status_code == 422 and r.json()["code"] == "server.bad_request", seat
    r = server.http.get("/api/tables/" + "a" * 6000)
    assert r.status_code == 404 and len(r.text) < 400
    assert server.http.get("/docs").status_code == 404  # the schema: /openapi.json only


def test_an_invite_code_as_a_chat_pastes_it_joins_and_a_non_code_is_404(server):
    """A zero-width space from a chat application, fullwidth letters, lower case, a space:
    the same code (NFKC, format characters and whitespace dropped, upper case). A code
    that is still none (another script, an emoji) is 404 ``server.unknown_code``, never a
    500 (``hmac.compare_digest`` refuses a non-ASCII string)."""
    created = server.create(["me", "open", "open", "bot:random"])
    code = created["code"]
    zero_width = code[:4] + "\u200b" + code[4:]
    fullwidth = "".join(chr(ord(ch) + 0xFEE0) for ch in code.lower())  # Ａ..Ｚ, ２..７
    for pasted in (zero_width, fullwidth, f" {code[:4]} {code[4:].lower()}\ufeff"):
        r = server.http.get(f"/api/invite/{pasted}")
        assert r.status_code == 200 and r.json()["code"] == code, (pasted, r.text)
    joined = server.http.post(f"/api/join/{zero_width}", json={"name": "Bob"})
    assert joined.status_code == 200 and joined.json()["table"] == created["table"]
    for bad in ("ZRR656D\u00e9", "\U0001f600" * 8, "\u0417RR656DK", "A" * 9, "x"):
        r = server.http.post(f"/api/join/{bad}", json={"name": "Bob"})
        assert r.status_code == 404 and r.json()["code"] == "server.unknown_code", (bad, r.text)


def test_a_seat_token_as_a_chat_pastes_it_and_a_non_token(server):
    """A token with a zero-width space (in the WebSocket's query) is the token; one with
    another character is 401 ``server.bad_token`` over REST and a refused WebSocket
    (4404), never a 500."""
    from urllib.parse import quote

    from websockets.sync.client import connect
    created = server.create(["me", "bot:random", "bot:random", "bot:random"])
    table, token = created["table"], created["token"]
    pasted = token[:10] + "\u200b" + token[10:]
    # (an HTTP header is read as Latin-1: a browser sends no other character in one)
    r = server.http.post(f"/api/tables/{table}/start",
                         headers={"Authorization": f"Bearer {token}"})
    assert r.status_code == 200, r.text
    r = server.http.post(f"/api/tables/{table}/end",
                         headers={"Authorization": f"Bearer {token}\u00e9".encode()})
    assert r.status_code == 401 and r.json()["code"] == "server.bad_token"
    with connect(f"{server.ws_url}/ws/tables/{table}?token={quote(pasted)}") as ws:
        assert json.loads(ws.recv(timeout=30))["type"] == "snapshot"
    with connect(f"{server.ws_url}/ws/tables/{table}?token={quote(token + '€')}") as ws:
        assert json.loads(ws.recv(timeout=30))["code"] == "server.bad_token"


def test_the_bots_are_served_beside_the_presets_in_the_asked_language(server):
    """``GET /api/bots``: the bots of ``belote.bots.bot_list`` in order, named by the catalog;
    the page offers these (it keeps no list of its own)."""
    from belote.server.web import BotsAnswer
    r = server.http.get("/api/bots", params={"lang": "fr"})
    assert r.status_code == 200
    body = r.json()
    BotsAnswer.model_validate(body)
    assert [b["name"] for b in body["bots"]] == ["random", "heuristic", "expert"]
    assert [b["default"] for b in body["bots"]] == [False, True, False]
    assert [b["levels"] for b in body["bots"]] == [False, False, True]
    assert body["bots"][1]["label"] == "heuristique" and body["max_level"] == 500
    english = server.http.get("/api/bots", params={"lang": "en"}).json()
    assert english["bots"][1]["label"] == "heuristic"
    assert server.http.get("/api/bots", params={"lang": "xx"}).json() == body
