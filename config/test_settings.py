"""The settings the tests run with: the site's own, with DEBUG off as in production (the
default), so a secret key is needed; this one is for the tests alone."""

import os
from urllib.parse import urlsplit, urlunsplit

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-secret-key-not-for-any-server")
# The tests speak plain http (the test client, the live Daphne server).
os.environ.setdefault("DJANGO_HTTPS", "0")

# Run by pytest-xdist, each worker has a database of its own (pytest-django names it), so the
# workers' matches share numbers: each gets its own Redis database too (the cache, presence),
# and its own channel prefix (Redis's publish/subscribe spans its databases). Set here in the
# environment, so that the server processes a test starts share them (and are not moved on
# again: ``TESTS_REDIS_WORKER``). The README's Redis database N and the next ones are the tests'.
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if (
    _worker.startswith("gw")
    and os.environ.get("REDIS_URL")
    and os.environ.get("TESTS_REDIS_WORKER") != _worker
):
    os.environ["TESTS_REDIS_WORKER"] = _worker
    _url = urlsplit(os.environ["REDIS_URL"])
    _database = int(_url.path.strip("/") or 0) + int(_worker[2:])
    os.environ["REDIS_URL"] = urlunsplit(_url._replace(path=f"/{_database}"))
    os.environ["CHANNEL_LAYER_PREFIX"] = f"asgi-{_worker}"

from config.settings import *  # noqa: E402, F403
