"""The concours's pages in a real Chromium (issue 19 items 1, 5, 9; docs/concours-web.md): an
organiser creates a concours from the form, registers 9 players, draws with a seed, enters
one table's totals and another's deal lines by the keyboard (a line the rules refuse shows
the rule's words), undoes; the live page shows the tables and the ranking and redraws by
itself after a score entered through the API, and only then, and the prize list once the
last partie is scored; the English switch; the live page on a 360-pixel phone without
sideways scrolling."""

from __future__ import annotations

import re

import httpx
import pytest
from pagekit import Page

from belote import i18n
from belote.concours import sheet
from belote.concours.errors import ConcoursError
from belote.engine.rules import Rules

PLAYERS = ["Anne", "Bruno", "Chloé", "Denis", "Émile", "Fanny",
           "Marie-Christine de La Tour-d'Auvergne", "Hélène", "Igor"]


def _organise(browser, url: str) -> tuple[Page, str, str]:
    """Create a concours from the form and register the 9 players; (page, id, key)."""
    page = Page.open(browser, f"{url}/concours")
    p = page.page
    p.fill("#c-name", "Concours du club")
    p.fill("#c-place", "Salle des fêtes")
    p.click("#create")
    # the organiser's page keeps the key and takes it out of the address (concours.js:
    # history.replaceState): wait for the address it shows, the key from where it keeps it
    p.wait_for_url(re.compile(r"/concours/[A-Z0-9]{6}$"))
    cid = p.url.rsplit("/", 1)[1]
    key = p.evaluate("(id) => JSON.parse(localStorage.getItem('belote.concours'))[id].key",
                     cid)
    assert key, cid
    p.fill("#names", "\n".join(PLAYERS))
    p.click("#add-names")
    p.wait_for_selector("#entrants tbody tr >> nth=8")
    assert p.locator("#entrants tbody tr").count() == 9
    return page, cid, key


def _type_pair(p, first: str, a: str, b: str) -> None:
    """Type a pair of points by the keyboard: ``a`` in the input ``first``, Tab, ``b``,
    Enter (the organiser's way at the club)."""
    p.click(first)
    p.keyboard.type(a)
    p.keyboard.press("Tab")
    p.keyboard.type(b)
    p.keyboard.press("Enter")


def _script_errors(page: Page) -> list[str]:
    """The page's script errors, but the browser's note of a refusal the page showed (a
    score line the rules refuse answers 422)."""
    return [e for e in page.errors if "status of 422" not in e]


def _refused(lines: list[tuple[int, int]]) -> str:
    """The French words of the rule the concours preset's scoring refuses ``lines`` with."""
    with pytest.raises(ConcoursError) as e:
        sheet.check_lines(Rules.preset("concours"), lines, deals=12)
    return i18n.message(e.value, "fr")


def test_an_organiser_runs_a_partie_from_the_pages(browser, web_server):
    page, cid, key = _organise(browser, web_server.url)
    live = None
    try:
        p = page.page
        assert p.locator("h1").inner_text().startswith("Concours du club")
        # the draw, from a seed the page shows (printed on the sheets)
        p.fill("#seed", "424242")
        p.click("#draw")
        p.wait_for_selector("#drawn[data-seed='424242']")
        assert "424242" in p.locator("#drawn").inner_text()
        assert p.locator(".table-card").count() == 2  # 9 players: two tables, one bye
        assert p.locator("#byes").count() == 1
        # table 1's totals by the keyboard: Tab to the other side, Enter to save
        _type_pair(p, "#total-1-a", "1100", "844")
        state = p.locator(".table-card[data-table='1'] [data-testid='table-state']")
        state.filter(has_text="1100 – 844").wait_for()
        assert p.evaluate("document.activeElement.id") == "total-2-a"  # on to the next table
        # table 2 deal by deal: a good line, then one the rules refuse
        p.click("#lines-2")
        _type_pair(p, "#line-2-1-a", "100", "62")
        table2 = p.locator(".table-card[data-table='2'] [data-testid='table-state']")
        table2.filter(has_text="100 – 62").wait_for()
        assert p.evaluate("document.activeElement.id") == "line-2-2-a"
        _type_pair(p, "#line-2-2-a", "81", "81")
        refusal = p.locator("#refusal-2-2")
        refusal.wait_for()
        assert refusal.inner_text() == _refused([(100, 62), (81, 81)])
        assert p.input_value("#line-2-2-a") == "81"  # what was typed stays, to be corrected
        shown = httpx.get(f"{web_server.url}/api/concours/{cid}").json()
        assert shown["parties_drawn"][0]["tables"][1]["score"]["lines"] == [[100, 62]]
        # undo the last entry: table 2's first line
        p.click("#undo")
        table2.filter(has_text="Pas encore de score").wait_for()
        p.locator("#toast").filter(has_text="annulé").wait_for()
        assert p.locator("#toast").inner_text() == \
            "annulé : partie 1, table 2, donne 1 (100 – 62)"
        # the history keeps every change, newest first: the undo, the entries, the draw…
        p.click("#history summary")
        history = p.locator("#history li").all_inner_texts()
        assert history[0].endswith("saisie annulée : partie 1, table 2")
        assert history[1].endswith("partie 1, table 2 : 100 – 62 (donne 1)")
        assert history[2].endswith("partie 1, table 1 : 1100 – 844")
        assert history[3].endswith("partie 1 tirée (tirage n° 424242)")
        # the live page shows the tables, names by side, and table 1's score
        live = Page.open(browser, f"{web_server.url}/concours/{cid}/live?every=1")
        lp = live.page
        lp.wait_for_selector("[data-testid='live-tables'] [data-table='2']")
        assert lp.locator("#live-title").inner_text() == "Concours du club"
        first = lp.locator("[data-table='1'] [data-testid='live-score']")
        assert first.inner_text() == "1100 – 844"
        seated = lp.locator("[data-testid='live-tables']").inner_text()
        assert all(n in seated for t in shown["parties_drawn"][0]["tables"]
                   for side in t["teams"] for n in side)
        assert lp.locator("[data-testid='live-ranking'] tbody tr").count() == 9
        # nothing changes: two more polls, the same drawing stays
        lp.evaluate("window.kept = document.querySelector('.live-columns')")
        for _ in range(2):
            with lp.expect_response(lambda r: r.url.startswith(
                    f"{web_server.url}/api/concours/{cid}?")):
                pass
        assert lp.evaluate("window.kept.isConnected")
        # a score entered elsewhere (the API) shows by itself
        r = httpx.post(f"{web_server.url}/api/concours/{cid}/score",
                       headers={"Authorization": f"Bearer {key}"},
                       json={"partie": 1, "table": 2, "points": [1000, 964]})
        assert r.status_code == 200, r.text
        lp.locator("[data-table='2'] [data-testid='live-score']").filter(
            has_text="1000 – 964").wait_for()
        assert not lp.evaluate("window.kept.isConnected")
        top = lp.locator("[data-testid='live-ranking'] tbody tr").first.inner_text()
        assert "1100" in top
        assert _script_errors(page) == [] and live.errors == []
    finally:
        page.close()
        if live is not None:
            live.close()


def test_the_pages_switch_to_english(browser, web_server):
    page, cid, key = _organise(browser, web_server.url)
    try:
        p = page.page
        assert p.locator("#reg-title").inner_text().startswith("Inscriptions")
        p.click("button.lang[data-lang='en']")
        p.locator("#reg-title").filter(has_text="Registration").wait_for()
        assert p.locator("#add-names").inner_text() == "Register"
        assert p.locator("#draw").inner_text() == "Draw partie 1"
        # a refusal comes in English too
        p.fill("#names", "Anne")
        p.click("#add-names")
        toast = p.locator("#toast")
        toast.filter(has_text="already registered").wait_for()
        assert toast.inner_text().startswith("Anne is already registered")
        # a player registered elsewhere (another laptop, the command line) shows by itself
        r = httpx.post(f"{web_server.url}/api/concours/{cid}/entrants",
                       headers={"Authorization": f"Bearer {key}"}, json={"names": ["Zoé"]})
        assert r.status_code == 200
        p.locator("#entrants tbody tr[data-entrant='10']").filter(has_text="Zoé").wait_for()
        # a CSV file from a French spreadsheet (Windows-1252), its header row skipped
        p.click("#registration-csv summary")
        p.set_input_files("#csv-file", files=[{
            "name": "inscrits.csv", "mimeType": "text/csv",
            "buffer": "Prénom;Nom\nRené;Crème\n".encode("cp1252")}])
        p.wait_for_function("document.getElementById('csv-text').value.includes('René')")
        p.click("#add-csv")
        p.locator("#entrants tbody tr[data-entrant='11']").filter(has_text="René Crème").wait_for()
        assert _script_errors(page) == []
    finally:
        page.close()
    live = Page.open(browser, f"{web_server.url}/concours/{cid}/live?lang=en")
    try:
        lp = live.page
        lp.locator("#live-ranking-title").filter(has_text="Ranking").wait_for()
        assert "No partie is drawn yet." in lp.locator("#live").inner_text()
        lp.click("button.lang[data-lang='fr']")
        lp.locator("#live-ranking-title").filter(has_text="Classement").wait_for()
        assert live.errors == []
    finally:
        live.close()


def test_the_live_page_fits_a_phone(browser, web_server):
    page, cid, _key = _organise(browser, web_server.url)
    page.page.fill("#seed", "7")
    page.page.click("#draw")
    page.page.wait_for_selector("#drawn[data-seed='7']")
    page.close()
    live = Page.open(browser, f"{web_server.url}/concours/{cid}/live",
                     viewport={"width": 360, "height": 740}, is_mobile=True,
                     has_touch=True, device_scale_factor=2)
    try:
        lp = live.page
        lp.wait_for_selector("[data-testid='live-tables'] [data-table='2']")
        lp.wait_for_selector("[data-testid='live-ranking'] tbody tr >> nth=8")
        width = lp.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, width
        # the long name is shown whole, wrapped
        assert "Marie-Christine de La Tour-d'Auvergne" in lp.locator("#live").inner_text()
        assert live.errors == []
    finally:
        live.close()


def test_the_live_page_shows_the_prize_list_once_the_last_partie_is_scored(browser, web_server):
    http = httpx.Client(base_url=web_server.url)
    made = http.post("/api/concours", json={"name": "Concours de Noël", "parties": 1}).json()
    cid, key = made["id"], {"Authorization": f"Bearer {made['key']}"}
    http.post(f"/api/concours/{cid}/entrants", headers=key, json={"names": PLAYERS[:8]})
    http.post(f"/api/concours/{cid}/prizes", headers=key,
              json={"prizes": ["Un jambon", "Un panier garni"]})
    drawn = http.post(f"/api/concours/{cid}/draw", headers=key, json={"seed": 1}).json()
    http.post(f"/api/concours/{cid}/score", headers=key,
              json={"partie": 1, "table": 1, "points": [1200, 744]})
    live = Page.open(browser, f"{web_server.url}/concours/{cid}/live?every=1")
    try:
        lp = live.page
        lp.wait_for_selector("[data-testid='live-tables'] [data-table='2']")
        assert lp.locator("[data-testid='live-prizes']").count() == 0  # table 2 to score
        r = http.post(f"/api/concours/{cid}/score", headers=key,
                      json={"partie": 1, "table": 2, "points": [1000, 964]})
        assert r.status_code == 200, r.text
        lp.wait_for_selector("[data-testid='live-prizes'] li >> nth=1")
        # table 1's winners (1200 each) take the two prizes, in the ranking's order (the lot)
        shown = httpx.get(f"{web_server.url}/api/concours/{cid}").json()
        first, second = (row["name"] for row in shown["ranking"][:2])
        assert {first, second} == set(drawn["tables"][0]["teams"][0])
        assert lp.locator("[data-testid='live-prizes'] li").all_inner_texts() == [
            f"{first} 1200 pts — Un jambon", f"{second} 1200 pts — Un panier garni"]
        assert lp.locator("[data-testid='live-tables']").count() == 0
        assert live.errors == []
    finally:
        live.close()
        http.close()


_FITS = """() => {
  const rows = document.querySelectorAll("[data-testid='live-ranking'] tbody tr");
  return rows.length > 0 && rows[rows.length - 1].getBoundingClientRect().bottom <= innerHeight;
}"""
_RANKING_PAGE = "document.querySelector('#live-ranking-title .page-mark')?.textContent || ''"


def test_every_rank_fits_the_screen_on_every_page_after_a_redraw(browser, web_server):
    """A score arriving while the pages showed their second page sized the ranking's pages
    on that (shorter) page: page 1 then ran below the screen, ranks 22 to 29 never shown
    (fresh-user trial, session 14). Each page shown fits, before and after."""
    http = httpx.Client(base_url=web_server.url)
    made = http.post("/api/concours", json={"name": "Trente", "parties": 2}).json()
    cid, key = made["id"], {"Authorization": f"Bearer {made['key']}"}
    names = [f"Joueur {i:02d}" for i in range(1, 31)]
    http.post(f"/api/concours/{cid}/entrants", headers=key, json={"names": names})
    http.post(f"/api/concours/{cid}/draw", headers=key, json={"seed": 5})
    live = Page.open(browser, f"{web_server.url}/concours/{cid}/live?every=1&turn=3",
                     viewport={"width": 1280, "height": 560})
    try:
        lp = live.page
        lp.wait_for_function(f"() => ({_RANKING_PAGE}).length > 0")  # the ranking pages
        lp.wait_for_function(f"() => /^\\D*2/.test({_RANKING_PAGE})")  # on its 2nd page
        http.post(f"/api/concours/{cid}/score", headers=key,
                  json={"partie": 1, "table": 1, "points": [1200, 744]})
        lp.wait_for_selector("[data-table='1'] [data-testid='live-score']")
        seen = set()
        for _ in range(3):  # three pages in a row, each fitting the screen
            before = lp.evaluate(_RANKING_PAGE)
            assert lp.evaluate(_FITS), before
            seen |= {int(x.split()[0]) for x in lp.locator(
                "[data-testid='live-ranking'] tbody tr td:first-child").all_inner_texts()}
            lp.wait_for_function(f"(b) => ({_RANKING_PAGE}) !== b", arg=before)
        assert seen == set(range(1, 31))
        assert live.errors == []
    finally:
        live.close()
        http.close()
