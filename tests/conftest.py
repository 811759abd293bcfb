from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "project", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("project")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run in two processes (``-n 2 --dist loadgroup``), the browser tests all go to one of
    them, one after the other, as in a single process: two browsers at once on two cores
    slowed pages past what the tests wait for."""
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(autouse=True)
def _fresh_channel_layers() -> Iterator[None]:
    """Each test gets channel layers of its own: a Redis layer keeps locks bound to the event
    loop of the test that made it, which a later test's loop cannot take."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def _forget_who_is_present() -> None:
    from games.core.presence import RedisPresence, presence
    from games.core.watchers import RedisWatchers, watchers

    for store in (presence(), watchers()):
        if isinstance(store, RedisPresence | RedisWatchers):
            for key in store.client.scan_iter(f"{store.prefix}*"):
                store.client.delete(key)
    presence.cache_clear()
    watchers.cache_clear()


@pytest.fixture(autouse=True)
def _nobody_present() -> Iterator[None]:
    """Each test starts with nobody at any table and no watcher: the presence and watchers an
    earlier test's sockets left (kept for a minute in Redis, where match numbers come round
    again, even from an earlier run) are forgotten."""
    _forget_who_is_present()
    yield
    _forget_who_is_present()


@pytest.fixture(autouse=True)
def _site_language() -> Iterator[None]:
    """Each test starts in the site's default language: a page asked for in another language
    leaves that language active in the thread, and words made outside a request (a refusal's
    message) would come out in it in the next test."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()
