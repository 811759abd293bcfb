"""The two functions every caller uses: ``legal_actions`` and ``apply``."""

from __future__ import annotations

from .actions import (
    ACTIONS,
    BID,
    CONTRACT,
    DISCARD,
    GIVE,
    KEEP,
    MUSIK,
    MUSIK_ACTIONS,
    PASS,
    PLAY,
    REDEAL,
    IllegalAction,
    gettext_noop,
    parse_action,
)
from .bidding import answer_redeal, apply_bid, legal_bids
from .musik import (
    apply_contract,
    apply_discard,
    apply_give,
    apply_musik_choice,
    legal_contracts,
    legal_discards,
    legal_gives,
)
from .state import (
    BIDDING,
    CONTRACT_PHASE,
    DISCARDING,
    GIVING,
    MUSIK_PHASE,
    PLAYING,
    REDEAL_PHASE,
    HandState,
)
from .tricks import apply_play, legal_plays

_REDEAL_ANSWERS = ("keep", "redeal")

_EXPECTED = {
    REDEAL_PHASE: gettext_noop("First answer the re-deal question: keep or redeal."),
    BIDDING: gettext_noop("The auction is on: bid or pass."),
    GIVING: gettext_noop("The declarer must first give a card to each opponent."),
    MUSIK_PHASE: gettext_noop("The declarer must first choose one of the two musiks."),
    DISCARDING: gettext_noop("The declarer must first discard two cards."),
    CONTRACT_PHASE: gettext_noop("The declarer must first announce the contract."),
    PLAYING: gettext_noop("The hand is being played: play a card."),
}


def legal_actions(state: HandState) -> tuple[str, ...]:
    """Every action the player to move may take, in canonical notation; empty once over."""
    legal = state._legal
    if legal is None:
        phase = state.phase
        if phase == PLAYING:
            legal = legal_plays(state)
        elif phase == BIDDING:
            legal = legal_bids(state)
        elif phase == GIVING:
            legal = legal_gives(state)
        elif phase == CONTRACT_PHASE:
            legal = legal_contracts(state)
        elif phase == DISCARDING:
            legal = legal_discards(state)
        elif phase == MUSIK_PHASE:
            legal = MUSIK_ACTIONS
        elif phase == REDEAL_PHASE:
            legal = _REDEAL_ANSWERS
        else:
            legal = ()
        state._legal = legal
    return legal


def apply(state: HandState, action: str) -> HandState:
    """The state after the player to move takes ``action``.

    Raises ``IllegalAction`` (and changes nothing) if the rules do not allow it now.
    """
    try:
        kind, argument = ACTIONS[action]
    except (KeyError, TypeError):
        kind, argument = parse_action(action)
    phase = state.phase
    if phase == PLAYING and kind == PLAY:
        return apply_play(state, argument)
    if phase == BIDDING and (kind in (BID, PASS)):
        return apply_bid(state, kind, argument)
    if phase == GIVING and (kind in (GIVE, REDEAL)):
        return apply_give(state, kind, argument)
    if phase == CONTRACT_PHASE and kind == CONTRACT:
        return apply_contract(state, argument)
    if phase == DISCARDING and (kind in (DISCARD, REDEAL)):
        return apply_discard(state, kind, argument)
    if phase == MUSIK_PHASE and kind == MUSIK:
        return apply_musik_choice(state, argument)
    if phase == REDEAL_PHASE and (kind in (KEEP, REDEAL)):
        return answer_redeal(state, kind)
    expected = _EXPECTED.get(phase)
    if expected is None:
        raise IllegalAction(gettext_noop("The hand is over."))
    raise IllegalAction(expected)
