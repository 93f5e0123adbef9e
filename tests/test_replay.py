"""belote replay: the steps rebuild every state of a recorded game, forwards and backwards."""

import asyncio
import json
import random

from belote.engine import Rules
from belote.engine.game import Game
from belote.engine.record import deal_to_record, game_to_record
from belote.tui.replay import ReplayApp, load_steps


def _played_game(preset="annonces", seed=4):
    g = Game(Rules.preset(preset, target=300), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while not g.is_over():
        acts = list(g.legal_actions())
        special = [a for a in acts if str(a) == "belote" or str(a).startswith("declare")]
        g.play(special[0] if special else rng.choice(acts))
    return g


def test_steps_end_in_the_recorded_final_state():
    g = _played_game()
    rec = json.loads(json.dumps(game_to_record(g)))
    steps = load_steps(rec)
    assert len(steps) == len(g.deals)
    for st, d in zip(steps, g.deals, strict=True):
        end = st.state(len(st.actions))
        assert deal_to_record(end) == deal_to_record(d)
        # bids + cards, plus each belote said and each declaration
        n = len(d.bids) + len(d.plays) + len(d.belotes) + len(d.declared)
        assert len(st.actions) == n


def test_replay_app_steps_forwards_and_backwards():
    g = _played_game("classique", 6)
    steps = load_steps(game_to_record(g))

    async def run():
        app = ReplayApp(steps, lang="en")
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.press("right", "right", "right")
            assert app.k == 3
            await pilot.press("left")
            assert app.k == 2
            await pilot.press("end")
            assert app.k == len(steps[0].actions)
            board = str(app.query_one("#board").render())
            assert "Marked" in board  # the deal's result at its end
            await pilot.press("n")
            assert (app.deal_i, app.k) == (min(1, len(steps) - 1), 0)
            await pilot.press("p")
            assert app.deal_i == 0
            # the footer in the replay's language only (it was "next / suivant" in both)
            shown = {b.binding.description for b in app.active_bindings.values() if b.binding.show}
            assert shown == {"next", "back", "next deal", "previous deal", "quit"}
    asyncio.run(run())

    async def run_fr():
        app = ReplayApp(steps)  # French by default
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.press("space")
            assert app.k == 1
            shown = {b.binding.description for b in app.active_bindings.values() if b.binding.show}
            assert shown == {"suivant", "retour", "donne suivante", "donne précédente",
                             "quitter"}
    asyncio.run(run_fr())


def test_replay_header_numbers_a_line_of_a_simulate_file():
    """belote replay FILE --deal 3 (a simulate --out file of 20 lines) says 3/20, not 1/1."""
    g = _played_game("classique", 6)
    steps = load_steps(game_to_record(g))[:1]

    async def run():
        app = ReplayApp(steps, lang="en", numbered=(3, 20))
        async with app.run_test(size=(120, 30)):
            assert "Deal 3/20" in str(app.query_one("#head").render())
        app = ReplayApp(steps, lang="en")
        async with app.run_test(size=(120, 30)):
            assert "Deal 1/1" in str(app.query_one("#head").render())
    asyncio.run(run())


def test_replay_of_one_deal_offers_no_next_deal_key():
    """One line of a simulate --out file: n / p would do nothing, so the footer does not offer
    them (a fresh-user trial pressed n and stayed on the deal); a game keeps them."""
    g = _played_game("classique", 6)
    every = load_steps(game_to_record(g))
    assert len(every) > 1
    one = ReplayApp(every[:1], lang="en", numbered=(3, 20))
    assert one.check_action("deal", (1,)) is False
    assert one.check_action("step", (1,)) is True
    assert ReplayApp(every, lang="en").check_action("deal", (1,)) is True


def test_replay_shows_the_irregularity_and_the_checked_result():
    """replay agrees with belote check: the irregular card is marked from its step on, the
    last step shows the score with the 002 §VIII.B penalty; an irregular bid ends the replay
    with a message (the fresh-user run of the 7th session: replay showed 0 – 160 where check
    says 160 – 0, and stopped silently at a bid)."""
    import json
    from pathlib import Path
    root = Path(__file__).parents[1]
    rec = json.loads((root / "examples" / "ffb-irregular.json").read_text())
    steps = load_steps(rec)
    st = steps[0]
    at = st.irregular_step()
    assert at is not None and str(st.actions[at - 1][1]) == "TS"  # the revoke, trick 1

    async def run(steps, lang, checks):
        app = ReplayApp(steps, lang=lang)
        async with app.run_test(size=(140, 40)):
            for k, present, absent in checks:
                app.k = k
                app.render_state()
                board = str(app.query_one("#board").render())
                for w in present:
                    assert w in board, (k, w, board)
                for w in absent:
                    assert w not in board, (k, w, board)
    total = len(st.actions)
    asyncio.run(run(steps, "en", [
        (at - 1, [], ["Irregular"]),
        (at, [("Irregular: seat 1 (team 1), 10♠: had to follow suit: Clubs was led "
               "[follow_suit]")], []),
        (total, ["Marked: 160 – 0 (penalty)"], ["0 – 160"])]))
    asyncio.run(run(steps, "fr", [(total, ["Marqué : 160 – 0 (pénalité)",
                                           "devait fournir à la couleur demandée (trèfle) "
                                           "[fournir]"], ["follow_suit"])]))
    bad = json.loads((root / "examples" / "coinche.json").read_text())
    bad["bids"][1] = "75 H"
    steps = load_steps(bad)
    assert len(steps[0].actions) == 1  # the pass before the irregular bid
    stop = ("siège 1 (équipe 1), 75 H : les enchères vont de 80 à 360 par 10 — enchère "
            "irrégulière : la relecture s'arrête ici (le contrat qu'elle ferait est inconnu) "
            "[valeur d'enchère]")
    asyncio.run(run(steps, "fr", [(1, [stop], [])]))


def _dealt_hands_of_a_game(preset, seed):
    """A played game and, deal by deal, the hands as dealt before the bidding."""
    g = Game(Rules.preset(preset, target=300), seed=seed, first_dealer=0)
    rng = random.Random(seed)
    dealt = []
    while not g.is_over():
        if g.current is not None and not g.current.bids and not g.current.plays:
            dealt.append(list(g.current.hands))
        g.play(rng.choice(list(g.legal_actions())))
    return g, dealt


def test_replay_shows_the_five_cards_dealt_before_a_two_round_bidding():
    """Belote classique (docs/sources.md §2, seed 004 "Cinq premières cartes sont distribuées…"):
    during the bidding each seat holds the 5 cards dealt first and the next card is turned;
    the taker gets it and 2 more, the others 3 more, with the take. Replay at step 0 showed
    the 8 cards of card play; a game record's deals are dealt again from its seed."""
    g, dealt = _dealt_hands_of_a_game("classique", 6)
    steps = load_steps(json.loads(json.dumps(game_to_record(g))))
    taken = [i for i, d in enumerate(g.deals) if d.contract is not None]
    assert taken
    for i in taken:
        st, d = steps[i], g.deals[i]
        start = st.state(0)
        assert start.hands == dealt[i] and [h.bit_count() for h in start.hands] == [5] * 4
        assert start.turned == d.turned and not (start.hands[d.contract.taker] >> d.turned) & 1
        after_take = st.state(len(d.bids))
        assert after_take.hands == d.initial_hands  # 8 cards each once the bidding is over
        assert [h.bit_count() for h in after_take.hands] == [8] * 4
        assert deal_to_record(st.state(len(st.actions))) == deal_to_record(d)

    async def run():
        app = ReplayApp(steps, lang="fr")
        async with app.run_test(size=(120, 30)) as pilot:
            app.deal_i = taken[0]
            await pilot.press("home")
            board = str(app.query_one("#board").render())
            seat_lines = [line for line in board.splitlines() if "siège" in line
                          and "équipe" in line and "Contrat" not in line]
            assert len(seat_lines) == 4
            assert all(line.count("♠") + line.count("♥") + line.count("♦") + line.count("♣")
                       == 5 for line in seat_lines), seat_lines
            assert "Mains du jeu de la carte" not in board
    asyncio.run(run())


def test_a_deal_dealt_all_at_once_shows_eight_cards_from_the_start():
    """Contrée / coinche (docs/sources.md §2: "8 cards each, no turned card"): step 0 shows the 8
    cards each seat was dealt."""
    g, dealt = _dealt_hands_of_a_game("coinche", 3)
    steps = load_steps(game_to_record(g))
    for st, hands in zip(steps, dealt, strict=False):
        assert st.dealt is None and st.state(0).hands == hands
        assert [h.bit_count() for h in hands] == [8] * 4


def test_a_lone_two_round_deal_record_says_its_hands_are_those_of_card_play():
    """A deal record (no game, no seed) holds the hands of card play only: during the bidding
    the replay says that the 5 cards dealt first are not known."""
    g, _dealt = _dealt_hands_of_a_game("classique", 6)
    d = next(d for d in g.deals if d.contract is not None)
    steps = load_steps(deal_to_record(d))
    assert steps[0].dealt is None

    async def run():
        app = ReplayApp(steps, lang="fr")
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.pause()
            assert "Mains du jeu de la carte" in str(app.query_one("#board").render())
            await pilot.press("end")
            assert "Mains du jeu de la carte" not in str(app.query_one("#board").render())
    asyncio.run(run())


def test_each_step_is_the_four_seats_views_and_the_move_just_made():
    """``table.replay``: step ``k`` is every seat's ``SeatView`` of the deal after ``k``
    actions (each its own hand, in the display order), the ``k``-th action as a structured
    move (as the seat was offered it among its ``legal_moves``, a declaration's annonces in
    full), and at the end the deal's result: what the terminal replay draws."""
    from belote.engine.views import SeatView
    g = _played_game("annonces", 4)
    steps = load_steps(json.loads(json.dumps(game_to_record(g))))
    kinds = set()
    for st in steps:
        for k in range(len(st.actions) + 1):
            step, deal = st.step(k), st.state(k)
            assert step.views == tuple(SeatView.of(deal, s) for s in range(4))
            assert not step.hands_of_play  # a game record: dealt again from its seed
            if k == 0:
                assert (step.seat, step.move) == (None, None)
                continue
            seat, action = st.actions[k - 1]
            before = st.step(k - 1).views[seat]
            offered = next(m for m in before.legal_moves if m["text"] == str(action))
            assert step.seat == seat
            assert step.move == ({**offered, "belote": False} if offered["kind"] == "card"
                                 else offered)
            kinds.add(offered["kind"])
        assert step.result == st.report.result.to_json()
    assert {"card", "declare"} <= kinds


def test_a_finished_deal_for_the_page_s_replay_keeps_its_former_fields():
    """``table.replay.finished_deal`` (``GET /api/tables/{ID}/replay``'s deals) gives what
    the server built from the deal by hand before, kept verbatim here, then ``bid_moves``."""
    from belote.engine.cards import card_str, display_order, iter_cards
    from belote.table.replay import finished_deal
    for preset, seed in (("annonces", 4), ("classique", 6), ("coinche", 3)):
        g = _played_game(preset, seed)
        for index, deal in enumerate(g.deals):
            hands = deal.initial_hands or deal.hands
            former = {
                "deal_index": index, "dealer": int(deal.dealer),
                "hands": [[card_str(c) for c in display_order(iter_cards(h), deal.trump)]
                          for h in hands],
                "turned": card_str(deal.turned) if deal.turned is not None else None,
                "bids": [[int(s), str(a)] for s, a in deal.bids],
                "contract": deal.contract.to_json() if deal.contract is not None else None,
                "plays": [[int(s), card_str(c)] for s, c in deal.plays],
                "tricks": [{"leader": int(leader), "cards": [card_str(c) for c in cards],
                            "winner": int(winner)} for leader, cards, winner in deal.tricks],
                "belotes": [[int(s), "SHDC"[su]] for s, su in deal.belotes],
                "result": deal.result.to_json() if deal.result is not None else None}
            got = finished_deal(deal, index)
            assert json.dumps(got) == json.dumps({**former, "bid_moves": got["bid_moves"]})
            assert [[s, m["text"]] for s, m in got["bid_moves"]] == former["bids"]
