"""Stick Game's catalog: its keys and the code agree, German is complete, no sentence is left in
the modules that show the game on Discord, and real messages of a real game read as German
Rommé players say it (card words, Satz/Folge, auslegen/anlegen/abwerfen) with no English left."""

from __future__ import annotations

import re

import pytest

from stickgame import STICKS, Card
from stickgame.hosting import GAME, StickGameMatch
from stickgame.present_text import card_name, stick_name
from stickgame.texts import CATALOG
from tabletop import OptionError, Refused
from tabletop.catalog import render
from tabletop.presentation import Button, Message, Redraw, Select
from tests.game_catalogs import check_catalog, sentences_left

from .helpers import rig

MODULES = [
    "stickgame.presentation",
    "stickgame.present_prompt",
    "stickgame.present_draft",
    "stickgame.present_table",
    "stickgame.present_text",
    "stickgame.replay",
    "stickgame.refusals",
    "stickgame.hosting",
    "stickgame.art",
    "stickgame.drawn_hand",
    # The terminal table (``stickgame play``).
    "stickgame.terminal",
    "stickgame.terminal_words",
    "stickgame.terminal_commands",
]
"""The modules whose texts a player reads: on Discord, and at the terminal table."""

P = GAME.presentation
NAMES = ["Alice", "Bob", "Carol"]
STICK_6 = STICKS[5]  # a run of 4 and a set

ENGLISH = re.compile(
    r"\b(the|your|you|and|draw|drew|stock|discard|discarded|meld|melds|run|runs|set|sets|wild|wilds|"
    r"card|cards|round|turn|lay|laid|points|point|of|joker|jack|queen|king|ace|hearts|spades|clubs|"
    r"diamonds|completed|wins|over|choose|take|needs)\b"
)
"""English words that German texts must not show (case-sensitive: "Joker" is German too)."""


def everything(message: Message, language: str = "de") -> str:
    """Every text of ``message`` in ``language``, one per line: content, embeds, labels,
    placeholders, choices."""
    texts = [render(message.content, language)]
    for embed in message.embeds:
        texts += [
            render(embed.title, language),
            render(embed.description, language),
            render(embed.footer, language),
        ]
        texts += [render(part, language) for field in embed.fields for part in (field.name, field.value)]
    for item in message.components():
        if isinstance(item, Button):
            texts.append(render(item.label, language))
        else:
            texts.append(render(item.placeholder, language))
            for choice in item.choices:
                texts += [render(choice.label, language), render(choice.description, language)]
    return "\n".join(texts)


def leftovers(text: str) -> list[str]:
    """The English words in ``text`` (the players' names and the game's name aside)."""
    cleaned = text.replace("Stick Game", "")
    return ENGLISH.findall(cleaned)


def rigged(**kwargs: object) -> StickGameMatch:
    match = GAME.new_match(3, GAME.resolve_options({}), seed=11)
    rig(match.game, **kwargs)  # type: ignore[arg-type]
    return match


def button(message: Message, label: str) -> Button:
    found = next(
        (item for item in message.components() if isinstance(item, Button) and render(item.label) == label),
        None,
    )
    assert found is not None, f"no button {label!r}"
    return found


def select(message: Message, placeholder: str) -> Select:
    found = next(
        (
            i
            for i in message.components()
            if isinstance(i, Select) and render(i.placeholder).startswith(placeholder)
        ),
        None,
    )
    assert found is not None, f"no select {placeholder!r}"
    return found


def test_the_catalog_and_the_code_agree_and_german_is_complete() -> None:
    check_catalog("stickgame", MODULES)


def test_no_sentence_is_left_in_the_modules_players_read() -> None:
    assert list(sentences_left(MODULES)) == []


def test_card_and_stick_names_are_as_german_players_say_them() -> None:
    assert [render(card_name(Card.parse(code)), "de") for code in ("JC", "QH", "KS", "AD", "10H", "*")] == [
        "B♣", "D♥", "K♠", "A♦", "10♥", "Joker",
    ]  # fmt: skip
    assert render(stick_name(STICKS[12]), "de") == "2 Folgen aus 4"
    assert render(stick_name(STICKS[28]), "de") == "3 Könige und 3 Damen"
    assert render(stick_name(STICKS[12])) == "2 runs of 4"  # English unchanged


def test_the_draw_prompt_in_german() -> None:
    match = rigged(
        phase="draw", hands={0: "5C 6C JC * 9S QH 9D", 1: "4D 4D", 2: "8S"}, discard="QD", sticks={0: STICK_6}
    )
    text = everything(P.prompt(match.view(0), NAMES))
    for words in ("Runde 1", "du bist am Zug: zieh eine Karte",
                  "Dein Stick: **eine Folge aus 4 und ein Satz**", "Deine Hand (7 Karten):",
                  "Kreuz: 5♣ 6♣ B♣", "Joker: Joker", "Herz: D♥",
                  "Ablagestapel: ♦️ D♦ · Stapel:", "Vom Stapel ziehen", "Ablage nehmen (D♦)"):  # fmt: skip
        assert words in text, (words, text)
    assert leftovers(text) == [], text


def test_the_lay_down_builder_and_the_discard_select_in_german() -> None:
    match = rigged(
        hands={0: "5C 6C 7C * 9S 9H 9D KD 3H", 1: "4D 4D", 2: "8S"}, discard="QD", sticks={0: STICK_6}
    )
    main = P.prompt(match.view(0), NAMES)
    text = everything(main)
    assert "Stick auslegen" in text and "Karte abwerfen und Zug beenden" in text
    assert "Du darfst nicht abwerfen: deine Joker (Joker)" in text
    assert leftovers(text) == [], text
    opened = P.click(match.view(0), button(main, "Lay down your stick").intent, ())
    assert isinstance(opened, Redraw)
    builder = everything(P.prompt(match.view(0), NAMES, draft=opened.draft))
    assert "**Stick auslegen:** **eine Folge aus 4 und ein Satz** (7 Punkte)" in builder
    assert (
        "Kombination 1: Joker(=4♣) 5♣ 6♣ 7♣ ✓" in builder or "Kombination 1: 5♣ 6♣ 7♣ Joker(=8♣) ✓" in builder
    )
    assert "Kombination 2: 9♦ 9♥ 9♠ ✓" in builder and "Übrige Karten (2 Karten):" in builder
    assert "Auslegen" in builder and "Abbrechen" in builder
    assert leftovers(builder) == [], builder
    discard = select(main, "Discard a card")
    with pytest.raises(Refused) as refused:
        P.click(match.view(0), discard.intent, ["*"])
    assert (
        render(refused.value.message, "de")
        == "Du darfst Joker nicht abwerfen: Joker dürfen nicht abgeworfen werden."
    )


def test_the_table_with_melds_and_wilds_and_the_round_report_in_german() -> None:
    match = rigged(
        hands={0: "5C 6C 7C * 9S 9H 2D KD", 1: "4D 4D", 2: "8S"},
        melds=[(1, "5H 6H * 8H"), (2, "QS QS 2C")],
        discard="QD",
        sticks={0: STICK_6},
    )
    table = everything(P.table(match.view(None), NAMES, notes=[], stopped=False))
    for words in ("**Stick Game** · Runde 1 · Geber:", "wer zuerst 7 Sticks hat, beendet das Spiel",
                  "die meisten Sticks gewinnen", "Am Zug: **Alice** (spielt und wirft ab)",
                  "#1 5♥ 6♥ Joker(=7♥) 8♥", "#2 D♠ D♠ 2♣(=D)", "**Bob** · 0 Sticks · 2 Karten"):  # fmt: skip
        assert words in table, (words, table)
    assert leftovers(table) == [], table

    match = GAME.new_match(3, GAME.resolve_options({"sticks_to_win": 1}), 9)
    rig(match.game, hands={0: "5C 6C 7C 8C 9S 9H 9D", 1: "3C 3D", 2: "4S"}, discard="QD", sticks={0: STICK_6})
    events = match.apply(0, "L 5C 6C 7C 8C | 9S 9H 9D")
    public = match.view(None)
    reports = "\n".join(everything(message) for message in P.reports(events, public, NAMES))
    closed = P.round_closed(events, public, NAMES)
    assert closed is not None
    reports += "\n" + everything(closed)
    for words in ("Runde 1 ist vorbei: **Alice** ist rausgegangen (hat den Stick ausgelegt).",
                  "Ergebnis der Runde 1", "Stick erfüllt: **eine Folge aus 4 und ein Satz** (7 Punkte)",
                  "Stick nicht ausgelegt", "Endstand", "**Spiel vorbei!** Alice gewinnt.",
                  "1. **Alice**: 1 Stick · 7 Punkte · **Sieg**"):  # fmt: skip
        assert words in reports, (words, reports)
    assert leftovers(reports) == [], reports
    done = P.acted(match.view(0), "L 5C 6C 7C 8C | 9S 9H 9D", NAMES)
    assert done is not None and render(done.content, "de").startswith("Du hast deinen Stick ausgelegt: ")


def test_the_engines_refusals_reach_players_in_german() -> None:
    match = rigged(
        hands={0: "5C 6C 7C * 9S 9H 9D KD 3H", 1: "4D 4D", 2: "8S"}, discard="QD", sticks={0: STICK_6}
    )
    with pytest.raises(Refused) as turn:
        match.apply(1, "S")
    assert render(turn.value.message, "de") == "du bist nicht am Zug" and turn.value.turn_of == (0,)
    with pytest.raises(Refused) as meld:
        match.apply(0, "L 5C 6C 7C | 9S 9H 9D")
    german = render(meld.value.message, "de")
    assert german == (
        "eine Folge aus 4 braucht mindestens 4 Karten einer Farbe in Folge; 5♣ 6♣ 7♣ sind nur 3 Karten"
    )
    assert str(meld.value) == (  # the English sentence, as the engine says it
        "a run of 4 needs at least 4 cards of one suit in sequence; 5♣ 6♣ 7♣ has 3 cards"
    )
    with pytest.raises(Refused) as wild:
        match.apply(0, "X *")
    assert render(wild.value.message, "de") == "Joker dürfen nicht abgeworfen werden"
    gapped = rigged(hands={0: "5C 6C 9C 10C * 9S 9H 9D 3H", 1: "4D", 2: "8S"}, sticks={0: STICK_6})
    with pytest.raises(Refused) as gap:
        gapped.apply(0, "L 5C 6C 9C * | 9S 9H 9D")
    assert "5♣ 6♣ 9♣ Joker hat eine Lücke bei 7♣ 8♣ und nur 1 Joker" in render(gap.value.message, "de")


def test_every_entry_with_words_is_translated() -> None:
    """Every German entry with words in it is translated (differs from the English one), but
    for the game's own name."""
    english, german = CATALOG.entries("en"), CATALOG.entries("de")

    def words(entry: object) -> str:
        return re.sub(r"\{[^}]*\}", "", str(entry))

    same = sorted(
        key for key in english if german[key] == english[key] and re.search(r"[a-z]{3,}", words(english[key]))
    )
    assert same == ["spec.title"], same  # the game's own name


def test_a_refused_player_count_and_the_hosts_future_texts_read_in_german() -> None:
    with pytest.raises(OptionError) as refused:
        GAME.new_match(1, GAME.resolve_options({}), seed=1)
    assert render(refused.value.message, "de") == "Stick Game ist für 2\N{EN DASH}8 Spieler, nicht für 1."
    assert str(refused.value) == "Stick Game is for 2-8 players, not 1."
    assert str(GAME.description) == CATALOG.text("spec.description")  # English by default
    assert render(GAME.description, "de") == CATALOG.text("spec.description", language="de")
    hand_size = next(option for option in GAME.options if option.name == "hand_size")
    assert render(hand_size.help, "de") == "Karten, die jeder Spieler bekommt"
    assert [str(option.help) for option in GAME.options] == [
        CATALOG.text(f"option.{option.name}.help") for option in GAME.options
    ]
