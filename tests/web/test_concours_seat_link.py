"""An online concours's seat link in the browser (docs/concours-online.md): the page opens the
table as that seat (its hand shown), keeps the token, and the address becomes the table's."""

from __future__ import annotations

import json

from pagekit import WAIT, Page
from serverkit import ServerProcess
from support.wait import wait_until

from belote.concours.manager import Manager
from belote.concours.online import seat_links
from belote.concours.store import SqlConcoursStore
from belote.server.store import SqlStore


def test_a_seat_link_opens_the_table_as_that_seat(browser, tmp_path):
    url = f"sqlite:///{tmp_path / 'web.db'}"
    server = ServerProcess(url, "--bot-delay", "0.02")
    store = SqlStore(url)
    try:
        manager = Manager(SqlConcoursStore(store.engine))
        cid = manager.create("Club", online=True, deals=1).id
        manager.add(cid, ["Alice", "Bob", "Carol", "Dan"])
        manager.draw(cid)
        wait_until(lambda: manager.get(cid).rooms.get(1), WAIT, "the partie's rooms",
                   every=0.1)
        link = next(x for x in seat_links(manager.get(cid), 1, server.url) if x["seat"] == 1)
        page = Page.open(browser, link["url"])
        try:
            p = page.page
            p.wait_for_selector('[data-testid="hand"] [data-card]')
            assert len(page.hand()) == 5  # the concours preset deals 5 cards, then 3
            assert p.evaluate("location.hash") == f"#/table/{link['room']}"
            kept = json.loads(p.evaluate("localStorage.getItem('belote.tables')") or "{}")
            assert kept[link["room"]]["token"] == link["token"]
            assert "Vous" in p.locator('[data-seat="1"]').inner_text()  # this seat is his
            others = {x["seat"]: x["name"] for x in seat_links(manager.get(cid), 1)}
            assert others[0] in p.locator('[data-seat="0"]').inner_text()
            assert page.errors == []
        finally:
            page.close()
    finally:
        store.dispose()
        server.stop()
