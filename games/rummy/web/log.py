"""What each player did this game, in words: "Left played 4 tiles", "Right drew".

Built from the game's actions, which hold only public information: a draw does not say
which tile, a play is the whole table after it (on view to everyone).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rummy.engine import DRAW, PASS, parse_action


@dataclass
class LogEntry:
    seat: int
    kind: str
    """"play", "draw", "pass" or "out" (the player went out)."""
    text: str
    by_computer: bool = False
    """A computer made this move for an absent person."""


def game_log(
    actions: Sequence[str],
    first: int,
    names: Sequence[str],
    stand_in_moves: Collection[int] = (),
    over: bool = False,
) -> list[LogEntry]:
    """The game's turns in order; ``first`` played first and the turns go round the seats.

    ``over`` with a last turn that was a play: that player went out, which is said too.
    """
    players = len(names)
    entries = []
    on_table = 0
    for index, action in enumerate(actions):
        seat = (first + index) % players
        kind, table = parse_action(action)
        name = names[seat]
        if kind == DRAW:
            text = _("%(name)s drew a tile") % {"name": name}
        elif kind == PASS:
            text = _("%(name)s passed") % {"name": name}
        else:
            size = sum(map(len, table))
            count = size - on_table
            on_table = size
            text = ngettext(
                "%(name)s played %(count)s tile", "%(name)s played %(count)s tiles", count
            ) % {"name": name, "count": count}
        by_computer = index in stand_in_moves
        if by_computer:
            text = _("%(line)s (the computer played for them)") % {"line": text}
        entries.append(LogEntry(seat, kind, text, by_computer))
    if over and entries and entries[-1].kind not in (DRAW, PASS):
        last = entries[-1]
        entries.append(
            LogEntry(last.seat, "out", _("%(name)s went out") % {"name": names[last.seat]})
        )
    return entries
