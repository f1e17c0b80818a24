"""The rules in a minute, in words for players: one text for every place that shows them
(the bot's /rules, in the reader's language; the terminal table's ``rules``, in English:
``str()`` of a text). The words are the catalog's (:mod:`stickem.texts`)."""

from __future__ import annotations

from stickem.texts import t
from tabletop.catalog import Text

__all__ = ["INTRO", "SECTIONS"]

INTRO: Text = t("rules.intro")
"""What the game is, in two sentences."""

SECTIONS: tuple[tuple[Text, Text], ...] = (
    (t("rules.misery.title"), t("rules.misery.text")),
    (t("rules.trick.title"), t("rules.trick.text")),
    (t("rules.winner.title"), t("rules.winner.text")),
    (t("rules.scoring.title"), t("rules.scoring.text")),
)
"""(title, paragraph) pairs, in the order a newcomer needs them."""
