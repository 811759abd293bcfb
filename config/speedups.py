"""The few speed-ups that reach into the internals of Django and channels-redis, each one on
only for the releases it was written and tested against, and only while ``PRIVATE_SPEEDUPS``
is on (the default): on any other release, or with the setting off, the site takes the plain
public path. The tests run both paths (``tests/web/test_plain_paths.py``); why each speed-up
exists is in docs/decisions/0006-private-speedups.md.

- ``games.precompiled``: querysets compiled once (Django's model iterable and compiler).
- ``config.channel_layers``: notices published on the Redis client's pool (channels-redis).
- ``config.asgi.OneThreadPerRequest``: one thread per request (Django's middleware chain).
- ``games.consumers.MatchConsumer.dispatch``: no hop to close old connections (Channels).
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, version

import django
from django.conf import settings

DJANGO_RELEASES = ((5, 2),)
CHANNELS_REDIS_RELEASES = ((4, 3),)
CHANNELS_RELEASES = ((4, 3),)


@cache
def _release(package: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in version(package).split(".")[:2])
    except (PackageNotFoundError, ValueError):
        return ()


def django_internals() -> bool:
    """Whether the site may use Django's internals here."""
    return bool(settings.PRIVATE_SPEEDUPS) and django.VERSION[:2] in DJANGO_RELEASES


def channels_internals() -> bool:
    """Whether the site may use Channels' internals here."""
    return bool(settings.PRIVATE_SPEEDUPS) and _release("channels") in CHANNELS_RELEASES


def channels_redis_internals() -> bool:
    """Whether the site may use channels-redis's internals here."""
    return bool(settings.PRIVATE_SPEEDUPS) and _release("channels-redis") in CHANNELS_REDIS_RELEASES
