"""What one seat sees at the Thousand table, ready for the template.

Everything here is built from the observation of that seat (plus public match data: names,
scores, the finished rounds' results), never from the hand state itself, so a fragment can
only hold what that seat may see. Nothing here queries the database: the core loads it all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from math import ceil

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from accounts import cosmetics
from games.core.names import display_name, place_name, relative_position
from games.history.results import places
from games.models import Round, Seat
from games.rendering import match_urls
from games.services import Table
from games.thousand.engine import (
    BIDDING,
    CONTRACT_PHASE,
    OVER,
    PLAYING,
    Observation,
    SeenTrick,
    view_for_seat,
)
from games.thousand.engine.state import OPENING_ACTION
from games.thousand.web.cards import (
    MARRIAGE_VALUES,
    CardView,
    MarriageView,
    card_view,
    hand_order,
    suit_html,
)
from games.thousand.web.log import hand_log
from games.thousand.web.musik import TAKING, present_musik
from games.thousand.web.prompts import MOVES, announcement, controls
from games.thousand.web.summary import rules_summary, score_sheet
from games.thousand.web.viewmodels import LastTrick, SeatView, TableView, TrickSlot

PHONE_ROW = 5
"""The most cards one row of the hand holds on a phone without covering a corner index."""


def present(
    table: Table,
    seat: int,
    names: Sequence[str],
    message: str = "",
    view: Observation | None = None,
) -> TableView:
    """The table as ``seat`` sees it (``names``: each seat's name as the viewer reads it);
    ``view``, when given, is what is shown instead of ``seat``'s own observation (a watcher's,
    who sees the table from behind ``seat``)."""
    match = table.match
    urls = match_urls(match.pk)
    view = view or _view(table, seat)
    # The hand works in positions 0-2; with four at the table the dealer sits it out.
    seat_names = list(names)
    names = [seat_names[number] for number in view.seats]
    seats = [
        _seat_view(table, view, number, seat, seat_names) for number in range(len(table.seats))
    ]
    by_position = {s.position: s for s in seats}
    rules = view.rules
    options = rules.to_dict()
    result = TableView(
        match_id=match.pk,
        version=match.version,
        hand_number=_played_number(table),
        game_name=_("Thousand"),
        phase=view.phase,
        seats=seats,
        me=by_position["me"],
        left=by_position.get("left"),
        right=by_position.get("right"),
        across=by_position.get("across"),
        hand=_hand(view),
        prompt="",
        controls="wait",
        act_url=urls.act,
        next_url=urls.next,
        resign_url=urls.resign,
        table_url=urls.table,
        ws_url=f"/ws/play/{match.pk}/",
        rules_summary=rules_summary(options),
        target=rules.target,
        bid=view.bid,
        bidder="" if view.bidder is None else names[view.bidder],
        declarer="" if view.declarer is None else names[view.declarer],
        contract=view.contract,
        trump=None if view.trump is None else suit_html(view.trump),
        step=rules.bid_step,
        message=message,
        # The viewer's own felt and card backs: what they chose on their profile.
        felt=cosmetics.chosen(table.seats[seat].user, cosmetics.Kind.FELT).style,
        card_back=cosmetics.chosen(table.seats[seat].user, cosmetics.Kind.CARD_BACK).style,
    )
    present_musik(result, view)
    for card in result.hand:
        card.arriving = result.musik_arriving and card.from_musik
    hand_size = len(result.hand)
    # Rows of at most five, as even as they go: 10 cards in two rows of 5, 12 in three of 4.
    result.hand_columns = ceil(hand_size / ceil(hand_size / PHONE_ROW)) if hand_size else 0
    result.log = hand_log(view, names)
    stand_in_steps = _stand_in_steps(table, view)
    for entry in result.log:
        if entry.step in stand_in_steps:
            entry.by_computer = True
            entry.text = _("%(line)s (the computer played for them)") % {"line": entry.text}
    result.redeal_note = redeal_note(table, seat, seat_names)
    _trick(result, view, names, seats)
    result.sheet = score_sheet(table.finished_rounds(), seat_names)
    result.sheet_key = repr(
        (
            get_language(),
            [s.name for s in result.seats],
            [(r.number, r.declarer, r.contract, r.made, r.scores) for r in result.sheet],
        )
    )
    result.rules_key = repr((get_language(), sorted(options.items())))
    if match.is_finished:
        if match.winner is not None:
            result.i_won = match.winner == seat
            result.winner = seat_names[match.winner]
        elif match.resigned_by is not None:
            result.resigned = (
                _("You resigned this match.")
                if match.resigned_by == seat
                else _("%(name)s resigned this match.") % {"name": seat_names[match.resigned_by]}
            )
        finishing = places(match.scores, match.winner, match.resigned_by)
        result.standings = sorted(seats, key=lambda s: finishing[s.number])
        for standing in result.standings:
            standing.place = place_name(finishing[standing.number])
        computers = [s.computer_level for s in table.seats if s.is_computer]
        if not match.is_friends:
            result.new_match_options = {
                **options,
                "game": match.game,
                "level": computers[0] if computers else table.spec.computers.stand_in,
            }
    controls(result, view, names, match.is_finished)
    result.my_turn = result.controls in MOVES
    result.announcement = announcement(result)
    return result


def _stand_in_steps(table: Table, view: Observation) -> set[int]:
    """The steps of ``view.history`` that a computer made for an absent person.

    The round marks them by their index among the stored actions (which leave out the
    compulsory opening bid); the viewer's history leaves out the other players' "keep"
    answers (as the engine's observation does). Only positions are read from the hand here,
    never a card."""
    marked = set(table.round.stand_in_moves) if table.round is not None else set()
    steps: set[int] = set()
    if not marked:
        return steps
    stored = seen = -1
    for actor, action in table.state.history:
        if action != OPENING_ACTION:
            stored += 1
        if action == "keep" and actor != view.seat:
            continue
        seen += 1
        if action != OPENING_ACTION and stored in marked:
            steps.add(seen)
    return steps


def _view(table: Table, seat: int) -> Observation:
    """What ``seat`` sees of the hand. The dealer sitting a four-player hand out sees what
    everyone may see, with no hand and nothing to play (seat -1 of the hand: nobody's)."""
    public = view_for_seat(table.state, seat)
    if isinstance(public, Observation):
        view = public
    else:
        values = {name.name: getattr(public, name.name) for name in fields(public)}
        view = Observation(**values, seat=-1, hand=(), legal=())
    if table.match.is_finished:
        # A resignation may end the match in the middle of a hand: nothing is playable.
        view = replace(view, legal=())
    return view


def _position(number: int, viewer: int, players: int) -> str:
    """Where seat ``number`` sits as ``viewer`` sees it; at a table of two the opponent sits
    across the felt."""
    if players == 2 and number != viewer:
        return "across"
    return relative_position(number, viewer, players)


def _seat_view(
    table: Table, view: Observation, number: int, viewer: int, names: list[str]
) -> SeatView:
    seat = table.seats[number]
    position = _position(number, viewer, len(table.seats))
    if number not in view.seats:
        return SeatView(
            number=number,
            position=position,
            name=names[number],
            subtitle=_("Deals and sits this hand out"),
            is_me=number == viewer,
            is_computer=seat.is_computer,
            score=table.match.scores[number],
            on_barrel=table.match.scores[number] >= view.rules.barrel,
            is_dealer=True,
            is_declarer=False,
            to_move=False,
            card_count=0,
            tricks_won=0,
            initial=_initial(seat, names[number], number == viewer),
            frame=_frame(seat),
        )
    return _player_view(table, view, view.seats.index(number), position, number == viewer, names)


def _player_view(
    table: Table,
    view: Observation,
    number: int,
    position: str,
    is_me: bool,
    names: list[str],
) -> SeatView:
    """The seat of the player at hand position ``number``."""
    seat = table.seats[view.seats[number]]
    if seat.is_computer:
        level = table.spec.computers.label(seat.computer_level)
        subtitle = _("Computer · %(level)s") % {"level": level}
    elif is_me:
        subtitle = display_name(seat.user) if seat.user is not None else ""
    else:
        subtitle = ""
    if view.result is None:
        score, on_barrel = view.scores[number], view.on_barrel[number]
    else:
        # The hand is scored: show the new score, and the barrel it puts the player on.
        score = view.result.scores[number]
        on_barrel = score >= view.rules.barrel and not table.match.is_finished
    return SeatView(
        number=view.seats[number],
        position=position,
        name=names[view.seats[number]],
        subtitle=subtitle,
        is_me=is_me,
        is_computer=seat.is_computer,
        score=score,
        on_barrel=on_barrel,
        is_dealer=view.dealer == view.seats[number],
        is_declarer=view.declarer == number,
        to_move=view.to_move == number and not table.match.is_finished,
        card_count=view.hand_sizes[number],
        tricks_won=sum(1 for trick in view.tricks if trick.winner == number),
        status=_seat_status(view, number),
        marriages=[
            MarriageView(suit=suit_html(m.suit), value=MARRIAGE_VALUES[m.suit])
            for m in view.marriages
            if m.seat == number
        ],
        initial=_initial(seat, names[view.seats[number]], is_me),
        frame=_frame(seat),
    )


def _frame(seat: Seat) -> str:
    """The avatar frame the seat's person chose (everyone at the table sees it)."""
    return cosmetics.chosen(seat.user, cosmetics.Kind.AVATAR_FRAME).css_class


def _initial(seat: Seat, name: str, is_me: bool) -> str:
    """The avatar's letter: the person's own initial for them ("You" is not a name)."""
    shown = display_name(seat.user) if is_me and seat.user is not None else name
    return shown[:1].upper()


def _seat_status(view: Observation, number: int) -> str:
    if view.phase == BIDDING:
        if number in view.passed:
            return _("Passed")
        bids = [action for actor, action in view.history if actor == number and "bid:" in action]
        if not bids:
            return ""
        value = bids[-1].split(":")[1]
        if bids == ["bid:100"]:
            return _("100 (compulsory)")
        return _("Bid %(value)s") % {"value": value}
    if view.declarer == number:
        if view.contract is not None:
            return _("Contract %(value)s") % {"value": view.contract}
        return _("Won the auction at %(value)s") % {"value": view.bid}
    return ""


def _hand(view: Observation) -> list[CardView]:
    hand = sorted(view.hand, key=hand_order)
    held = set(hand)
    musik = set(view.musik or ()) if view.seat == view.declarer else set()
    received = {card for card in view.gives if card is not None and view.seat != view.declarer}
    legal = set(view.legal)
    playing_now = view.phase == PLAYING and bool(legal)
    cards = []
    for code in hand:
        card = card_view(code)
        partner = ("Q" if code[0] == "K" else "K") + code[1]
        card.marriage = code[0] in "KQ" and partner in held
        card.from_musik = code in musik and view.phase in TAKING
        card.received = code in received and view.phase in (CONTRACT_PHASE, PLAYING)
        for kind in ("play", "give", "discard"):
            if f"{kind}:{code}" in legal:
                card.action = f"{kind}:{code}"
        card.dimmed = playing_now and not card.action
        cards.append(card)
    return cards


def _trick(result: TableView, view: Observation, names: list[str], seats: list[SeatView]) -> None:
    """The cards of the trick, each in front of the player who played it."""
    by_seat = {s.number: s for s in seats}
    slots = {
        p: TrickSlot(position=by_seat[number].position, name=by_seat[number].name)
        for p, number in enumerate(view.seats)
    }
    result.show_trick_area = view.phase == PLAYING or (view.phase == OVER and bool(view.tricks))
    result.no_trump_yet = view.phase == PLAYING and view.trump is None
    leader: int | None = None
    cards: tuple[str, ...] = ()
    winner: int | None = None
    if view.trick:
        assert view.trick_leader is not None
        leader, cards = view.trick_leader, view.trick
        if len(view.tricks) > 0:
            result.previous_trick = _last_trick(view.tricks[-1], names)
    elif view.tricks and view.phase in (PLAYING, OVER):
        last = view.tricks[-1]
        result.showing_last_trick = True
        leader, cards, winner = last.leader, last.cards, last.winner
        result.trick_winner = names[last.winner]
    latest = _latest_play(view)
    if leader is not None:
        for offset, code in enumerate(cards):
            number = (leader + offset) % len(view.seats)
            slot = slots[number]
            slot.card = card_view(code)
            slot.led = offset == 0
            slot.won = number == winner
            slot.latest = code == latest
    by_position = {slot.position: slot for slot in slots.values()}
    result.trick_slots = [
        by_position[place] for place in ("left", "across", "right", "me") if place in by_position
    ]
    if view.tricks:
        result.last_trick = _last_trick(view.tricks[-1], names)


def _latest_play(view: Observation) -> str:
    """The card of the move just made, if that move was playing a card."""
    if not view.history:
        return ""
    kind, _sep, card = view.history[-1][1].partition(":")
    return card if kind == "play" else ""


def _last_trick(trick: SeenTrick, names: list[str]) -> LastTrick:
    return LastTrick(
        cards=[
            (names[(trick.leader + offset) % len(trick.cards)], card_view(code))
            for offset, code in enumerate(trick.cards)
        ],
        winner=names[trick.winner],
    )


def _played_number(table: Table) -> int:
    """The current hand's number as players count: re-dealt hands were not played."""
    hands_played = int(table.match.progress["hands_played"])
    over = table.round is not None and table.round.status == Round.Status.OVER
    return hands_played if over else hands_played + 1


def redeal_note(table: Table, viewer: int, names: list[str]) -> str:
    """Who asked for the re-deal that dealt the current cards, if one did."""
    results = table.finished_rounds()
    previous = results[-1] if results else None
    if (
        previous is None
        or table.round is None
        or previous.number != table.round.number - 1
        or previous.status != Round.Status.VOID
        or not previous.result
        or previous.result.get("redeal_by") is None
    ):
        return ""
    asker = int(previous.result["redeal_by"])
    if asker == viewer:
        return _("You asked for a re-deal: the cards were dealt again.")
    return _("%(name)s asked for a re-deal: the cards were dealt again.") % {"name": names[asker]}
