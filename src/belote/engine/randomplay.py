"""Random legal play: a deal played to its end by a random number generator, no bot.

Two policies, each a function ``(deal, rng) -> Action`` that picks one of
``deal.legal_actions()``:

* :func:`random_action`, the sober one of ``belote deal`` (a record to try ``check`` on): in an
  auction it mostly passes, else bids one of the four lowest non-pass actions (always at the
  auction's fourth action, so that a deal is rarely passed out); in card play it says
  belote and declares whenever it may, else it plays any legal card;
* :func:`uniform_action`: any legal action with equal chances, a policy for tests and
  scripts that want every legal action tried (tests/test_randomplay.py plays one deal with it
  through both paths and compares them). Exported by :mod:`belote.engine`.

:func:`play_randomly` plays a deal to its end with one of them, through the checked
``Deal.play`` or the unchecked ``Deal.apply``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import PASS, Action, Declare, SayBelote
from .deal import Deal, Phase
from .rules import Bidding

#: a policy: one of ``deal.legal_actions()``, drawn from ``rng``
Policy = Callable[[Deal, random.Random], Action]


def random_action(deal: Deal, rng: random.Random) -> Action:
    """The sober random action of the player to move in ``deal`` (``belote deal``'s policy).

    Auction: with the four lowest non-pass actions ``bids`` (legal order), a bid drawn from
    ``bids`` with probability 1/4 (one ``rng.random()``) or surely at the auction's fourth
    action (after three passes a fourth would pass the deal out), else the first legal action
    (pass). Two-round bidding and card play: the first ``belote`` or ``declare …`` when there is
    one (they cost nothing), else ``rng.choice`` of the legal actions. Draws from ``rng`` in
    that order only, so a seed gives the same deal every time."""
    actions: list[Action] = list(deal.legal_actions())
    if deal.phase == Phase.BIDDING and deal.rules.bidding == Bidding.AUCTION:
        bids = [a for a in actions if a != PASS][:4]
        actions = bids if bids and (rng.random() < 0.25 or len(deal.bids) == 3) else actions[:1]
    special = [a for a in actions if isinstance(a, SayBelote | Declare)]
    return special[0] if special else rng.choice(actions)


def uniform_action(deal: Deal, rng: random.Random) -> Action:
    """Any legal action of the player to move in ``deal``, with equal chances (one
    ``rng.randrange``)."""
    actions = deal.legal_actions()
    return actions[rng.randrange(len(actions))]


def play_randomly(deal: Deal, rng: random.Random, policy: Policy = random_action,
                  checked: bool = True) -> Deal:
    """Play ``deal`` to its end from where it stands, each action ``policy(deal, rng)``;
    returns ``deal``. ``checked``: through ``Deal.play`` (validated as untrusted input), else
    through the unchecked ``Deal.apply`` (the policies only pick legal actions; no event
    built)."""
    while not deal.is_over():
        action = policy(deal, rng)
        if checked:
            deal.play(action)
        else:
            deal.apply(action, events=False)
    return deal
