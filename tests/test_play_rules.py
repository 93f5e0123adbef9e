"""The card-play rules of docs/sources.md §4, one test (or small group) per rule, through
``belote.engine.play.legal_cards`` and ``explain``.

Seating (docs/sources.md §1): the trick lists the cards leader first; the player to move sits at
position ``len(trick)``, his partner at ``len(trick) - 2``. Expected legal sets are worked out
by hand from the seeds.
"""

from __future__ import annotations

import pytest

from belote import i18n
from belote.engine import Rules, Trump
from belote.engine.cards import card_str, iter_cards, parse_card, parse_cards, parse_hand, tables
from belote.engine.play import PlayRules, explain, legal_cards


def legal(hand: str, trick: str, trump: str = "H", *, under: bool = False, beat: bool = False,
          ncards: int = 32) -> tuple[set[str], str | None]:
    """The legal cards (as a set of record strings) and the rule key."""
    tt = tables(Trump.parse(trump), 19, ncards)
    mask, rule = legal_cards(parse_hand(hand), parse_cards(trick), tt, PlayRules(under, beat))
    return {card_str(c) for c in iter_cards(mask)}, rule


def why(card: str, hand: str, trick: str, trump: str = "H", *, under: bool = False,
        beat: bool = False, ncards: int = 32, lang: str = "en"):
    """The rule key and its words in ``lang``, as the catalog words the refusal
    (``illegal.<rule>`` from :func:`explain`'s params), or None for a legal card."""
    tt = tables(Trump.parse(trump), 19, ncards)
    found = explain(parse_card(card), parse_hand(hand), parse_cards(trick), tt,
                    PlayRules(under, beat))
    if found is None:
        return None
    key, params = found
    return key, i18n.tr(f"illegal.{key}", lang, **params)


def all_of(hand: str) -> set[str]:
    return set(hand.split())


# --------------------------------------------------------------------------------------------
# Leading
# --------------------------------------------------------------------------------------------

def test_leader_plays_any_card():
    # docs/sources.md §4 "The leader plays any card"; 002 §VI "joue la carte de son choix"
    hand = "JH 7S AD 8C"
    assert legal(hand, "") == (all_of(hand), None)
    assert why("7S", hand, "") is None


# --------------------------------------------------------------------------------------------
# 1. Follow suit
# --------------------------------------------------------------------------------------------

class TestFollowSuit:
    def test_must_follow_suit(self):
        # 002 §VI.1 "On doit toujours fournir la couleur demandée à l'entame si l'on en possède"
        assert legal("7S KS JH 8D", "AS") == ({"7S", "KS"}, "follow_suit")

    def test_explain_follow_suit(self):
        key, msg = why("JH", "7S KS JH 8D", "AS")
        assert key == "follow_suit"
        assert "follow suit" in msg and "Spades" in msg

    def test_explain_in_french(self):
        key, msg = why("JH", "7S KS JH 8D", "AS", lang="fr")
        assert key == "follow_suit"
        assert "fournir" in msg

    def test_card_not_held(self):
        key, msg = why("AC", "7S KS", "AS")
        assert key == "not_held"
        assert "AC" in msg

    def test_legal_card_has_no_explanation(self):
        assert why("7S", "7S KS JH 8D", "AS") is None

    def test_plain_led_no_need_to_go_higher(self):
        # 004 §1b "on fournit une carte quelconque de la couleur sans obligation de monter";
        # 001 "vous fournissez, avec la carte de votre choix"
        assert legal("AS 7S JH", "KS") == ({"AS", "7S"}, "follow_suit")

    def test_plain_led_no_need_to_go_higher_even_under_underruff_rule(self):
        # must_underruff only concerns a player who cannot follow (001)
        assert legal("AS 7S JH", "KS QS", under=True) == ({"AS", "7S"}, "follow_suit")

    def test_plain_led_after_a_ruff_any_card_of_the_suit(self):
        # following suit is always enough, whoever ruffed (001: "vous fournissez")
        assert legal("AS 7S JH", "KS 7H") == ({"AS", "7S"}, "follow_suit")


class TestTrumpLed:
    def test_must_go_higher_than_the_highest_trump(self):
        # 002 §VI.3 "obligés de mettre un atout plus fort que celui déjà présent sur le tapis"
        # opponent (position 1) holds the trick with the 9H; the ace and ten do not beat it
        assert legal("JH AH 7H KS", "8H 9H") == ({"JH"}, "must_overtrump")

    def test_must_go_higher_even_over_partner(self):
        # 004 §1a "on MONTE y compris sur son partenaire"; 001 "vous montez au-dessus du plus
        # fort atout déjà posé si vous le pouvez". Partner (position 0) leads the 9H.
        assert legal("AH JH 7H KS", "9H 8H") == ({"JH"}, "must_overtrump")

    def test_several_higher_trumps_any_of_them(self):
        assert legal("JH 9H AH 7H", "TH") == ({"JH", "9H", "AH"}, "must_overtrump")

    def test_cannot_go_higher_any_trump(self):
        # 002 §VI.3 "Si cela s'avère impossible, le joueur devra choisir un atout plus faible";
        # 004 §1a "on ne fournit un atout plus faible que si on ne peut pas monter"
        assert legal("9H 7H KS", "JH") == ({"9H", "7H"}, "follow_suit")

    def test_explain_lower_trump(self):
        key, msg = why("7H", "AH JH 7H KS", "9H 8H")
        assert key == "must_overtrump"
        assert "higher trump" in msg

    def test_explain_discard_when_holding_trump(self):
        # discarding while holding trumps breaks "follow suit" first
        key, _ = why("KS", "AH JH 7H KS", "9H 8H")
        assert key == "follow_suit"

    def test_trump_led_no_trump_discard_anything(self):
        # 004 §2a "Si la couleur demandée est l'atout, on défausse"
        hand = "7S 8D AC KD"
        assert legal(hand, "JH") == (all_of(hand), None)
        assert legal(hand, "JH 7H", under=True) == (all_of(hand), None)


# --------------------------------------------------------------------------------------------
# 2. Cannot follow
# --------------------------------------------------------------------------------------------

class TestCannotFollow:
    def test_partner_master_free_choice(self):
        # 002 §VI.2 "Le partenaire est maître ... on peut alors jouer n'importe quelle carte";
        # 000 "n'est toutefois pas obligé de couper lorsque son partenaire est déjà maître"
        hand = "JH 7H 8D KC"
        assert legal(hand, "AS 7S") == (all_of(hand), None)
        assert legal(hand, "AS 7S", under=True) == (all_of(hand), None)

    def test_partner_master_by_ruff_may_play_small_trump(self):
        # 004 §2b: "si Cœur est demandé et que le partenaire coupe avec le roi de Pique, on peut
        # défausser le 7 de Pique même si on possède le Valet" (spades trump)
        hand = "7S JS 8C"
        assert legal(hand, "AH KS 8H", "S") == (all_of(hand), None)
        assert why("7S", hand, "AH KS 8H", "S") is None
        assert why("8C", hand, "AH KS 8H", "S", under=True) is None

    def test_partner_ruffed_only_trumps_left(self):
        # 002 §VI.6 "Lorsque votre partenaire coupe ... et que vous ne possédez que de l'atout,
        # vous n'êtes pas obligé de fournir un atout supérieur"
        assert legal("JH 7H", "AS 9H 8S") == ({"JH", "7H"}, None)

    def test_must_ruff(self):
        # 000 "Si un joueur ne le peut pas, il doit couper"; 002 §VI.2 second case
        assert legal("7H JH 8D", "AS") == ({"7H", "JH"}, "must_ruff")

    def test_must_ruff_when_opponent_master_with_plain_card(self):
        # 004 §2b "Quand l'adversaire est maître avec une carte non atout, il faut couper."
        # position 2: partner led 7S, opponent's AS holds the trick
        assert legal("7H 8D", "7S AS") == ({"7H"}, "must_ruff")

    def test_explain_must_ruff(self):
        key, msg = why("8D", "7H JH 8D", "AS")
        assert key == "must_ruff"
        assert "must trump" in msg

    def test_no_trump_discard_anything(self):
        # 004 §2b "1er cas : si on n'a pas d'atout on défausse"
        hand = "8D KC AD"
        assert legal(hand, "AS") == (all_of(hand), None)

    def test_must_overruff(self):
        # 000 "Si un pli a déjà été coupé par un adversaire ... obligé de surcouper";
        # 002 §VI.4. Partner led AS, the opponent ruffed with the 8H: the QH and AH beat it.
        assert legal("7H QH AH 8D", "AS 8H") == ({"QH", "AH"}, "must_overruff")

    def test_explain_must_overruff(self):
        key, msg = why("7H", "7H QH AH 8D", "AS 8H")
        assert key == "must_overruff"
        assert "overtrump" in msg
        key, msg = why("8D", "7H QH AH 8D", "AS 8H")
        assert key == "must_overruff"

    def test_explain_must_overruff_in_french(self):
        key, msg = why("7H", "7H QH AH 8D", "AS 8H", lang="fr")
        assert key == "must_overruff"
        assert "surcouper" in msg

    def test_must_overruff_the_last_ruff(self):
        # position 3: opponent led AS, partner ruffed 7H, opponent overruffed 9H
        assert legal("JH 8H 7D", "AS 7H 9H") == ({"JH"}, "must_overruff")

    def test_cannot_overruff_must_underruff_001(self):
        # 001 "vous devez surcouper, ou sous-couper si vous ne pouvez pas monter"
        assert legal("7H 8D KC", "AS JH", under=True) == ({"7H"}, "must_underruff")
        key, msg = why("8D", "7H 8D KC", "AS JH", under=True)
        assert key == "must_underruff"
        assert "lower" in msg

    def test_cannot_overruff_free_discard_002_004(self):
        # 002 §VI.5 "si nous n'avons pas d'atout supérieur, nous pouvons nous défausser";
        # 004 "on n'est pas obligé de sous couper, on peut défausser"
        hand = "7H 8D KC"
        assert legal(hand, "AS JH", under=False) == (all_of(hand), None)
        assert why("8D", hand, "AS JH", under=False) is None


# --------------------------------------------------------------------------------------------
# Sans Atout / Tout Atout (002 annex, 004)
# --------------------------------------------------------------------------------------------

class TestSansAtout:
    def test_follow_suit_still_required(self):
        assert legal("7S JH 8D", "AS", "SA") == ({"7S"}, "follow_suit")

    def test_no_ruffing(self):
        # 002 annex "il est impossible de couper"; 001 "Sans atout, vous jouez ce que vous voulez"
        hand = "7H JH 8D"
        assert legal(hand, "AS", "SA") == (all_of(hand), None)
        assert legal(hand, "AS", "SA", under=True) == (all_of(hand), None)

    def test_no_need_to_go_higher(self):
        # 001 "L'atout est demandé ... Sans atout, vous jouez ce que vous voulez" (in the suit)
        assert legal("AS 8S", "7S KS", "SA") == ({"AS", "8S"}, "follow_suit")


class TestToutAtout:
    def test_must_beat_the_winning_card(self):
        # 002 annex "on est toujours obligé de monter sur la carte qui tient si l'on peut":
        # in TA the jack beats the ace
        assert legal("JS 7S KD", "AS", "TA") == ({"JS"}, "must_beat")

    def test_must_beat_even_over_partner(self):
        # "toujours": partner (position 0) holds the trick with the AS
        assert legal("JS 8S", "AS 7S", "TA") == ({"JS"}, "must_beat")

    def test_explain_must_beat(self):
        key, msg = why("8S", "JS 8S", "AS 7S", "TA")
        assert key == "must_beat"
        assert "beat" in msg

    def test_cannot_beat_any_card_of_the_suit(self):
        assert legal("9S 7S KD", "JS", "TA") == ({"9S", "7S"}, "follow_suit")

    def test_cannot_follow_free(self):
        # 002 annex "Il est également impossible de couper"
        hand = "JH 7D"
        assert legal(hand, "AS", "TA") == (all_of(hand), None)


# --------------------------------------------------------------------------------------------
# Simplifiée: beat the winning card in the suit led (003, docs/sources.md §4.1)
# --------------------------------------------------------------------------------------------

class TestMustBeatInSuit:
    def test_must_beat_the_winning_card(self):
        # 003 "On est obligé de « monter » sur la carte jouée précédemment (idem que la manille)"
        assert legal("KS 7S 6S AS", "QS", beat=True, ncards=36) == ({"KS", "AS"}, "must_beat")

    def test_six_is_beaten_by_the_seven(self):
        assert legal("6S 8S", "7S", beat=True, ncards=36) == ({"8S"}, "must_beat")

    def test_without_the_option_no_need(self):
        assert legal("KS 7S 6S", "QS", beat=False, ncards=36) == ({"KS", "7S", "6S"},
                                                                  "follow_suit")

    def test_explain_must_beat(self):
        key, msg = why("6S", "KS 6S", "QS", beat=True, ncards=36)
        assert key == "must_beat"
        assert "beat the winning card" in msg

    def test_cannot_beat_any_card_of_the_suit(self):
        # 003 "Si on ne peut pas monter, on se défausse d'une carte de moindre importance"
        assert legal("KS 7S", "AS", beat=True, ncards=36) == ({"KS", "7S"}, "follow_suit")

    def test_partner_master_exception(self):
        # 003 "Si son partenaire est le maître on n'est pas obligé de monter sur son partenaire"
        assert legal("KS 6S", "QS 7S", beat=True, ncards=36) == ({"KS", "6S"}, "follow_suit")

    def test_partner_master_may_also_ruff(self):
        # 003 "ni de couper sur son partenaire mais on peut le faire"
        hand = "7H 8D"
        assert legal(hand, "QS 7S", beat=True, ncards=36) == (all_of(hand), None)

    def test_not_when_the_trick_was_ruffed(self):
        # docs/sources.md §4: the card to beat is the one winning the trick; after a ruff no card of
        # the suit led can win, so any card of the suit is legal
        assert legal("KS 6S", "QS 7H", beat=True, ncards=36) == ({"KS", "6S"}, "follow_suit")

    def test_cannot_follow_must_still_ruff(self):
        # 003 "ni de couper sur son partenaire": the dispensation is for a master partner only;
        # an opponent's QS holds the trick
        assert legal("6H 8D", "QS", beat=True, ncards=36) == ({"6H"}, "must_ruff")


# --------------------------------------------------------------------------------------------
# Preset values of the two options (docs/sources.md §10)
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("preset,under,beat", [
    ("concours", False, False),
    ("classique", True, False),
    ("annonces", True, False),
    ("contree", True, False),
    ("coinche", True, False),
    ("ffb", False, False),
    ("simplifiee", False, True),
    ("retourne", False, False),
])
def test_preset_play_options(preset, under, beat):
    # docs/sources.md §4: must underruff in the four 001 presets; free discard in ffb (002 §VI.5),
    # retourne (004) and concours; beat in the suit led only in simplifiee (003)
    r = Rules.preset(preset)
    assert r.must_underruff is under
    assert r.must_beat_in_suit is beat


def test_report_words_speak_of_the_seat():
    """A referee's report (``belote check``, replay) says the rule of the seat, in the past:
    "had to overtrump", "devait surcouper" (the table says "you must…" to the player). The
    position of test_explain_must_overruff_in_french: AS led, 8H ruffed by the opponent at
    position 1; 7H is below it, QH and AH go over (seed 001 "vous devez surcouper")."""
    from belote.engine.play import CARD_RULES, rule_text
    tt = tables(Trump.H, 19, 32)
    args = (parse_card("7H"), parse_hand("7H QH AH 8D"), parse_cards("AS 8H"), tt,
            PlayRules(False, False))
    key, params = explain(*args)
    assert (key, params) == ("must_overruff", {"suit": "S", "win": "8H"})
    assert i18n.tr(f"irregular.{key}", "en", **params) == \
        rule_text(key, {"win": parse_card("8H")}, report=True) == \
        "had to overtrump: an opponent had ruffed with the 8H"
    assert i18n.tr(f"irregular.{key}", "fr", **params) == \
        "devait surcouper : un adversaire avait coupé du 8♥"
    # every card-play rule has both wordings, with the same fields, in both languages
    import string
    for key in CARD_RULES:
        for lang in i18n.LANGS:
            told = i18n.catalog(lang)[f"illegal.{key}"]
            said = i18n.catalog(lang)[f"irregular.{key}"]
            assert {f for _, f, _, _ in string.Formatter().parse(told) if f} == \
                {f for _, f, _, _ in string.Formatter().parse(said) if f}, (key, lang)
