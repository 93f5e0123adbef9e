"""The browser table's speed on loopback (issue 18 item 7), measured in a real Chromium.

    python bench/web.py                 # 20 page loads, 2 deals of two friends
    python bench/web.py --loads 50 --deals 4 --json

It starts ``belote serve --port 0`` on a fresh SQLite file in a temporary folder and drives
Debian's chromium with Playwright (as the browser tests do, tests/support/browser.py):

* *page usable*: from the navigation's start (``performance.timeOrigin``) to the moment the
  lobby's "Jouer contre les bots" button is in the page and enabled, read in the page itself
  (``performance.now()`` when a ``MutationObserver`` first sees it), one fresh browser
  context a load (no cache);
* *card shown at the other player*: Alice and Bob sit at one table with two bots (each in his
  own browser context); for every card one of them clicks, the time from the click (the
  clicking page's clock) to the card's first drawing in the other's page (a card in the trick
  or the trick just won; a card comes back every deal, so a click is matched with its first
  drawing after it; a drawn element is stamped once). Both pages run in one browser on one
  machine, so their ``performance.timeOrigin + now()`` clocks agree.

Prints median, mean, p90 and max of each, with the machine's load average; ``--json`` for a
machine-readable line. Not a test: figures go in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from support.browser import find_chromium, launch_args  # noqa: E402

WATCH = """
(() => {
  window.__seen = {};
  window.__clicked = {};
  const stamp = () => performance.timeOrigin + performance.now();
  document.addEventListener("click", (e) => {
    const card = e.target.closest && e.target.closest("[data-testid=hand] [data-action]");
    if (card) (window.__clicked[card.dataset.card] ||= []).push(stamp());
  }, true);
  new MutationObserver(() => {
    const now = stamp();
    if (window.__usable === undefined) {
      const b = [...document.querySelectorAll("button")].find(
        (x) => x.textContent === "Jouer contre les bots" && !x.disabled);
      if (b) window.__usable = performance.now();
    }
    // each drawing of a card in the middle (a card comes back in every deal): the first
    // drawing after a click is the one that click caused
    for (const c of document.querySelectorAll("[data-testid=trick] [data-card]")) {
      if (!c.__stamped) { c.__stamped = true; (window.__seen[c.dataset.card] ||= []).push(now); }
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"n": len(values), "median": round(statistics.median(values), 1),
            "mean": round(statistics.fmean(values), 1),
            "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
            "max": round(ordered[-1], 1)}


def start_server(folder: Path, bot_delay: str = "0.3") -> tuple[subprocess.Popen[str], str]:
    """``belote serve --port 0`` on a new SQLite file in ``folder`` (no rate limits): the
    process and the address it printed. Exits when it prints none."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen(
        [sys.executable, "-m", "belote.cli", "serve", "--port", "0", "--database",
         f"sqlite:///{folder / 'bench.db'}", "--bot-delay", bot_delay, "--create-limit", "off",
         "--join-limit", "off", "--connect-limit", "off"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    if not url.startswith("http://"):
        proc.kill()
        raise SystemExit(f"the server did not start: {url!r}")
    return proc, url


def page_loads(browser, url: str, loads: int) -> list[float]:
    out = []
    for _ in range(loads):
        ctx = browser.new_context()
        ctx.add_init_script(WATCH)
        page = ctx.new_page()
        page.goto(url)
        page.get_by_role("button", name="Jouer contre les bots").wait_for()
        page.wait_for_function("window.__usable !== undefined")
        out.append(page.evaluate("window.__usable"))
        ctx.close()
    return out


def play_friends(browser, url: str, deals: int) -> list[float]:
    import httpx
    made = httpx.post(f"{url}/api/tables", json={
        "preset": "classique", "options": {"game_end": "deals", "deals": deals},
        "seats": ["me", "bot:random", "open", "bot:random"], "name": "Alice"}).json()
    bob = httpx.post(f"{url}/api/join/{made['code']}", json={"name": "Bob"}).json()
    pages = []
    for token in (made["token"], bob["token"]):
        ctx = browser.new_context()
        ctx.add_init_script(WATCH)
        ctx.add_init_script(
            f"localStorage.setItem('belote.tables', JSON.stringify({{'{made['table']}': "
            f"{{token: '{token}', seat: 0, code: '{made['code']}', preset: 'classique', "
            f"at: 0}}}}));")
        page = ctx.new_page()
        page.goto(f"{url}/#/table/{made['table']}")
        pages.append(page)
    latencies: list[float] = []
    deadline = time.monotonic() + 600
    over = 'document.querySelector("[data-testid=game-result]")'
    while not all(p.evaluate(f"!!{over}") for p in pages):
        if time.monotonic() > deadline:
            raise SystemExit("the game did not end in 10 minutes")
        acted = False
        for page in pages:
            nxt = page.locator('[data-action="next"]')
            if nxt.count() and not page.evaluate(f"!!{over}"):
                nxt.click()
                acted = True
                continue
            buttons = page.locator('button[data-action]:not([data-action="next"])')
            if buttons.count():
                passing = page.locator('button[data-action="pass"]')
                cards = page.locator('[data-testid="hand"] button[data-action]')
                target = passing if passing.count() else cards if cards.count() else buttons
                try:
                    target.first.click(timeout=2000)
                    acted = True
                except Exception:
                    pass
        if not acted:
            pages[0].wait_for_timeout(20)
    pages[0].wait_for_timeout(200)
    marks = [(p.evaluate("window.__clicked"), p.evaluate("window.__seen")) for p in pages]
    for i, (clicked, _seen) in enumerate(marks):
        other_seen = marks[1 - i][1]
        for card, times in clicked.items():
            for t in times:
                after = [s for s in other_seen.get(card, []) if s >= t]
                if after:
                    latencies.append(min(after) - t)
    for page in pages:
        page.context.close()
    return latencies


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--loads", type=int, default=20, help="page loads timed")
    ap.add_argument("--deals", type=int, default=2, help="deals the two friends play")
    ap.add_argument("--json", action="store_true", help="one JSON line")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright
    load_at_start = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(Path(folder))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(find_chromium()),
                                            args=launch_args())
                loads = page_loads(browser, url, args.loads)
                cards = play_friends(browser, url, args.deals)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(30)
    out = {"load_average": [round(load_at_start, 2), round(os.getloadavg()[0], 2)],
           "page_usable_ms": summary(loads), "card_shown_ms": summary(cards)}
    if args.json:
        print(json.dumps(out))
        return
    print(f"load average {out['load_average'][0]} at start, {out['load_average'][1]} at end")
    for name in ("page_usable_ms", "card_shown_ms"):
        s = out[name]
        print(f"{name:16} n={s['n']:4}  median {s['median']:7.1f}  mean {s['mean']:7.1f}  "
              f"p90 {s['p90']:7.1f}  max {s['max']:7.1f}")


if __name__ == "__main__":
    main()
