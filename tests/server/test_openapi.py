"""Every REST route declares its answer (issue 25 item 5): ``/openapi.json`` of a real server
on loopback names a model for each route's success, and what each route answers (every GET
with valid parameters, and the main POSTs, on tables and on a concours) fits the model it
declares and is written back by it unchanged (the model neither adds nor drops a key)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from pydantic import BaseModel, TypeAdapter
from serverkit import Client, ServerProcess, play_out

from belote.server import protocol, replies


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    proc = ServerProcess(f"sqlite:///{tmp_path_factory.mktemp('openapi') / 'o.db'}")
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def schema(server) -> dict[str, Any]:
    r = server.http.get("/openapi.json")
    assert r.status_code == 200
    return dict(r.json())


def _success(operation: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The status and the response object of an operation's success (2xx)."""
    codes = [c for c in operation["responses"] if c.startswith("2")]
    assert len(codes) == 1, operation
    return codes[0], operation["responses"][codes[0]]


def _model(ref: str) -> type[BaseModel]:
    """The pydantic model a ``#/components/schemas/NAME`` names."""
    name = ref.rpartition("/")[2]
    found = getattr(replies, name, None) or getattr(protocol, name, None)
    assert isinstance(found, type) and issubclass(found, BaseModel), ref
    return found


def _check(schema: dict[str, Any], method: str, route: str, r: httpx.Response) -> None:
    """``r`` (an answer of ``method`` ``route``, the path as /openapi.json writes it) has
    the status its operation declares and fits the schema of its success."""
    operation = schema["paths"][route][method]
    status, response = _success(operation)
    assert r.status_code == int(status), (route, r.text)
    content = response["content"]
    media = r.headers["content-type"].split(";")[0]
    assert media in content, (route, media, list(content))
    SEEN.add((method, route))
    if media != "application/json":
        return
    body = r.json()
    declared = content[media]["schema"]
    if "$ref" in declared:
        model = _model(declared["$ref"])
        read = model.model_validate(body)
        # written back as it was: no key added, dropped or retyped
        assert read.model_dump(mode="json", exclude_unset=True) == body, route
    else:
        assert declared.get("additionalProperties") == {"type": "string"}, (route, declared)
        TypeAdapter(dict[str, str]).validate_python(body)


#: the (method, route) whose answers were checked
SEEN: set[tuple[str, str]] = set()


def test_every_route_declares_the_model_of_its_answer(schema):
    paths = schema["paths"]
    assert len(paths) >= 25
    for route, operations in paths.items():
        for method, operation in operations.items():
            _status, response = _success(operation)
            content = response.get("content")
            assert content, (method, route)
            json_schema = content.get("application/json", {}).get("schema")
            if json_schema is not None:
                assert json_schema != {}, (method, route)  # a model, not "any JSON"
                if "$ref" in json_schema:
                    _model(json_schema["$ref"])
            else:
                assert set(content) & {"application/pdf", "text/csv"}, (method, route)


def _as(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _tables(server, schema) -> None:
    s, http = server, server.http
    _check(schema, "get", "/api/health", http.get("/api/health"))
    _check(schema, "get", "/api/presets", http.get("/api/presets"))
    _check(schema, "get", "/api/bots", http.get("/api/bots?lang=en"))
    _check(schema, "get", "/api/i18n/{lang}", http.get("/api/i18n/en"))
    r = http.post("/api/tables", json={"preset": "coinche", "seats": ["me", "open", "open",
                                                                      "bot:random"],
                                       "name": "Alice"})
    _check(schema, "post", "/api/tables", r)
    made = r.json()
    table, code = made["table"], made["code"]
    _check(schema, "get", "/api/invite/{code}", http.get(f"/api/invite/{code}"))
    _check(schema, "get", "/t/{code}", http.get(f"/t/{code}",
                                                headers={"Accept": "application/json"}))
    _check(schema, "post", "/api/join/{code}",
           http.post(f"/api/join/{code}", json={"name": "Bob"}))
    _check(schema, "post", "/api/tables/{table_id}/seats/{seat}/bot",
           http.post(f"/api/tables/{table}/seats/2/bot", json={"level": "random"},
                     headers=_as(made["token"])))
    _check(schema, "get", "/api/tables/{table_id}", http.get(f"/api/tables/{table}"))
    _check(schema, "post", "/api/tables/{table_id}/start",
           http.post(f"/api/tables/{table}/start", headers=_as(made["token"])))
    _check(schema, "get", "/api/tables/{table_id}/record",
           http.get(f"/api/tables/{table}/record"))
    _check(schema, "post", "/api/tables/{table_id}/end",
           http.post(f"/api/tables/{table}/end", headers=_as(made["token"])))
    _check(schema, "get", "/api/tables/{table_id}/record",
           http.get(f"/api/tables/{table}/record"))  # over: the whole game, its seed

    alone = s.create(["me", "bot:random", "bot:random", "bot:random"], preset="classique")
    assert s.start(alone["table"], alone["token"]).status_code == 200
    me = Client(s, alone["table"], alone["token"])
    try:
        me.wait_for(lambda m: me.my_turn())
        _check(schema, "post", "/api/tables/{table_id}/hint",
               http.post(f"/api/tables/{alone['table']}/hint", headers=_as(alone["token"]),
                         timeout=180))  # the expert's first search compiles (numba)
        play_out([me])
    finally:
        me.close()
    _check(schema, "get", "/api/tables/{table_id}/replay",
           http.get(f"/api/tables/{alone['table']}/replay"))
    _check(schema, "get", "/api/tables/{table_id}/deals/{index}/analysis",
           http.get(f"/api/tables/{alone['table']}/deals/0/analysis", timeout=180))
    _check(schema, "get", "/api/tables/{table_id}", http.get(f"/api/tables/{alone['table']}"))


def _concours(server, schema) -> None:
    http = server.http
    r = http.post("/api/concours", json={"name": "Concours de la Saint-Jean", "parties": 2,
                                         "deals": 2})
    _check(schema, "post", "/api/concours", r)
    made = r.json()
    cid, key = made["id"], _as(made["key"])
    base = f"/api/concours/{cid}"
    _check(schema, "post", "/api/concours/{concours_id}/entrants",
           http.post(f"{base}/entrants", headers=key,
                     json={"names": ["Anne", "Bruno", "Chloé", "Denis", "Émile", "Fanny",
                                     "Gaston", "Hélène"]}))
    _check(schema, "post", "/api/concours/{concours_id}/rename",
           http.post(f"{base}/rename", headers=key, json={"who": "Anne", "name": "Annie"}))
    _check(schema, "post", "/api/concours/{concours_id}/withdraw",
           http.post(f"{base}/withdraw", headers=key, json={"who": "Hélène"}))
    _check(schema, "post", "/api/concours/{concours_id}/reinstate",
           http.post(f"{base}/reinstate", headers=key, json={"who": "Hélène"}))
    _check(schema, "post", "/api/concours/{concours_id}/draw",
           http.post(f"{base}/draw", headers=key, json={"seed": 7}))
    _check(schema, "post", "/api/concours/{concours_id}/score",
           http.post(f"{base}/score", headers=key,
                     json={"partie": 1, "table": 1, "points": [100, 62], "deal": 1}))
    _check(schema, "get", "/api/concours/{concours_id}", http.get(base))
    _check(schema, "post", "/api/concours/{concours_id}/undo",
           http.post(f"{base}/undo", headers=key))
    _check(schema, "post", "/api/concours/{concours_id}/prizes",
           http.post(f"{base}/prizes", headers=key, json={"prizes": ["Un jambon"]}))
    _check(schema, "get", "/api/concours/{concours_id}/log", http.get(f"{base}/log",
                                                                     headers=key))
    _check(schema, "get", "/api/concours/{concours_id}/print/{what}.pdf",
           http.get(f"{base}/print/sheets.pdf", headers=key, params={"partie": 1}))
    _check(schema, "get", "/api/concours/{concours_id}/export/{what}.csv",
           http.get(f"{base}/export/ranking.csv", headers=key))
    _check(schema, "post", "/api/concours/{concours_id}/undraw",
           http.post(f"{base}/undraw", headers=key))
    _check(schema, "get", "/api/concours/{concours_id}", http.get(base))


def test_every_answer_fits_its_model(server, schema):
    """The tables' routes (a table joined, a bot seated, started, ended; a table against
    bots played out: a hint, its replay and analysis) and the concours's (registration,
    draw, score, undo, prizes, log, documents, undraw); every GET of /openapi.json among
    them."""
    _tables(server, schema)
    _concours(server, schema)
    gets = {("get", route) for route, ops in schema["paths"].items() if "get" in ops}
    assert gets - SEEN == set()


def test_a_refused_request_is_documented_in_the_servers_own_body(server, schema):
    """FastAPI documents its own 422 shape (``HTTPValidationError``); the server answers
    ``{"type": "error", "code", "message"}``: /openapi.json names that body for every
    route's 422, and a refused request fits it."""
    assert "HTTPValidationError" not in schema["components"]["schemas"]
    refusal = schema["components"]["schemas"]["Refusal"]
    assert set(refusal["required"]) == {"code", "message"}
    for route, operations in schema["paths"].items():
        for method, operation in operations.items():
            refused = operation["responses"].get("422")
            if refused is not None:
                ref = refused["content"]["application/json"]["schema"]["$ref"]
                assert _model(ref) is replies.Refusal, (method, route)
    assert schema["paths"]["/api/tables"]["post"]["responses"]["422"]
    r = server.http.post("/api/tables", json={"preset": 7})
    assert r.status_code == 422
    body = replies.Refusal.model_validate(r.json())
    assert body.model_dump() == r.json() and body.type == "error"
