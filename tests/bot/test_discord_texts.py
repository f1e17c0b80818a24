"""A game's message whose texts come from its catalog reaches Discord filled in, in the reader's
language: every text of the message (content, embeds, buttons, selects) and nested texts, through
the one converter (:func:`bot.tables.payload.localized`) to the payload discord.py sends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.tables.payload import localized, send_kwargs
from tabletop.catalog import Catalog
from tabletop.presentation import Button, Choice, Embed, EmbedField, Message, Select

ENGLISH = """
turn = "Your turn, {name}: you hold {cards}."
cards = { one = "{count} card", other = "{count} cards" }
score = "Scores"
total = "{points:n} points"
footer = "Round {round}"
play = "Play {card}"
red = "red {rank}"
pick = "Pick a card"
keep = "Keep it"
"""

GERMAN = """
turn = "Du bist dran, {name}: du hast {cards}."
cards = { one = "{count} Karte", other = "{count} Karten" }
score = "Punkte"
total = "{points:n} Punkte"
footer = "Runde {round}"
play = "{card} spielen"
red = "rot {rank}"
pick = "Wähle eine Karte"
keep = "Behalten"
"""


@pytest.fixture
def catalog(tmp_path: Path) -> Catalog:
    (tmp_path / "en.toml").write_text(ENGLISH, encoding="utf-8")
    (tmp_path / "de.toml").write_text(GERMAN, encoding="utf-8")
    return Catalog(tmp_path)


def prompt(catalog: Catalog) -> Message:
    """A prompt whose every text is a catalog text (a card's name nested in a button's label)."""
    t = catalog.lazy
    red7 = t("red", rank=7)
    return Message(
        t("turn", name="Ada", cards=t("cards", count=1)),
        embeds=(
            Embed(
                t("score"),
                description=t("total", points=1500),
                fields=(EmbedField(t("red", rank=2), t("total", points=3)),),
                footer=t("footer", round=2),
            ),
        ),
        rows=(
            (Button(t("play", card=red7), "p:red7"),),
            (Select(t("pick"), "pick", (Choice(red7, "red7", description=t("keep")),)),),
        ),
    )


def payload(message: Message, language: str) -> dict[str, Any]:
    """What discord.py is given to send ``message`` to a reader of ``language``."""
    kwargs = send_kwargs(localized(message, language, custom_id=lambda intent: f"id:{intent}"))
    return {
        "content": kwargs["content"],
        "embeds": [embed.to_dict() for embed in kwargs["embeds"]],
        "components": kwargs["view"].to_components(),
    }


def test_a_message_of_catalog_texts_reaches_discord_in_the_readers_language(catalog: Catalog) -> None:
    sent = payload(prompt(catalog), "de")
    assert sent["content"] == "Du bist dran, Ada: du hast 1 Karte."
    embed = sent["embeds"][0]
    assert (embed["title"], embed["description"]) == ("Punkte", "1.500 Punkte")
    assert embed["footer"]["text"] == "Runde 2"
    assert embed["fields"] == [{"name": "rot 2", "value": "3 Punkte", "inline": False}]
    button, select = (row["components"][0] for row in sent["components"])
    assert (button["label"], button["custom_id"]) == ("rot 7 spielen", "id:p:red7")
    assert select["placeholder"] == "Wähle eine Karte"
    option = select["options"][0]
    assert (option["label"], option["value"], option["description"]) == ("rot 7", "red7", "Behalten")


def test_without_a_language_the_message_is_english(catalog: Catalog) -> None:
    spec = localized(prompt(catalog))
    assert spec.content == "Your turn, Ada: you hold 1 card."
    assert spec.embeds[0].description == "1,500 points"
    assert spec.rows[0][0].label == "Play red 7"


def test_plain_strings_and_the_dm_header_stay_as_they_are(catalog: Catalog) -> None:
    message = Message("Plain words.", rows=((Button("Go", "go"),),))
    spec = localized(message, "de", header="**Table**")
    assert spec.content == "**Table**\nPlain words."
    assert spec.rows[0][0].label == "Go"
