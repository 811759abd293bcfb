"""The settings fail safe: DEBUG is off unless DJANGO_DEBUG turns it on, and then a secret key
is required."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

READ_DEBUG = "import config.settings as s; print(s.DEBUG)"


def _settings_process(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run(
        [sys.executable, "-c", READ_DEBUG],
        env={**clean, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_debug_is_off_by_default() -> None:
    assert _settings_process(DJANGO_SECRET_KEY="k").stdout.strip() == "False"


@pytest.mark.parametrize(("value", "debug"), [("1", "True"), ("0", "False")])
def test_django_debug_turns_it_on(value: str, debug: str) -> None:
    assert _settings_process(DJANGO_SECRET_KEY="k", DJANGO_DEBUG=value).stdout.strip() == debug


def test_without_debug_a_secret_key_is_required() -> None:
    answer = _settings_process()
    assert answer.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in answer.stderr
