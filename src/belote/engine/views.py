"""Per-seat views: what one seat may know, as plain data that can go over the wire as JSON.

A view holds the seat's own hand, and only public facts about the others: bids, the turned card
(while it lies face up), cards played, belotes said, the kinds of annonces declared and, from
the second trick on, their cards (001: "montre sa combinaison au début du deuxième pli").
It never holds another seat's unplayed cards.

:class:`PublicView` is a spectator's: the public facts alone (no hand, no legal action, every
seat's annonces as the other seats hear them).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from .actions import (
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
)
from .annonces import Annonce, annonce_str
from .cards import Trump, card_str, display_order, iter_cards, parse_card, popcount
from .errors import IllegalAction
from .rules import Rules
from .scoring import Contract, DealResult
from .seats import Seat, is_seat


class ViewSource(Protocol):
    """What a view reads of a deal: :class:`belote.engine.deal.Deal` has it (that module
    imports this one, never the other way: no import circle)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def phase(self) -> StrEnum: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def to_move(self) -> Seat | None: ...
    @property
    def hands(self) -> Sequence[int]: ...
    @property
    def trump(self) -> Trump | None: ...
    @property
    def turned(self) -> int | None: ...
    @property
    def bids(self) -> Sequence[tuple[Seat, object]]: ...
    @property
    def contract(self) -> Contract | None: ...
    @property
    def trick(self) -> Sequence[int]: ...
    @property
    def leader(self) -> Seat: ...
    @property
    def tricks(self) -> Sequence[tuple[Seat, tuple[int, ...], Seat]]: ...
    @property
    def points(self) -> Sequence[int]: ...
    @property
    def belotes(self) -> Sequence[tuple[Seat, int]]: ...
    @property
    def declared(self) -> Mapping[int, Sequence[Annonce]]: ...
    @property
    def result(self) -> DealResult | None: ...
    @property
    def barred_team(self) -> int | None: ...
    @property
    def trick_points(self) -> Sequence[int]: ...
    @property
    def best(self) -> tuple[Seat, object] | None: ...
    @property
    def doubled(self) -> int: ...
    @property
    def plays(self) -> Sequence[tuple[Seat, int]]: ...
    @property
    def belote_pending(self) -> Sequence[bool]: ...
    def legal_actions(self) -> Iterable[object]: ...
    def belote_cards_of(self, seat: int) -> int: ...
    def check_declaration(self, action: Declare) -> list[Annonce]: ...


#: the names of the double and redouble by ``Rules.double_word``
_WORDS: dict[str, dict[str, str]] = {
    "contre": {"double": "contre", "redouble": "surcontre"},
    "coinche": {"double": "coinche", "redouble": "surcoinche"}}


def double_words(rules: Rules) -> dict[str, str]:
    """The preset's names of the double: ``{"double": "contre" | "coinche", "redouble":
    "surcontre" | "surcoinche"}`` (option ``double_word``; display only)."""
    return dict(_WORDS[str(rules.double_word)])


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge of a deal. All fields are JSON-ready (str, int, list, dict, None).

    ``preset`` and ``options``: the rules (``Rules.preset(preset, **options)``);
    ``hand``: own cards (record strings); ``hand_sizes``: cards left per seat; ``turned``: the
    turned card while it is public; ``bids``: ``[[seat, "80 H"], …]``; ``contract``: see
    :meth:`Contract.to_json`; ``trick``: ``[[seat, card], …]`` in progress; ``tricks``:
    completed tricks ``{"leader", "cards", "winner"}``; ``points``: card points won per team so
    far; ``belotes``: ``[[seat, suit], …]`` said; ``annonces``: seat → list of
    ``{"kind", "points", "cards"}`` (``cards`` null until trick 2); ``legal``: the seat's legal
    actions when it is to move, else empty; ``result``: the deal's result once over;
    ``barred_team``: the team that may only pass in this deal's auction after a second misdeal
    in a row (002 §VIII.A), else None.

    Fields every front end reads instead of working them out (no client parses a grammar or
    copies a rule): ``hand`` is in the engine's display order (:func:`~belote.engine.cards.
    display_order`: trumps first, colours alternating, strongest first); ``actions``: the
    number of actions applied in the deal so far (bids, declarations, belotes, cards: which
    state the view shows); ``words``: the preset's names of the double, ``{"double":
    "contre" | "coinche", "redouble": "surcontre" | "surcoinche"}``; ``belote_cards``: the
    cards of the hand that may carry a belote (the king and queen of a trump suit whose pair
    the seat still holds, 002 §V), in display order, empty outside card play; ``legal_moves``:
    ``legal`` as structured moves, one dict each with ``text`` (the record string, as in
    ``legal``) and ``kind``: ``"pass"``, ``"take"``, ``"choose"`` (``suit``), ``"bid"``
    (``value``, ``suit``), ``"capot"`` / ``"generale"`` (``suit``), ``"double"`` /
    ``"redouble"`` (``word``), ``"card"`` (``card``, ``belote``: whether it may carry a
    belote now), ``"belote"``, ``"declare"`` (``annonces``: ``[{"kind", "points",
    "cards"}]``); ``standing_bid``: the auction's best bid while it runs, ``{"seat", "bid",
    "doubled"}``, else None. Each of ``tricks`` has ``points`` too: its card points (dix de
    der included on the last). ``bid_moves``: ``bids`` as structured moves, ``[[seat,
    move], …]`` in the same order, each move as :func:`move_json` gives it (the same type
    as ``legal_moves``).

    :meth:`rules` rebuilds the :class:`~belote.engine.rules.Rules` (for bots); the typed
    readers (:meth:`hand_cards`, :meth:`hand_mask`, :meth:`turned_card`, :meth:`trick_cards`,
    :meth:`trick_history`, :meth:`contract_value`) give card ids (ints, as
    :mod:`belote.engine.cards` has them) instead of display strings."""

    seat: int
    preset: str
    options: dict[str, Any]
    phase: str
    dealer: int
    to_move: int | None
    hand: list[str]
    hand_sizes: list[int]
    turned: str | None
    bids: list[list[Any]]
    contract: dict[str, Any] | None
    trick: list[list[Any]]
    tricks: list[dict[str, Any]]
    points: list[int]
    belotes: list[list[Any]]
    annonces: dict[str, list[dict[str, Any]]]
    legal: list[str] = field(default_factory=list)
    result: dict[str, Any] | None = None
    barred_team: int | None = None
    actions: int = 0
    words: dict[str, str] = field(default_factory=lambda: dict(_WORDS["contre"]))
    standing_bid: dict[str, Any] | None = None
    belote_cards: list[str] = field(default_factory=list)
    legal_moves: list[dict[str, Any]] = field(default_factory=list)
    bid_moves: list[list[Any]] = field(default_factory=list)

    @classmethod
    def of(cls, deal: ViewSource, seat: int) -> SeatView:
        """``seat``'s view of ``deal``. Raises :class:`IllegalAction` (``illegal.bad_seat``)
        unless ``seat`` is an ``int`` 0..3."""
        if not is_seat(seat):
            raise IllegalAction(f"seat must be 0..3, got {seat!r}", rule="bad_seat",
                                code="illegal.bad_seat.view", params={"seat": repr(seat)})
        return cls._of(deal, int(seat), _public_facts(deal, int(seat)))

    @classmethod
    def _of(cls, deal: ViewSource, seat: int, facts: dict[str, Any]) -> SeatView:
        """``seat``'s view of ``deal`` with the public ``facts`` (:func:`_public_facts`)."""
        legal = list(deal.legal_actions()) if deal.to_move == seat else []
        belote = _belote_cards(deal, seat)
        may_belote = any(isinstance(a, SayBelote) for a in legal)
        return cls(
            seat=seat,
            hand=[card_str(c) for c in display_order(iter_cards(deal.hands[seat]),
                                                     deal.trump)],
            legal=[str(a) for a in legal],
            belote_cards=[card_str(c) for c in display_order(iter_cards(belote), deal.trump)],
            legal_moves=[_move(a, deal, facts["words"], belote if may_belote else 0)
                         for a in legal],
            **facts)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def rules(self) -> Rules:
        """The rules of the deal, rebuilt from ``preset`` and ``options``."""
        return Rules.preset(self.preset, **self.options)

    # -- typed readers: card ids, not display strings ------------------------------------
    def hand_cards(self) -> list[int]:
        """The seat's cards (ids), in ``hand``'s order (the display order)."""
        return [parse_card(c) for c in self.hand]

    def hand_mask(self) -> int:
        """The seat's cards as a mask (bit ``c`` for card id ``c``)."""
        mask = 0
        for c in self.hand:
            mask |= 1 << parse_card(c)
        return mask

    def turned_card(self) -> int | None:
        """The turned card's id while it is public, else None."""
        return None if self.turned is None else parse_card(self.turned)

    def trick_cards(self) -> list[tuple[int, int]]:
        """The trick in progress: ``(seat, card id)`` in playing order."""
        return [(int(s), parse_card(c)) for s, c in self.trick]

    def trick_history(self) -> list[tuple[int, list[int], int]]:
        """The completed tricks: ``(leader, card ids in playing order, winner)``."""
        return [(int(t["leader"]), [parse_card(c) for c in t["cards"]], int(t["winner"]))
                for t in self.tricks]

    def annonce_cards(self) -> dict[int, int]:
        """The cards of each seat's annonces known to this seat (a mask by seat: its own, and
        everyone's from the second trick on; seats with none left out)."""
        out: dict[int, int] = {}
        for key, anns in self.annonces.items():
            for a in anns:
                for text in (a.get("cards") or "").split():
                    out[int(key)] = out.get(int(key), 0) | 1 << parse_card(text)
        return out

    def legal_card_ids(self) -> list[int]:
        """The cards among the legal moves (ids), in ``legal``'s order."""
        return [parse_card(m["card"]) for m in self.legal_moves if m["kind"] == "card"]

    def contract_value(self) -> Contract | None:
        """The contract as a :class:`~belote.engine.scoring.Contract`, or None."""
        return _contract(self.contract)


def spectator_seat_fields() -> dict[str, Any]:
    """The seat's fields of :class:`SeatView` as a spectator's view has them (first in
    :meth:`PublicView.to_json`): no seat, no hand, no legal action or move, no belote card."""
    return {"seat": None, "hand": [], "legal": [], "belote_cards": [], "legal_moves": []}


@dataclass(frozen=True)
class PublicView:
    """A spectator's knowledge of a deal: the public facts of :class:`SeatView` (same fields,
    same meanings) and nothing of a seat: no hand, no legal action, and every seat's annonces
    as the other seats hear them (their kinds, and a carré's points and every annonce's cards
    only once the first trick is over, 001). No card of a hand not yet played is in it; the
    turned card only while it is public (face up during the bidding, then the taker's)."""

    preset: str
    options: dict[str, Any]
    phase: str
    dealer: int
    to_move: int | None
    hand_sizes: list[int]
    turned: str | None
    bids: list[list[Any]]
    contract: dict[str, Any] | None
    trick: list[list[Any]]
    tricks: list[dict[str, Any]]
    points: list[int]
    belotes: list[list[Any]]
    annonces: dict[str, list[dict[str, Any]]]
    result: dict[str, Any] | None = None
    barred_team: int | None = None
    actions: int = 0
    words: dict[str, str] = field(default_factory=lambda: dict(_WORDS["contre"]))
    standing_bid: dict[str, Any] | None = None
    bid_moves: list[list[Any]] = field(default_factory=list)

    @classmethod
    def of(cls, deal: ViewSource) -> PublicView:
        """The public view of ``deal``."""
        return cls(**_public_facts(deal, None))

    def to_json(self) -> dict[str, Any]:
        """The fields, with ``seat`` None, ``hand``, ``legal``, ``belote_cards`` and
        ``legal_moves`` empty: the shape of :meth:`SeatView.to_json`, so that one reader takes
        both."""
        return {**spectator_seat_fields(), **asdict(self)}

    def contract_value(self) -> Contract | None:
        """The contract as a :class:`~belote.engine.scoring.Contract`, or None."""
        return _contract(self.contract)


def action_count(deal: ViewSource) -> int:
    """The actions applied to ``deal`` so far: its bids, declarations, belotes said (a
    pending one included) and cards played."""
    return len(deal.bids) + len(deal.declared) + len(deal.belotes) + \
        sum(deal.belote_pending) + len(deal.plays)


def _contract(data: dict[str, Any] | None) -> Contract | None:
    if data is None:
        return None
    return Contract(int(data["taker"]), Trump[data["trump"]], int(data["value"]),
                    data["kind"], int(data["doubled"]))


def _belote_cards(deal: ViewSource, seat: int) -> int:
    """The cards ``seat`` may say belote with now (a mask; 0 outside card play)."""
    if deal.phase.value != "play" or deal.contract is None:
        return 0
    return deal.belote_cards_of(seat)


def move_json(action: object, words: Mapping[str, str], *, belote: bool = False,
              annonces: Sequence[Mapping[str, Any]] = (), text: str | None = None
              ) -> dict[str, Any]:
    """An action as a structured move, the one shape every front end reads (the view's
    ``legal_moves`` and ``bid_moves``, a table event's ``move``): ``text`` the record string
    (``str(action)``, or ``text`` when given: a declaration as the others hear it) and
    ``kind``: ``"pass"``, ``"take"``, ``"choose"`` (``suit``), ``"bid"`` (``value``,
    ``suit``), ``"capot"`` / ``"generale"`` (``suit``), ``"double"`` / ``"redouble"``
    (``word``: the preset's name, from ``words`` as :func:`double_words` gives them),
    ``"card"`` (``card``, ``belote``: whether it may carry a belote now), ``"belote"``,
    ``"declare"`` (``annonces``: ``[{"kind", "points", "cards"}]`` as the reader may know
    them, points and cards None where it may not yet). ``suit`` is a trump's name (``"H"``,
    ``"SA"``, ``"TA"``), ``card`` a record string. Raises TypeError for what is no action."""
    if isinstance(action, Play):
        card = card_str(action.card)
        return {"text": card if text is None else text, "kind": "card", "card": card,
                "belote": belote}
    if isinstance(action, Declare):
        return {"text": str(action) if text is None else text, "kind": "declare",
                "annonces": [dict(a) for a in annonces]}
    move = _move_fields(action, words["double"], words["redouble"]).copy()
    if text is not None:
        move["text"] = text
    return move


@functools.lru_cache(maxsize=1024)
def _move_fields(action: object, double: str, redouble: str) -> dict[str, Any]:
    """The fields of :func:`move_json` for an action of the bidding or a belote, kept once
    per action and names of the double (never handed out: each move is a copy; the values
    are immutable)."""
    move: dict[str, Any] = {"text": str(action)}
    if isinstance(action, Pass):
        move["kind"] = "pass"
    elif isinstance(action, Take):
        move["kind"] = "take"
    elif isinstance(action, Choose):
        move.update(kind="choose", suit=action.trump.name)
    elif isinstance(action, Bid):
        move.update(kind="bid", value=action.value, suit=action.trump.name)
    elif isinstance(action, Capot | Generale):
        move.update(kind="capot" if isinstance(action, Capot) else "generale",
                    suit=action.trump.name)
    elif isinstance(action, Double):
        move.update(kind="double", word=double)
    elif isinstance(action, Redouble):
        move.update(kind="redouble", word=redouble)
    elif isinstance(action, SayBelote):
        move["kind"] = "belote"
    else:
        raise TypeError(f"not an action: {action!r}")
    return move


def _move(action: Any, deal: ViewSource, words: dict[str, str], belote: int) -> dict[str, Any]:
    """One legal action as a structured move (:func:`move_json`); ``belote``: the cards that
    may carry a belote now (a mask; 0 unless belote is legal)."""
    if isinstance(action, Declare):
        return move_json(action, words, annonces=[
            {"kind": a.kind, "points": a.points, "cards": annonce_str(a).split()}
            for a in deal.check_declaration(action)])
    if isinstance(action, Play):
        return move_json(action, words, belote=bool((belote >> action.card) & 1))
    return move_json(action, words)


def _public_facts(deal: ViewSource, seat: int | None) -> dict[str, Any]:
    """The fields of a view that every seat may know, with the annonces as ``seat`` hears
    them (its own in full; None: as every seat but the declarer hears them)."""
    facts = _shared_facts(deal)
    facts["annonces"] = _annonces_heard(deal, seat)
    return facts


def _annonces_heard(deal: ViewSource, seat: int | None) -> dict[str, list[dict[str, Any]]]:
    """The annonces declared as ``seat`` hears them (:func:`_public_facts`)."""
    shown = len(deal.tricks) >= 1
    anns: dict[str, list[dict[str, Any]]] = {}
    for s, lst in deal.declared.items():
        # before trick 2 the others hear the kind only: a carré's points would name its
        # rank (200: jacks), so they are hidden with its cards
        anns[str(s)] = [{"kind": a.kind,
                         "points": a.points if (shown or s == seat or a.kind != "carre")
                         else None,
                         "cards": annonce_str(a) if (shown or s == seat) else None}
                        for a in lst]
    return anns


@functools.lru_cache(maxsize=256)
def _rules_facts(rules: Rules) -> tuple[str, dict[str, Any], dict[str, str]]:
    """``(preset, options, words)`` of ``rules``, worked out once (copied by each view)."""
    return rules.preset_name, rules.overrides(), double_words(rules)


def _shared_facts(deal: ViewSource) -> dict[str, Any]:
    """The public facts of :func:`_public_facts` but the annonces: the same for every seat
    (new lists and dicts at each call)."""
    turned_public = deal.turned is not None and deal.contract is None and \
        deal.phase.value == "bidding"
    turned = deal.turned
    best = deal.best if deal.phase.value == "bidding" and deal.contract is None else None
    preset, options, words = _rules_facts(deal.rules)
    options, words = (copy.deepcopy(options) if options else {}), dict(words)
    return {
        "preset": preset, "options": options,
        "phase": deal.phase.value, "dealer": int(deal.dealer),
        "to_move": None if deal.to_move is None else int(deal.to_move),
        "hand_sizes": [popcount(h) for h in deal.hands],
        "turned": card_str(turned) if turned is not None and (
            turned_public or deal.contract is not None) else None,
        "bids": [[int(s), str(a)] for s, a in deal.bids],
        "contract": deal.contract.to_json() if deal.contract else None,
        "trick": [[int(deal.leader.next(i)), card_str(c)] for i, c in enumerate(deal.trick)],
        "tricks": [{"leader": int(ld), "cards": [card_str(c) for c in cs], "winner": int(w),
                    "points": points}
                   for (ld, cs, w), points in zip(deal.tricks, deal.trick_points, strict=True)],
        "points": list(deal.points),
        "belotes": [[int(s), "SHDC"[su]] for s, su in deal.belotes],
        "result": deal.result.to_json() if deal.result else None,
        "barred_team": deal.barred_team,
        "actions": action_count(deal),
        "words": words,
        "standing_bid": None if best is None else {
            "seat": int(best[0]), "bid": str(best[1]), "doubled": deal.doubled},
        "bid_moves": [[int(s), move_json(a, words)] for s, a in deal.bids],
    }


def seat_views(deal: ViewSource) -> list[SeatView]:
    """The four seats' views of ``deal`` (``[SeatView.of(deal, s) for s in 0..3]``, equal
    to them), the public facts worked out once: the views share those lists and dicts (the
    annonces excepted), so they are for reading only (a server writing them as JSON)."""
    shared = _shared_facts(deal)
    return [SeatView._of(deal, seat, {**shared, "annonces": _annonces_heard(deal, seat)})
            for seat in range(4)]
