"""Limits on tries that fail, counted in the default cache (Redis when the site runs several
processes): a table code that finds no table counts against the address it came from and the
account that sent it, so codes cannot be guessed by the thousand. A right code never counts."""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


@dataclass(frozen=True)
class Limit:
    tries: int
    seconds: int


def code_limits() -> tuple[Limit, ...]:
    """Wrong table codes allowed to one address, and to one account, in each window."""
    return tuple(Limit(tries, seconds) for tries, seconds in settings.TABLE_CODE_LIMITS)


def _address(request: HttpRequest) -> str:
    """The client's address; an IPv6 client by its /64, which one household holds."""
    raw = request.META.get("REMOTE_ADDR", "") or "unknown"
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw
    if address.version == 6:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def _keys(request: HttpRequest, action: str, limit: Limit, now: float) -> list[str]:
    window = int(now // limit.seconds)
    keys = [f"misses:{action}:ip:{_address(request)}:{limit.seconds}:{window}"]
    if request.user.is_authenticated:
        keys.append(f"misses:{action}:user:{request.user.pk}:{limit.seconds}:{window}")
    return keys


def blocked(request: HttpRequest, action: str, limits: tuple[Limit, ...]) -> bool:
    """Whether the address or the account has used up its failed tries of ``action``."""
    now = time.time()
    for limit in limits:
        counts = cache.get_many(_keys(request, action, limit, now))
        if any(count >= limit.tries for count in counts.values()):
            return True
    return False


def count_miss(request: HttpRequest, action: str, limits: tuple[Limit, ...]) -> None:
    """One more failed try of ``action`` for the address and the account."""
    now = time.time()
    for limit in limits:
        for key in _keys(request, action, limit, now):
            cache.add(key, 0, timeout=limit.seconds)
            try:
                cache.incr(key)
            except ValueError:
                # The window ended between add and incr: the try counts in the next one.
                cache.add(key, 1, timeout=limit.seconds)
