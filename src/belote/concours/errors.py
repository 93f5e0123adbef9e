"""The concours's refusals: typed errors with a stable catalog code (``concours.*``)."""

from __future__ import annotations

from ..engine.errors import BeloteError


class ConcoursError(BeloteError):
    """A concours request that cannot be carried out (an unknown player, a partie not drawn,
    a score line the preset's scoring cannot give…). ``code``: ``concours.*``, in both
    catalogs; ``params``: the facts its wording names."""

    default_code = "concours.bad"
