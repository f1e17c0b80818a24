"""The rules in a minute, in words for players: one text for every place that shows them
(the bot's /rules, the terminal table's ``rules``)."""

from __future__ import annotations

INTRO = (
    "3 to 7 players, 15 cards each. A round: everyone picks a misery card, then 14 tricks "
    "are played. The highest total after the last round wins."
)
"""What the game is, in two sentences."""

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "Misery color",
        "At the start of each round everyone secretly picks one card of their hand. Its color is "
        "their misery color for the round. The picks are revealed together once everyone has "
        "picked; the card is never played and counts against its owner.",
    ),
    (
        "Playing a trick",
        "The leader plays any card; then everyone plays one card, clockwise. You never have to "
        "follow suit. The first card's color is the lead color. The trick's winner leads next.",
    ),
    (
        "Who takes the trick",
        "A non-zero card of any other color than the lead color is a trump: the highest trump "
        "wins. With no trump, the highest lead-color card wins. On equal values the card played "
        "first wins. A 0 of another color never wins.",
    ),
    (
        "Scoring",
        "+1 for every captured card that is not of your misery color; minus the value of every "
        "captured card of your misery color, and minus the value of your misery card. Totals "
        "may go negative.",
    ),
)
"""(title, paragraph) pairs, in the order a newcomer needs them."""
