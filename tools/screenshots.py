"""Take the browser table's screenshots shown in the README (docs/screenshots/*.png).

    python tools/screenshots.py            # lobby.png, table.png, summary.png, phone.png

A real ``belote serve`` on a temporary SQLite file, Debian's chromium under Playwright (as
the browser tests, tests/support/browser.py), a game against three heuristic bots played by
clicks (passing in the bidding, the first legal card after).
"""

from __future__ import annotations

import contextlib
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from support.browser import find_chromium, launch_args  # noqa: E402
from web import start_server  # noqa: E402  (bench/web.py: the same server)

ACTIONS = 'button[data-action]:not([data-action="next"])'


def _click(page, until) -> None:
    for _ in range(4000):
        if until():
            return
        buttons = page.locator(ACTIONS)
        passing = page.locator('button[data-action="pass"]')
        cards = page.locator(f'[data-testid="hand"] {ACTIONS}')
        target = passing if passing.count() else cards if cards.count() else buttons
        if target.count():
            with contextlib.suppress(Exception):  # redrawn meanwhile: look again
                target.first.click(timeout=2000)
        page.wait_for_timeout(40)
    raise SystemExit("the game did not get there")


def main() -> None:
    from playwright.sync_api import sync_playwright
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        proc, url = start_server(Path(folder), bot_delay="0.05")
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=str(find_chromium()),
                                            args=launch_args())
                page = browser.new_context(viewport={"width": 1000, "height": 760}).new_page()
                page.goto(url)
                page.get_by_role("button", name="Jouer contre les bots").wait_for()
                page.screenshot(path=OUT / "lobby.png")
                page.select_option("#quick-preset", "coinche")
                page.select_option("#quick-length", "1")
                page.get_by_role("button", name="Jouer contre les bots").click()
                trick = page.locator('[data-testid="trick"] [data-card]')
                _click(page, lambda: trick.count() >= 2 and
                       page.locator(f'[data-testid="hand"] {ACTIONS}').count() > 0)
                page.screenshot(path=OUT / "table.png")
                _click(page, lambda: page.locator('[data-testid="deal-summary"]').count() > 0)
                page.screenshot(path=OUT / "summary.png")
                phone = browser.new_context(viewport={"width": 360, "height": 640},
                                            is_mobile=True, has_touch=True).new_page()
                phone.goto(url)
                phone.get_by_role("button", name="Jouer contre les bots").click()
                phone.wait_for_selector('[data-testid="hand"] [data-card]')
                _click(phone, lambda: phone.locator(f'[data-testid="hand"] {ACTIONS}').count()
                       > 0 and not phone.locator('button[data-action="pass"]').count())
                phone.screenshot(path=OUT / "phone.png")
                browser.close()
        finally:
            proc.terminate()
            proc.wait(30)
    for name in ("lobby", "table", "summary", "phone"):
        print(OUT / f"{name}.png")


if __name__ == "__main__":
    main()
