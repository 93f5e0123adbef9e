"""Where a game's packs come from, and how a player checks it afterwards (commit-reveal).

A table that deals for people who cannot see the shuffle draws a secret seed of 256 bits
(:func:`new_secret_seed`) and publishes only its commitment (:func:`commitment`) when the game
starts. The packs of deal ``n`` are those :class:`~belote.engine.game.Game` draws from the seed
(``random.Random(f"{seed}/{n}")``). At the end of the game the seed is revealed; anyone can then
recompute its commitment and every pack, and compare them with the record.
"""

from __future__ import annotations

import hashlib
import secrets

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
