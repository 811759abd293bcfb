"""What the viewer is asked to do now, and the controls to show for it."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.thousand.engine import (
    BIDDING,
    CONTRACT_PHASE,
    DISCARDING,
    GIVING,
    MUSIK_PHASE,
    OVER,
    PLAYING,
    REDEAL_PHASE,
    Observation,
)
from games.thousand.engine.state import PLAIN_LIMIT
from games.thousand.web.cards import (
    CARD_POINTS,
    MARRIAGE_VALUES,
    SUIT_ORDER,
    CardView,
    suit_plural,
)
from games.thousand.web.log import log_entry
from games.thousand.web.summary import hand_summary
from games.thousand.web.viewmodels import TableView

MOVES = ("redeal", "bid", "musik", "give", "discard", "contract", "play")
"""The controls with which the viewer makes a move (it is their turn)."""


def controls(result: TableView, view: Observation, names: list[str], finished: bool) -> None:
    """The controls the seat is offered now, and the prompt above them."""
    legal = view.legal
    result.poll = not finished and view.phase != OVER and not legal
    if finished:
        result.controls = "finished"
        hand_summary(result, view, names)
        if result.resigned:
            result.prompt = result.resigned
        elif result.i_won:
            result.prompt = _("You won the match!")
        else:
            result.prompt = _("%(name)s won the match.") % {"name": result.winner}
    elif view.phase == OVER:
        result.controls = "next"
        hand_summary(result, view, names)
        result.prompt = result.outcome or _("The hand is over.")
    elif not legal:
        result.controls = "wait"
        result.prompt = _waiting_prompt(view, names)
    else:
        offered = _OFFERED.get(view.phase)
        if offered is not None:
            offered(result, view, names)


def _redeal_controls(result: TableView, view: Observation, names: list[str]) -> None:
    result.controls = "redeal"
    result.prompt = _redeal_prompt(view)


def _bid_controls(result: TableView, view: Observation, names: list[str]) -> None:
    result.controls = "bid"
    bids = [int(a.split(":")[1]) for a in view.legal if a.startswith("bid:")]
    result.can_raise = bool(bids)
    result.bid_min = min(bids, default=0)
    result.bid_max = max(bids, default=0)
    if bids:
        result.range_note = range_note(result.bid_min, result.bid_max, view.hand)
    high = {"bid": view.bid, "name": result.bidder}
    result.prompt = (
        _("The bid is %(bid)s (%(name)s). Raise or pass.") % high
        if bids
        else _("The bid is %(bid)s (%(name)s). You cannot go higher: pass.") % high
    )


def _give_controls(result: TableView, view: Observation, names: list[str]) -> None:
    result.controls = "give"
    result.may_abandon = "redeal" in view.legal
    receiver = names[(view.seat + 1 + len(view.gives)) % 3]
    result.give_to = receiver
    if view.gives:
        result.prompt = _("Now choose a card to give to %(name)s (on your right).") % {
            "name": receiver
        }
    else:
        result.prompt = _("Choose a card to give to %(name)s (on your left).") % {"name": receiver}


def _musik_controls(result: TableView, view: Observation, names: list[str]) -> None:
    result.controls = "musik"
    result.prompt = _(
        "You won the auction at %(value)s. Choose a musik: both lie face down, so neither is "
        "better than the other."
    ) % {"value": view.bid}


def _discard_controls(result: TableView, view: Observation, names: list[str]) -> None:
    result.controls = "discard"
    result.may_abandon = "redeal" in view.legal
    result.prompt = (
        _("Now lay away one more card, face down.")
        if view.discards
        else _("Lay away two cards, face down, one at a time: choose the first.")
    )


def _contract_controls(result: TableView, view: Observation, names: list[str]) -> None:
    result.controls = "contract"
    values = [int(a.split(":")[1]) for a in view.legal]
    result.bid_min = min(values)
    result.bid_max = max(values)
    result.can_raise = result.bid_max > result.bid_min
    result.range_note = range_note(result.bid_min, result.bid_max, view.hand)
    result.prompt = (
        _("Choose your contract: %(low)s to %(high)s.")
        % {"low": result.bid_min, "high": result.bid_max}
        if result.can_raise
        else _("Your contract is %(value)s: announce it.") % {"value": result.bid_min}
    )


def _play_controls(result: TableView, view: Observation, names: list[str]) -> None:
    result.controls = "play"
    result.prompt = _lead_prompt(view, result.hand)


_OFFERED: dict[str, Callable[[TableView, Observation, list[str]], None]] = {
    REDEAL_PHASE: _redeal_controls,
    BIDDING: _bid_controls,
    MUSIK_PHASE: _musik_controls,
    GIVING: _give_controls,
    DISCARDING: _discard_controls,
    CONTRACT_PHASE: _contract_controls,
    PLAYING: _play_controls,
}
"""The controls of each phase in which the seat has something to do."""


def range_note(low: int, high: int, hand: tuple[str, ...]) -> SafeString:
    """The values allowed now and where the limit comes from: 120 plus the marriages held."""
    span = str(low) if low == high else f"{low}\N{EN DASH}{high}"
    suits = [suit for suit in SUIT_ORDER if f"K{suit}" in hand and f"Q{suit}" in hand]
    if not suits:
        return log_entry(
            _("%(range)s: at most %(limit)s without a marriage"), range=span, limit=PLAIN_LIMIT
        ).html
    marriages = SafeString(
        " + ".join(
            log_entry(
                _("your %(suit)s marriage %(value)s"),
                suit=("suit", suit),
                value=MARRIAGE_VALUES[suit],
            ).html
            for suit in suits
        )
    )
    template = _("%(range)s: %(limit)s + %(marriages)s")
    return log_entry(template, range=span, limit=PLAIN_LIMIT, marriages=marriages).html


def _redeal_prompt(view: Observation) -> str:
    """Why the viewer may ask for a re-deal, and the question."""
    four_nines = sum(1 for code in view.hand if code[0] == "9") == 4
    if four_nines and view.rules.four_nines == "redeal":
        return _("You hold all four 9s: keep your cards or ask for a re-deal?")
    points = sum(CARD_POINTS[code[0]] for code in view.hand)
    return ngettext(
        "Your cards are worth %(points)s point, with no marriage: keep them or ask for a re-deal?",
        "Your cards are worth %(points)s points, with no marriage: keep them or ask for a re-deal?",
        points,
    ) % {"points": points}


def _lead_prompt(view: Observation, hand: list[CardView]) -> str:
    """What the viewer may play now, with a word on marriages when leading one is possible."""
    if view.trick:
        return _("Your turn: play a highlighted card.")
    marriage_suits = [card.suit_letter for card in hand if card.marriage and card.code[0] == "K"]
    if not view.tricks:
        if marriage_suits:
            return _("Your lead: play any card (no marriages in the first trick).")
        return _("You lead the first trick: play any card.")
    if not marriage_suits:
        return _("Your lead: play any card.")
    if len(marriage_suits) == 1:
        suit = marriage_suits[0]
        return _(
            "Your lead. Leading the king or queen of %(suit)s declares the marriage (%(value)s)."
        ) % {"suit": suit_plural(suit), "value": MARRIAGE_VALUES[suit]}
    marriages = ", ".join(
        f"{suit_plural(suit)} ({MARRIAGE_VALUES[suit]})" for suit in marriage_suits
    )
    return _("Your lead. Leading a king or queen declares its marriage: %(marriages)s.") % {
        "marriages": marriages
    }


def _waiting_prompt(view: Observation, names: list[str]) -> str:
    if view.to_move is None:
        if view.phase == REDEAL_PHASE:
            return _("Checking the hands for a re-deal…")
        return ""
    name = names[view.to_move]
    if view.phase == GIVING:
        return _("%(name)s took the musik and is giving a card to each opponent…") % {"name": name}
    if view.phase == MUSIK_PHASE:
        return _("%(name)s is choosing a musik…") % {"name": name}
    if view.phase == DISCARDING:
        return _("%(name)s took the musik and is laying away two cards…") % {"name": name}
    if view.phase == CONTRACT_PHASE:
        return _("%(name)s is choosing the contract…") % {"name": name}
    if view.phase == BIDDING:
        return _("%(name)s is bidding…") % {"name": name}
    return _("%(name)s is playing…") % {"name": name}


def announcement(result: TableView) -> str:
    """What a screen reader says after this move: all it did, then what the viewer may do.

    One move can say several things (the card that closes a trick and who took it; a card,
    the marriage it declares and the new trump), so every line of the last move is read.
    """
    if result.redeal_note and len(result.log) <= 1:
        parts = [result.redeal_note]
    else:
        last_step = result.log[-1].step if result.log else None
        parts = [entry.text for entry in result.log if entry.step == last_step]
    if result.controls in ("next", "finished"):
        parts.append(result.outcome)
    if result.controls not in ("wait", "next"):
        parts.append(result.prompt)
    return " ".join(part for part in parts if part)
