"""Each log line is written once, in the site's format, in debug as in production: the
development server's request lines (``django.channels.server``) and Django's own used to be
written twice, once by Django's default handler and once by the site's."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

LOG_TWO_LINES = """
import logging, os
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
import django
django.setup()
logging.getLogger("django.channels.server").info("HTTP GET /rules/ 200")
logging.getLogger("games.bot_runner").info("a computer moves")
"""


@pytest.mark.parametrize("debug", ["1", "0"])
def test_a_request_line_is_logged_once(debug: str) -> None:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env = {**clean, "DJANGO_DEBUG": debug, "DJANGO_SECRET_KEY": "k", "LOG_LEVEL": "INFO"}
    done = subprocess.run(
        [sys.executable, "-c", LOG_TWO_LINES], env=env, capture_output=True, text=True, check=True
    )
    lines = done.stderr.splitlines()
    assert [line for line in lines if "HTTP GET /rules/ 200" in line] == [
        line for line in lines if "INFO django.channels.server [" in line
    ]
    assert sum("HTTP GET /rules/ 200" in line for line in lines) == 1
    assert sum("a computer moves" in line for line in lines) == 1
