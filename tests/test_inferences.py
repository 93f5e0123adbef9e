"""What the cards played prove a seat lacks (``belote.engine.play.inferences``): worked by
hand from the seeds' card-play rules, then checked against brute force on random deals of
every preset (random play and the bots).

Seating: seats 0 and 2 are partners; a trick lists its cards leader first.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from belote.bots import make_bot
from belote.engine import PRESET_NAMES, Deal, Rules, Trump, shuffled_deck
from belote.engine.cards import (
    SUIT_MASK,
    SUIT_OF,
    deck_mask,
    iter_cards,
    mask_of,
    parse_cards,
    parse_hand,
    tables,
)
from belote.engine.deal import Phase
from belote.engine.play import PlayRules, inferences, legal_cards, void_suits
from belote.engine.randomplay import uniform_action

S, H, D, C = range(4)


def lacks_of(trick: str, trump: str = "H", leader: int = 0, play: PlayRules | None = None,
             ncards: int = 32) -> tuple[int, int, int, int]:
    """:func:`inferences` of one trick (its cards in play order, led by ``leader``)."""
    tt = tables(Trump.parse(trump), 19, ncards)
    return inferences([(leader, parse_cards(trick))], tt, play or PlayRules())


def suit(s: int) -> int:
    return SUIT_MASK[s]


# -- worked by hand -----------------------------------------------------------------------

def test_the_leader_proves_nothing():
    # 002 §VI "Le joueur placé à droite du donneur joue la carte de son choix"
    assert lacks_of("7D") == (0, 0, 0, 0)


def test_not_following_proves_a_void():
    # 002 §VI.1 "On doit toujours fournir la couleur demandée à l'entame si l'on en possède":
    # seat 1 ruffs the ace of spades, so it has no spade (and may hold any trump)
    assert lacks_of("AS JH") == (0, suit(S), 0, 0)


def test_discarding_under_an_opponent_master_proves_no_trump():
    # 002 §VI.2 "Le partenaire n'est pas maître ...: on est tenu de couper en jouant un atout
    # si l'on en possède": seat 1 discards the 7D on the AS, so it has neither spade nor heart
    assert lacks_of("AS 7D") == (0, suit(S) | suit(H), 0, 0)


def test_a_master_partner_frees_the_discard():
    # 002 §VI.2 "Le partenaire est maître ...: on peut alors jouer n'importe quelle carte";
    # 004 §2b: seat 2 discards on its partner's AS: only the void is proved
    assert lacks_of("AS 7S 8D")[2] == suit(S)


def test_following_a_trump_lead_under_the_winner_proves_no_higher_trump():
    # 002 §VI.3 "les autres joueurs sont obligés de mettre un atout plus fort que celui déjà
    # présent sur le tapis": the 7H under the 9H shows no JH, the only heart above the 9
    assert lacks_of("9H 7H") == (0, parse_hand("JH"), 0, 0)


def test_trump_led_binds_over_the_partner_except_in_simplifiee():
    # 004 §1a "y compris sur son partenaire": seat 2 plays the 8H under its partner's 9H, so it
    # has no JH; 003 "on n'est pas obligé de monter sur son partenaire": nothing proved
    assert lacks_of("9H 7H 8H")[2] == parse_hand("JH")
    simplifiee = PlayRules.of(Rules.preset("simplifiee"))
    assert lacks_of("9H 7H 8H", play=simplifiee, ncards=36)[2] == 0


def test_no_trump_to_follow_a_trump_lead_leaves_the_discard_free():
    # 004 §2a: trump led and no trump, any card: only the void in hearts
    assert lacks_of("JH 7S") == (0, suit(H), 0, 0)


def test_an_opponents_ruff_binds_to_overtrump():
    # 002 §VI.4 "Lorsqu'un adversaire coupe ..., nous devons fournir un atout supérieur":
    # seat 2 underruffs the 9H with the 8H, so it holds no JH (the only trump above the 9)
    assert lacks_of("AS 9H 8H")[2] == suit(S) | parse_hand("JH")


def test_discarding_over_an_opponents_ruff_depends_on_the_underruff():
    # seat 2 discards the 7D on seat 1's 9H. 002 §VI.5 "si nous n'avons pas d'atout supérieur,
    # nous pouvons nous défausser": no JH only; 001 "vous devez surcouper, ou sous-couper si
    # vous ne pouvez pas monter": no trump at all
    assert lacks_of("AS 9H 7D", play=PlayRules.of(Rules.preset("ffb")))[2] == \
        suit(S) | parse_hand("JH")
    assert lacks_of("AS 9H 7D", play=PlayRules.of(Rules.preset("classique")))[2] == \
        suit(S) | suit(H)


def test_the_partners_ruff_frees_the_discard():
    # 002 §VI.6 "Lorsque votre partenaire coupe une carte adverse ..., vous n'êtes pas obligé
    # de fournir un atout supérieur": seat 3 discards on its partner's ruff, under 001 too
    classique = PlayRules.of(Rules.preset("classique"))
    assert lacks_of("AS 9H 7S 7D", play=classique)[3] == suit(S)


def test_simplifiee_binds_to_beat_in_a_plain_suit():
    # 003 "On est obligé de « monter » sur la carte jouée précédemment": the 7S under the KS
    # shows neither the AS nor the TS; seat 2, its partner master, is free
    simplifiee = PlayRules.of(Rules.preset("simplifiee"))
    lacks = lacks_of("KS 7S 8S", play=simplifiee, ncards=36)
    assert lacks[1] == parse_hand("AS TS")
    assert lacks[2] == 0


def test_tout_atout_binds_to_go_over_and_has_no_ruffing():
    # 002 annex "au jeu de la carte, on est toujours obligé de monter sur la carte qui tient"
    # (TA: the jack and nine above the ace), "il est également impossible de couper"
    lacks = lacks_of("AS 7S KD", trump="TA")
    assert lacks[1] == parse_hand("JS 9S")
    assert lacks[2] == suit(S)


def test_sans_atout_has_no_ruffing():
    # 002 annex "il est impossible de couper": a discard shows the void only
    assert lacks_of("AS 7D", trump="SA") == (0, suit(S), 0, 0)


def test_proofs_add_up_over_the_tricks_and_the_voids_are_suits():
    tt = tables(Trump.H)
    lacks = inferences([(0, parse_cards("AS 7D 8S 9S")), (0, parse_cards("AC 8C 7C"))], tt,
                       PlayRules())
    assert lacks[1] == suit(S) | suit(H)
    assert void_suits(lacks[1]) == (1 << S) | (1 << H)
    assert void_suits(lacks_of("9H 7H")[1]) == 0  # no JH is not a void


# -- against brute force ------------------------------------------------------------------

def _history(deal: Deal) -> list[tuple[int, list[int]]]:
    seq = [(leader, list(cards)) for leader, cards, _w in deal.tricks]
    if deal.trick:
        seq.append((deal.leader, list(deal.trick)))
    return seq


def _plays_of(history: list[tuple[int, list[int]]]) -> list[tuple[int, int, list[int]]]:
    """Each card play: ``(seat, card, the trick before it)``."""
    return [((leader + i) % 4, c, cards[:i]) for leader, cards in history
            for i, c in enumerate(cards)]


def _legal_history(plays: list[tuple[int, int, list[int]]], seat: int, hand: int, tt,
                   play: PlayRules) -> bool:
    """Whether ``seat``, ending with ``hand``, played each of its cards in ``plays`` legally
    (its hand at a play: ``hand`` and the cards it played from then on)."""
    held = hand
    for p, c, trick in reversed(plays):
        if p != seat:
            continue
        held |= 1 << c
        if not (legal_cards(held, trick, tt, play)[0] >> c) & 1:
            return False
    return True


def _played_deal(preset: str, seed: int, policy: str, over: dict[str, bool]):
    """Deals of ``preset`` played with ``policy``, yielding each card-play position."""
    rules = Rules.preset(preset, **over)
    rng = random.Random(seed)
    deal = Deal.deal(rules, rng.randrange(4), shuffled_deck(rules, rng))
    bots = [make_bot(policy, seed=seed + s) for s in range(4)] if policy != "random" else None
    while not deal.is_over():
        if deal.phase == Phase.PLAY:
            yield deal
        seat = deal.to_move
        assert seat is not None
        if bots is None:
            deal.play(uniform_action(deal, rng))
        else:
            deal.play(bots[seat].act(deal.view(seat)), seat=seat)
        if deal.phase == Phase.DONE and deal.contract is not None:
            yield deal


def _check_position(deal: Deal) -> None:
    """Soundness on the true hands; the suits a seat did not follow are voids; seat by seat,
    a card is in a seat's proof exactly when holding it too along the deal would make one of
    its plays illegal (so the proof says all that a seat's own plays show)."""
    tt = deal._tables()
    play = PlayRules.of(deal.rules)
    history = _history(deal)
    lacks = inferences(history, tt, play)
    plays = _plays_of(history)
    played = mask_of(c for _p, c, _t in plays)
    not_followed = [0, 0, 0, 0]  # the heuristic's voids: the suits a seat did not follow
    for p, c, trick in plays:
        if trick and SUIT_OF[c] != SUIT_OF[trick[0]]:
            not_followed[p] |= 1 << SUIT_OF[trick[0]]
    for seat in range(4):
        assert lacks[seat] & deal.hands[seat] == 0, (seat, history)
        assert void_suits(lacks[seat]) & not_followed[seat] == not_followed[seat]
        for c in iter_cards(deck_mask(deal.rules.deck) & ~played & ~deal.hands[seat]):
            legal = _legal_history(plays, seat, deal.hands[seat] | 1 << c, tt, play)
            assert legal == (not (lacks[seat] >> c) & 1), (seat, c, history)


OVERRIDES = st.fixed_dictionaries({}, optional={
    "must_underruff": st.booleans(), "must_beat_in_suit": st.booleans(),
    "must_overtrump_partner": st.booleans()})


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 2**32),
       policy=st.sampled_from(["random", "random", "heuristic"]), over=OVERRIDES)
def test_inferences_are_sound_and_seat_by_seat_complete(preset, seed, policy, over):
    for deal in _played_deal(preset, seed, policy, over):
        _check_position(deal)


def _worlds(deal: Deal, observer: int):
    """Every deal of the cards ``observer`` cannot see to the other seats, their sizes kept."""
    others = [s for s in range(4) if s != observer]
    unseen = [c for s in others for c in iter_cards(deal.hands[s])]
    sizes = [deal.hands[s].bit_count() for s in others]
    for first in itertools.combinations(unseen, sizes[0]):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [c for c in rest if c not in second]
            hands = list(deal.hands)
            for s, cards in zip(others, (first, second, third), strict=True):
                hands[s] = mask_of(cards)
            yield hands


@settings(max_examples=40, deadline=None)
@given(preset=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 2**32),
       policy=st.sampled_from(["random", "heuristic"]), over=OVERRIDES,
       left=st.integers(2, 3))
def test_no_world_that_fits_the_play_holds_a_card_proved_lacking(preset, seed, policy, over,
                                                                 left):
    """Late in a deal (``left`` cards or fewer in the hand to move), every world of the
    unseen cards that the play so far allows: no seat holds there a card of its proof."""
    for deal in _played_deal(preset, seed, policy, over):
        observer = deal.to_move
        if observer is None or deal.hands[observer].bit_count() > left:
            continue
        tt = deal._tables()
        play = PlayRules.of(deal.rules)
        history = _history(deal)
        lacks = inferences(history, tt, play)
        plays = _plays_of(history)
        fits = 0
        for hands in _worlds(deal, observer):
            if all(_legal_history(plays, s, hands[s], tt, play) for s in range(4)):
                fits += 1
                for s in range(4):
                    assert hands[s] & lacks[s] == 0, (s, hands, history)
        assert fits >= 1  # the true deal fits
        return


@pytest.mark.parametrize("preset", ["coinche", "simplifiee", "retourne"])
def test_the_experts_deals_never_contradict_an_inference(preset):
    for deal in _played_deal(preset, 7, "expert:2", {}):
        _check_position(deal)
