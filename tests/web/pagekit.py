"""What the browser tests share: a page that records its script errors, and a player that
plays by clicks only (the pinned ``data-action`` buttons of issue 18)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

#: seconds a browser test waits for what it expects (a loaded CI machine)
WAIT = 60.0
#: a button of an action the person may take now (the summary's "next" apart)
ACTIONS = 'button[data-action]:not([data-action="next"]):not([disabled])'


@dataclass
class Page:
    """A Playwright page with the messages of its console and its uncaught errors."""

    page: Any
    errors: list[str] = field(default_factory=list)

    @classmethod
    def open(cls, browser: Any, url: str, **context: Any) -> Page:
        ctx = browser.new_context(**context)
        page = ctx.new_page()
        page.set_default_timeout(WAIT * 1000)
        kept = cls(page)
        page.on("pageerror", lambda e: kept.errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: kept.errors.append(f"console: {m.text}")
                if m.type == "error" and "favicon" not in m.text else None)
        page.goto(url)
        return kept

    def close(self) -> None:
        self.page.context.close()

    def hand(self) -> list[str]:
        """The cards of the hand shown now (read at once: the page redraws as bots play)."""
        return list(self.page.evaluate(
            "[...document.querySelectorAll('[data-testid=hand] [data-card]')]"
            ".map((e) => e.dataset.card)"))

    def attributes(self, selector: str, name: str) -> list[str | None]:
        """``name`` of every element ``selector`` finds now, read at once."""
        return list(self.page.evaluate(
            "([s, n]) => [...document.querySelectorAll(s)].map((e) => e.getAttribute(n))",
            [selector, name]))

    def summary_shown(self) -> bool:
        return self.page.locator('[data-testid="deal-summary"]').count() > 0


def choose(page: Any) -> Any | None:
    """The button a test player clicks now: yes to a question (belote), ``pass`` in the
    bidding (the bots take), else a card or the first action offered; None when nothing is
    offered."""
    question = page.locator("#question-yes")  # "say belote with this card?": yes
    if question.count():
        return question.first
    buttons = page.locator(ACTIONS)
    if buttons.count() == 0:
        return None
    cards = page.locator(f'[data-testid="hand"] {ACTIONS}')
    passing = page.locator('button[data-action="pass"]')
    take = page.locator('button[data-action="take"]')
    if passing.count():
        # take once in a while in round 1 so that the person is sometimes the taker
        return take.first if take.count() and time.monotonic_ns() % 3 == 0 else passing.first
    return cards.first if cards.count() else buttons.first


def play_until(page: Page, done, limit: float = WAIT * 3, on_turn=None) -> int:
    """Click :func:`choose`'s button until ``done()``; returns how many clicks. Each turn
    is offered to ``on_turn(page)`` first (True: it acted itself)."""
    clicks = 0
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, f"not done after {limit} s ({clicks} clicks)"
        button = choose(page.page)
        if button is None:
            page.page.wait_for_timeout(40)
            continue
        if on_turn is not None and on_turn(page):
            clicks += 1
            continue
        try:
            button.click(timeout=2000)
            clicks += 1
        except Exception:  # redrawn between the look and the click: look again
            continue
        page.page.wait_for_timeout(30)
    return clicks
