"""Every error the engine raises carries a code and params that the catalog words: in English
``str(error)`` with the rule texts it cites named (``(002 §IV.C)`` → ``(FFB rules §IV.C)``,
as the CLI and the TUI showed them), in French what the CLI and the TUI showed before the
catalog (the CLI's translation of the English message, the engine's French for a refused
action, the rule texts named).
"""

from __future__ import annotations

import random

import pytest

from belote import i18n
from belote.engine import (
    BeloteError,
    Deal,
    Game,
    IllegalAction,
    Play,
    Rules,
    Trump,
    check_position,
    parse_action,
    parse_card,
    parse_cards,
    shuffled_deck,
)
from belote.engine.cards import parse_hand
from belote.engine.scoring import Contract, score_deal

#: the rule texts by their codes, as the English CLI named them (docs/sources.md)
EN_SOURCES = {"000": "concours rules", "001": "Jacquespote rules", "002": "FFB rules",
              "003": "simplified belote rules", "004": "classic belote rules"}


def _named(e: BeloteError) -> str:
    """``str(e)`` with its citation (the param ``cite``, ``"(001, 004)"`` in the text) named
    as the English CLI shows it: ``(Jacquespote rules, classic belote rules)``; ``str(e)``
    itself when the citation is not its own parenthesis (``"(001 goes to 360)"``: the English
    of the rules.* errors that cite in a sentence keeps the codes, only the French names
    them)."""
    text, cite = str(e), e.params.get("cite")
    if cite is None or f"({cite})" not in text:
        return text
    named = ", ".join(EN_SOURCES[part[:3]] + part[3:] for part in str(cite).split(", "))
    return text.replace(f"({cite})", f"({named})")


def _error(thunk) -> BeloteError:
    with pytest.raises(BeloteError) as e:
        thunk()
    return e.value


def _coinche_in_play(seed=1):
    rules = Rules.preset("coinche")
    d = Deal.deal(rules, 3, shuffled_deck(rules, random.Random(seed)))
    d.play("80 H")
    for _ in range(3):
        d.play("pass")
    return d


def _classique(seed=2):
    rules = Rules.preset("classique")
    return Deal.deal(rules, 3, shuffled_deck(rules, random.Random(seed)))


#: (what raises, French as the CLI printed it before the catalog)
SAMPLES = [
    # cards (cli._FR_ERRORS)
    (lambda: parse_card("ZH"), "carte invalide 'ZH' : hauteur inconnue 'Z' (au choix 6 7 8 9 "
                               "10 V D R A, ou T J Q K)"),
    (lambda: parse_card("7X"), "carte invalide '7X' : couleur inconnue 'X' (au choix ♠ ♥ ♦ ♣ ou "
                               "S H D C : pique, cœur, carreau, trèfle)"),
    (lambda: parse_card("7"), "carte invalide '7' : la hauteur puis la couleur, par exemple JH, "
                              "TH, 10H, 7S"),
    (lambda: parse_cards("JH 9H JH"), "la carte JH apparaît deux fois"),
    (lambda: Trump.parse("X"), "atout inconnu 'X' : au choix S H D C SA TA"),
    # rules
    (lambda: Rules.preset("nope"), "préréglage inconnu 'nope' : au choix concours, classique, "
                                   "annonces, contree, coinche, ffb, simplifiee, retourne"),
    (lambda: Rules.preset("coinche", scoring="x"),
     "option scoring : 'x' n'est pas une valeur possible (classic, simplifiee, contree, "
     "coinche, faits, annonces, faits+annonces)"),
    (lambda: Rules.parse_value("target", "abc"),
     "option target : un nombre entier est attendu, pas 'abc'"),
    (lambda: Rules.parse_value("annonces", "maybe"),
     "option annonces : true ou false attendu, pas 'maybe'"),
    (lambda: Rules.preset("coinche", target=-1),
     "option target : un nombre entier ≥ 0 est attendu, pas -1"),
    (lambda: Rules.preset("coinche", target=10**10),
     "option target : au plus 1000000000, pas 10000000000"),
    (lambda: Rules.preset("coinche", packets=(4, 4)),
     "option packets : (4, 4) : des paquets de 2 ou 3 cartes, jamais 1 ni 4 à la fois "
     "(règlement FFB §IV.C)"),
    (lambda: Rules.preset("coinche", deck=36),
     "options deck et bidding : le jeu de 36 cartes (belote simplifiée) se donne avec une "
     "retourne et deux tours d'enchères"),
    (lambda: Rules.preset("coinche", packets=(3, 2)),
     "options packets et deal : les paquets 3-2 donnent 5 cartes, une donne direct en donne 8 "
     "d'abord"),
    (lambda: Rules.preset("classique", scoring="coinche"),
     "options scoring et bidding : le décompte 'coinche' demande une valeur de contrat, donc "
     "bidding=auction"),
    (lambda: Rules.preset("coinche", scoring="classic"),
     "options scoring et bidding : le décompte 'classic' est celui des donnes à deux tours ; des "
     "enchères prennent contree, coinche, faits, annonces ou faits+annonces"),
    (lambda: Rules.preset("classique", rounding=True),
     "options rounding et scoring : l'arrondi à la dizaine est pour les décomptes à contrat "
     "(règles de Jacquespote, règlement FFB §VII.A.1) ; le décompte 'classic' marque les "
     "points des cartes tels quels"),
    (lambda: Rules.preset("coinche", bid_step=30),
     "options min_bid, max_bid, bid_step : max_bid - min_bid doit être un multiple de bid_step"),
    (lambda: Rules.preset("coinche", max_bid=2000),
     "option max_bid : au plus 1000 (les règles de Jacquespote vont jusqu'à 360)"),
    (lambda: Rules.preset("coinche", foo=1), None),  # the list of options: checked below
    # a card-play position (belote legal)
    (lambda: check_position(Rules.preset("classique"), Trump.H, [], []), "la main est vide"),
    (lambda: check_position(Rules.preset("classique"), Trump.H, parse_cards("6S"), []),
     "6S : le jeu de 32 cartes n'a pas de six (utilisez --preset simplifiee)"),
    (lambda: check_position(Rules.preset("classique"), Trump.SA, parse_cards("7S"), []),
     "le préréglage classique ne joue pas Sans Atout / Tout Atout (utilisez --option "
     "sa_ta=true)"),
    (lambda: check_position(Rules.preset("classique"), Trump.H, parse_cards("7S 8S"),
                            parse_cards("8S")),
     "8S est à la fois dans la main et sur le pli"),
    (lambda: check_position(Rules.preset("classique"), Trump.H,
                            parse_cards("7S 8S 9S TS JS QS KS AS 7H"), []),
     "une main a au plus 8 cartes dans ce jeu, pas 9"),
    (lambda: check_position(Rules.preset("classique"), Trump.H, parse_cards("7S"),
                            parse_cards("8S 9S TS JS")),
     "un pli en cours a au plus 3 cartes, pas 4"),
    # actions
    (lambda: parse_action("99999999999999999999 H"),
     "ce n'est pas une action : '99999999999999999999 H'… (une enchère a au plus 18 chiffres)"),
]


@pytest.mark.parametrize("index", range(len(SAMPLES)))
def test_an_engine_error_is_worded_by_its_code_as_before(index):
    thunk, french = SAMPLES[index]
    e = _error(thunk)
    assert e.code != "error" and i18n.has(e.code, "en"), e
    assert i18n.message(e, "en") == _named(e)
    if french is not None:
        assert i18n.message(e, "fr") == french


def test_an_unknown_option_lists_the_options_in_both_languages():
    e = _error(lambda: Rules.preset("coinche", foo=1))
    assert e.code == "rules.unknown_option"
    assert i18n.message(e, "fr").startswith("option inconnue 'foo' ; options : deck, deal, ")


def _refusals():
    """Refused actions of every family (:data:`SHOWN`)."""
    out = []

    def refuse(deal, action, seat=None):
        try:
            deal.play(action, seat)
        except IllegalAction as e:
            out.append(e)
        else:
            raise AssertionError(f"{action} was accepted")

    d = _classique()
    refuse(d, "80 H")  # a bid of an auction in a two-round deal
    refuse(d, "S")  # round 1: take or pass
    refuse(d, "JH")  # cards before the bidding is over
    for _ in range(4):
        d.play("pass")
    refuse(d, "take")  # round 2
    refuse(d, "SA")  # no SA/TA in classique
    c = Deal.deal(Rules.preset("coinche"), 3,
                  shuffled_deck(Rules.preset("coinche"), random.Random(1)))
    refuse(c, "contre")  # nothing to double
    refuse(c, "85 H")  # not a multiple of 10
    refuse(c, "take")
    c.play("100 H")
    refuse(c, "90 S")  # below the current bid
    refuse(c, "surcontre")
    c.play("contre")
    refuse(c, "contre")
    refuse(c, "110 S")  # after a double
    p = _coinche_in_play()
    refuse(p, "pass")  # the bidding is over
    refuse(p, "belote")
    seat = p.to_move
    held = p.hands[seat]
    not_held = next(c for c in range(32) if not (held >> c) & 1)
    refuse(p, Play(not_held))
    p.play(next(iter(p.legal_actions())))
    mover = p.to_move
    illegal = [c for c in range(32) if (p.hands[mover] >> c) & 1
               and not (p.legal_card_mask() >> c) & 1]
    if illegal:
        refuse(p, Play(illegal[0]))  # follow suit, or trump…
    refuse(p, "JH", seat=(mover + 1) % 4)  # not this seat's turn
    return out


#: the refusals of :func:`_refusals`, as the table showed them before the catalog: (code,
#: French, English), the rule texts they cite named
SHOWN = [
    ("illegal.bad_bid.two_rounds", "80 H n'est pas une enchère d'une donne à deux tours",
     "80 H is not a bid of a two-round deal"),
    ("illegal.bid_round1", "au premier tour, on prend dans la couleur de la retourne ou on "
     "passe (règles de Jacquespote)", "in the first round you may only take the turned card's "
     "suit or pass (Jacquespote rules)"),
    ("illegal.bidding_not_over", "les enchères ne sont pas finies", "the bidding is not over"),
    ("illegal.bid_round2", "au second tour, nommez une autre couleur ou passez (règles de "
     "Jacquespote)", "in the second round name another suit or pass (Jacquespote rules)"),
    ("illegal.bid_round2.suit", "au second tour, nommez une des autres couleurs, pas SA (règles "
     "de Jacquespote, belote classique)", "in the second round you may name one of the other "
     "suits, not SA (Jacquespote rules, classic belote rules)"),
    ("illegal.double.no_bid", "il n'y a pas d'enchère à contrer", "there is no bid to double"),
    ("illegal.bid_value", "les enchères vont de 80 à 360 par 10", "bids go from 80 to 360 by 10"),
    ("illegal.bad_bid.auction", "ce sont des enchères : annoncez une valeur et une couleur, ou "
     "passez", "this is an auction: bid a value and a suit, or pass"),
    ("illegal.bid_too_low", "une enchère doit dépasser l'enchère en cours (100 H)",
     "a bid must be above the current bid (100 H)"),
    ("illegal.redouble", "seule l'équipe contrée peut surcontrer",
     "only the doubled team may redouble a doubled bid"),
    ("illegal.double.doubled", "le contrat est déjà contré", "the contract is already doubled"),
    ("illegal.bid_after_double", "après un contre, plus personne ne peut enchérir (règles de "
     "Jacquespote)", "after a double no one may bid any more (Jacquespote rules)"),
    ("illegal.bidding_over", "les enchères sont finies : jouez une carte",
     "the bidding is over: play a card"),
    ("illegal.belote", "on dit belote en jouant le premier du roi et de la dame d'atout, en "
     "ayant les deux", "you can say belote only when playing the first of the king and queen "
     "of trump, holding both"),
    ("illegal.not_held", "vous n'avez pas le 9♠", "you do not hold 9S"),
    ("illegal.follow_suit", "vous devez fournir à la couleur demandée (pique)",
     "you must follow suit: Spades was led"),
    ("illegal.wrong_turn", "c'est au siège 1 de jouer, pas au siège 2",
     "it is seat 1's turn, not seat 2's"),
]


def test_a_refused_action_is_worded_as_the_table_showed_it():
    errors = _refusals()
    assert [(e.code, i18n.message(e, "fr"), i18n.message(e, "en")) for e in errors] == SHOWN
    for e in errors:
        assert i18n.message(e, "en") == _named(e), e.code


@pytest.mark.parametrize(("rule", "facts", "french"), [
    ("not_held", {"card": 22}, "vous n'avez pas le R♦"),
    ("follow_suit", {"suit": 3, "win": 24}, "vous devez fournir à la couleur demandée (trèfle)"),
    ("must_overtrump", {"suit": 1, "win": 10},
     "vous devez monter à l'atout : vous pouvez battre le 9♥"),
    ("must_overruff", {"suit": 0, "win": 20}, "vous devez surcouper : un adversaire a coupé du V♦"),
    ("must_underruff", {"suit": 0, "win": 20},
     "vous devez sous-couper : vous ne pouvez ni fournir ni surcouper le V♦"),
])
def test_a_card_refusal_is_worded_from_its_facts(rule, facts, french):
    from belote.engine.play import rule_params, rule_text
    e = IllegalAction(rule_text(rule, facts), rule=rule, facts=facts,
                      params=rule_params(rule, facts))
    assert e.code == f"illegal.{rule}"
    assert i18n.message(e, "fr") == french
    assert i18n.message(e, "en") == _named(e)


def test_an_underruff_cites_its_rule_text_in_english_only():
    """The French of a refused underruff named no rule text, the English "(001)": both kept,
    the source named by the catalog (seed 001 "ou sous-couper si vous ne pouvez pas monter")."""
    from belote.engine.play import rule_params, rule_text
    facts = {"suit": 0, "win": 20}
    e = IllegalAction(rule_text("must_underruff", facts), rule="must_underruff", facts=facts,
                      params=rule_params("must_underruff", facts))
    assert str(e).endswith("overtrump the JD (001)")
    assert e.params == {"suit": "S", "win": "JD", "cite": "001"}
    assert i18n.message(e, "en") == ("you must play a trump, even a lower one: you cannot "
                                     "follow and cannot overtrump the JD (Jacquespote rules)")


def test_deal_and_game_errors_are_worded():
    rules = Rules.preset("coinche")
    errors = [
        _error(lambda: Deal.deal(rules, 4, shuffled_deck(rules, random.Random(1)))),
        _error(lambda: Deal.deal(rules, 0, [1, 2, 3])),
        _error(lambda: Deal.from_hands(rules, 0, [1, 1, 0, 0])),
        _error(lambda: Deal.from_hands(rules, 0, [parse_hand("7S 8S")] * 1 + [0, 0, 0])),
        _error(lambda: _classique().view(7)),
        _error(lambda: _classique().play("pass", seat=9)),
        _error(lambda: parse_action("declare")),
        _error(lambda: parse_action("declare 7S 7S")),
        _error(lambda: parse_action("ZZ")),
        _error(lambda: parse_action(3)),
        _error(lambda: score_deal(rules, Contract(0, Trump.H, 80), [100, 62], [4, 2, 1, 1],
                                  [0, 0], None, 0, 162, taker_belote=20)),
    ]
    g = Game(rules, seed=1)
    g.play("pass")
    errors.append(_error(g.misdeal))
    for e in errors:
        assert e.code != "error" and i18n.has(e.code, "fr"), e
        assert i18n.message(e, "en") == _named(e), e.code
    assert i18n.message(errors[0], "fr") == "le donneur est un siège de 0 à 3, pas 4"
