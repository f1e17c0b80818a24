"""Rendering of the host's own messages (lobby, timer, standings, names), the /score answer, and
custom ids. Stick'em's messages are its presentation's: tests/stickem/test_render_moved.py."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import pytest

from bot.ids import (
    ActionId,
    LobbyId,
    MiseryConfirmId,
    MiserySelectId,
    PlayId,
    StopId,
)
from bot.tables import host_messages as render
from bot.tables.payload import localized, send_kwargs
from bot.tables.service import TableService
from host.catalog import Text, text
from host.tables import TableRegistry
from stickem import Card, Phase, deck
from stickem.hosting import GAME, card_token, parse_card_token
from tabletop.presentation import standings_lines
from tests.bot.stickem_moves import engine

NAMES = ("ann", "bob", "cy", "dee", "eve", "fay", "gus")
CHANNEL = 12345678901234567890  # 20 digits: the longest a snowflake gets


def mentions(text: str, card: Card) -> bool:
    """Whether ``text`` names ``card`` (``red 1`` is not found inside ``red 11``)."""
    return re.search(rf"\b{re.escape(str(card))}\b", text) is not None


# --- custom ids -------------------------------------------------------------------------------


def test_every_card_round_trips_through_a_play_id_within_discord_limits() -> None:
    for card in deck(7):
        ident = PlayId(CHANNEL, "a1b2c3", 20, 14, card_token(card))
        encoded = ident.encode()
        assert len(encoded) <= 100
        assert PlayId.parse(encoded) == ident
        assert parse_card_token(encoded.rsplit(":", 1)[1]) == card
        # the button of an earlier release is the generic card button of its trick now
        assert ActionId.of_play(ident) == ActionId(CHANNEL, "a1b2c3", "20.14.0", f"p:{card_token(card)}")


def test_every_card_round_trips_through_an_action_id_within_discord_limits() -> None:
    for card in deck(7):
        ident = ActionId(CHANNEL, "a1b2c3", "20.14.6", f"p:{card_token(card)}")
        encoded = ident.encode()
        assert len(encoded) <= 100
        assert ActionId.parse(encoded) == ident


def test_other_ids_round_trip() -> None:
    card = card_token(Card.parse("violet 17"))
    for ident, kind in (
        (LobbyId("start", CHANNEL), LobbyId),
        (MiserySelectId(CHANNEL, "a1b2c3", 3), MiserySelectId),
        (MiseryConfirmId(CHANNEL, "a1b2c3", 3, card), MiseryConfirmId),
        (StopId(CHANNEL, "a1b2c3"), StopId),
        (ActionId(CHANNEL, "a1b2c3", "3m", "msel"), ActionId),
    ):
        assert kind.parse(ident.encode()) == ident
        assert len(ident.encode()) <= 100


def test_ids_of_one_kind_are_not_parsed_as_another() -> None:
    play = PlayId(1, "abc", 1, 1, "red3").encode()
    action = ActionId(1, "abc", "1.1.0", "p:red3").encode()
    for kind in (LobbyId, MiserySelectId, MiseryConfirmId, StopId, ActionId):
        try:
            kind.parse(play)
        except ValueError:
            continue
        raise AssertionError(f"{kind.__name__} parsed a play id")
    for other in (LobbyId, MiserySelectId, MiseryConfirmId, StopId, PlayId):
        try:
            other.parse(action)
        except ValueError:
            continue
        raise AssertionError(f"{other.__name__} parsed an action id")


# --- the turn timer ---------------------------------------------------------------------------


def test_the_timer_line_shows_the_timer_and_the_deadline_as_a_discord_timestamp() -> None:
    deadline = datetime(2026, 5, 1, 12, 0, 30, tzinfo=UTC)
    stamp = int(deadline.timestamp())
    running = str(render.timer_line(render.TurnTimer(120, deadline)))
    assert running == f"Turn timer: 2 min - time is up <t:{stamp}:R>"
    # a computer player's turn (no deadline), a game without a timer, a stopped game
    assert str(render.timer_line(render.TurnTimer(30))) == "Turn timer: 30 s"
    assert str(render.timer_line(render.TurnTimer(None))) == "Turn timer: off"
    stopped = str(render.timer_line(render.TurnTimer(60, deadline), running=False))
    assert stopped == "Turn timer: 1 min" and "<t:" not in stopped


def test_timer_lengths_read_naturally() -> None:
    assert [str(render.timer_length(s)) for s in (30, 60, 120, 300, 90, 0.6)] == [
        "30 s", "1 min", "2 min", "5 min", "90 s", "0.6 s"
    ]


def test_the_timer_line_is_made_once_and_read_in_each_readers_language() -> None:
    """The timer line is a catalog text (its key and fields): the table message carries it to
    the converter, which shows it in the English or the German server's words."""
    line = render.timer_line(render.TurnTimer(120))
    assert isinstance(line, Text) and line.key == "timer.on"
    length = text("timer.minutes", language="de", minutes=2)
    assert line.render() == "Turn timer: 2 min"
    assert line.render("de") == text("timer.on", language="de", length=length)
    assert line.render("de") != line.render()


# --- standings, the lobby, /score -------------------------------------------------------------


def test_standings_rank_by_total_and_ties_share_a_place() -> None:
    standings = standings_lines(NAMES[:4], (5, 9, 9, -2))
    assert standings == ["1. bob: 9", "1. cy: 9", "3. ann: 5", "4. dee: -2"]


def test_lobby_message_lists_players_in_order_with_buttons() -> None:
    online = GAME.presentation.options_line(GAME.resolve_options({"preset": "online"}), 2)
    spec = localized(render.lobby_message(CHANNEL, ("ann", "bob"), GAME.title, online, 7))
    assert spec.content.startswith("**Stick'em table**")
    assert "Players (2/7):\n1. ann (host)\n2. bob" in spec.content
    assert f"Rules: {online}" in spec.content and "online" in spec.content
    assert [LobbyId.parse(b.intent).action for b in spec.components()] == [
        "join",
        "leave",
        "start",
        "addbot",
    ]
    closed = localized(render.lobby_message(CHANNEL, ("ann",), GAME.title, online, 7, closed_reason="Done."))
    assert not closed.rows and "Done." in closed.content


def test_the_hosts_messages_carry_catalog_keys_filled_in_for_each_reader() -> None:
    """A host message is built once, of catalog texts; the one converter fills it in in each
    reader's language (the words of that language's catalog, the custom ids untouched)."""
    message = render.stop_confirmation(CHANNEL, "abc123", playing=True)
    (button,) = message.components()
    assert isinstance(message.content, Text) and isinstance(button.label, Text)
    german = localized(message, "de")
    assert german.content == text("stop.confirm_game", language="de") != text("stop.confirm_game")
    (shown,) = german.components()
    assert shown.label == text("stop.button", language="de") and shown.intent == button.intent
    lobby = render.lobby_message(CHANNEL, ("ann",), GAME.title, "classic", 7)
    assert isinstance(lobby.content, Text)
    content = localized(lobby, "de").content
    assert isinstance(content, str) and content.splitlines()[-1] == text("lobby.how_to_join", language="de")
    assert send_kwargs(lobby, language="de")["content"] == content


async def test_score_for_spectators_shows_the_table_the_timer_and_the_standings() -> None:
    """/score: the table message (public information only) with its turn timer, and the totals."""
    registry = TableRegistry(seed_source=lambda: 3, id_source=lambda: "abc123")
    table = registry.get_or_open(CHANNEL, 1)
    for user in (1, 2, 3):
        table.lobby.join(user, NAMES[user - 1])
    table.lobby.start(1, timer="5min")
    match = table.running_match()
    for seat in range(3):  # the misery choice, then two cards played
        match.apply(seat, match.legal_actions(seat)[-1])
    for _ in range(2):
        seat = match.awaiting[0]
        match.apply(seat, match.legal_actions(seat)[0])
    game = engine(table)
    assert game.phase is Phase.TRICKS
    now = datetime(2026, 5, 1, 12, 0, 0, tzinfo=UTC)
    assert table.refresh_deadline(now)
    stamp = int((now + timedelta(minutes=5)).timestamp())
    sent: list[dict[str, Any]] = []

    async def send_message(content: str, **kwargs: Any) -> None:
        sent.append({"content": content, **kwargs})

    response = SimpleNamespace(is_done=lambda: False, send_message=send_message)
    interaction = SimpleNamespace(
        guild_id=1, channel_id=CHANNEL, response=response, id=1, locale="en-US", guild_locale="en-US",
        user=SimpleNamespace(id=5),
    )
    service = TableService(client=None, registry=registry)  # type: ignore[arg-type]
    # The texts are what this test reads: with no picture to draw, a loaded machine's slow
    # drawing cannot make the answer a deferred one (tests/bot/test_picture_in_time.py).
    service.images.set(1, False)
    try:
        await service.score(interaction)  # type: ignore[arg-type]
    finally:
        service.painter.close()
        await service.painter.wait_closed()  # its drawing worker ends with the test
    (reply,) = sent
    content = reply["content"]
    assert reply["ephemeral"] is True
    assert f"Turn timer: 5 min - time is up <t:{stamp}:R>" in content
    assert "Standings:\n" + "\n".join(standings_lines(table.names, game.totals)) in content
    for seat in range(3):
        assert not any(mentions(content, card) for card in game.hand(seat))


@pytest.mark.parametrize(
    "display_name",
    ["\u202eevil", "ann\u202b", "\u2067bob", "\u2069cyd", "\u05d0\u05d1\u05d2", "dee\u202e\u2066x"],
)
def test_a_name_with_right_to_left_text_or_controls_cannot_garble_its_line(display_name: str) -> None:
    name = render.player_name(display_name)
    inner = name.removeprefix("\u2068").removesuffix("\u2069")
    assert name == f"\u2068{inner}\u2069", "the name is not isolated"
    assert not set(inner) & set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def test_a_plain_name_is_shown_as_it_is() -> None:
    assert render.player_name("ann") == "ann"
