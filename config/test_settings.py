"""The settings the tests run with: the site's own, with DEBUG off as in production (the
default), so a secret key is needed; this one is for the tests alone."""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-secret-key-not-for-any-server")
# The tests speak plain http (the test client, the live Daphne server).
os.environ.setdefault("DJANGO_HTTPS", "0")

from config.settings import *  # noqa: F403
