"""Each server process keeps the table its last change of a match left: the viewers on that
process are rendered from it without reading it back, and the match's next change there reads
only its seats and locked row. The notice's stamp (``stamp_of``: version and save time) names
the table; a change made by another process is seen by the stamp, and read in full."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from games.core.tables import Table
    from games.models import Match

COMMITTED_TABLES = 4096
"""How many matches' last committed tables a process keeps for the viewers' pushed tables."""
_committed_lock = threading.Lock()
_committed: OrderedDict[int, Table] = OrderedDict()


def remember(table: Table) -> None:
    """Keeps the table a committed change left, for its viewers on this process and for the
    match's next change (``committed_table``). Nothing may change it from now on."""
    with _committed_lock:
        _committed[table.match.pk] = table
        _committed.move_to_end(table.match.pk)
        while len(_committed) > COMMITTED_TABLES:
            _committed.popitem(last=False)


def committed_table(match_id: int, stamp: str) -> Table | None:
    """The table of ``match_id`` as a change in this process committed it, if ``stamp`` (see
    ``stamp_of``) says it is the one at hand (the viewers' tables of that version are rendered
    from it instead of being read back). Shared between threads: read only."""
    with _committed_lock:
        table = _committed.get(match_id)
    return table if table is not None and stamp_of(table.match) == stamp else None


def stamp_of(match: Match) -> str:
    """The version with the moment it was saved: a match's version names its state, the
    moment tells apart the matches that had the same number in a database restored or
    emptied meanwhile (a test's)."""
    return f"{match.version}@{match.updated.isoformat()}"
