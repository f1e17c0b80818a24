"""A replay step names its cards in its reader's language: a German reader reads the cards and
melds of every built-in game as the game's German catalog names them, an English reader reads
exactly the cards' own texts, as before."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache

import pytest

import stickem.cards
import stickgame.cards
import stupid.cards
from bot.replays import step_message
from bot.replays.step_message import ShownReplay
from bot.tables.payload import localized
from stickem.card_text import card_name as stickem_name
from stickgame.melds import position_card
from stickgame.present_text import card_name as stickgame_name
from stickgame.replay import engine as stickgame_engine
from stupid.messages.words import card_text as stupid_name
from tabletop import registry
from tabletop.catalog import Text, render
from tabletop.presentation import Embed, Message
from tabletop.replay import Replayable, ReplayStep, replay_steps
from tests.replay.played import Played, play_out

NAMES = ("Ann", "Bob", "Chidi", "Dana")
GAMES = [("stickem", 4, 2024), ("stupid", 3, 8), ("stickgame", 3, 31)]

Namer = Callable[[str], str | Text]
"""A card's own text (as a snapshot holds it) to the game's catalog name of that card."""

NAMERS: dict[str, Namer] = {
    "stickem": lambda shown: stickem_name(stickem.cards.Card.parse(shown)),
    "stupid": lambda shown: stupid_name(stupid.cards.Card.parse(shown)),
    "stickgame": lambda shown: stickgame_name(stickgame.cards.Card.parse(shown)),
}


def step_embed(replay: ShownReplay, index: int, language: str) -> Embed:
    """Step ``index`` as a reader of ``language`` reads it."""
    return localized(Message("", (step_message.step_embed(replay, index),)), language).embeds[0]


@cache
def _replay(game: str, players: int, seed: int) -> tuple[ShownReplay, tuple[Played, ...]]:
    spec = registry.game(game)
    assert isinstance(spec, Replayable)
    options = spec.resolve_options({})
    match, played = play_out(spec, players, options, seed, "random")
    steps = replay_steps(spec, players, options, seed, match.log)  # type: ignore[arg-type]
    return ShownReplay(game, 1, NAMES[:players], steps), tuple(played)


def _german(cards: Sequence[str], namer: Namer) -> list[str]:
    return [render(namer(card), "de") for card in cards]


def _hands(replay: ShownReplay, index: int, language: str) -> list[str]:
    return [(field.value or "").splitlines()[0] for field in step_embed(replay, index, language).fields]


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_a_german_reader_reads_every_hand_in_the_games_german_card_names(
    game: str, players: int, seed: int
) -> None:
    replay, _ = _replay(game, players, seed)
    namer = NAMERS[game]
    differs = False
    for index in (0, len(replay.steps) // 2):
        snapshot = replay.steps[index].snapshot
        for shown, hand in zip(_hands(replay, index, "de"), snapshot.hands, strict=True):
            german = _german(hand, namer)
            assert shown == ", ".join(german)
            differs = differs or german != list(hand)
    assert differs, "no card of these hands has other words in German: the test would prove nothing"


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_an_english_reader_reads_each_cards_own_text_as_before(game: str, players: int, seed: int) -> None:
    replay, _ = _replay(game, players, seed)
    for index, step in enumerate(replay.steps):
        snapshot = step.snapshot
        assert _hands(replay, index, "en") == [", ".join(hand) or "no cards" for hand in snapshot.hands]
        description = step_embed(replay, index, "en").description or ""
        for seat, what in snapshot.table:
            assert f"{NAMES[seat]}: {what}" in description


def _first_with_table(replay: ShownReplay, key: str) -> tuple[int, ReplayStep]:
    return next(
        (i, s)
        for i, s in enumerate(replay.steps)
        if s.snapshot.table and s.label.key == key and not s.label.fields.get("out", 0)
    )


@pytest.mark.parametrize(("game", "players", "seed"), GAMES[:2])
def test_a_german_reader_reads_the_trick_and_the_extras_in_german(game: str, players: int, seed: int) -> None:
    replay, _ = _replay(game, players, seed)
    namer = NAMERS[game]
    index, step = _first_with_table(replay, "trick")
    description = step_embed(replay, index, "de").description or ""
    for seat, card in step.snapshot.table:
        assert f"{NAMES[seat]}: {render(namer(card), 'de')}" in description
    for cards in step.snapshot.extras.values():
        for card in filter(None, cards):
            assert render(namer(card), "de") in description


def test_a_german_reader_reads_the_melds_and_their_wilds_in_german() -> None:
    replay, played = _replay("stickgame", 3, 31)
    index, step = _first_with_table(replay, "turn")
    melds = stickgame_engine(played[step.end - 1].after).melds
    table = (step_embed(replay, index, "de").description or "").splitlines()
    lines = [line for line in table if line.startswith(tuple(f"{name}: " for name in NAMES))]
    assert len(lines) == len(melds)
    for meld, line in zip(melds, lines, strict=True):
        shown = line.removeprefix(f"{NAMES[meld.owner]}: ")
        cards = [str(card) for card in meld.meld.cards]
        assert re.sub(r"=\S+", "", shown) == " ".join(_german(cards, NAMERS["stickgame"]))
        for position, card in zip(meld.meld.positions, meld.meld.cards, strict=True):
            if card.is_wild and meld.meld.kind == "run" and meld.meld.suit is not None:
                role = position_card(meld.meld.suit, position)
                assert f"={render(stickgame_name(role), 'de')}" in shown
