"""Rate limits per client address (issue 17 item 5): table creations, joins, WebSocket
connection attempts.

Each kind has its limits in the notation of the ``limits`` library (``"10/minute"``,
``"10/minute;100/hour"``; ``"off"``: none), counted in a moving window kept in this
process's memory (``limits``' ``MovingWindowRateLimiter`` on its ``MemoryStorage``): an
attempt is allowed, and counted, when fewer than N allowed attempts of that address fell in
the last window; a valid request and a bad one count alike. The address is the socket
peer's, or the one a trusted proxy names in ``X-Forwarded-For`` when the operator opts in
(``belote serve --trust-proxy``: uvicorn's proxy headers, :func:`belote.server.run.serve`).
An IPv6 address counts by its /64 network (one home connection gets a whole /64, so one
host could otherwise change address at will).

Several server processes each count on their own (docs/deploy.md: limit at the proxy then).
"""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .defaults import RATES
from .errors import ServerError

if TYPE_CHECKING:  # the library is imported when limits are built (not by the CLI's help)
    from limits import RateLimitItem

#: the kinds of attempts limited, and their defaults for friends at home (per address)
DEFAULTS = RATES
#: what turns a kind's limit off
OFF = ("off", "none", "0")


@dataclass(frozen=True)
class RateLimits:
    """The limits of each kind, as given to ``belote serve`` (the ``limits`` notation, or
    ``off``)."""

    create: str = DEFAULTS["create"]
    join: str = DEFAULTS["join"]
    connect: str = DEFAULTS["connect"]


def parse_rate(text: str, option: str) -> list[RateLimitItem]:
    """The limits of ``text`` (``"10/minute"``, ``"5/second;100/hour"``; ``off``: none).
    Raises ServerError ``server.bad_rate`` (``option`` the option's name, ``value``)."""
    from limits import parse_many
    value = text.strip()
    if value.lower() in OFF:
        return []
    try:
        items = parse_many(value)
    except ValueError:
        items = []
    if not items or any(item.amount < 1 for item in items):
        raise ServerError(f"{option}: a rate is N/second, N/minute, N/hour or N/day "
                          f"(several separated by ;) or off, not {text}",
                          code="server.bad_rate", params={"option": option, "value": text})
    return items


def client_key(host: str | None) -> str:
    """What the limits count by: the IPv4 address, the /64 network of an IPv6 address, or
    the text given when it is no address (a Unix socket, a test client)."""
    if not host:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


class RateLimited(ServerError):
    """``server.rate_limited`` (429): too many attempts from this address; ``retry_after``
    whole seconds (at least 1) until the next is allowed (the ``Retry-After`` header)."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many requests from this address: try again in {retry_after} s",
                         code="server.rate_limited", status=429,
                         params={"retry_after": retry_after})
        self.retry_after = retry_after


class Limiter:
    """The limits of one server (see the module docstring). ``check`` is cheap (memory
    only) and thread-safe."""

    def __init__(self, limits: RateLimits | None = None) -> None:
        from limits.storage import MemoryStorage
        from limits.strategies import MovingWindowRateLimiter
        limits = limits or RateLimits()
        self.items = {kind: parse_rate(getattr(limits, kind), f"--{kind}-limit")
                      for kind in DEFAULTS}
        self._limiter = MovingWindowRateLimiter(MemoryStorage())

    def check(self, kind: str, host: str | None) -> None:
        """Count one attempt of ``kind`` from ``host``. Raises ``server.rate_limited``
        (429, with the seconds to wait) when one of the kind's limits is reached; a refused
        attempt counts too, in the limits not reached."""
        key = client_key(host)
        refused = [item for item in self.items[kind] if not self._limiter.hit(item, kind, key)]
        if refused:
            now = time.time()
            wait = max(self._limiter.get_window_stats(item, kind, key).reset_time - now
                       for item in refused)
            raise RateLimited(max(1, math.ceil(wait)))


__all__ = ["DEFAULTS", "Limiter", "RateLimits", "RateLimited", "client_key", "parse_rate"]
