"""For the tests that make matches without a browser: computer moves are not started (the
browser test needs the real runner in its live server, so this is not autouse)."""

import pytest

from games.core.computers import runner as bot_runner


@pytest.fixture
def no_computer_moves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Records the requests for computer moves instead of starting runners."""
    requests: list[int] = []
    monkeypatch.setattr(
        bot_runner, "request_bot_moves", lambda match_id, turn=None: requests.append(match_id)
    )
    return requests


@pytest.fixture(autouse=True)
def _quick_passwords(settings: object) -> None:
    """Passwords hashed quickly: these tests sign people in, they do not test hashing."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # type: ignore[attr-defined]
