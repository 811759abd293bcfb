"""The match core's public face: every change to a match goes through these functions.

check → lock → apply → save → on_commit(push): a person's move (an HTMX POST or a WebSocket
frame) and a computer's move (the runner) each lock the match row, check the version the move
was made on, ask the game's spec to apply the action, save only the fields that changed,
finish the round or the match when the action does, and after the commit tell the match's
channel group ``{"type": "match.updated", "version": n}`` and make sure the computers get to
play. The work is done in ``games.core``, one concern a module: ``moves`` (a round's moves),
``changes`` (how every change is committed and announced), ``lobby`` (new matches),
``friends`` (a friends' table's seats, presence and turn clock), ``tables`` (reading a table),
``turns`` (the computers' turns), ``refusals`` and ``push``.
"""

from __future__ import annotations

from games.core.clock import clock_deadline
from games.core.friends import (
    REMOVED,
    TooManyWrongCodes,
    arrived,
    clock_ran_out,
    departed,
    fill_with_computers,
    free_seat,
    hand_host,
    join_table,
    leave_waiting_table,
    remove_person,
    removed_from,
    renew_presence,
    set_watchable,
    start_table,
    table_by_code,
    table_for_code,
)
from games.core.lobby import (
    DEFAULT_TURN_SECONDS,
    FREE_CODE_TRIES,
    PERSON_SEAT,
    TURN_SECONDS_CHOICES,
    create_friends_table,
    create_practice_match,
    open_tables,
)
from games.core.moves import (
    ComputerMoved,
    computer_move,
    next_round,
    play,
    resign,
    submit_move,
    version_from,
)
from games.core.push import group_name, push_match_updated, push_presence, send_to_group
from games.core.refusals import STATUS_OF_REASON, MoveRejected
from games.core.tables import (
    CONSISTENT_READ_TRIES,
    Table,
    committed_table,
    load_table,
    match_for_user,
    matches_of,
    read_table,
    stamp_of,
)
from games.core.turns import (
    ComputerTurn,
    Waiting,
    computer_turn,
    plays_at_once,
    turn_of,
)
from games.core.watchers import (
    tell_watchers,
    watch_count,
    watch_refusal,
    watched_match,
    watched_table,
    watcher_arrived,
    watcher_departed,
    watcher_stays,
)

__all__ = [
    "CONSISTENT_READ_TRIES",
    "DEFAULT_TURN_SECONDS",
    "FREE_CODE_TRIES",
    "PERSON_SEAT",
    "REMOVED",
    "STATUS_OF_REASON",
    "TURN_SECONDS_CHOICES",
    "ComputerMoved",
    "ComputerTurn",
    "MoveRejected",
    "Table",
    "TooManyWrongCodes",
    "Waiting",
    "arrived",
    "clock_deadline",
    "clock_ran_out",
    "committed_table",
    "computer_move",
    "computer_turn",
    "create_friends_table",
    "create_practice_match",
    "departed",
    "fill_with_computers",
    "free_seat",
    "group_name",
    "hand_host",
    "join_table",
    "leave_waiting_table",
    "load_table",
    "match_for_user",
    "matches_of",
    "next_round",
    "open_tables",
    "play",
    "plays_at_once",
    "push_match_updated",
    "push_presence",
    "read_table",
    "remove_person",
    "removed_from",
    "renew_presence",
    "resign",
    "send_to_group",
    "set_watchable",
    "stamp_of",
    "start_table",
    "submit_move",
    "table_by_code",
    "table_for_code",
    "tell_watchers",
    "turn_of",
    "version_from",
    "watch_count",
    "watch_refusal",
    "watched_match",
    "watched_table",
    "watcher_arrived",
    "watcher_departed",
    "watcher_stays",
]
