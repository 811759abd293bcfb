"""What a table's template draws: objects the template engine reads without an exception."""

from __future__ import annotations

from typing import Any


class Drawn:
    """A base for the view objects a table's template reads. Django's template engine looks
    each part of a variable (``t.me.score``) up as a key first, and as an attribute only once
    that lookup has raised; a table reads a few hundred such parts each time it is drawn, for
    every viewer after every move. Answering the key lookup with the attribute spares the
    exception: a tenth of the time the Thousand table's template takes.

    The lookups keep their meaning: a missing name raises ``AttributeError``, which the engine
    treats as it treats a missing key."""

    __slots__ = ()

    def __getitem__(self, name: str) -> Any:
        return getattr(self, name)
