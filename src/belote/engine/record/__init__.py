"""Deal and game records: a documented, versioned JSON format with exact round trip
(:mod:`.codec`), its shape read whole (:mod:`.shape`), the referee that replays a record
against the rules (:mod:`.referee`, ``belote check``; a whole game: :mod:`.games`) and the
reader of record files, standard input and JSON Lines (:mod:`.io`). See ``docs/records.md``.
"""

from ..deal import belote_holders
from .codec import (
    deal_from_record,
    deal_to_record,
    dumps,
    game_from_record,
    game_to_record,
    report_to_record,
)
from .games import GameReport, InDeal, check_game, checked_deals, dealt_deals, game_totals
from .io import (
    MAX_RECORD_BYTES,
    RecordLines,
    choose_deal,
    decode,
    load_json,
    loads_json,
    parse_record,
    read_file,
    read_record,
    read_stdin,
    read_stream,
)
from .referee import CheckReport, Irregularity, actions, check_deal
from .shape import (
    DEAL_FORMAT,
    GAME_FORMAT,
    DealRecord,
    GameRecord,
    ended_without_deal,
    parse_deal,
    parse_game,
    record_players,
    rules_from_record,
)

__all__ = [
    "DEAL_FORMAT",
    "GAME_FORMAT",
    "MAX_RECORD_BYTES",
    "CheckReport",
    "DealRecord",
    "GameRecord",
    "GameReport",
    "InDeal",
    "Irregularity",
    "RecordLines",
    "actions",
    "belote_holders",
    "check_deal",
    "check_game",
    "checked_deals",
    "choose_deal",
    "deal_from_record",
    "deal_to_record",
    "dealt_deals",
    "ended_without_deal",
    "decode",
    "dumps",
    "game_from_record",
    "game_totals",
    "game_to_record",
    "load_json",
    "loads_json",
    "parse_deal",
    "parse_game",
    "record_players",
    "parse_record",
    "read_file",
    "read_record",
    "read_stdin",
    "read_stream",
    "report_to_record",
    "rules_from_record",
]
