"""Thousand's rules page, step by step as in the original help page ("Krok 1 … Krok 10"): the
steps' texts, the rules of this site, tips and the options; each step's illustration is drawn
by ``rules_pictures`` from real engine states."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.rules.steps import Step
from games.thousand.engine.cards import MARRIAGE_VALUES as SUIT_MARRIAGE_VALUES
from games.thousand.engine.cards import RANK_POINTS, RANKS, SUITS
from games.thousand.web.cards import suit_plural
from games.thousand.web.forms import CHOICE_LABELS, HELP, LABELS
from games.thousand.web.rules_drawing import rank_name
from games.thousand.web.rules_pictures import (
    a_trick,
    barrel_and_end,
    bidding,
    card_values,
    following,
    marriage_and_trump,
    musik_and_giving,
    scoring,
    the_contract,
    the_table,
)

RULES_OF_THIS_GAME = (
    gettext_lazy(
        "Thousand is played a little differently in every home. Here the rules above apply, "
        "with the options below chosen when a match is made."
    ),
    gettext_lazy(
        "You must beat: in the suit led play a higher card, and without it a trump, higher "
        "than a trump already played, if you have one."
    ),
    gettext_lazy(
        "A marriage is declared from the second trick on, by leading its king or queen; the "
        "table declares it for you."
    ),
    gettext_lazy(
        "With four nines, or with under 10 points in your cards and no marriage, you may ask "
        "for a re-deal before the bidding."
    ),
    gettext_lazy("The barrel starts at 800 points (at 400 in a match to 500)."),
)

TIPS = (
    gettext_lazy("Bid over 100 only with a marriage, or with a few aces and tens."),
    gettext_lazy(
        "Give the opponents cards without points: nines and jacks of the suits you hold few of."
    ),
    gettext_lazy(
        "Before declaring a marriage, take a trick with an ace: only then may you lead the "
        "king or queen of the pair."
    ),
    gettext_lazy(
        "When the declarer's other opponent is taking the trick, give it a ten or an ace: the "
        "points stay on your side."
    ),
)

OPTION_STEPS = {
    "target": 10,
    "bid_step": 4,
    "following": 7,
    "rounding": 9,
    "four_nines": 4,
    "musik_points": 12,
}
"""The step each option of a match changes (the variants' links)."""


def variants() -> list[dict[str, object]]:
    """The options offered when a match is made, each with its choices and its step."""
    return [
        {
            "label": label,
            "choices": list(CHOICE_LABELS[name].values()),
            "help": HELP.get(name, ""),
            "step": OPTION_STEPS[name],
        }
        for name, label in LABELS.items()
    ]


def page_context() -> dict[str, object]:
    """The parts of the page around the steps: points, the rules here, options, tips."""
    return {
        "card_points": [
            (rank_name(rank), points)
            for rank, points in reversed(list(zip(RANKS, RANK_POINTS, strict=True)))
        ],
        "marriage_points": [
            (_("Marriage of %(suit)s") % {"suit": suit_plural(suit)}, value)
            for suit, value in reversed(list(zip(SUITS, SUIT_MARRIAGE_VALUES, strict=True)))
        ],
        "house_rules": RULES_OF_THIS_GAME,
        "tips": TIPS,
        "variants": variants(),
    }


STEPS = (
    Step(
        1,
        gettext_lazy("The table"),
        gettext_lazy(
            "Thousand is a card game for three: you and two other players, computers or "
            "friends, sitting on your left and on your right. The game uses 24 cards, from the "
            "nine to the ace in each suit. Everyone gets 7 cards, and the last 3 lie face down "
            "in the middle: that is the musik, which goes to the player who wins the bidding "
            "(step 4). At a table of four, the dealer deals to the other three and sits the "
            "hand out."
        ),
        the_table,
    ),
    Step(
        2,
        gettext_lazy("A trick: one round of cards"),
        gettext_lazy(
            "The game is played in tricks. One player puts a card in the middle of the table, "
            "and the other two, in turn, add one card each. Whoever played the strongest card "
            "takes all three: that is one trick. Whoever took the trick leads the next one. A "
            "hand has 8 tricks."
        ),
        a_trick,
    ),
    Step(
        3,
        gettext_lazy("What the cards are worth"),
        gettext_lazy(
            "What counts are the points of the cards you take in tricks. An ace is worth 11 "
            "points, a ten 10, a king 4, a queen 3, a jack 2 and a nine nothing. All the cards "
            "together make 120 points. The cards are strong in the same order: here the ten "
            "beats the king, the queen and the jack, and only the ace beats it."
        ),
        card_values,
    ),
    Step(
        4,
        gettext_lazy("Bidding: who plays, and for how much"),
        gettext_lazy(
            "Before the play, the players bid. The player on the dealer's left starts at 100. "
            "Then each in turn bids 10 more or says “pass”, and bids no more in this hand. The "
            "last one left is the declarer. Without a marriage in your hand (step 8) you may "
            "bid at most 120: set the number with the − and + buttons, then press “Bid”. "  # noqa: RUF001 (the button)
            "Before the bidding, a player holding all four nines, or under 10 points in cards "
            "and no marriage, may ask for a new deal."
        ),
        bidding,
    ),
    Step(
        5,
        gettext_lazy("The musik and a card for each opponent"),
        gettext_lazy(
            "The declarer turns the musik up, so that everyone sees its 3 cards, and takes it "
            "into the hand. That makes 10 cards, so the declarer gives one card to each "
            "opponent: first to the player on the left, then to the one on the right. Tap the "
            "card you want to give. Then everyone has 8 cards."
        ),
        musik_and_giving,
    ),
    Step(
        6,
        gettext_lazy("How much you play for"),
        gettext_lazy(
            "Now the declarer says how much they will play for, the contract: at least the "
            "bid, and more if the musik helped. Here too the limit is 120 without a marriage, "
            "and 120 plus their value with marriages. The declarer must then score that many "
            "points from cards and marriages. Choose the number and press “Play”."
        ),
        the_contract,
    ),
    Step(
        7,
        gettext_lazy("Playing a card: the suit, a higher card, trump"),
        gettext_lazy(
            "The declarer leads the first trick. You must play a card of the suit led, and a "
            "higher one than the highest already played, if you have one. Without that suit you "
            "must play a trump (step 8), if you have one, and a higher trump than one already "
            "played, if you have one. Only with neither the suit nor a trump may you play any "
            "card. The table lights up the cards you may play and dims "
            "the others."
        ),
        following,
    ),
    Step(
        8,
        gettext_lazy("Marriages and trump"),
        gettext_lazy(
            "A marriage is the king and the queen of one suit. It scores: hearts 100, diamonds "
            "80, clubs 60, spades 40. You declare it when you lead a trick: lead the king or "
            "the queen of the pair (the table marks them with a gold dot); not in the first "
            "trick. From then on that suit is trump: any trump beats any card of another suit, "
            "even an ace. The next marriage makes its own suit trump."
        ),
        marriage_and_trump,
    ),
    Step(
        9,
        gettext_lazy("Counting the points"),
        gettext_lazy(
            "After the 8 tricks, everyone counts the points of the cards in their tricks and of "
            "their marriages. A declarer who scored at least the contract gets exactly that "
            "number; with less, they lose as much. The opponents get their points rounded to "
            "tens (a 5 rounds down). For example: the declarer played 120 and scored 78 from "
            "cards and 60 from a marriage, 138 in all, so gets 120; the opponents, with 24 and "
            "18 points, get 20 each."
        ),
        scoring,
    ),
    Step(
        10,
        gettext_lazy("The barrel and the end of the match"),
        gettext_lazy(
            "The first to reach 1000 points wins. From 800 points a player is “on the barrel”: "
            "they score only as declarer, so they must win the bidding and make their "
            "contract. A player who is not the declarer never goes past 990. In the lobby you "
            "can choose a shorter match, to 500 points; the barrel then starts at 400, and a "
            "player who is not the declarer never goes past 490."
        ),
        barrel_and_end,
    ),
)
