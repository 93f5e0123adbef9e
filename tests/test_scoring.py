"""Scoring one deal (docs/sources.md §5, §6, §7): worked examples for every preset.

Every expected score is computed by hand from the seed cited next to it. Conventions of
``score_deal``: ``points`` are card points with dix de der per team ``[team 0, team 1]`` (seats
0 and 2 are team 0, seats 1 and 3 team 1); ``tricks`` are tricks won per seat; ``belote`` the
belote points *said* per team; the best annonce's team and all of its annonce points.

Where the seeds are silent the engine's documented choice (``scoring.py``, ``rules.py``,
docs/sources.md) is tested and the comment says "seed silent".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from belote.engine import Rules, Trump
from belote.engine.scoring import Contract, round_ten, score_deal

NO_CAPOT = [2, 2, 2, 2]
CAPOT_0 = [4, 0, 4, 0]      # team 0 (seats 0, 2) takes all 8 tricks
CAPOT_1 = [0, 4, 0, 4]      # team 1 takes all 8 tricks


def deal(preset, points, *, taker=0, trump=Trump.H, value=0, kind="normal", doubled=1,
         tricks=None, belote=(0, 0), annonce=(None, 0), total=162, last_deal=False,
         rules=None, taker_belote=None, **options):
    """Score one deal of ``preset`` (options overridden by name); ``taker_belote``: the part
    of the taker's team's belote said by the taker himself (default: all of it)."""
    r = rules if rules is not None else Rules.preset(preset, **options)
    if tricks is None:
        tricks = [3, 2, 2, 2] if r.deck == 36 else NO_CAPOT
    assert sum(points) == total, "test data: the two teams' points must sum to the pack"
    c = Contract(taker, trump, value, kind, doubled)
    return score_deal(r, c, list(points), list(tricks), list(belote), annonce[0], annonce[1],
                      total, last_deal, taker_belote)


def score(*args, **kw) -> list[int]:
    return deal(*args, **kw).score


# --------------------------------------------------------------------------------------------
# Rounding (001 "85 donne 90, et 84 donne 80"; 002 §VII.A.1 "arrondis à la dizaine inférieure
# si le dernier chiffre est compris entre 1 et 4 et à la dizaine supérieure ... entre 5 et 9")
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("x,expected", [(85, 90), (84, 80), (80, 80), (81, 80), (89, 90),
                                        (5, 10), (4, 0), (0, 0), (165, 170), (1124, 1120)])
def test_round_ten(x, expected):
    assert round_ten(x) == expected


def test_round_ten_of_a_fraction():
    # TA scaled points are fractions (002 annex ×162/258): 150×162/258 = 94.19 → 90
    assert round_ten(Fraction(150 * 162, 258)) == 90
    assert round_ten(Fraction(108 * 162, 258)) == 70   # 67.81 → 70


# --------------------------------------------------------------------------------------------
# concours (seed 000)
# --------------------------------------------------------------------------------------------

class TestConcours:
    def test_made_each_team_scores_its_points(self):
        # 000 a) "chaque camp marque le nombre de points obtenu"
        r = deal("concours", [90, 72])
        assert r.score == [90, 72]
        assert r.made is True

    def test_taker_in_team_1(self):
        assert score("concours", [72, 90], taker=1) == [72, 90]
        assert score("concours", [72, 90], taker=3) == [72, 90]

    def test_belote_makes_the_contract_92(self):
        # 000 "lorsqu'un camp marque la belote, le total s'élève à 182 points, et la victoire à
        # est 92 points": 72 + 20 = 92 against 90
        assert score("concours", [72, 90], belote=(20, 0)) == [92, 90]

    def test_failed_defence_scores_162(self):
        # 000 b) "le camp adverse marque la totalité des points (162 ou 182 points)"
        r = deal("concours", [70, 92])
        assert r.score == [0, 162]
        assert r.made is False

    def test_failed_taker_belote_goes_to_defence_182(self):
        # 000 b) 182 when the taker's camp had the belote: 60 + 20 = 80 < 102
        assert score("concours", [60, 102], belote=(20, 0)) == [0, 182]

    def test_failed_defence_belote_182(self):
        assert score("concours", [75, 87], belote=(0, 20)) == [0, 182]

    def test_litige_81(self):
        # 000 c) "le camp adverse marque ses points (81 ou 91), et les points du camp du preneur
        # restent en jeu pour le tour suivant"
        r = deal("concours", [81, 81])
        assert r.litige is True
        assert r.made is None
        assert r.score == [0, 81]
        assert r.held == 81

    def test_litige_91_with_belote(self):
        # 000 c) "(81 ou 91)": taker 71 + belote 20 = 91 against 91; the taker's 91 are held
        r = deal("concours", [71, 91], belote=(20, 0))
        assert r.litige is True
        assert r.score == [0, 91]
        assert r.held == 91

    def test_litige_91_defence_belote(self):
        # 000 c) "le camp adverse marque ses points (81 ou 91)": 91 against 71 + 20
        r = deal("concours", [91, 71], belote=(0, 20))
        assert r.litige is True
        assert r.score == [0, 91]
        assert r.held == 91

    def test_made_defence_belote(self):
        # 000 a) each camp its points, the belote with its camp: 100 > 62 + 20
        assert score("concours", [100, 62], belote=(0, 20)) == [100, 82]

    def test_litige_on_the_twelfth_deal_defence_scores_all(self):
        # 000 "A la douzième et dernière donne si le camp du preneur obtient la moitié des
        # points, la totalité des points est marqué par le camp adverse."
        r = deal("concours", [81, 81], last_deal=True)
        assert r.score == [0, 162]
        assert r.held == 0
        assert r.made is False

    def test_litige_on_the_twelfth_deal_with_belote_182(self):
        assert score("concours", [71, 91], belote=(20, 0), last_deal=True) == [0, 182]

    def test_capot_252(self):
        # 000 "il marque tous les points, mais non le dix de der, et il remporte en plus 100
        # points de bonification. Donc il marque 252 points"
        r = deal("concours", [162, 0], tricks=CAPOT_0)
        assert r.score == [252, 0]
        assert r.capot == 0
        assert r.made is True

    def test_capot_272_with_belote(self):
        # 000 "(272 s'il a la belote)"
        assert score("concours", [162, 0], tricks=CAPOT_0, belote=(20, 0)) == [272, 0]

    def test_capot_defence_keeps_its_belote(self):
        # 000 "Elle reste acquise au camp perdant même en cas de capot, si ce n'est pas le camp
        # du preneur."
        assert score("concours", [162, 0], tricks=CAPOT_0, belote=(0, 20)) == [252, 20]

    def test_capot_by_the_defence_taker_loses_its_belote(self):
        # 000: the losing camp keeps its belote only "si ce n'est pas le camp du preneur"; the
        # taker's belote goes to the capot team as on any failure (182 rule): 252 + 20
        assert score("concours", [0, 162], tricks=CAPOT_1, belote=(20, 0)) == [0, 272]

    def test_no_annonces(self):
        # 000 "Le concours est sans annonces sauf la belote évidemment."
        assert Rules.preset("concours").annonces is False


# --------------------------------------------------------------------------------------------
# classique (seed 001 "La belote classique")
# --------------------------------------------------------------------------------------------

class TestClassique:
    def test_made(self):
        # 001 "L'équipe du preneur doit finir avec plus de points que la défense"
        assert score("classique", [100, 62]) == [100, 62]

    def test_belote_counts_to_make(self):
        # 001 "... plus de points que la défense, belote comprise": 72 + 20 > 90
        r = deal("classique", [72, 90], belote=(20, 0))
        assert r.made is True
        assert r.score == [92, 90]

    def test_failed(self):
        assert score("classique", [75, 87]) == [0, 162]

    def test_failed_taker_keeps_its_belote(self):
        # 001 "La belote reste à l'équipe qui la détient, y compris en cas de chute"
        assert score("classique", [60, 102], belote=(20, 0)) == [20, 162]

    def test_failed_defence_belote(self):
        assert score("classique", [75, 87], belote=(0, 20)) == [0, 182]

    def test_litige(self):
        # 001 "En cas d'égalité parfaite, la défense marque ses points. Ceux du preneur sont mis
        # de côté"
        r = deal("classique", [81, 81])
        assert r.litige is True
        assert r.score == [0, 81]
        assert r.held == 81

    def test_litige_taker_belote(self):
        # 71 + 20 = 91 against 91. Seed silent on the belote in a litige; the engine keeps it
        # with its holder (001 "reste à l'équipe qui la détient") and holds the 71 card points
        r = deal("classique", [71, 91], belote=(20, 0))
        assert r.litige is True
        assert r.score == [20, 91]
        assert r.held == 71

    def test_capot(self):
        # 001 "L'équipe qui remporte les huit plis marque 252 points, et l'autre aucun."
        assert score("classique", [162, 0], tricks=CAPOT_0) == [252, 0]
        assert score("classique", [162, 0], tricks=CAPOT_0, belote=(20, 0)) == [272, 0]

    def test_capot_by_the_defence_taker_keeps_its_belote(self):
        # 001 "La belote reste à l'équipe qui la détient, même si celle-ci n'a fait aucun pli."
        assert score("classique", [0, 162], tricks=CAPOT_1, belote=(20, 0)) == [20, 252]

    def test_capot_defence_keeps_its_belote(self):
        # 001 "La belote reste à l'équipe qui la détient, même si celle-ci n'a fait aucun pli."
        assert score("classique", [162, 0], tricks=CAPOT_0, belote=(0, 20)) == [252, 20]

    def test_taker_seat_3(self):
        assert score("classique", [60, 102], taker=3) == [60, 102]
        assert score("classique", [102, 60], taker=3) == [162, 0]


# --------------------------------------------------------------------------------------------
# annonces (seed 001 "La belote avec annonces")
# --------------------------------------------------------------------------------------------

class TestAnnoncesPreset:
    def test_annonces_make_the_contract(self):
        # 001 "Le contrat se juge alors annonces comprises": 80 + tierce 20 > 82
        r = deal("annonces", [80, 82], annonce=(0, 20))
        assert r.made is True
        assert r.score == [100, 82]

    def test_defence_annonce_defeats_the_taker(self):
        # 100 against 62 + cinquante 50 = 112: failed; the defence scores 162 + its 50
        r = deal("annonces", [100, 62], annonce=(1, 50))
        assert r.made is False
        assert r.score == [0, 212]

    def test_made_defence_scores_its_annonce(self):
        # 001 "seule l'équipe qui détient la meilleure annonce compte des points"
        assert score("annonces", [120, 42], annonce=(1, 20)) == [120, 62]

    def test_failed_taker_annonce_goes_to_the_defence(self):
        # 001 "Chute ou capot : ces points passent à l'équipe qui gagne la donne, quelle que soit
        # celle qui les a annoncés": 70 + 20 < 92 → defence 162 + 20
        assert score("annonces", [70, 92], annonce=(0, 20)) == [0, 182]

    def test_capot_takes_the_other_team_annonce(self):
        # 001 "Chute ou capot": 252 + the defence's tierce
        assert score("annonces", [162, 0], tricks=CAPOT_0, annonce=(1, 20)) == [272, 0]

    def test_capot_by_the_defence_takes_the_taker_annonce(self):
        assert score("annonces", [0, 162], tricks=CAPOT_1, annonce=(0, 50)) == [0, 302]

    def test_belote_and_annonces(self):
        # 001: belote 20 to its holder, annonce to the best team: 90 + 20 + 50 = 160 vs 72
        assert score("annonces", [90, 72], belote=(20, 0), annonce=(0, 50)) == [160, 72]


# --------------------------------------------------------------------------------------------
# retourne (seed 004): classic scoring, belote imprenable, SA 130 / TA 258 not scaled
# --------------------------------------------------------------------------------------------

class TestRetourne:
    def test_made(self):
        assert score("retourne", [90, 72]) == [90, 72]

    def test_failed(self):
        assert score("retourne", [72, 90]) == [0, 162]

    def test_failed_belote_imprenable(self):
        # 004 "Remarque : La Belote est imprenable."
        assert score("retourne", [60, 102], belote=(20, 0)) == [20, 162]

    def test_annonces_counted(self):
        # 004 annonces; contract judged with them (docs/sources.md §6, 001)
        assert score("retourne", [80, 82], annonce=(0, 20)) == [100, 82]

    def test_litige(self):
        r = deal("retourne", [81, 81])
        assert r.litige is True
        assert r.score == [0, 81]
        assert r.held == 81

    def test_capot(self):
        assert score("retourne", [162, 0], tricks=CAPOT_0) == [252, 0]

    def test_sans_atout_made_130(self):
        # 004 "Au jeu à sans atout ... le total à 130 points"
        assert score("retourne", [70, 60], trump=Trump.SA, total=130) == [70, 60]

    def test_sans_atout_failed_130(self):
        assert score("retourne", [60, 70], trump=Trump.SA, total=130) == [0, 130]

    def test_sans_atout_litige_65(self):
        r = deal("retourne", [65, 65], trump=Trump.SA, total=130)
        assert r.litige is True
        assert r.score == [0, 65]
        assert r.held == 65

    def test_sans_atout_capot(self):
        # seed silent on a SA capot; the engine generalises 000's rule "tous les points, mais
        # non le dix de der, + 100": 120 + 100 = 220
        assert score("retourne", [130, 0], trump=Trump.SA, total=130, tricks=CAPOT_0) == [220, 0]

    def test_tout_atout_made_258_not_scaled(self):
        # 004 "Au jeu à tout atout ... 258 points"; docs/sources.md §1 retourne does not scale
        assert score("retourne", [140, 118], trump=Trump.TA, total=258) == [140, 118]

    def test_tout_atout_failed(self):
        assert score("retourne", [118, 140], trump=Trump.TA, total=258) == [0, 258]

    def test_tout_atout_two_belotes(self):
        # 002 annex "il peut y avoir jusqu'à 4 Belotes": 110 + 40 = 150 > 148
        assert score("retourne", [110, 148], trump=Trump.TA, total=258,
                     belote=(40, 0)) == [150, 148]

    def test_tout_atout_capot(self):
        # seed silent; engine: 248 card points + 100
        assert score("retourne", [258, 0], trump=Trump.TA, total=258,
                     tricks=CAPOT_0) == [348, 0]


# --------------------------------------------------------------------------------------------
# simplifiee (seed 003): at least 81, 36 cards, 9 tricks
# --------------------------------------------------------------------------------------------

class TestSimplifiee:
    def test_made_example_100_62(self):
        # 003 "par exemple 100 points : il marque pour son équipe 100 points : et l'équipe
        # adverse marque aussi des points : à savoir 62 points"
        r = deal("simplifiee", [100, 62])
        assert r.made is True
        assert r.score == [100, 62]

    def test_exactly_81_is_made(self):
        # 003 "le preneur d'atouts doit faire au moins 81 points"; docs/sources.md §10 "tie: made"
        r = deal("simplifiee", [81, 81])
        assert r.made is True
        assert r.litige is False
        assert r.score == [81, 81]

    def test_80_fails_defence_162(self):
        # 003 "Si le contrat n'est pas rempli, l'équipe adverse reçoit 162 point d'office."
        assert score("simplifiee", [80, 82]) == [0, 162]

    def test_belote_added(self):
        # 003 "20 points complémentaires qui s'ajoute au total global des 162 points"
        assert score("simplifiee", [100, 62], belote=(20, 0)) == [120, 62]

    def test_belote_counts_to_reach_81(self):
        # docs/sources.md §7 "Made always includes belote": 61 + 20 = 81
        assert score("simplifiee", [61, 101], belote=(20, 0)) == [81, 101]

    def test_failed_belote_stays_with_holder(self):
        # 003: defence 162; the taker's belote: docs/sources.md §10 "belote if failed: holder"
        assert score("simplifiee", [50, 112], belote=(20, 0)) == [20, 162]

    def test_capot_252(self):
        # 003 "Si une équipe est capot : l'équipe adverse reçoit d'office 252 points."
        assert score("simplifiee", [162, 0], tricks=[5, 0, 4, 0]) == [252, 0]
        assert score("simplifiee", [0, 162], tricks=[0, 5, 0, 4]) == [0, 252]


# --------------------------------------------------------------------------------------------
# contree (seed 001 "La contrée"); undoubled values: docs/sources.md §7 faits + annoncés column
# --------------------------------------------------------------------------------------------

class TestContree:
    def test_made_points_plus_contract_rounded(self):
        # docs/sources.md §7 (001's table missing): made → points + C; 001 rounding of each total:
        # 85 + 80 = 165 → 170; 77 → 80
        r = deal("contree", [85, 77], value=80)
        assert r.made is True
        assert r.score == [170, 80]

    def test_rounding_85_and_84(self):
        # 001 "85 donne 90, et 84 donne 80": taker 77 + belote 20 = 97 ≥ 80 → 77 + 80 + 20 = 177
        assert score("contree", [77, 85], value=80, belote=(20, 0)) == [180, 90]
        assert score("contree", [78, 84], value=80, belote=(20, 0)) == [180, 80]

    def test_reach_without_beating_the_defence(self):
        # 001 "Elle n'a pas besoin de faire plus que la défense": 80 ≥ 80 though 82 > 80
        r = deal("contree", [80, 82], value=80)
        assert r.made is True
        assert r.score == [160, 80]

    def test_failed(self):
        # docs/sources.md §7: failed → defence 160 + C
        r = deal("contree", [95, 67], value=100)
        assert r.made is False
        assert r.score == [0, 260]

    def test_failed_belote_stays_with_holder_when_not_doubled(self):
        # 001 "reste en principe à l'équipe qui la détient": 75 + 20 = 95 < 100
        assert score("contree", [75, 87], value=100, belote=(20, 0)) == [20, 260]

    def test_doubled_made(self):
        # 001 "contrat réussi ou chute : (160 + C) × 2": (160 + 90) × 2 = 500, the other 0
        assert score("contree", [100, 62], value=90, doubled=2) == [500, 0]

    def test_doubled_belote_goes_to_the_winner(self):
        # 001 "sur un contrat contré, elle revient au camp gagnant"
        assert score("contree", [100, 62], value=90, doubled=2, belote=(0, 20)) == [520, 0]

    def test_doubled_belote_never_multiplied(self):
        # 001 "Elle vaut toujours 20 points, sans multiplication": 80 + 20 ≥ 90
        assert score("contree", [80, 82], value=90, doubled=2, belote=(20, 0)) == [520, 0]

    def test_redoubled_failed(self):
        # 001 "× 4": 90 + 20 = 110 < 120 → (160 + 120) × 4 = 1120, + the taker's belote
        # to the winning side = 1140
        assert score("contree", [90, 72], value=120, doubled=4, belote=(20, 0)) == [0, 1140]

    def test_capot_not_bid(self):
        # docs/sources.md §7: capot not bid → 250 + C = 330
        r = deal("contree", [162, 0], value=80, tricks=CAPOT_0)
        assert r.capot == 0
        assert r.score == [330, 0]

    def test_capot_not_bid_doubled(self):
        # 001 "capot réalisé ... (250 + C) × 2": (250 + 120) × 2 = 740
        assert score("contree", [162, 0], value=120, doubled=2, tricks=CAPOT_0) == [740, 0]

    def test_capot_defence_keeps_its_belote(self):
        # 001 contrée "reste en principe à l'équipe qui la détient, même sur un capot"
        assert score("contree", [162, 0], value=80, tricks=CAPOT_0, belote=(0, 20)) == [330, 20]

    def test_eight_tricks_make_a_250_bid(self):
        # 001 "Faire les huit plis remplit n'importe quel contrat"; "Un contrat ordinaire de 250
        # points n'engage à rien de tel": 162 < 250 but the capot makes it: 250 + 250
        r = deal("contree", [162, 0], value=250, tricks=CAPOT_0)
        assert r.made is True
        assert r.score == [500, 0]

    def test_ordinary_250_bid_failed(self):
        # 150 + 20 < 250, no capot: defence 160 + 250
        assert score("contree", [150, 12], value=250, tricks=[3, 1, 4, 0],
                     belote=(20, 0)) == [20, 410]

    def test_capot_bid_made(self):
        # docs/sources.md §7 (faits + annoncés column): capot bid, not doubled: 250 + 250 = 500
        r = deal("contree", [162, 0], value=250, kind="capot", tricks=CAPOT_0)
        assert r.made is True
        assert r.score == [500, 0]

    def test_capot_bid_made_with_the_partner(self):
        # 001 "le Capot ... engage l'équipe à faire tous les plis": the partner's tricks count
        # (only the Générale must be made alone)
        r = deal("contree", [162, 0], value=250, kind="capot", tricks=[5, 0, 3, 0])
        assert r.made is True
        assert r.score == [500, 0]

    def test_capot_bid_doubled(self):
        # 001 "Capot et Générale annoncés, réussis ou manqués : (250 + C) × 2 ou × 4"
        assert score("contree", [162, 0], value=250, kind="capot", doubled=2,
                     tricks=CAPOT_0) == [1000, 0]
        assert score("contree", [162, 0], value=250, kind="capot", doubled=4,
                     tricks=CAPOT_0) == [2000, 0]

    def test_capot_bid_failed_taker_loses_belote(self):
        # 001 "sur un Capot ou une Générale annoncés et manqués, le preneur perd la sienne";
        # the defence scores 250 + 250 (docs/sources.md §7). Seed silent on where the lost belote
        # goes when not doubled: the engine drops it
        r = deal("contree", [150, 12], value=250, kind="capot", tricks=[3, 1, 4, 0],
                 belote=(20, 0))
        assert r.made is False
        assert r.score == [0, 500]

    def test_capot_bid_failed_the_partners_belote_stays(self):
        # 001 "le preneur perd la sienne": the taker's own; the partner's "reste en principe à
        # l'équipe qui la détient" (our reading, rules-notes): 250 + 250 to the defence, 20
        # to team 0
        r = deal("contree", [150, 12], value=250, kind="capot", tricks=[3, 1, 4, 0],
                 belote=(20, 0), taker_belote=0)
        assert r.score == [20, 500]
        with pytest.raises(ValueError, match="taker_belote"):  # more than the team said
            deal("contree", [150, 12], value=250, kind="capot", tricks=[3, 1, 4, 0],
                 belote=(20, 0), taker_belote=40)

    def test_capot_bid_doubled_failed_belote_to_the_winner(self):
        # 001 contrée: "sur un contrat contré, elle revient au camp gagnant" (and the taker
        # loses his): (250 + 250) × 2 = 1000 to the defence, with team 0's belote: 1020,
        # whoever of the taker and his partner said it
        for own in (20, 0):
            r = deal("contree", [150, 12], value=250, kind="capot", doubled=2,
                     tricks=[3, 1, 4, 0], belote=(20, 0), taker_belote=own)
            assert r.score == [0, 1020], own

    def test_generale_failed_the_partners_belote_stays(self):
        # 001: the Générale is the taker's alone; the partner took a trick: failed, 250 + 500
        # to the defence; the partner's belote stays with team 0
        r = deal("contree", [162, 0], value=500, kind="generale", tricks=[7, 0, 1, 0],
                 belote=(20, 0), taker_belote=0)
        assert r.made is False and r.score == [20, 750]

    def test_generale_doubled_made(self):
        # 001 "(250 + C) × 2" with C = 500 (Générale "vaut 500")
        assert score("contree", [162, 0], value=500, kind="generale", doubled=2,
                     tricks=[8, 0, 0, 0]) == [1500, 0]

    def test_generale_not_doubled_made(self):
        # seed silent (table missing): the engine uses 250 + C = 750 as for an announced capot
        assert score("contree", [162, 0], value=500, kind="generale",
                     tricks=[0, 0, 8, 0], taker=2) == [750, 0]

    def test_generale_fails_when_the_partner_takes_a_trick(self):
        # 001 "Faire les huit plis remplit n'importe quel contrat, sauf la Générale si le
        # partenaire du preneur a pris un pli": 8 tricks for team 0, one by seat 2
        r = deal("contree", [162, 0], value=500, kind="generale", doubled=2, tricks=[7, 0, 1, 0])
        assert r.made is False
        assert r.score == [0, 1500]

    def test_capot_by_the_defence(self):
        # seed silent; engine (scoring.py "ours for the defence's capot"): 250 + C to the
        # capot team
        r = deal("contree", [0, 162], value=80, tricks=CAPOT_1)
        assert r.made is False
        assert r.score == [0, 330]


# --------------------------------------------------------------------------------------------
# coinche (seed 001 "La coinche"): reach C and beat the defence; annonces
# --------------------------------------------------------------------------------------------

class TestCoinche:
    def test_made(self):
        assert score("coinche", [90, 72], value=80) == [170, 70]

    def test_reach_but_not_beat_fails(self):
        # 001 coinche "2. faire plus de points que la défense": 81 ≥ 80 but 81 = 81
        r = deal("coinche", [81, 81], value=80)
        assert r.made is False
        assert r.score == [0, 240]

    def test_defence_annonce_defeats_the_taker(self):
        # 001 "en comptant ... les annonces de l'équipe qui détient la meilleure": 90 < 72 + 20;
        # "Sur une chute ... A passe à l'équipe qui gagne la donne": 160 + 80 + 20
        r = deal("coinche", [90, 72], value=80, annonce=(1, 20))
        assert r.made is False
        assert r.score == [0, 260]

    def test_annonces_help_reach_the_contract(self):
        # 100 + 50 = 150 ≥ 140 and > 62: taker 100 + 140 + 50 = 290; defence 62 → 60
        r = deal("coinche", [100, 62], value=140, annonce=(0, 50))
        assert r.made is True
        assert r.score == [290, 60]

    def test_made_defence_scores_its_annonce(self):
        # 001 "A s'ajoute au score de l'équipe qui détient la meilleure annonce":
        # 110 > 52 + 20; taker 110 + 80 = 190; defence 52 + 20 = 72 → 70
        assert score("coinche", [110, 52], value=80, annonce=(1, 20)) == [190, 70]

    def test_failed_taker_annonce_goes_to_the_defence(self):
        # 001 "Sur une chute ou un capot, A passe à l'équipe qui gagne la donne":
        # 90 + 20 < 120 → 160 + 120 + 20 = 300
        assert score("coinche", [90, 72], value=120, annonce=(0, 20)) == [0, 300]

    def test_capot_takes_the_annonces(self):
        # 001: 250 + C + the defence's annonce = 250 + 80 + 20 = 350
        assert score("coinche", [162, 0], value=80, tricks=CAPOT_0,
                     annonce=(1, 20)) == [350, 0]

    def test_capot_defence_keeps_its_belote(self):
        # 001 "La belote : 20 points ... pour l'équipe qui la détient, même sur un capot"
        assert score("coinche", [162, 0], value=80, tricks=CAPOT_0,
                     belote=(0, 20)) == [330, 20]

    def test_coinched_made(self):
        # (160 + C) × 2 to the winning side (as in contrée)
        assert score("coinche", [110, 52], value=100, doubled=2) == [520, 0]

    def test_coinched_failed_taker_keeps_belote(self):
        # 001 "pour l'équipe qui la détient, même sur ... un contrat coinché": 70 + 20 < 100
        assert score("coinche", [70, 92], value=100, doubled=2, belote=(20, 0)) == [20, 520]

    def test_coinched_made_defence_keeps_belote(self):
        # 001 coinche "pour l'équipe qui la détient, même sur ... un contrat coinché" (unlike
        # the contrée, where it goes to the winning side)
        assert score("coinche", [110, 52], value=100, doubled=2, belote=(0, 20)) == [520, 20]

    def test_coinched_capot_made_250(self):
        # 001 "le forfait passe de 160 à 250 pour un capot réalisé": (250 + 100) × 2
        assert score("coinche", [162, 0], value=100, doubled=2, tricks=CAPOT_0) == [700, 0]

    def test_surcoinched_generale_made(self):
        # 001 "une Générale réussie": (250 + 500) × 4
        assert score("coinche", [162, 0], value=500, kind="generale", doubled=4,
                     tricks=[0, 0, 8, 0], taker=2) == [3000, 0]

    def test_coinched_capot_bid_failed(self):
        # 001 "pour un Capot ou une Générale annoncés et manqués": (250 + 250) × 2 = 1000;
        # "le preneur perd la sienne"
        r = deal("coinche", [150, 12], value=250, kind="capot", doubled=2, tricks=[3, 1, 4, 0],
                 belote=(20, 0))
        assert r.made is False
        assert r.score[0] == 0
        assert r.score[1] == 1000

    def test_coinched_capot_bid_failed_the_partners_belote_stays(self):
        # 001 coinche: "pour l'équipe qui la détient, même sur un capot ou un contrat
        # coinché. Sur un Capot ou une Générale annoncés et manqués, le preneur perd la
        # sienne": the partner's stays, coinched or not
        for doubled, defence in ((1, 500), (2, 1000), (4, 2000)):
            r = deal("coinche", [150, 12], value=250, kind="capot", doubled=doubled,
                     tricks=[3, 1, 4, 0], belote=(20, 0), taker_belote=0)
            assert r.score == [20, defence], doubled

    def test_eight_tricks_reach_the_bid(self):
        # 001 "faire les huit plis l'atteint d'office": 162 < 250, capot made → 250 + 250
        assert score("coinche", [162, 0], value=250, tricks=CAPOT_0) == [500, 0]


# --------------------------------------------------------------------------------------------
# ffb, points faits (seed 002 §VII.A)
# --------------------------------------------------------------------------------------------

FFB = Rules.preset("ffb")


class TestFfbFaits:
    def test_default_mode(self):
        assert FFB.scoring == "faits"

    def test_made_each_team_its_points_rounded(self):
        # 002 §VII.A.1 "Le preneur marque le nombre de points qu'il a réalisés"; "Le défendeur
        # marque le nombre de points qu'il a réalisés"; rounding 85 → 90, 77 → 80
        r = deal("ffb", [85, 77], value=80)
        assert r.made is True
        assert r.score == [90, 80]

    def test_reaching_the_bid_exactly(self):
        # "supérieur ou égal au contrat annoncé": 90 ≥ 90; 72 → 70
        assert score("ffb", [90, 72], value=90) == [90, 70]

    def test_89_with_90_bid_fails(self):
        # 002 §VII.A.1 "Cet arrondi ne permet pas de réaliser le contrat. Une équipe ayant fait
        # 89 points et ayant demandé 90 chute."
        r = deal("ffb", [89, 73], value=90)
        assert r.made is False
        assert r.score == [0, 160]

    def test_belote_makes_the_contract(self):
        # 002 §VII.A.1 "La belote permet de réaliser le contrat": 75 + 20 = 95 ≥ 90;
        # taker 95 → 100, defence 87 → 90
        r = deal("ffb", [75, 87], value=90, belote=(20, 0))
        assert r.made is True
        assert r.score == [100, 90]

    def test_failed_160(self):
        # 002 §VII.A.2 "elle marque 0 point et l'équipe adversaire en marque alors 160"
        assert score("ffb", [95, 67], value=100) == [0, 160]

    def test_failed_belote_to_the_defence(self):
        # 002 §VII.A.2 "La belote n'est pas imprenable. Elle est également marquée par la
        # défense si l'équipe qui a annoncé le contrat chute": 70 + 20 < 100
        assert score("ffb", [70, 92], value=100, belote=(20, 0)) == [0, 180]

    def test_contre_320_surcontre_640(self):
        # 002 §VII.A.3 "Le contre vaut 320 points et le surcontre 640."
        assert score("ffb", [110, 52], value=100, doubled=2) == [320, 0]
        assert score("ffb", [110, 52], value=100, doubled=4) == [640, 0]
        assert score("ffb", [90, 72], value=100, doubled=2) == [0, 320]

    def test_contre_with_belote_340_660(self):
        # 002 §VII.A.3 "A cela peut venir s'ajouter la belote en supplément, soit 340 ou 660"
        assert score("ffb", [100, 62], value=100, doubled=2, belote=(20, 0)) == [340, 0]
        assert score("ffb", [100, 62], value=100, doubled=4, belote=(20, 0)) == [660, 0]

    def test_contre_failed_taker_belote_to_defence(self):
        # §VII.A.2 + A.3: 60 + 20 < 100, contré → 320 + the belote "pas imprenable"
        assert score("ffb", [60, 102], value=100, doubled=2, belote=(20, 0)) == [0, 340]

    def test_capot_not_bid_250(self):
        # 002 §VII.A.4 "Le capot non demandé vaut 250 points."
        assert score("ffb", [162, 0], value=80, tricks=CAPOT_0) == [250, 0]

    def test_capot_team_keeps_its_belote(self):
        # 002 §VII.A.4 "L'équipe Capot conserve sa belote quoiqu'il arrive."
        assert score("ffb", [162, 0], value=80, tricks=CAPOT_0, belote=(20, 0)) == [270, 0]

    def test_capot_by_the_defence_250(self):
        assert score("ffb", [0, 162], value=80, tricks=CAPOT_1) == [0, 250]
        assert score("ffb", [0, 162], value=80, tricks=CAPOT_1, belote=(0, 20)) == [0, 270]
        # the taker's belote: "pas imprenable" (§VII.A.2) on this failed contract
        assert score("ffb", [0, 162], value=80, tricks=CAPOT_1, belote=(20, 0)) == [0, 270]

    def test_capot_other_team_belote(self):
        # seed silent on the belote of the team that is capot when the contract is made; the
        # engine leaves it with its holder (docs/sources.md §5 "the capot team keeps it")
        assert score("ffb", [162, 0], value=80, tricks=CAPOT_0, belote=(0, 20)) == [250, 20]

    def test_capot_bid_made_or_failed_500(self):
        # 002 §VII.A.4 "Le capot demandé et réalisé, ou chuté, vaut 500 points."
        assert score("ffb", [162, 0], value=250, kind="capot", tricks=CAPOT_0) == [500, 0]
        r = deal("ffb", [150, 12], value=250, kind="capot", tricks=[3, 1, 4, 0])
        assert r.made is False
        assert r.score == [0, 500]

    def test_capot_bid_contre_1000_surcontre_2000(self):
        # 002 §VII.A.4 "Le capot contré vaut 1.000 points. Le capot surcontré vaut 2.000"
        assert score("ffb", [162, 0], value=250, kind="capot", doubled=2,
                     tricks=CAPOT_0) == [1000, 0]
        assert score("ffb", [162, 0], value=250, kind="capot", doubled=4,
                     tricks=CAPOT_0) == [2000, 0]
        assert score("ffb", [150, 12], value=250, kind="capot", doubled=2,
                     tricks=[3, 1, 4, 0]) == [0, 1000]

    def test_capot_bid_failed_loses_belote(self):
        # 002 §VII.A.4 "L'équipe qui annonce un capot et ne le réalise pas perd sa belote."
        # The taker marks 0 (explicit); where the lost belote goes is not said: the engine
        # reads §VII.A.2 "pas imprenable ... marquée par la défense": 500 + 20
        r = deal("ffb", [150, 12], value=250, kind="capot", tricks=[3, 1, 4, 0],
                 belote=(20, 0))
        assert r.score == [0, 520]
        # "L'équipe … perd sa belote": the team's, said by the taker's partner too (unlike
        # 001's "le preneur perd la sienne")
        r = deal("ffb", [150, 12], value=250, kind="capot", tricks=[3, 1, 4, 0],
                 belote=(20, 0), taker_belote=0)
        assert r.score == [0, 520]

    def test_sans_atout_162(self):
        # 002 annex: SA pack 162 (aces 19): scored as a suit contract: 110, 52 → 50
        assert score("ffb", [110, 52], value=100, trump=Trump.SA, sa_ta=True) == [110, 50]

    def test_tout_atout_scaled_made(self):
        # 002 annex "ramené à 162 en multipliant les scores par 162/258": 150 → 94.19 ≥ 90,
        # rounded 90; 108 → 67.81, rounded 70
        r = deal("ffb", [150, 108], value=90, trump=Trump.TA, total=258, sa_ta=True)
        assert r.made is True
        assert r.score == [90, 70]

    def test_tout_atout_scaled_decides_the_contract(self):
        # 150 raw points are 94.19 after scaling: a 100 bid fails
        r = deal("ffb", [150, 108], value=100, trump=Trump.TA, total=258, sa_ta=True)
        assert r.made is False
        assert r.score == [0, 160]

    def test_tout_atout_half_each(self):
        # 129 × 162/258 = 81 exactly: ≥ 80 made; 81 → 80 each
        assert score("ffb", [129, 129], value=80, trump=Trump.TA, total=258,
                     sa_ta=True) == [80, 80]

    def test_irregularity_penalty_160(self):
        # 002 §VIII.B "160 points sont donnés à l'équipe adverse"
        assert FFB.irregularity_penalty == 160


# --------------------------------------------------------------------------------------------
# ffb, points annoncés (seed 002 §VII.B)
# --------------------------------------------------------------------------------------------

class TestFfbAnnonces:
    def test_made_taker_marks_the_bid_defence_0(self):
        # 002 §VII.B.1 "Le preneur marque le nombre de points qu'il a annoncés ... En cas de
        # contrat réussi, le défenseur marque 0."
        r = deal("ffb", [120, 42], value=100, scoring="annonces")
        assert r.made is True
        assert r.score == [100, 0]

    def test_failed_160(self):
        # 002 §VII.B.2 "l'équipe adversaire en marque alors 160"
        assert score("ffb", [95, 67], value=100, scoring="annonces") == [0, 160]

    def test_belote_helps_make_but_defence_marks_0(self):
        # belote makes the contract (§VII.A/C "La belote permet de réaliser le contrat"; §VII.B
        # silent, engine documents it); B.1 "le défenseur marque 0" even with its belote
        assert score("ffb", [85, 77], value=100, scoring="annonces",
                     belote=(20, 0)) == [100, 0]
        assert score("ffb", [110, 52], value=100, scoring="annonces",
                     belote=(0, 20)) == [100, 0]

    def test_contre_and_surcontre(self):
        # 002 §VII.B.3 "en cas de 90 demandé, le contre rapporte 180 et le surcontre 360 points
        # à l'équipe qui remporte la donne"
        assert score("ffb", [100, 62], value=90, doubled=2, scoring="annonces") == [180, 0]
        assert score("ffb", [100, 62], value=90, doubled=4, scoring="annonces") == [360, 0]
        assert score("ffb", [80, 82], value=90, doubled=2, scoring="annonces") == [0, 180]

    def test_contre_120_is_240(self):
        # 002 §V.C "si l'enchère est à 120, le contre rapport 240 points"
        assert score("ffb", [130, 32], value=120, doubled=2, scoring="annonces") == [240, 0]

    def test_capot_not_bid_nothing_more(self):
        # 002 §VII.B.4 "Le capot non demandé ne rapporte rien de plus que le contrat demandé."
        assert score("ffb", [162, 0], value=90, tricks=CAPOT_0, scoring="annonces") == [90, 0]

    def test_capot_bid(self):
        # 002 §VII.B.4 "Le capot demandé et réalisé vaut 250 points. Le capot contré vaut 500
        # points. Le capot surcontré vaut 1.000 points."
        kw = {"value": 250, "kind": "capot", "tricks": CAPOT_0, "scoring": "annonces"}
        assert score("ffb", [162, 0], **kw) == [250, 0]
        assert score("ffb", [162, 0], doubled=2, **kw) == [500, 0]
        assert score("ffb", [162, 0], doubled=4, **kw) == [1000, 0]


# --------------------------------------------------------------------------------------------
# ffb, points faits + annoncés (seed 002 §VII.C)
# --------------------------------------------------------------------------------------------

class TestFfbFaitsAnnonces:
    MODE = "faits+annonces"

    def test_made_example_190(self):
        # 002 §VII.C.1 "une équipe annonce 80 points, elle fait 110 points. Elle marque 190
        # points (110+80)." The defence marks its 52 → 50
        r = deal("ffb", [110, 52], value=80, scoring=self.MODE)
        assert r.made is True
        assert r.score == [190, 50]

    def test_made_rounded(self):
        # 87 + 80 = 167 → 170; 75 → 80
        assert score("ffb", [87, 75], value=80, scoring=self.MODE) == [170, 80]

    def test_89_with_90_bid_fails(self):
        # 002 §VII.C.1 "Une équipe ayant fait 89 points et ayant demandé 90 chute." C.2: 160 + 90
        r = deal("ffb", [89, 73], value=90, scoring=self.MODE)
        assert r.made is False
        assert r.score == [0, 250]

    def test_failed_160_plus_contract(self):
        # 002 §VII.C.2 "l'équipe adversaire en marque alors 160 + la valeur du contrat"
        assert score("ffb", [95, 67], value=100, scoring=self.MODE) == [0, 260]

    def test_failed_belote_to_the_defence(self):
        # 002 §VII.C.2 "La belote n'est pas imprenable": 70 + 20 < 100 → 260 + 20
        assert score("ffb", [70, 92], value=100, belote=(20, 0), scoring=self.MODE) == [0, 280]

    def test_belote_makes_the_contract(self):
        # 002 §VII.C.1 "La belote permet de réaliser le contrat": 75 + 20 = 95 ≥ 90 →
        # 75 + 20 + 90 = 185 → 190; 87 → 90
        assert score("ffb", [75, 87], value=90, belote=(20, 0), scoring=self.MODE) == [190, 90]

    def test_contre(self):
        # 002 §VII.C.3 "(160 points + les points demandés) x 2"
        assert score("ffb", [110, 52], value=100, doubled=2, scoring=self.MODE) == [520, 0]
        assert score("ffb", [90, 72], value=100, doubled=2, scoring=self.MODE) == [0, 520]
        assert score("ffb", [110, 52], value=100, doubled=4, scoring=self.MODE) == [1040, 0]

    def test_capot_not_bid(self):
        # 002 §VII.C.4 "Le capot non demandé vaut 250 points + le contrat"
        assert score("ffb", [162, 0], value=80, tricks=CAPOT_0, scoring=self.MODE) == [330, 0]

    def test_capot_bid(self):
        # 002 §VII.C.4 "Le capot demandé et réalisé, ou chuté, vaut 500 points. Le capot contré
        # vaut 1.000 points. Le capot surcontré vaut 2.000 points."
        kw = {"value": 250, "kind": "capot", "scoring": self.MODE}
        assert score("ffb", [162, 0], tricks=CAPOT_0, **kw) == [500, 0]
        assert score("ffb", [150, 12], tricks=[3, 1, 4, 0], **kw) == [0, 500]
        assert score("ffb", [162, 0], tricks=CAPOT_0, doubled=2, **kw) == [1000, 0]
        assert score("ffb", [162, 0], tricks=CAPOT_0, doubled=4, **kw) == [2000, 0]

    def test_tout_atout_scaled(self):
        # 002 annex ×162/258: 150 → 94.19; 94.19 + 90 = 184.19 → 180; 67.81 → 70
        assert score("ffb", [150, 108], value=90, trump=Trump.TA, total=258, sa_ta=True,
                     scoring=self.MODE) == [180, 70]


# --------------------------------------------------------------------------------------------
# Presets at a glance (docs/sources.md §10): the options that drive scoring
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("preset,scoring,belote,rounding,annonces", [
    ("concours", "classic", "defence", False, False),
    ("classique", "classic", "holder", False, False),
    ("annonces", "classic", "holder", False, True),
    ("contree", "contree", "winner_if_doubled", True, False),
    ("coinche", "coinche", "holder", True, True),
    ("ffb", "faits", "defence", True, False),
    ("simplifiee", "simplifiee", "holder", False, False),
    ("retourne", "classic", "holder", False, True),
])
def test_preset_scoring_options(preset, scoring, belote, rounding, annonces):
    r = Rules.preset(preset)
    assert r.scoring == scoring
    assert r.belote_on_failure == belote
    assert r.rounding is rounding
    assert r.annonces is annonces


@pytest.mark.parametrize("mode", ["faits", "annonces", "faits+annonces"])
def test_ffb_modes_selectable(mode):
    assert Rules.preset("ffb", scoring=mode).scoring == mode
