"""Where a game's packs come from, and how a player checks it afterwards (commit-reveal).

A table that deals for people who cannot see the shuffle draws a secret seed of 256 bits
(:func:`new_secret_seed`) and publishes only its commitment (:func:`commitment`) when the game
starts. The packs of deal ``n`` are those :class:`~belote.engine.game.Game` draws from the seed
(``random.Random(f"{seed}/{n}")``). At the end of the game the seed is revealed; anyone can then
recompute its commitment and every pack, and compare them with the record.

A table that may deal again at will can pick the packs it likes among the seed's: the packs
alone prove nothing unless every deal that gave way to a new pack did so because the rules
say so. :func:`verify_record` therefore also reads how each deal ended (its
:attr:`DealProvenance.outcome`): played out; passed out, the only redeal the rules drive when
a machine deals (everyone passed twice: 000, 001 "Si tout le monde passe encore, on
redistribue", 003; all four passed at once in an auction: 001 "Si les quatre joueurs passent
d'emblée, on redistribue"), which the record's bids show; or dealt again without such a
reason: a misdeal (002 §VIII.A, 004 "fausse donne": a dealer's error in dealing, a card turned
over or a wrong count, which a pack dealt by the program cannot have) or a deal left before
its end while another follows. Those two are mismatches (``provenance.misdeal``,
``provenance.deal_abandoned``).
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Any

from .cards import card_str, hand_str
from .deal import Deal
from .errors import BeloteError, Param, RecordError
from .game import Game, deal_pack, first_dealer_of, gathered_pack
from .record.codec import game_from_record
from .record.shape import GameRecord, ended_without_deal, parse_game
from .rules import Rules

#: bits of a table's secret seed
SECRET_SEED_BITS = 256
#: what a commitment hashes: this prefix, then the seed in decimal (UTF-8)
COMMITMENT_PREFIX = "belote-seed/1:"


def new_secret_seed() -> int:
    """A seed of :data:`SECRET_SEED_BITS` bits from the operating system's secure source
    (:mod:`secrets`), for a game whose packs must not be predictable."""
    return secrets.randbits(SECRET_SEED_BITS)


def commitment(seed: int) -> str:
    """The SHA-256 commitment of ``seed``, as 64 lower-case hex digits: the hash of
    :data:`COMMITMENT_PREFIX` followed by the seed in decimal. Published before the first deal,
    it binds the table to its seed without telling it."""
    return hashlib.sha256(f"{COMMITMENT_PREFIX}{seed}".encode()).hexdigest()


class ProvenanceError(BeloteError):
    """A game record whose packs cannot be checked: it has no seed (``provenance.no_seed``:
    a game still in progress, or a record that never had one), or no commitment to check the
    seed against (``provenance.no_commitment``, when one is required)."""

    default_code = "provenance.no_seed"


class Mismatch(BeloteError):
    """What a record holds that its seed does not give (never raised: held by a
    :class:`ProvenanceReport`). Codes and params:

    * ``provenance.commitment_differs``: ``recorded``, ``expected`` (64 hex digits each: the
      record's commitment, and that of its seed);
    * ``provenance.first_dealer_differs``: ``recorded``, ``expected`` (seats 0..3);
    * ``provenance.hand_differs``: ``deal`` (1-based, every deal counted), ``seat``,
      ``recorded``, ``expected`` (the hands as card strings, ``"JH 9H …"``);
    * ``provenance.turned_differs``: ``deal``, ``recorded``, ``expected`` (a card, or ``-``);
    * ``provenance.stock_differs``: ``deal`` (the undealt cards of a two-round deal saved
      during the bidding);
    * ``provenance.misdeal``: ``deal``: the record says the dealer misdealt (002 §VIII.A) and
      a new pack was dealt, but the program deals: no rule redeals this deal;
    * ``provenance.deal_abandoned``: ``deal``: the deal stopped before its end (no contract
      played out, not everyone passed) and a new pack was dealt.

    ``deal`` (attribute): the 1-based deal number, None for a game-level mismatch."""

    def __init__(self, message: str, *, code: str, params: dict[str, Param],
                 deal: int | None = None) -> None:
        super().__init__(message, code=code, params=params)
        self.deal = deal


#: how a deal of a checked record ended (:attr:`DealProvenance.outcome`)
PLAYED, PASSED_OUT, MISDEAL, ABANDONED, UNFINISHED = (
    "played", "passed_out", "misdeal", "abandoned", "unfinished")
#: the outcomes after which a new pack was dealt without a reason the rules give
UNRULED = (MISDEAL, ABANDONED)


@dataclass(frozen=True)
class DealProvenance:
    """One deal checked: its 1-based ``number`` (every deal counts, passed-out and misdealt
    ones too, as ``Donne N``), its ``mismatch`` (None: the record holds the pack the seed
    deals), how it ended (``outcome``: :data:`PLAYED` a contract played out; :data:`PASSED_OUT`
    everyone passed, ``passes`` passes in all, and the rules deal again; :data:`MISDEAL` or
    :data:`ABANDONED` a new pack dealt without a reason the rules give, see the module
    docstring; :data:`UNFINISHED` the record's last deal, stopped when the table was ended)
    and ``unruled``: the mismatch of a :data:`MISDEAL` or :data:`ABANDONED` deal, else
    None."""

    number: int
    mismatch: Mismatch | None = None
    outcome: str = PLAYED
    passes: int = 0
    unruled: Mismatch | None = None

    @property
    def matches(self) -> bool:
        """Whether the record's hands, turned card and stock are those the seed deals."""
        return self.mismatch is None

    @property
    def redealt(self) -> bool:
        """Whether the deal gave way to a new pack without counting (passed out, misdealt or
        abandoned)."""
        return self.outcome in (PASSED_OUT, *UNRULED)

    def to_json(self) -> dict[str, Any]:
        """``{"deal", "matches", "outcome", "passes"}`` (``passes``: a passed-out deal's
        passes, else 0)."""
        return {"deal": self.number, "matches": self.matches, "outcome": self.outcome,
                "passes": self.passes}


@dataclass(frozen=True)
class ProvenanceReport:
    """A game record checked against its revealed seed (:func:`verify_record`).

    ``seed``: the record's; ``commitment``: the record's (None: it has none);
    ``expected_commitment``: ``commitment(seed)``; ``first_dealer``: the mismatch of the first
    dealer, or None; ``deals``: every deal, in order (none for a table ended before its first
    deal ended, ``ended`` True: its commitment and first dealer alone are checked, no pack)."""

    seed: int
    commitment: str | None
    expected_commitment: str
    first_dealer: Mismatch | None
    deals: tuple[DealProvenance, ...]
    ended: bool = False

    @property
    def commitment_matches(self) -> bool | None:
        """Whether the record's commitment is that of its seed (None: the record has none)."""
        return None if self.commitment is None else self.commitment == self.expected_commitment

    @property
    def mismatches(self) -> list[Mismatch]:
        """Every mismatch: the commitment's, the first dealer's, then each deal's, in order."""
        out: list[Mismatch] = []
        if self.commitment is not None and not self.commitment_matches:
            out.append(Mismatch(
                f"the commitment {self.commitment} is not that of the seed "
                f"({self.expected_commitment})", code="provenance.commitment_differs",
                params={"recorded": self.commitment, "expected": self.expected_commitment}))
        if self.first_dealer is not None:
            out.append(self.first_dealer)
        for d in self.deals:
            out.extend(m for m in (d.mismatch, d.unruled) if m is not None)
        return out

    @property
    def first_mismatch(self) -> Mismatch | None:
        """The first of :attr:`mismatches`, None when there is none."""
        found = self.mismatches
        return found[0] if found else None

    @property
    def redeals(self) -> list[DealProvenance]:
        """The deals that gave way to a new pack without counting, in order (passed out:
        the rules' redeal; misdealt or abandoned: a mismatch)."""
        return [d for d in self.deals if d.redealt]

    @property
    def verified(self) -> bool:
        """The record has a commitment, it is its seed's, every pack and the first dealer
        are those the seed gives, and every deal dealt again was passed out."""
        return self.commitment_matches is True and not self.mismatches

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: ``verified``, ``seed``, ``commitment``, ``expected_commitment``,
        ``commitment_matches``, ``ended`` (the record's table was ended by its creator or
        closed, ``"ended": true``), ``packs_checked`` (how many deals' packs were dealt again
        and compared: 0 for a table ended before its first deal ended), ``deals``
        (:meth:`DealProvenance.to_json` of each),
        ``redeals`` (``[{"deal": n, "outcome": "passed_out" | "misdeal" | "abandoned",
        "passes": k, "ruled": bool}]``: each deal dealt again, ``ruled`` when the rules
        redeal it) and ``mismatch`` (the first: ``{"code", "params", "deal"}``, or null)."""
        first = self.first_mismatch
        return {
            "verified": self.verified, "seed": self.seed, "commitment": self.commitment,
            "expected_commitment": self.expected_commitment,
            "commitment_matches": self.commitment_matches, "ended": self.ended,
            "packs_checked": len(self.deals),
            "deals": [d.to_json() for d in self.deals],
            "redeals": [{"deal": d.number, "outcome": d.outcome, "passes": d.passes,
                         "ruled": d.unruled is None} for d in self.redeals],
            "mismatch": None if first is None else {
                "code": first.code, "params": first.params, "deal": first.deal}}


def verify_record(rec: object, *, require_commitment: bool = True) -> ProvenanceReport:
    """Check a game record (``belote-game/1``, parsed JSON) against its revealed seed: the
    commitment (:func:`commitment`), the first dealer (:func:`~belote.engine.game.first_dealer_of`)
    and, deal by deal, the hands, turned card and stock the pack of that deal
    (:func:`~belote.engine.game.deal_pack`, as :class:`~belote.engine.game.Game` draws it) gives
    when dealt by the recorded dealer and bid as recorded, and how the deal ended (see the
    module docstring: a deal dealt again must have been passed out, its bids replayed by the
    engine show it). A deal left unfinished while another follows is reported
    ``provenance.deal_abandoned``, the deals after it unchecked (the record cannot be replayed
    past it).

    Raises RecordError for a record that is malformed or cannot be replayed
    (:func:`~belote.engine.record.game_from_record`; a deal record alone is
    ``record.unknown_format``; one of no deal ``record.no_deal``, unless its table was ended
    before its first deal ended, :func:`~belote.engine.record.ended_without_deal`: then the
    commitment and the first dealer are checked, no pack), :class:`ProvenanceError`
    ``provenance.no_seed`` for one without a seed, and ``provenance.no_commitment`` for one
    without a commitment when ``require_commitment`` (the default: a seed revealed with no
    commitment published before the deal proves nothing, and such a report is never
    :attr:`~ProvenanceReport.verified`); ``require_commitment=False`` gives that report (its
    ``commitment`` None)."""
    record = parse_game(rec)
    if record.seed is None:
        raise ProvenanceError("the record has no seed: its packs cannot be checked (a game "
                              "still in progress does not reveal it)", code="provenance.no_seed")
    if require_commitment and record.commitment is None:
        raise ProvenanceError("the record has no commitment: nothing to check the seed "
                              "against", code="provenance.no_commitment")
    ended = isinstance(rec, dict) and rec.get("ended") is True
    seed = record.seed
    expected_first = int(first_dealer_of(seed))
    first = None if expected_first == record.first_dealer else Mismatch(
        f"seat {record.first_dealer} deals first, but the seed makes it seat {expected_first}",
        code="provenance.first_dealer_differs",
        params={"recorded": record.first_dealer, "expected": expected_first})
    if not record.deals:
        if not ended_without_deal(rec):
            raise RecordError("the game record has no deal", where="deals",
                              code="record.no_deal")
        return ProvenanceReport(seed, record.commitment, commitment(seed), first, (), True)
    game, abandoned = _replay(rec, record)
    # the record's deals only: the deal a replayed game starts after them is the seed's own
    deals = [*game.deals, *([game.current] if game.current is not None else [])]
    deals = deals[:len(record.deals) if abandoned is None else abandoned + 1]
    checked = []
    gathered: list[int] | None = None
    for i, deal in enumerate(deals):
        outcome = _outcome(deal, i == abandoned)
        checked.append(DealProvenance(
            i + 1, _deal_mismatch(game.rules, seed, i, deal, gathered), outcome,
            len(deal.bids) if outcome == PASSED_OUT else 0, _unruled(outcome, i + 1)))
        if not deal.misdealt:  # a misdeal is dealt again from the same gathered pack
            gathered = gathered_pack(deal)
    return ProvenanceReport(seed, record.commitment, commitment(seed), first, tuple(checked),
                            ended)


def _replay(rec: object, record: GameRecord) -> tuple[Game, int | None]:
    """The game of ``rec`` (read as ``record``) replayed (:func:`game_from_record`), and the
    0-based index of the deal it was abandoned at (None: none was): a deal left unfinished
    while another follows (``record.deal_unfinished``) ends the replay there, the record cut
    after it."""
    count = len(record.deals)
    try:
        return game_from_record(rec, parsed=record), None
    except RecordError as e:
        found = re.fullmatch(r"deals\[(\d+)\]", e.places[0]) if e.places else None
        if e.code != "record.deal_unfinished" or found is None or \
                not 0 <= int(found[1]) < count - 1 or not isinstance(rec, dict):
            raise
        index = int(found[1])
    return game_from_record({**rec, "deals": rec["deals"][:index + 1]}), index


def _outcome(deal: Deal, abandoned: bool) -> str:
    """How ``deal`` ended (:attr:`DealProvenance.outcome`)."""
    if deal.misdealt:
        return MISDEAL
    if abandoned:
        return ABANDONED
    if deal.passed_out:
        return PASSED_OUT
    return PLAYED if deal.is_over() else UNFINISHED


def _unruled(outcome: str, number: int) -> Mismatch | None:
    """The mismatch of deal ``number`` dealt again without a reason the rules give, or
    None."""
    if outcome == MISDEAL:
        return Mismatch(f"deal {number}: the record says the dealer misdealt and a new pack "
                        "was dealt, but the program deals: no rule deals it again",
                        code="provenance.misdeal", deal=number, params={"deal": number})
    if outcome == ABANDONED:
        return Mismatch(f"deal {number} was left before its end, without everyone passing, "
                        "and a new pack was dealt", code="provenance.deal_abandoned",
                        deal=number, params={"deal": number})
    return None


def _dealt(deal: Deal) -> tuple[list[int], int | None, list[int]]:
    """What was dealt: the hands when card play started (or as they are before it: a
    passed-out or misdealt deal, one saved during the bidding), the turned card, the stock."""
    return (list(deal.initial_hands or deal.hands), deal.turned, list(deal.stock))


def _deal_mismatch(rules: Rules, seed: int, n: int, recorded: Deal,
                   gathered: list[int] | None) -> Mismatch | None:
    """Deal ``n`` (0-based) dealt again from the seed's pack by its recorded dealer, its
    recorded bids made (a two-round deal gives the rest of the pack after the take), compared
    with the recorded deal."""
    fresh = Deal.deal(rules, recorded.dealer, deal_pack(rules, seed, n, gathered),
                      last_deal=recorded.last_deal)
    with contextlib.suppress(BeloteError):  # a bid the other pack refuses: the hands differ
        for who, action in recorded.bids:
            fresh.play(action, who)
    hands, turned, stock = _dealt(recorded)
    want_hands, want_turned, want_stock = _dealt(fresh)
    number = n + 1
    for seat in range(4):
        if hands[seat] != want_hands[seat]:
            got, want = hand_str(hands[seat]), hand_str(want_hands[seat])
            return Mismatch(f"deal {number}: seat {seat}'s hand {got} is not the one the seed "
                            f"deals ({want})", code="provenance.hand_differs", deal=number,
                            params={"deal": number, "seat": seat, "recorded": got,
                                    "expected": want})
    if turned != want_turned:
        got, want = _card(turned), _card(want_turned)
        return Mismatch(f"deal {number}: the turned card {got} is not the one the seed deals "
                        f"({want})", code="provenance.turned_differs", deal=number,
                        params={"deal": number, "recorded": got, "expected": want})
    if stock != want_stock:
        return Mismatch(f"deal {number}: the undealt cards are not those the seed deals",
                        code="provenance.stock_differs", deal=number, params={"deal": number})
    return None


def _card(card: int | None) -> str:
    return "-" if card is None else card_str(card)
