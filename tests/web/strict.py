"""A computer player's decision that fails instead of falling back, for a worker process (this
module imports nothing of Django's models, so a spawned process can import it)."""

from __future__ import annotations

import logging
from typing import Any

from games.core.registry import run_chooser


class FellBack(Exception):
    """The computer player used its fallback action."""


class _Raise(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        raise FellBack(record.getMessage())


def choose_strictly(chooser: str, level: str, view: Any, seed: str) -> Any:
    """``run_chooser``, raising ``FellBack`` if the player logged a fallback."""
    logger = logging.getLogger("games.thousand.bots")
    handler = _Raise(logging.ERROR)
    logger.addHandler(handler)
    logging.raiseExceptions = True
    try:
        return run_chooser(chooser, level, view, seed)
    finally:
        logger.removeHandler(handler)


def interrupt_myself() -> str:
    """Sends this process the Ctrl-C a terminal sends the whole process group."""
    import os
    import signal

    os.kill(os.getpid(), signal.SIGINT)
    return "still here"
