"""A game: dealer rotation, passed-out deals, the end of target games and of 12-deal games,
litige points carried to a later deal, determinism by seed, and cut-only dealing (retourne).

Seeds are cited as ``seed 000 "…"`` (French rule texts in /work/shared/seeds), the digest as
``docs/sources.md §n``. Seats are in playing order; the deal passes to ``(dealer + 1) % 4``.

Three deals are scripted by hand (dealer 0 shown; for dealer d every seat s becomes
(s + d) % 4, so the taker is always the dealer's right, who speaks first and takes the turned
8H in round 1, trump hearts). In each trick all four seats play the suit led, so the winner is
the highest card of that suit (trump order J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7; points
002 §III). Nobody holds K+Q of hearts together: no belote.

LITIGE (taker seat 1):
  s0 9H KH TS 9S AD 9D TC 9C | s1 JH 8H AS 8S TD 8D KC 8C
  s2 AH QH QS KS KD JD AC JC | s3 TH 7H JS 7S QD 7D QC 7C
  1 s1 JH s2 AH s3 TH s0 9H → s1  20+11+10+14 = 55 (team 1)
  2 s1 AS s2 QS s3 JS s0 TS → s1  11+3+2+10   = 26 (team 1: 81)
  3 s1 8H s2 QH s3 7H s0 KH → s0  0+3+0+4     =  7 (trump led: each must go over if able)
  4 s0 9S s1 8S s2 KS s3 7S → s2  4
  5 s2 KD s3 QD s0 AD s1 TD → s0  4+3+11+10   = 28
  6 s0 9D s1 8D s2 JD s3 7D → s2  2
  7 s2 AC s3 QC s0 TC s1 KC → s2  11+3+10+4   = 28
  8 s2 JC s3 7C s0 9C s1 8C → s2  2 + 10 dix de der
  team 0: 7+4+28+2+28+12 = 81, team 1: 81 → exact tie (litige).
FAIL: as LITIGE with AS and TS swapped (s0 holds AS, s1 TS): trick 2 s1 TS s2 QS s3 JS
  s0 AS → s0 (26); trick 3 s0 KH s1 8H s2 QH s3 7H → s0 (7); then as LITIGE from trick 4.
  Team 1 (taker) 55, team 0 107: the contract fails.
MADE: as LITIGE with AD and TD swapped (s0 holds TD, s1 AD): trick 5 s2 KD s3 QD s0 TD s1 AD
  → s1 (28); trick 6 s1 8D s2 JD s3 7D s0 9D → s2 (2); tricks 7, 8 as LITIGE.
  Team 1 (taker) 55+26+28 = 109, team 0 7+4+2+28+12 = 53: made.
"""

from __future__ import annotations

import random

import pytest

from belote.engine import Deal, IllegalAction, Rules, parse_card, parse_cards, parse_hand
from belote.engine.actions import PASS, TAKE, Play
from belote.engine.game import Game

SCRIPTS = {
    "litige": (["9H KH TS 9S AD 9D TC 9C", "JH 8H AS 8S TD 8D KC 8C",
                "AH QH QS KS KD JD AC JC", "TH 7H JS 7S QD 7D QC 7C"],
               ("JH AH TH 9H | AS QS JS TS | 8H QH 7H KH | 9S 8S KS 7S | KD QD AD TD | "
                "9D 8D JD 7D | AC QC TC KC | JC 7C 9C 8C")),
    "fail": (["9H KH AS 9S AD 9D TC 9C", "JH 8H TS 8S TD 8D KC 8C",
              "AH QH QS KS KD JD AC JC", "TH 7H JS 7S QD 7D QC 7C"],
             ("JH AH TH 9H | TS QS JS AS | KH 8H QH 7H | 9S 8S KS 7S | KD QD AD TD | "
              "9D 8D JD 7D | AC QC TC KC | JC 7C 9C 8C")),
    "made": (["9H KH TS 9S TD 9D TC 9C", "JH 8H AS 8S AD 8D KC 8C",
              "AH QH QS KS KD JD AC JC", "TH 7H JS 7S QD 7D QC 7C"],
             ("JH AH TH 9H | AS QS JS TS | 8H QH 7H KH | 9S 8S KS 7S | KD QD TD AD | "
              "8D JD 7D 9D | AC QC TC KC | JC 7C 9C 8C")),
}
TURNED = "8H"


def rotated_hands(kind: str, dealer: int) -> list[int]:
    hands = [0] * 4
    for s, text in enumerate(SCRIPTS[kind][0]):
        hands[(s + dealer) % 4] = parse_hand(text)
    return hands


def deck_for(kind: str, dealer: int, packets=(3, 2)) -> list[int]:
    """The pack (top first) that deals the scripted hands when the dealer's right takes the
    turned card: packets from the dealer's right, the turned card, then 3 cards each (the
    taker 2 after the turned card) — seed 000 "Début de partie"."""
    taker = (dealer + 1) % 4
    cards = {}
    for s, text in enumerate(SCRIPTS[kind][0]):
        seat = (s + dealer) % 4
        cs = parse_cards(text)
        if seat == taker:
            cs.remove(parse_card(TURNED))
        cards[seat] = cs
    order = [(dealer + k) % 4 for k in range(1, 5)]
    deck: list[int] = []
    pos = 0
    for size in packets:
        for seat in order:
            deck += cards[seat][pos:pos + size]
        pos += size
    deck.append(parse_card(TURNED))
    for seat in order:
        deck += cards[seat][5:]
    assert sorted(deck) == list(range(32))
    return deck


def test_scripted_packs_deal_the_scripted_hands():
    for kind in SCRIPTS:
        for dealer in range(4):
            d = Deal.deal(Rules.preset("classique"), dealer, deck_for(kind, dealer))
            d.play("take")
            assert d.contract.taker == (dealer + 1) % 4
            assert d.hands == rotated_hands(kind, dealer)


def pass_out(game: Game) -> None:
    """All four pass twice on the current deal (driven on the deal itself so that the game
    does not start the next deal before ``finish_deal`` gets a forced pack)."""
    for _ in range(8):
        game.current.play("pass")
    assert game.current.passed_out


def play_script(game: Game, kind: str, next_kind: str | None = None,
                next_dealer: int | None = None) -> None:
    """Play a scripted deal through ``Game.play``, all but its last card; the last card goes
    to the deal and ``finish_deal`` gets the next forced pack."""
    d = game.current
    rot = rotated_hands(kind, d.dealer)
    # 5 cards each, all from the seat's scripted hand, and the 8H face up
    assert all(h.bit_count() == 5 and h & ~rot[s] == 0 for s, h in enumerate(d.hands))
    assert d.turned == parse_card(TURNED)
    game.play("take")
    assert d.hands == rotated_hands(kind, d.dealer)
    toks = SCRIPTS[kind][1].replace("|", " ").split()
    for tok in toks[:-1]:
        game.play(tok)
    d.play(toks[-1])
    assert d.is_over()
    nxt = None
    if next_kind is not None:
        nxt = deck_for(next_kind, next_dealer)
    game.finish_deal(next_deck=nxt)


def start(preset: str, first_kind: str, expected_dealer: int, first_dealer: int = 0,
          seed: int = 1, **opts) -> Game:
    """A game whose first (random) deal is passed out, then the scripted pack ``first_kind``
    is forced for the deal of ``expected_dealer``."""
    g = Game(Rules.preset(preset, **opts), seed=seed, first_dealer=first_dealer)
    assert g.current.dealer == first_dealer
    pass_out(g)
    g.finish_deal(next_deck=deck_for(first_kind, expected_dealer))
    assert g.current.dealer == expected_dealer
    return g


def bot_action(game: Game):
    """Always take the turned card; then play the first legal card (never says belote)."""
    legal = list(game.legal_actions())
    if TAKE in legal:
        return TAKE
    return next(a for a in legal if isinstance(a, Play))


# -- dealer ---------------------------------------------------------------------------------

def test_dealer_passes_to_the_right_after_each_deal():
    # seed 000/002 §IV.C: play and deal go counter-clockwise; docs/sources.md §2 "the deal then
    # passes to the right" = seat (dealer + 1) % 4 in playing order.
    g = Game(Rules.preset("classique"), seed=1, first_dealer=2)
    assert g.first_dealer == 2 and g.current.dealer == 2 and g.to_move == 3
    dealers = []
    while len(g.deals) < 3:
        if len(g.deals) == len(dealers):
            dealers.append(g.current.dealer)
        g.play(bot_action(g))
    assert dealers == [2, 3, 0]
    assert g.current.dealer == 1
    assert [d.dealer for d in g.deals] == [2, 3, 0]
    assert not any(d.passed_out for d in g.deals)


@pytest.mark.parametrize("preset,next_dealer", [
    ("concours", 1),     # docs/sources.md §10: concours, same dealer
    ("simplifiee", 1),   # seed 003 "le même distributeur redistribue les cartes"
    ("classique", 2),    # docs/sources.md §10 (001 "on redistribue"): next dealer
    ("retourne", 2),     # seed 004 "Si tout le monde passe, c'est le joueur suivant qui fait
                         # la donne suivante."
])
def test_all_pass_dealer(preset, next_dealer):
    g = Game(Rules.preset(preset), seed=3, first_dealer=1)
    for _ in range(8):
        g.play("pass")
    assert len(g.deals) == 1 and g.deals[0].passed_out
    assert g.current.dealer == next_dealer
    assert g.current.bids == [] and not g.current.is_over()
    assert g.scores == [0, 0] and g.marks == [[0, 0]]


def _play_deals_with_pass_outs(preset: str, first_dealer: int, pass_before: set[int]) -> Game:
    """Bot play; the deal about to become taken deal number k (1-based) is first passed out
    once when k is in ``pass_before``."""
    g = Game(Rules.preset(preset), seed=5, first_dealer=first_dealer)
    done = set()
    while not g.is_over():
        taken = sum(1 for d in g.deals if not d.passed_out)
        k = taken + 1
        if k in pass_before and k not in done and not g.current.bids:
            done.add(k)
            for _ in range(8):
                g.play(PASS)
            continue
        g.play(bot_action(g))
    return g


def test_concours_partie_is_twelve_taken_deals():
    # seed 000 "Le concours se déroule en 4 parties de 12 donnes prises effectives": deals
    # passed out do not count; the dealer stays after all pass (docs/sources.md §10).
    g = _play_deals_with_pass_outs("concours", 0, {1, 6, 12})
    taken = [d for d in g.deals if not d.passed_out]
    assert len(taken) == 12
    assert len(g.deals) == 15
    assert [d.passed_out for d in g.deals].count(True) == 3
    # P(0) T1(0) T2(1) T3(2) T4(3) T5(0) P(1) T6(1) T7(2) T8(3) T9(0) T10(1) T11(2) P(3) T12(3)
    assert [d.dealer for d in g.deals] == [0, 0, 1, 2, 3, 0, 1, 1, 2, 3, 0, 1, 2, 3, 3]
    # only the 12th taken deal is the last one (000: the 12th-deal litige rule)
    assert [d.last_deal for d in taken] == [False] * 11 + [True]
    assert g.is_over() and g.current is None
    assert sum(m[0] for m in g.marks) == g.scores[0]
    assert sum(m[1] for m in g.marks) == g.scores[1]
    with pytest.raises(IllegalAction) as e:
        g.play("pass")
    assert e.value.rule == "game_over"


def test_simplifiee_twelve_taken_deals():
    # seed 003 "On fait 12 cartées"; "Si aucun atout n'est proposé au 2eme tour, le même
    # distributeur redistribue les cartes … (Ceci jusqu'à ce qu'un atout soit réellement
    # proposé)": the passed-out deal is no cartée.
    g = _play_deals_with_pass_outs("simplifiee", 2, {1, 7})
    taken = [d for d in g.deals if not d.passed_out]
    assert len(taken) == 12 and len(g.deals) == 14
    # P(2) T1(2) T2(3) T3(0) T4(1) T5(2) T6(3) P(0) T7(0) T8(1) T9(2) T10(3) T11(0) T12(1)
    assert [d.dealer for d in g.deals] == [2, 2, 3, 0, 1, 2, 3, 0, 0, 1, 2, 3, 0, 1]
    assert all(sum(h.bit_count() for h in d.initial_hands) == 36 for d in taken)
    assert g.is_over()


# -- target games ---------------------------------------------------------------------------

def test_target_game_ends_when_a_team_reaches_the_target():
    # seed 001 "La partie s'arrête à la fin de la donne où une équipe atteint le score visé,
    # et le plus grand total l'emporte." Passed out (classique: dealer 0 → 1), then MADE with
    # dealer 1: taker seat 2 (team 0) 109, defence 53 (000 a: each its points).
    g = start("classique", "made", expected_dealer=1, target=100)
    assert g.winner is None
    play_script(g, "made")
    assert g.scores == [109, 53]
    assert g.is_over() and g.current is None
    assert g.winner == 0


def test_target_game_goes_on_below_the_target():
    g = start("classique", "made", expected_dealer=1, target=110)
    play_script(g, "made", "made", 2)
    assert g.scores == [109, 53]
    assert not g.is_over() and g.current.dealer == 2
    assert g.winner is None


def test_exact_tie_at_the_target_plays_one_more_deal():
    # seed 001 "En cas d'égalité parfaite, on joue une donne de plus."
    # Target 150. MADE dealer 1 (taker team 0): [109, 53]; MADE dealer 2 (taker seat 3,
    # team 1): [162, 162], both past 150 but equal → one more deal; MADE dealer 3 (taker
    # seat 0, team 0): [271, 215] → over, team 0 wins.
    g = start("classique", "made", expected_dealer=1, target=150)
    play_script(g, "made", "made", 2)
    assert g.scores == [109, 53]
    play_script(g, "made", "made", 3)
    assert g.scores == [162, 162]
    assert not g.is_over() and g.current is not None and g.winner is None
    play_script(g, "made")
    assert g.scores == [271, 215]
    assert g.is_over() and g.winner == 0


# -- litige ---------------------------------------------------------------------------------

def test_classique_litige_held_until_the_next_made_contract():
    # seed 001 "En cas d'égalité parfaite, la défense marque ses points. Ceux du preneur sont
    # mis de côté, et l'équipe qui réussira la prochaine prise les encaissera en plus de son
    # score."
    # LITIGE dealer 1 (taker seat 2, team 0): defence team 1 81, taker 0, 81 held.
    # FAIL dealer 2 (taker seat 3, team 1 fails): defence team 0 162 (000 b); nobody made a
    # contract: still held.
    # MADE dealer 3 (taker seat 0, team 0): 109 + the 81 held; defence 53.
    g = start("classique", "litige", expected_dealer=1)
    play_script(g, "litige", "fail", 2)
    lit = g.deals[-1].result
    assert lit.litige is True and lit.made is None and lit.held == 81
    assert g.marks[-1] == [0, 81] and g.scores == [0, 81]
    play_script(g, "fail", "made", 3)
    assert g.deals[-1].result.made is False
    assert g.marks[-1] == [162, 0] and g.scores == [162, 81]
    play_script(g, "made", "made", 0)
    assert g.marks[-1] == [190, 53]
    assert g.scores == [352, 134]
    # nothing is held any more: the next made contract scores only its own points
    play_script(g, "made", "made", 1)
    assert g.marks[-1] == [53, 109]
    assert g.scores == [405, 243]


def test_classique_litige_goes_to_the_other_team_if_it_makes_the_next_contract():
    # seed 001 "l'équipe qui réussira la prochaine prise les encaissera": whichever team.
    # LITIGE dealer 1 (taker team 0): [0, 81], 81 held; MADE dealer 2 (taker seat 3, team 1):
    # team 1 109 + 81, team 0 53.
    g = start("classique", "litige", expected_dealer=1)
    play_script(g, "litige", "made", 2)
    play_script(g, "made", "made", 3)
    assert g.marks[-1] == [53, 190]
    assert g.scores == [53, 271]


def test_concours_litige_goes_to_the_winner_of_the_next_deal():
    # seed 000 c) "le camp adverse maque ses points (81 ou 91), et les points du camp du
    # preneur restent en jeu pour le tour suivant (ils seront marqués par le vainqueur du tour
    # suivant)". Concours: passed out, same dealer 0.
    # LITIGE dealer 0 (taker seat 1, team 1): team 0 81, 81 held.
    # FAIL dealer 1 (taker seat 2, team 0 fails): the defence, team 1, wins the deal:
    # 162 (000 b) + 81 held.
    g = start("concours", "litige", expected_dealer=0)
    play_script(g, "litige", "fail", 1)
    assert g.marks[-1] == [81, 0] and g.scores == [81, 0]
    play_script(g, "fail", "made", 2)
    assert g.marks[-1] == [0, 243]
    assert g.scores == [81, 243]
    # nothing held any more: MADE dealer 2 (taker seat 3, team 1): 109 / 53
    play_script(g, "made", "made", 3)
    assert g.marks[-1] == [53, 109]


def test_concours_litige_on_the_twelfth_deal_goes_to_the_defence():
    # seed 000 "A la douzième et dernière donne si le camp du preneur obtient la moitié des
    # points, la totalité des points est marqué par le camp adverse."
    # Deal k (0-based) has dealer k % 4, taker (k + 1) % 4. Deals 0..10 MADE: 109 to the
    # taker's team, 53 to the defence; team 1 takes on even k (6 deals), team 0 on odd k (5).
    # team 1: 6×109 + 5×53 = 919; team 0: 5×109 + 6×53 = 863.
    # Deal 11 (dealer 3, taker seat 0, team 0) LITIGE on the 12th deal: team 1 scores 162.
    g = start("concours", "made", expected_dealer=0)
    for k in range(11):
        nk = "made" if k < 10 else "litige"
        play_script(g, "made", nk, (k + 1) % 4)
    assert g.scores == [863, 919]
    assert g.current.last_deal is True
    play_script(g, "litige")
    last = g.deals[-1].result
    assert last.litige is True and last.made is False
    assert last.score == [0, 162] and last.held == 0
    assert g.scores == [863, 1081]
    assert g.is_over() and g.winner == 1


def test_concours_litige_before_the_twelfth_deal_is_held():
    # seed 000 c): 81 to the defence, the taker's 81 held (not the 12th deal).
    g = start("concours", "litige", expected_dealer=0)
    assert g.current.last_deal is False
    play_script(g, "litige", "made", 1)
    r = g.deals[-1].result
    assert r.made is None and r.litige is True and r.held == 81 and r.score == [81, 0]


# -- determinism ----------------------------------------------------------------------------

def _drive(g: Game, rng: random.Random, n_deals: int, unchecked: bool) -> None:
    while not g.is_over() and len(g.deals) < n_deals:
        legal = list(g.legal_actions())
        a = legal[rng.randrange(len(legal))]
        if unchecked:
            g.apply(a)
        else:
            g.play(a)


def test_same_seed_same_game():
    # docs/sources.md §2 "The first dealer is drawn at random"; Game docstring: the same seed gives
    # the same first dealer and the same packs. Checked and unchecked drives agree.
    r = Rules.preset("annonces")
    a, b = Game(r, seed=2024), Game(r, seed=2024)
    assert a.first_dealer == b.first_dealer
    assert a.current.hands == b.current.hands and a.current.turned == b.current.turned
    _drive(a, random.Random(9), 6, unchecked=False)
    _drive(b, random.Random(9), 6, unchecked=True)
    assert len(a.deals) == len(b.deals) == 6
    assert [d.dealer for d in a.deals] == [d.dealer for d in b.deals]
    assert [d.initial_hands for d in a.deals] == [d.initial_hands for d in b.deals]
    assert [d.plays for d in a.deals] == [d.plays for d in b.deals]
    assert a.marks == b.marks and a.scores == b.scores
    assert sum(sum(m) for m in a.marks) > 0
    c = Game(r, seed=2025, first_dealer=a.first_dealer)
    assert c.current.hands != Game(r, seed=2024).current.hands


# -- cut-only dealing -----------------------------------------------------------------------

def _cuts_matching(prev_pack: list[int], d: Deal) -> list[int]:
    out = []
    for n in range(len(prev_pack)):
        e = Deal.deal(d.rules, d.dealer, prev_pack[n:] + prev_pack[:n])
        if e.hands == d.hands and e.turned == d.turned and e.stock == d.stock:
            out.append(n)
    return out


def test_retourne_next_pack_is_a_cut_of_the_gathered_tricks():
    # seed 004 "Le donneur peut, s'il le désire, battre les cartes avant de faire couper son
    # adversaire de gauche (généralement on ne bat pas les cartes)"; docs/sources.md §2 "the tricks
    # are gathered and the pack is only cut … keeping the order of the gathered tricks".
    g = Game(Rules.preset("retourne"), seed=8, first_dealer=0)
    while len(g.deals) < 1:
        g.play(bot_action(g))
    prev = g.deals[0]
    assert not prev.passed_out
    gathered = [c for _ld, cards, _w in prev.tricks for c in cards]
    assert gathered == [c for _s, c in prev.plays]
    assert sorted(gathered) == list(range(32))
    cuts = _cuts_matching(gathered, g.current)
    assert len(cuts) == 1
    assert 3 <= cuts[0] <= 29  # 002 §IV.B: at least 3 cards on each side of the cut
    # and again for the next deal
    while len(g.deals) < 2:
        g.play(bot_action(g))
    gathered2 = [c for _s, c in g.deals[1].plays]
    assert len(_cuts_matching(gathered2, g.current)) == 1


def test_full_shuffle_next_pack_is_not_a_cut_of_the_tricks():
    # 002 §IV.A "le mélange … OBLIGATOIRE avant chaque distribution"; classique shuffles
    # (docs/sources.md §10).
    g = Game(Rules.preset("classique"), seed=8, first_dealer=0)
    while len(g.deals) < 1:
        g.play(bot_action(g))
    gathered = [c for _s, c in g.deals[0].plays]
    assert _cuts_matching(gathered, g.current) == []
