"""Low findings on the server: a deeply nested JSON body is refused as every malformed body
(422, the server's Refusal), and the data folder's warning is in the serve command's
language."""

from __future__ import annotations

import logging
import os

import pytest

from belote.server.run import data_folder


def _refused(r) -> dict:
    assert r.status_code == 422, r.text
    assert r.headers["content-type"] == "application/json"
    return r.json()


@pytest.mark.parametrize("body", [b"[" * 60_000, b'{"a":' * 10_000 + b"1" + b"}" * 10_000])
def test_a_deeply_nested_body_gets_the_422_of_a_malformed_body(server, body):
    assert 50_000 < len(body) < 65_536  # under the 64 KiB cap: read, then refused
    malformed = _refused(server.http.post("/api/tables", content=b"{",
                                          headers={"content-type": "application/json"}))
    nested = _refused(server.http.post("/api/tables", content=body,
                                       headers={"content-type": "application/json"}))
    # the same refusal; a malformed body's field is where its decoder stopped (character 1),
    # a nested one's the body (the decoder gave up without a place)
    assert malformed == {"type": "error", "code": "server.bad_request",
                         "message": "requête refusée (1) : le corps n'est pas du JSON valide"}
    assert nested == {"type": "error", "code": "server.bad_request",
                      "message": "requête refusée (body) : le corps n'est pas du JSON valide"}
    en = server.http.post("/api/tables?lang=en", content=body,
                          headers={"content-type": "application/json"})
    assert _refused(en) == {"type": "error", "code": "server.bad_request",
                            "message": "bad request (body): the body is not valid JSON"}
    assert server.http.get("/api/health").status_code == 200  # still serving


@pytest.mark.skipif(os.name != "posix", reason="file modes")
@pytest.mark.parametrize(("lang", "words"), [
    (None, "le dossier de données {d} peut être lu par d'autres utilisateurs (mode 755) : il "
           "contient les graines secrètes des tables ; faites chmod 700 dessus"),
    ("fr", "le dossier de données {d} peut être lu par d'autres utilisateurs (mode 755) : il "
           "contient les graines secrètes des tables ; faites chmod 700 dessus"),
    ("en", "the data folder {d} may be read by other users (mode 755): it holds the secret "
           "seeds of the tables; chmod 700 it")])
def test_the_open_data_folder_warning_speaks_the_serve_language(tmp_path, monkeypatch, caplog,
                                                                lang, words):
    folder = tmp_path / "data"
    folder.mkdir()
    folder.chmod(0o755)
    monkeypatch.setenv("BELOTE_DATA_DIR", str(folder))
    with caplog.at_level(logging.WARNING, logger="belote.server"):
        assert data_folder(lang) == folder
    assert [r.getMessage() for r in caplog.records] == [words.format(d=folder)]
