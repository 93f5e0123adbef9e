"""The rules engine: cards, rules, deal, bidding, play, scoring, records.

Nothing here imports UI, server or AI code.
"""

from .actions import (
                      Action,
                      Bid,
                      Capot,
                      Choose,
                      Declare,
                      Double,
                      Generale,
                      Pass,
                      Play,
                      Redouble,
                      SayBelote,
                      Take,
                      parse_action,
)
from .cards import (
                      Trump,
                      card_en,
                      card_fr,
                      card_label,
                      card_str,
                      hand_str,
                      iter_cards,
                      parse_card,
                      parse_cards,
                      parse_hand,
                      tables,
)
from .deal import Deal, LegalActions, Phase, shuffled_deck
from .errors import BeloteError, CardError, IllegalAction, RecordError, RulesError, WrongTurn
from .rules import PRESET_NAMES, PRESETS, Rules
from .scoring import Contract, DealResult

__all__ = [
                      "PRESETS",
                      "PRESET_NAMES",
                      "Action",
                      "BeloteError",
                      "Bid",
                      "Capot",
                      "CardError",
                      "Choose",
                      "Contract",
                      "Deal",
                      "DealResult",
                      "Declare",
                      "Double",
                      "Generale",
                      "IllegalAction",
                      "LegalActions",
                      "Pass",
                      "Phase",
                      "Play",
                      "RecordError",
                      "Redouble",
                      "Rules",
                      "RulesError",
                      "SayBelote",
                      "Take",
                      "Trump",
                      "WrongTurn",
                      "card_en",
                      "card_fr",
                      "card_label",
                      "card_str",
                      "hand_str",
                      "iter_cards",
                      "parse_action",
                      "parse_card",
                      "parse_cards",
                      "parse_hand",
                      "shuffled_deck",
                      "tables",
]
