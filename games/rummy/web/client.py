"""The words of the page's own check of the sets being arranged.

The script mirrors the engine's set rules (``games.rummy.engine.sets``) to mark invalid
sets while the player arranges them; its messages are the engine's own, so a set marked in
the page reads as the server's refusal would. The server stays the authority.
"""

from __future__ import annotations

from django.utils.translation import gettext as _


def client_text() -> dict[str, str]:
    """Message templates by the key the script uses; ``{set}`` and the like are filled in
    by the script."""
    return {
        "too_short": _("The set {set} is too short: a set needs 3 tiles."),
        "no_number": _("The set {set} needs at least one number tile."),
        "group_size": _("The group {set} has {count} tiles; a group has at most 4."),
        "group_twice": _("The group {set} has {tile} twice; its colours must all differ."),
        "mixed": _(
            "The set {set} mixes colours and numbers: a group has one number, a run one colour."
        ),
        "run_twice": _("The run {set} has {tile} twice."),
        "order": _("The run {set} is not in ascending order."),
        "gap": _("The run {set} has a gap."),
        "crowded": _("The run {set} has too many tiles between {low} and {high}."),
        "below": _("The run {set} goes below 1: 1 can only be the lowest tile."),
        "past": _("The run {set} goes past 13: nothing follows 13."),
        "not_back": _("A tile that was on the table cannot go back to your rack."),
        "not_melded": _("Before your initial meld you may not touch the sets on the table."),
        "selected": _("{tile} picked up: choose a set, the new set or your rack to put it."),
        "more_invalid": _("Sets not valid yet: {count} more."),
        "set_label": _("Set {number}"),
        "set_quote": _("“%(tiles)s”") % {"tiles": "{tiles}"},
        "new_set": _("A new set"),
        "drop_here": _("Drop tiles here to start a new set"),
    }
