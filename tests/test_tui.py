"""The terminal table driven headless with Textual's pilot: a full deal, a full game, a refused
illegal card, the belote prompt, quit-and-resume, and snapshots of key screens."""

import asyncio
import time

import pytest

from belote.engine import Rules, parse_card
from belote.engine.deal import Deal, Phase
from belote.engine.game import Game
from belote.engine.record import game_to_record
from belote.table import store as storage
from belote.tui.app import BeloteApp, Question, Summary

SIZE = (130, 36)
#: seconds a test waits for the table (a loaded CI machine: its bots think on their thread)
WAIT = 120.0

#: a coroutine left unawaited (an event marshalled to an app that stopped) fails the test: it
#: surfaces as a RuntimeWarning, raised where the coroutine is collected (unraisable)
pytestmark = [pytest.mark.filterwarnings("error::RuntimeWarning"),
              pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning")]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BELOTE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def make_app(preset="classique", seed=5, dealer=3, **over):
    rules = Rules.preset(preset, **over)
    game = Game(rules, seed=seed, first_dealer=dealer)
    return BeloteApp(game, human=0, bot_names=["heuristic"] * 3, bot_delay=0)


def hand_button(app, card_text):
    for b in app.query("#hand Button"):
        if b.name == f"card:{card_text}":
            return b
    raise AssertionError(f"no button for {card_text}")


async def until(pilot, condition, what, timeout=WAIT):
    """Let the app run until ``condition()`` is true (its bots think on their own thread);
    fail after ``timeout`` seconds, naming ``what``."""
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        await pilot.pause(0.01)  # a look every 10 ms, not a busy loop


def _drawn(app, d):
    """Whether the screen shows the person's turn: the buttons of the phase mounted and laid
    out (a click on a button not laid out yet lands elsewhere and is lost)."""
    if d.phase == Phase.BIDDING:
        buttons = list(app.query("#bidbar Button"))
    else:
        buttons = [b for b in app.query("#hand Button") if b.has_class("legal")]
    return bool(buttons) and all(b.region.area > 0 for b in buttons)


async def human_turn(app, pilot, answer_yes=True, timeout=WAIT):
    """Wait until the human must act and the screen shows it; answer questions and
    summaries on the way. Returns False when the game is over."""
    deadline = time.monotonic() + timeout
    while True:
        await pilot.pause()
        if isinstance(app.screen, Question):
            await pilot.click("#yes" if answer_yes else "#no")
            continue
        if isinstance(app.screen, Summary):
            return "summary"
        if app.game.is_over():
            return False
        d = app.game.current
        if d.to_move == 0 and not app.busy and _drawn(app, d):
            return True
        if time.monotonic() > deadline:
            raise AssertionError(f"the table never gave the human a turn in {timeout:g} s")
        await pilot.pause(0.01)


async def close_summary(app, pilot):
    """Close the summary shown (a click that missed its button is tried again); the next
    screen may be another summary (the game's result)."""
    shown = await until(pilot, lambda: isinstance(app.screen, Summary) and app.screen,
                        "the summary")
    while app.screen is shown:
        if await pilot.click("#continue"):
            await until(pilot, lambda: app.screen is not shown, "the summary closed")


async def play_first_legal(app, pilot):
    """Click the first legal action; whether the click landed on its button."""
    d = app.game.current
    legal = [str(a) for a in d.legal_actions()]
    if d.phase == Phase.BIDDING:
        choice = "pass" if "pass" in legal else legal[0]
        btn = next(b for b in app.query("#bidbar Button") if b.name == f"bid:{choice}")
        return await pilot.click(btn)
    cards = [a for a in legal if a != "belote" and not a.startswith("declare")]
    return await pilot.click(hand_button(app, cards[0]))


def test_a_full_deal_through_the_pilot(data_dir):
    async def run():
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            while True:
                state = await human_turn(app, pilot)
                if state == "summary":
                    break
                await play_first_legal(app, pilot)
            text = str(app.screen.query_one("#summary-text").render())
            game = app.game
            first = game.deals[0]
            # behind the summary: the finished deal (no card left in hand, not the next
            # deal's), and a status line that says the deal ended, not whose turn it was
            assert len(app.query("#hand Button")) == 0
            status = str(app.query_one("#status").render())
            assert status.startswith("Tout le monde passe" if first.passed_out
                                     else "Fin de la donne 1 — Contrat ")
            assert game.marks[0] == (first.result.score if not first.passed_out else [0, 0])
            # the summary shows what each team marked, "Nous" column first (we are team 0)
            if not first.passed_out:
                assert f"{game.marks[0][0]:>8}{game.marks[0][1]:>8}" in text
            # the game is kept safe after every deal, before any quit
            assert (data_dir / "current.json").exists()
            assert len(list((data_dir / "games").glob("*.json"))) == 1
            await pilot.click("#continue")
            await pilot.pause()
            assert not isinstance(app.screen, Summary)
            assert any("Donne 2" in m for m in app.messages)  # the log marks the new deal
    asyncio.run(run())


def test_a_full_game_to_the_result_screen(data_dir):
    async def run():
        app = make_app(target=200)
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(2000):
                state = await human_turn(app, pilot)
                if state == "summary":
                    if app.game.is_over():
                        await pilot.click("#continue")
                        await pilot.pause()
                        break
                    await pilot.click("#continue")
                    continue
                if state is False:
                    break
                await play_first_legal(app, pilot)
            g = app.game
            assert g.is_over()
            assert max(g.scores) >= 200 and g.scores[0] != g.scores[1]
            assert isinstance(app.screen, Summary)  # the result screen
            text = str(app.screen.query_one("#summary-text").render())
            assert "Partie terminée" in text
            assert f"{g.scores[0]} à {g.scores[1]}" in text
        archived = list((data_dir / "games").glob("*.json"))
        assert len(archived) == 1
    asyncio.run(run())


def _forced_deal(app, hands_text, dealer, contract_bids):
    """Replace the current deal by one from known hands (a test seam: the table only needs a
    Game whose current deal it renders)."""
    from belote.engine.cards import parse_hand
    rules = app.game.rules
    hands = [parse_hand(h) for h in hands_text]
    d = Deal.from_hands(rules, dealer, hands, turned=parse_card(contract_bids[1]))
    app.game.current = d
    return d


def test_illegal_card_is_refused_with_the_rule_in_words():
    async def run():
        app = make_app(seed=11)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            # dealer 1: seat 2 speaks first and leads; seat 3 has no hearts
            d = _forced_deal(app, ["AH KH 7S 8C 9C TC JC QC", "AS TS KS QS JS 9S 8S 7D",
                                   "7H 8H 9H TH JH QH AC KC", "AD TD KD QD JD 9D 8D 7C"],
                             1, ["take", "7H"])
            d.play("take")   # seat 2 takes hearts (the turned 7H is in its hand)
            d.play("7H")     # seat 2 leads trump
            d.play("AD")     # seat 3: no hearts
            app.advance()
            state = await human_turn(app, pilot)
            assert state is True
            # seat 0 holds AH and KH: trump led, AH (11) beats 7H, KH too; 8C may not be played
            await pilot.click(hand_button(app, "8C"))
            await pilot.pause()
            assert (d.hands[0] >> parse_card("8C")) & 1  # still in hand
            assert any("Carte refusée : vous devez fournir à la couleur demandée (cœur)" in m
                       for m in app.messages)
    asyncio.run(run())


def test_a_refusal_s_notification_leaves_the_status_line_visible():
    """A refused card is said in the status line, the log and a notification: the
    notification stands under the header, not over the status line (it hid it)."""
    from textual.widgets._toast import Toast

    async def run():
        app = make_app(seed=11)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            d = _forced_deal(app, ["AH KH 7S 8C 9C TC JC QC", "AS TS KS QS JS 9S 8S 7D",
                                   "7H 8H 9H TH JH QH AC KC", "AD TD KD QD JD 9D 8D 7C"],
                             1, ["take", "7H"])
            d.play("take")
            d.play("7H")
            d.play("AD")
            app.advance()
            assert await human_turn(app, pilot) is True
            await pilot.click(hand_button(app, "8C"))  # must follow hearts: refused
            await pilot.pause()
            status = app.query_one("#status")
            assert "Carte refusée" in str(status.render())
            toasts: list = []
            for _ in range(50):  # the notification is mounted after the refusal is drawn
                await pilot.pause()
                toasts = list(app.screen.query(Toast))
                if toasts:
                    break
            assert toasts, "the refusal is notified"
            for toast in toasts:
                assert not toast.region.overlaps(status.region)
                assert not toast.region.overlaps(app.query_one("#info").region)
    asyncio.run(run())


def test_belote_prompt_is_offered_and_counted():
    async def run():
        app = make_app(seed=12)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            d = _forced_deal(app, ["KH QH 7H 8C 9C TC JC QC", "AS TS KS QS JS 9S 8S 7D",
                                   "7S 8H 9H TH JH AH AC KC", "AD TD KD QD JD 9D 8D 7C"],
                             3, ["take", "7H"])
            d.play("take")  # seat 0 takes hearts: holds K and Q of trump
            app.advance()
            state = await human_turn(app, pilot)
            assert state is True
            await pilot.click(hand_button(app, "KH"))
            await pilot.pause()
            assert isinstance(app.screen, Question)
            assert "belote" in str(app.screen.query_one("Static").render())
            await pilot.click("#yes")
            await pilot.pause()
            assert d.belotes == [(0, 1)]  # seat 0 said belote for hearts
            assert any("belote !" in m for m in app.messages)
    asyncio.run(run())


def test_quit_saves_and_resume_continues(data_dir):
    async def run():
        app = make_app(seed=21)
        async with app.run_test(size=SIZE) as pilot:
            state = await human_turn(app, pilot)
            assert state is True
            await play_first_legal(app, pilot)
            await human_turn(app, pilot)
            before = game_to_record(app.game)
            await pilot.press("q")
        assert (data_dir / "current.json").exists()
        loaded = storage.FileStore().load()
        game, table = loaded.game, loaded.settings
        assert game_to_record(game) == before
        stamp = table.pop("stamp")
        assert table == {"human": 0, "bots": ["heuristic"] * 3, "lang": "fr",
                         "auto_belote": False}
        # one archive file for the game, named by the stamp kept for --resume
        assert [p.name for p in (data_dir / "games").glob("*.json")] == [
            f"{stamp}-seed21-classique.json"]
    asyncio.run(run())


def test_english_table():
    async def run():
        rules = Rules.preset("coinche")
        game = Game(rules, seed=3, first_dealer=3)
        app = BeloteApp(game, human=0, bot_names=["random"] * 3, bot_delay=0, lang="en")
        async with app.run_test(size=SIZE) as pilot:
            await human_turn(app, pilot)
            labels = [str(b.label) for b in app.query("#bidbar Button")]
            assert "p Pass" in labels
            assert any("Keys:" in m for m in app.messages)
    asyncio.run(run())


# -- snapshots of key screens (tests/__snapshots__, update with --snapshot-update) ------------

def _snap_app(preset="classique"):
    rules = Rules.preset(preset)
    return BeloteApp(Game(rules, seed=7, first_dealer=3), human=0, bot_names=["heuristic"] * 3,
                     bot_delay=0, save=False)


def test_snapshot_bidding_two_rounds(snap_compare):
    assert snap_compare(_snap_app("classique"), terminal_size=SIZE)


def test_snapshot_auction(snap_compare):
    assert snap_compare(_snap_app("coinche"), terminal_size=SIZE)


def test_snapshot_card_play(snap_compare):
    async def take_and_play(pilot):
        app = pilot.app
        await pilot.pause()
        app.human_bid("take")
        await pilot.pause()
        await pilot.pause()
    assert snap_compare(_snap_app("classique"), terminal_size=SIZE, run_before=take_and_play)



@pytest.mark.parametrize("preset", ["concours", "classique", "annonces", "contree", "coinche",
                                    "ffb", "simplifiee", "retourne"])
def test_every_preset_plays_to_the_result_screen(preset):
    """A short game of every preset, the human bidding through the bar (a value bid in the
    auction presets) and playing the first legal card, to the result screen."""
    over = {"game_end": "deals", "deals": 2} if preset in ("concours", "simplifiee") else \
        {"target": 150 if preset in ("classique", "annonces", "retourne") else 300}

    async def run():
        app = make_app(preset=preset, seed=31, **over)
        bid_once = True
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(3000):
                state = await human_turn(app, pilot)
                if state == "summary":
                    await close_summary(app, pilot)
                    if app.game.is_over():
                        break
                    continue
                if state is False:
                    break
                d = app.game.current
                value_buttons = [b for b in app.query("#bidbar Button")
                                 if (b.name or "").startswith("value:")]
                if d.phase == Phase.BIDDING and value_buttons and bid_once:
                    # the lowest value in the first suit (a click that missed: tried again)
                    said = len(d.bids)
                    if await pilot.click(value_buttons[0]):
                        await until(pilot, lambda d=d, said=said: len(d.bids) > said or d is
                                    not app.game.current, "the value bid applied")
                        bid_once = False
                        assert any(s == 0 and str(a)[0].isdigit() for s, a in
                                   (d.bids if d is app.game.current else
                                    app.game.deals[-1].bids))
                    continue
                await play_first_legal(app, pilot)
            assert app.game.is_over()
            assert isinstance(app.screen, Summary)
    asyncio.run(run())


def test_keyboard_bidding():
    """Bids by keys alone: + raises the chosen value, 1-6 name the suit, t takes, p passes."""
    async def run():
        app = make_app(preset="coinche", seed=41, dealer=3)  # seat 0 speaks first
        async with app.run_test(size=SIZE) as pilot:
            assert await human_turn(app, pilot) is True
            status = str(app.query_one("#status").render())
            assert "p passer" in status and "+/- valeur" in status and "t prendre" not in status
            await pilot.press("plus", "2")  # 90, hearts
            await pilot.pause()
            d = app.game.current if app.game.current.bids else app.game.deals[-1]
            assert (0, "90 H") in [(s, str(a)) for s, a in d.bids]
        app = make_app(preset="classique", seed=41, dealer=3)
        async with app.run_test(size=SIZE) as pilot:
            assert await human_turn(app, pilot) is True
            await pilot.press("t")
            await pilot.pause()
            d = app.game.deals[-1] if app.game.deals else app.game.current
            assert d.bids[0][0] == 0 and str(d.bids[0][1]) == "take"
    asyncio.run(run())


def test_a_bidding_key_that_does_not_apply_says_so():
    """coinche, seat 0 opens: nothing to double yet and no "take" in an auction, so x and t
    are refused on the status line (with the keys that do apply) and no bid is made; in
    classique's first round (take or pass), 5 (Sans Atout) is refused the same way."""
    async def run():
        app = make_app(preset="coinche", seed=41, dealer=3)
        async with app.run_test(size=SIZE) as pilot:
            assert await human_turn(app, pilot) is True
            await pilot.press("x")
            await pilot.pause()
            status = str(app.query_one("#status").render())
            assert status.startswith("Coincher : pas à ce tour. À vous de parler : p passer")
            await pilot.press("t")
            await pilot.pause()
            assert str(app.query_one("#status").render()).startswith(
                "Je prends : pas à ce tour.")
            assert app.game.current.bids == []
        app = make_app(preset="classique", seed=41, dealer=3)
        async with app.run_test(size=SIZE) as pilot:
            assert await human_turn(app, pilot) is True
            await pilot.press("5")
            await pilot.pause()
            assert str(app.query_one("#status").render()).startswith("SA : pas à ce tour.")
            await pilot.press("7")  # no bid at all: the keys that apply
            await pilot.pause()
            assert str(app.query_one("#status").render()).startswith(
                "À vous de parler : p passer")
            assert app.game.current.bids == []
    asyncio.run(run())


@pytest.mark.parametrize("preset, words", [("coinche", ("x coincher", "x surcoincher")),
                                           ("contree", ("x contrer", "x surcontrer"))])
def test_the_double_key_is_named_with_the_game_s_word(preset, words):
    """The status line names x with the word of the button: seat 1 bids 80 ♥, seat 2 (the
    defence) may coinche / contre, then seat 3 (the taker's partner) may surcoinche."""
    app = make_app(preset=preset)
    d = Deal.deal(Rules.preset(preset), 3, list(range(32)))
    d.play("pass")
    d.play("80 H")
    hint = app.bid_hint(d.view(d.to_move))
    assert words[0] in hint and words[1] not in hint
    d.play("contre")
    assert words[1] in app.bid_hint(d.view(d.to_move))


def test_small_terminal_hides_the_log_and_shows_the_trick_in_the_centre():
    async def run():
        app = make_app(seed=5)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.query_one("#log").display is False
            assert app.screen.has_class("compact")
    asyncio.run(run())


def test_round_two_number_keys_follow_the_labels():
    """Round 2 without the turned suit: key 4 is clubs whatever the turned suit (attack
    finding: the i-th button used to be pressed)."""
    async def run():
        app = make_app(preset="retourne", seed=11)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            d = _forced_deal(app, ["AH KH 7S 8C 9C TC JC QC", "AS TS KS QS JS 9S 8S 7D",
                                   "7H 8H 9H TH JH QH AC KC", "AD TD KD QD JD 9D 8D 7C"],
                             3, ["take", "KD"])
            d.turned = parse_card("KD")
            for _ in range(4):  # round 1: seats 0, 1, 2, 3 pass; round 2 starts with seat 0
                d.play("pass")
            app.advance()
            assert await human_turn(app, pilot) is True
            await pilot.press("4")
            await pilot.pause()
            assert str(d.contract.trump) == "C" and d.contract.taker == 0
    asyncio.run(run())


def test_a_failed_save_is_shown_and_play_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("BELOTE_DATA_DIR", str(blocker / "data"))

    async def run():
        app = make_app(seed=21)
        async with app.run_test(size=SIZE) as pilot:
            await human_turn(app, pilot)
            await pilot.press("q")
        assert any("Impossible d'enregistrer" in m for m in app.messages)
    asyncio.run(run())


def test_resize_follows_the_current_size():
    async def run():
        app = make_app(seed=5)
        async with app.run_test(size=(140, 40)) as pilot:
            await pilot.pause()
            assert app.query_one("#log").display is True
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert app.query_one("#log").display is False
            assert app.screen.has_class("compact")
            await pilot.resize_terminal(140, 40)
            await pilot.pause()
            assert app.query_one("#log").display is True
    asyncio.run(run())


def test_the_expert_thinks_without_freezing_the_table():
    """The expert searches in a worker thread; the table plays a whole deal against three
    expert bots (its moves arrive through the worker), the human passing and playing its
    first legal card."""
    async def run():
        game = Game(Rules.preset("classique"), seed=3, first_dealer=3)
        app = BeloteApp(game, human=0, bot_names=["expert:2"] * 3, bot_delay=0)
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(2000):
                await pilot.pause(0.02)
                d = app.game.current
                if any(not g.passed_out for g in game.deals):
                    break
                if d is not None and d.to_move == 0 and not isinstance(app.screen, (Question,
                                                                                    Summary)):
                    legal = d.view(0).legal
                    app.apply(0, "pass" if "pass" in legal else legal[0])
            played = [g for g in game.deals if not g.passed_out]
            assert len(played) == 1 and len(played[0].plays) == 32
    asyncio.run(run())


def test_card_counts_take_each_language_s_number():
    """A seat's card count: "0 carte" and "1 carte" in French, "0 cards" but "1 card" in
    English (the English table said "Us · 0 card")."""
    from belote.tui.app import _singular
    assert [_singular(n, "fr") for n in (0, 1, 2)] == [True, True, False]
    assert [_singular(n, "en") for n in (0, 1, 2)] == [False, True, False]


def test_bid_hint_names_the_suit_keys_this_turn_offers():
    """The status line lists the suit keys that apply (1 ♠ 2 ♥ 3 ♦ 4 ♣ 5 SA 6 TA): classique,
    seed 41, dealer 3: the turned card is a diamond (card 22), so the first round is take or
    pass, and the second offers ♠ ♥ ♣ (keys 1, 2 and 4; docs/sources.md §3, seed 001: one of
    the three other suits); coinche's auction offers the four suits (1-4), no SA / TA."""
    import random

    from belote.engine import shuffled_deck
    app = make_app(preset="classique", seed=41, dealer=3)
    rules = Rules.preset("classique")
    d = Deal.deal(rules, 3, shuffled_deck(rules, random.Random(41)))
    assert d.turned == 22
    assert app.bid_hint(d.view(d.to_move)) == "À vous de parler : p passer · t prendre"
    for _ in range(4):
        d.play("pass")
    assert app.bid_hint(d.view(d.to_move)) == "À vous de parler : p passer · 1,2,4 couleur"
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 3, shuffled_deck(rules, random.Random(41)))
    assert app.bid_hint(d.view(d.to_move)) == \
        "À vous de parler : p passer · 1-4 couleur · +/- valeur"


# -- issue 16 item 6: what a new user hit in a whole game -------------------------------------

def _deal_markers(app):
    return [i for i, m in enumerate(app.messages) if m.startswith("[b]— ")]


def test_the_bidding_shown_is_always_the_current_deal_s():
    """While a deal's result is on screen the bots do not bid the next deal; once it is
    closed the log marks the new deal, then shows its bids, every one of them, and the header
    names the standing bid (an ffb game hid a partner's overcall behind "Contrat : —")."""
    async def run():
        app = make_app(preset="coinche", seed=13, dealer=0)
        async with app.run_test(size=SIZE) as pilot:
            while await human_turn(app, pilot) != "summary":
                await play_first_legal(app, pilot)
            nxt = app.game.current
            assert nxt.bids == []  # held: nobody bid the next deal under the summary
            await close_summary(app, pilot)
            assert await human_turn(app, pilot) is True
            d = app.game.current
            assert d is nxt
            last = _deal_markers(app)[-1]
            assert app.messages[last] == f"[b]— Donne {len(app.game.deals) + 1} —[/b]"
            bids_logged = [m for m in app.messages[last + 1:] if " : " in m
                           and not m.startswith(("Retourne", "[b]Contrat"))]
            assert len(bids_logged) == len(d.bids)
            info = str(app.query_one("#info").render())
            if d.best is not None:
                seat, bid = d.best
                assert "Enchère : " in info and app.short_name(seat) in info
    asyncio.run(run())


def test_the_header_names_a_standing_bid():
    app = make_app(preset="coinche")
    d = Deal.deal(Rules.preset("coinche"), 3, list(range(32)))
    d.play("90 H")
    d.play("contre")
    from belote.tui.board import standing_bid_text
    assert standing_bid_text(d.view(0), app) == " · [b]Enchère[/b] : 90 ♥ ×2 (Vous)"
    fresh = Deal.deal(Rules.preset("coinche"), 3, list(range(32)))
    assert standing_bid_text(fresh.view(0), app) == ""


def test_the_turned_card_and_the_taker_are_logged():
    """A bot that takes at once ends the bidding before the first screen: the log still
    names the turned card and who took it (classique, seed 2, dealer 0: seat 1 takes)."""
    async def run():
        for seed in range(1, 40):
            app = make_app(preset="classique", seed=seed, dealer=0)
            async with app.run_test(size=SIZE) as pilot:
                await human_turn(app, pilot)
                d = app.game.current
                if d.contract is None or d.contract.taker == 0:
                    continue
                turned = card_label(d.turned, "fr")
                assert any(m.startswith("Retourne : ") and turned in m for m in app.messages)
                taker = app.seat_name(d.contract.taker)
                line = [m for m in app.messages if m.startswith("[b]Contrat")]
                assert line and f"preneur {taker}" in line[-1] and turned in line[-1]
                return
        raise AssertionError("no seed where a bot takes first")
    from belote.i18n import card_label
    asyncio.run(run())


def test_deals_are_numbered_as_the_tools_number_them():
    """One numbering: every deal counts, passed-out ones too, as replay, check and analyse
    --deal count them (deal 11 of the game was deal 14 for analyse)."""
    rules = Rules.preset("classique")
    game = Game(rules, seed=5, first_dealer=3)
    for _ in range(8):  # two rounds of passes: the deal is passed out (docs/sources.md §3)
        game.play("pass")
    assert game.deals[0].passed_out
    app = BeloteApp(game, human=0, bot_names=["heuristic"] * 3, bot_delay=0, save=False)

    async def run():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert str(app.query_one("#info").render()).startswith("Donne 2 ")
            assert "[b]— Donne 2 —[/b]" in app.messages
    asyncio.run(run())


def test_the_table_says_which_seat_is_which():
    async def run():
        app = BeloteApp(Game(Rules.preset("classique"), seed=5, first_dealer=3), human=1,
                        bot_names=["heuristic"] * 3, bot_delay=0, save=False)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert ("Sièges dans replay, check et analyse : Vous = siège 1, Droite = siège 2, "
                    "Partenaire = siège 3, Gauche = siège 0") in app.messages
    asyncio.run(run())


def test_french_words_of_the_log_and_the_annonce_question():
    """"Vous annoncez" (not "Vous annonce"); doubles said in the first person beside "Je
    passe"; an annonce named with card symbols, not codes."""
    import random

    from belote.engine.actions import Declare
    from belote.engine.cards import parse_hand
    from belote.engine.views import double_words
    from belote.table import events
    from belote.tui.app import annonce_words, said_words
    from belote.tui.i18n import texts
    t = texts("fr")
    assert said_words("contre", t, "fr", "contre") == "Je contre"
    assert said_words("surcontre", t, "fr", "coinche") == "Je surcoinche"
    assert said_words("pass", t, "fr", "contre") == "Je passe"
    assert annonce_words("tierce", parse_hand("7C 8C 9C"), "fr") == "tierce (7♣ 8♣ 9♣)"
    app = make_app(preset="annonces")
    deck = list(range(32))
    random.Random(10).shuffle(deck)  # seat 0 holds the tierce J-Q-K of diamonds
    d = Deal.deal(Rules.preset("annonces"), 3, deck)
    d.play("take")
    told = d.play(Declare((parse_hand("JD QD KD"),)))
    app._log_action(events.from_engine(told, 0, double_words(d.rules))[0][0])
    app._log_action(events.ActionApplied(0, 1, "pass"))
    assert app.messages[-2:] == ["Vous annoncez : tierce", "Droite (heuristique) : Je passe"]


def test_the_summary_says_annonces_retenues_as_check_does(data_dir):
    async def run():
        app = make_app(seed=5)
        async with app.run_test(size=SIZE) as pilot:
            while await human_turn(app, pilot) != "summary":
                await play_first_legal(app, pilot)
            if not app.game.deals[0].passed_out:
                text = str(app.screen.query_one("#summary-text").render())
                assert "Annonces retenues" in text and "Marqué" in text
    asyncio.run(run())


# -- issue 16 item 7: saving on q -------------------------------------------------------------

def test_a_failed_save_on_quit_keeps_the_game_and_offers_to_retry(tmp_path, monkeypatch):
    """The save fails (a file where the folder should be; its path has rich markup, which is
    shown as text): the game stays open with a question; Retry after the cause is gone saves
    and quits; "quit without saving" leaves ``not_saved`` for the shell (exit 4)."""
    (tmp_path / "x[").mkdir()
    blocker = tmp_path / "x[" / "]dd"  # the path has x[/]dd in it
    blocker.write_text("not a folder")
    monkeypatch.setenv("BELOTE_DATA_DIR", str(blocker / "data"))

    async def run(retry):
        app = make_app(seed=21)
        async with app.run_test(size=SIZE) as pilot:
            await human_turn(app, pilot)
            await pilot.press("q")
            await pilot.pause()
            assert isinstance(app.screen, Question)
            assert "[/]" in str(app.screen.query_one("Static").render())
            if retry:
                blocker.unlink()
                await pilot.click("#yes")
            else:
                await pilot.click("#no")
            await pilot.pause()
        return app
    app = asyncio.run(run(retry=False))
    assert isinstance(app.not_saved, OSError) and app.game.current is not None
    # the log line is markup: the path's brackets escaped, so they show as written
    assert any("Impossible d'enregistrer" in m and "x\\[/]dd" in m for m in app.messages)
    app = asyncio.run(run(retry=True))
    assert app.not_saved is None and app.saved_to == str(blocker / "data" / "current.json")


def test_play_with_an_unusable_data_folder_exits_2_with_a_message(tmp_path):
    """play exited 3 (an internal error) when the data folder's path was too long."""
    import os
    import subprocess
    import sys
    env = {**os.environ, "BELOTE_DATA_DIR": str(tmp_path / ("x" * 300) / "d")}
    p = subprocess.run([sys.executable, "-m", "belote.cli", "play"], capture_output=True,
                       env=env, timeout=60, check=False)
    err = p.stderr.decode()
    assert p.returncode == 2
    assert "dossier de données inutilisable" in err and "Traceback" not in err


def test_the_log_ends_on_the_new_deal_when_the_person_must_bid(data_dir):
    """Issue 16 item 6: once a deal's summary is closed, the log shows the new deal's start
    and the bids before the person's turn: it is scrolled to its last line (a fresh user saw
    it stop at the previous deal's last trick, the bids hidden below)."""
    from textual.widgets import RichLog

    async def go():
        app = make_app(seed=11)
        async with app.run_test(size=(110, 30)) as pilot:
            for _deal in range(3):
                while (state := await human_turn(app, pilot)) not in ("summary", False):
                    await play_first_legal(app, pilot)
                if state is False:
                    break
                await pilot.click("#continue")
                assert await human_turn(app, pilot)
                await pilot.pause()
                log = app.query_one("#log", RichLog)
                assert log.max_scroll_y > 0  # more lines than the panel shows
                assert log.scroll_y == log.max_scroll_y
                assert any(f"— {app.t['deal']} " in m for m in app.messages[-12:])
    asyncio.run(go())


def test_a_round_2_take_is_logged_as_words_and_the_last_trick_spaced_in_french():
    """A suit named in round 2 takes the contract: the log says "Je prends à ♥" (it said a
    bare "♥"); the last trick's seats are followed by " :" in French, as every other line
    (found by a fresh-user trial)."""
    from belote.tui.app import said_words
    from belote.tui.i18n import Words
    assert said_words("H", Words("fr"), "fr", "contre") == "Je prends à ♥"
    assert said_words("SA", Words("en"), "en", "contre") == "I take SA"
    assert said_words("take", Words("fr"), "fr", "contre") == "Je prends"

    async def go():
        app = make_app(seed=5)
        async with app.run_test(size=SIZE) as pilot:
            while await human_turn(app, pilot) not in ("summary", False):
                await play_first_legal(app, pilot)
                if app.game.current is not None and app.game.current.tricks:
                    break
            app.action_last_trick()
            line = app.messages[-1]
            assert line.startswith("Dernier pli — ")
            assert line.count(" :") == 4 and ": " not in line.replace(" : ", "")
    asyncio.run(go())


def test_a_resumed_deal_shows_its_bids_and_tricks_in_the_log(data_dir):
    """play --resume mid-deal: the log tells the deal's bids, contract and finished tricks
    again, once, instead of starting at an empty deal (a fresh-user trial lost them)."""
    from belote.bots import make_bot

    rules = Rules.preset("classique")
    game = Game(rules, seed=5, first_dealer=3)
    bots = [make_bot("heuristic", seed=s) for s in range(4)]
    while game.current is not None and (game.current.contract is None
                                        or len(game.current.tricks) < 2):
        d = game.current
        seat = d.seat_to_move()
        game.play(bots[seat].act(d.view(seat)), seat)
    d = game.current
    assert d is not None and len(d.tricks) == 2 and d.bids
    app = BeloteApp(game, human=0, bot_names=["heuristic"] * 3, bot_delay=0)

    async def go():
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            text = "\n".join(app.messages)
            n = app.table.deal_index + 1
            assert text.count(f"— {app.t['deal']} {n} —") == 1
            assert text.count(f"{app.t['trick']} 1{app.t['colon']}") == 1
            assert text.count(f"{app.t['trick']} 2{app.t['colon']}") == 1
            assert f"[b]{app.t['contract']}[/b]" in text
    asyncio.run(go())


def test_the_bidding_words_are_read_from_the_structured_moves():
    """The bidding bar, the hint and the log word the view's ``legal_moves`` / ``bid_moves``
    (no record text parsed): in a coinche deal after ``80 H``, seat 1 may coincher; its
    button and hint say so in the preset's word, and seat 0's panel says its bid."""
    from belote.engine.views import SeatView
    from belote.tui import board, wording
    from belote.tui.i18n import Words
    from belote.tui.wording import move_words, said_move
    assert not hasattr(wording, "action_words")
    t = Words("fr")
    d = Deal.deal(Rules.preset("coinche"), 3, list(range(32)))
    d.play("80 H")
    view = SeatView.of(d, 1)
    double = next(m for m in view.legal_moves if m["kind"] == "double")
    assert move_words(double, t, "fr") == "Coincher"
    assert said_move(double, t, "fr") == "Je coinche"
    assert move_words(view.bid_moves[0][1], t, "fr") == "80 ♥"
    widgets, _levels = board.bidbar_widgets(view, t, "fr")
    assert "x Coincher" in [str(w.label) for w in widgets if hasattr(w, "label")]
    assert board.bid_hint(view, t, "fr").endswith("· x coincher")
