"""What one seat sees at the tile rummy table, ready for the template.

Everything here is built from the observation of that seat plus public match data (names,
scores, the game's actions, which name no hidden tile, and the finished games' results,
whose racks are shown to everyone once a game is over), never from the game state itself.
Nothing here queries the database except the finished rounds the core loads once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import cosmetics
from games.core.names import relative_position
from games.models import Match, Round
from games.rendering import match_urls
from games.rummy.engine import INITIAL_MELD, PLAY, Observation, Tile, parse_tiles
from games.rummy.web.log import game_log, played_since_own_turn
from games.rummy.web.tiles import TileView, tile_view, tile_views
from games.rummy.web.viewmodels import GameRow, PlayerView, SummaryRow, TableView
from games.services import Table


def present(
    table: Table,
    seat: int,
    names: Sequence[str],
    message: str = "",
    view: Observation | None = None,
) -> TableView:
    """The table as ``seat`` sees it (``names``: each seat's name as the viewer reads it);
    ``view``, when given, is what is shown instead of ``seat``'s own observation (a watcher's,
    who sees the table from behind ``seat``, and reads the log with nobody as "you")."""
    match = table.match
    urls = match_urls(match.pk)
    watching = view is not None
    view = view or table.view_for(seat)
    current = table.round
    assert current is not None
    finished = match.is_finished
    players = [
        _player(table, view, number, seat, names)
        for number in [*range(seat, len(names)), *range(seat)]
    ]
    result = TableView(
        match_id=match.pk,
        version=match.version,
        seat=seat,
        game_number=current.number,
        games=int(match.options["games"]),
        players=players,
        me=players[0],
        opponents=players[1:],
        rack=tile_views(view.rack),
        board=_board(
            view,
            played_since_own_turn(
                current.actions, int(current.setup["deal"]["first"]), len(names), seat
            ),
        ),
        pool_size=view.pool_size,
        melded=view.melded[seat],
        meld_needed=INITIAL_MELD,
        controls="wait",
        prompt="",
        act_url=urls.act,
        next_url=urls.next,
        resign_url=urls.resign,
        table_url=urls.table,
        ws_url=f"/ws/play/{match.pk}/",
        rules_summary=table.spec.table.options_summary(match.options),
        message=message,
        tile_style=cosmetics.chosen(table.seats[seat].user, cosmetics.Kind.TILE_STYLE).css_class,
    )
    result.log = game_log(
        current.actions,
        int(current.setup["deal"]["first"]),
        names,
        set(current.stand_in_moves),
        over=view.result is not None,
        viewer=None if watching else seat,
    )
    if view.last_action == PLAY:
        result.last_seat = view.last_seat
    result.sheet = _sheet(table.finished_rounds(), names, [p.number for p in players])
    if view.result is not None and current.result is not None:
        _summary(result, current, names, seat)
    _controls(result, view, table, names, finished)
    if finished:
        _match_over(result, table, names, seat)
    result.announcement = _announcement(result)
    return result


def _player(
    table: Table, view: Observation, number: int, viewer: int, names: Sequence[str]
) -> PlayerView:
    seat = table.seats[number]
    return PlayerView(
        number=number,
        position=relative_position(number, viewer, len(names)),
        name=names[number],
        level=table.spec.computers.label(seat.computer_level) if seat.is_computer else "",
        is_me=number == viewer,
        tile_count=view.tile_counts[number],
        to_move=table.to_move == number,
        score=table.match.scores[number],
        melded=view.melded[number],
        stand_in=seat.stand_in,
        initial=names[number][:1].upper(),
        frame=cosmetics.chosen(seat.user, cosmetics.Kind.AVATAR_FRAME).css_class,
    )


def _board(view: Observation, fresh: Counter[Tile]) -> list[list[TileView]]:
    """The table's sets; the tiles ``fresh`` (the others' since the viewer's last turn) are
    marked."""
    fresh = Counter(fresh)
    board = []
    for tiles in view.table:
        row = []
        for tile in tiles:
            row.append(tile_view(tile, fresh=fresh[tile] > 0))
            if fresh[tile]:
                fresh[tile] -= 1
        board.append(row)
    return board


def _controls(
    result: TableView, view: Observation, table: Table, names: Sequence[str], finished: bool
) -> None:
    if finished:
        result.controls = "finished"
        return
    if view.result is not None:
        result.controls = "next"
        result.prompt = _("The game is over: deal the next one when you are ready.")
        return
    to_move = view.to_move
    if view.my_turn and not table.seats[view.seat].played_by_computer:
        result.controls = "play"
        result.can_draw = view.pool_size > 0
        result.can_pass = view.pool_size == 0
        if not table.match.is_friends:
            result.hint_url = reverse("rummy_hint", args=[table.match.pk])
        if view.melded[view.seat]:
            result.prompt = _(
                "Your turn: play tiles from your rack (you may rearrange the table), "
                "or draw a tile."
            )
        else:
            result.prompt = _(
                "Your turn: make your initial meld of at least 30 from your rack, or draw a tile."
            )
        if not view.pool_size:
            result.prompt = _("Your turn: the pool is empty. Play tiles, or pass.")
        return
    result.poll = table.computer_to_move is not None
    if to_move is not None:
        result.prompt = _("%(name)s is playing…") % {"name": names[to_move]}


def _summary(result: TableView, current: Round, names: Sequence[str], viewer: int) -> None:
    """Every rack at the end of the game, the points lost and won, the match totals."""
    outcome = current.result
    assert outcome is not None
    winners = set(outcome["winners"])
    order = [*range(viewer, len(names)), *range(viewer)]
    result.summary = [
        SummaryRow(
            name=names[number],
            is_me=number == viewer,
            won=number in winners,
            rack=tile_views(parse_tiles(outcome["racks"][number])),
            hand_points=outcome["hand_points"][number],
            change=outcome["changes"][number],
            total=outcome["totals"][number],
        )
        for number in order
    ]
    if outcome["went_out"] is not None:
        result.outcome = _("%(name)s went out.") % {"name": names[outcome["went_out"]]}
    else:
        result.outcome = _("The pool is empty and everyone passed: the fewest points in hand win.")


def _sheet(rounds: Sequence[Round], names: Sequence[str], order: Sequence[int]) -> list[GameRow]:
    rows = []
    for played in rounds:
        outcome = played.result
        if played.status != Round.Status.OVER or outcome is None:
            continue
        rows.append(
            GameRow(
                number=played.number,
                cells=[(outcome["changes"][n], outcome["totals"][n]) for n in order],
                winners=", ".join(names[number] for number in outcome["winners"]),
            )
        )
    return rows


def _match_over(result: TableView, table: Table, names: Sequence[str], seat: int) -> None:
    match = table.match
    if match.resigned_by is not None:
        result.resigned = (
            _("You resigned this match.")
            if match.resigned_by == seat
            else _("%(name)s resigned this match.") % {"name": names[match.resigned_by]}
        )
    else:
        best = max(match.scores)
        leaders = [number for number, score in enumerate(match.scores) if score == best]
        result.i_won = leaders == [seat]
        result.winner = (
            _("%(name)s won the match.") % {"name": names[leaders[0]]}
            if len(leaders) == 1
            else _("A tie for first place: %(names)s.")
            % {"names": ", ".join(names[number] for number in leaders)}
        )
    result.standings = sorted(result.players, key=lambda p: -p.score)
    if match.mode == Match.Mode.PRACTICE:
        computers = [s.computer_level for s in table.seats if s.is_computer]
        result.new_match_options = {
            "game": match.game,
            "games": match.options["games"],
            "players": len(table.seats),
            "level": computers[0] if computers else table.spec.computers.stand_in,
        }


def _announcement(result: TableView) -> str:
    """What a screen reader says after this move: what was done, then what comes next."""
    parts = []
    if result.log:
        parts.append(result.log[-1].spoken)
    if result.controls in ("next", "finished"):
        parts.append(result.outcome or result.winner or result.resigned)
    if result.controls == "play":
        parts.append(result.prompt)
        parts.append(
            ngettext(
                "%(count)s tile in the pool.", "%(count)s tiles in the pool.", result.pool_size
            )
            % {"count": result.pool_size}
        )
    return " ".join(part for part in parts if part)
