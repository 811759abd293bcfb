"""Reading the commands' input: one JSON value, or JSON Lines (pure Python, no Django)."""

from __future__ import annotations

import json
from collections.abc import Iterator


def documents_in(text: str, malformed: type[ValueError]) -> Iterator[object]:
    """The JSON values of a document: one JSON value, or JSON Lines (one per non-blank line).

    A line that is not JSON yields a ``malformed`` error in its place. A document that is
    neither one JSON value nor has any line holding a JSON object (say, a pretty-printed
    object with a typo) yields a single ``malformed`` error.
    """
    whole, problem = _decode(text)
    if problem is None:
        yield whole
        return
    decoded = [
        (number, *_decode(line))
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip()
    ]
    if not decoded:
        yield malformed("the input is empty")
        return
    if not any(isinstance(value, dict) for _, value, _ in decoded):
        yield malformed(f"not valid JSON: {problem}")
        return
    for number, value, line_problem in decoded:
        if line_problem is None:
            yield value
        else:
            yield malformed(f"line {number} is not valid JSON: {line_problem}")


def _decode(text: str) -> tuple[object, str | None]:
    """The JSON value of ``text`` and ``None``, or ``None`` and what is wrong with the text."""
    try:
        return json.loads(text), None
    except json.JSONDecodeError as error:
        return None, str(error)
    except RecursionError:
        return None, "it is nested too deeply"
