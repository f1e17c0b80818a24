"""Stupid's own catalog (stupid/catalog/): every key the game uses exists with its fields in
English and German, no sentence is left in the modules players read, and a real game shown in
German reads in German: its words, its card letters, no English left over."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from stupid import Card, Phase, Suit
from stupid.errors import RuleError
from stupid.events import RoundScored
from stupid.hosting import GAME, StupidMatch
from stupid.refusals import rule_text
from stupid.views import View
from tabletop import OptionError, Refused
from tabletop.catalog import Text
from tabletop.presentation import Button, Message, render
from tests.game_catalogs import check_catalog, sentences_left

PRESENTATION = GAME.presentation

SHOWN = [
    # The modules whose words a player reads: the presentation, and the refusals of the rules.
    "stupid.presentation",
    "stupid.messages.words",
    "stupid.messages.table",
    "stupid.messages.prompt",
    "stupid.messages.reports",
    "stupid.messages.stages",
    "stupid.refusals",
    "stupid.table_options",
    "stupid.hosting",
    "stupid.art",
    "stupid.drawn_hand",
    # The terminal table (``stupid play``).
    "stupid.ai.terminal",
    "stupid.ai.terminal_words",
]
MODULES = SHOWN

ENGLISH = re.compile(
    r"(?<![/\w])(the|round|rounds|trick|tricks|bid|bids|trump|your|you|dealer|card|cards|clubs?|"
    r"hearts?|spades?|diamonds?|waiting|played|turn|total|scored|made|missed|took|over|game|players|"
    r"queen|king|jack|ace|suit|follow|lead|led)(?!\w)",
    re.IGNORECASE,
)
"""English words that must not show in a German text (not "hand": German says "Hand" too, as the
host's catalog does, and ``/hand`` is a command)."""
ENGLISH_FACE = re.compile(r"(?<!\w)[JQ][♣♦♥♠]")
"""A face card written with an English letter (jack, queen): German writes B and D."""
NAMES = ["Anna", "Bernd", "Clara", "Dieter"]


def new_match(players: int, seed: int = 1, **options: object) -> StupidMatch:
    """A new match with these options (the defaults otherwise)."""
    return GAME.new_match(players, GAME.resolve_options(options), seed)


def drive(match: StupidMatch, until: Callable[[StupidMatch], bool], seed: int = 0) -> None:
    """Random legal actions until ``until(match)`` holds."""
    draw = random.Random(seed)
    for _ in range(20_000):
        if until(match):
            return
        seat = match.awaiting[0]
        match.apply(seat, draw.choice(match.legal_actions(seat)))
    raise AssertionError("the state was never reached")


def view(match: StupidMatch, seat: int | None) -> View:
    """The seat's view (typed)."""
    return match.view(seat)


def german(value: str | Text) -> str:
    """``value`` as a German reader sees it, checked for English left over."""
    assert isinstance(value, Text), f"a plain string is shown to every reader as it is: {value!r}"
    text = render(value, "de")
    leftovers = ENGLISH.findall(text) + ENGLISH_FACE.findall(text)
    assert not leftovers, f"English in the German text: {leftovers}\n{text}"
    return text


def message_text(message: Message) -> str:
    """Every text of ``message`` in German, one after the other."""
    parts = [german(message.content)] if message.content else []
    for embed in message.embeds:
        parts += [german(embed.title), german(embed.description)]
        parts += [german(part) for field in embed.fields for part in (field.name, field.value)]
        parts += [german(embed.footer)] if embed.footer else []
    return "\n".join(parts)


def test_every_key_exists_with_its_fields_in_english_and_german_and_is_used() -> None:
    check_catalog("stupid", MODULES)


def test_no_sentence_is_left_in_the_modules_players_read() -> None:
    assert list(sentences_left(SHOWN)) == []


def test_a_german_bid_prompt_of_the_dealer() -> None:
    """Rules section 8: 3 players, 4 cards, bids 1 and 1: the dealer may not bid 2."""
    match = new_match(3)
    drive(match, lambda m: m.round == 4 and m.stage == "4b0")
    for _ in range(2):
        match.apply(match.awaiting[0], "b1")
    seen = view(match, match.awaiting[0])
    prompt = PRESENTATION.prompt(seen, NAMES[:3])
    text = german(prompt.content)
    dash = "\N{EN DASH}"
    assert f"**Stiche-Raten {dash} Runde 4 von 13** {dash} je 4 Karten {dash} Trumpfkarte" in text
    assert f"({seen.trump_suit.symbol} {_SUITS[seen.trump_suit]} ist Trumpf)" in text
    assert "**Du sagst an:** Wie viele Stiche machst du genau? Bisherige Ansagen:" in text
    assert "Als Geber darfst du nicht 2 ansagen" in text and "Stiche dieser Runde (4 Stiche)" in text
    assert "Deine Hand (4 Karten):" in text
    assert [render(button.label, "de") for button in _buttons(prompt)] == ["0", "1", "2", "3", "4"]


_SUITS = {Suit.CLUBS: "Kreuz", Suit.SPADES: "Pik", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Karo"}
_FACES = {11: "B", 12: "D", 13: "K", 14: "A"}


def _buttons(message: Message) -> list[Button]:
    return [item for item in message.components() if isinstance(item, Button)]


def test_a_german_hand_prompt_names_suits_and_face_cards_as_german_players_do() -> None:
    def following(m: StupidMatch) -> bool:
        if not m.awaiting or view(m, None).phase is not Phase.TRICKS:
            return False
        seen = view(m, m.awaiting[0])
        hand = seen.hand or ()
        return (
            seen.lead_suit is not None
            and any(card.suit is seen.lead_suit for card in hand)
            and any(card.rank > 10 for card in hand)
        )

    match = new_match(4, seed=5)
    drive(match, following)
    seen = view(match, match.awaiting[0])
    prompt = PRESENTATION.prompt(seen, NAMES)
    text = german(prompt.content)
    assert seen.lead_suit is not None
    lead = _SUITS[seen.lead_suit]
    assert f"Ausspielfarbe: {seen.lead_suit.symbol} {lead}" in text
    assert f"**Du bist am Zug:** Bediene {lead} ({seen.lead_suit.symbol})." in text
    assert "Gespielt: " in text and "Sticht bisher: " in text
    hand = seen.hand or ()
    labels = {render(button.label, "de") for button in _buttons(prompt)}
    assert labels == {_FACES.get(card.rank, str(card.rank)) + card.suit.symbol for card in hand}
    trump = seen.trump_suit
    trump_line = next(
        line for line in text.splitlines() if line.startswith(f"{trump.symbol} {_SUITS[trump]}")
    )
    if any(card.suit is trump for card in hand):
        assert trump_line.startswith(f"{trump.symbol} {_SUITS[trump]} (Trumpf): ")
    # English stays English.
    assert "Your hand" in render(prompt.content) and "follow suit" in render(prompt.content)


def test_the_german_table_message_and_round_report() -> None:
    match = new_match(4, seed=14)
    drive(match, lambda m: m.stage == "2.2.3")
    seat = match.awaiting[0]
    events = match.apply(seat, match.legal_actions(seat)[0])
    after = view(match, None)
    closed = PRESENTATION.round_closed(events, after, NAMES)
    assert closed is not None
    text = german(closed.content)
    assert text.startswith("**Stiche-Raten** \N{EN DASH} Runde 2 von 13 ist vorbei (je 2 Karten).")
    assert "Letzter Stich (2) \N{EN DASH} geht an " in text
    scored = next(event for event in events if isinstance(event, RoundScored))
    [report] = PRESENTATION.reports(events, after, NAMES)
    text = message_text(report)
    assert "Runde 2 von 13 gewertet" in text
    for seat_number, name in enumerate(NAMES):
        bid, taken = scored.bids[seat_number], scored.taken[seat_number]
        verdict = "geschafft" if bid == taken else "verfehlt"
        assert f"**{name}** \N{EN DASH} Ansage {bid}, gemacht {taken} ({verdict}): " in text
    drive(match, lambda m: m.stage == "3.1.1")
    table = german(PRESENTATION.table(view(match, None), NAMES, notes=[], stopped=False).content)
    assert "**Stiche-Raten** \N{EN DASH} Runde 3 von 13 \N{EN DASH} je 3 Karten \N{EN DASH} Geber: " in table
    assert "Trumpfkarte: **" in table and "ist Trumpf" in table and "\nSpieler:\n" in table
    assert "Die Ansagen ergeben zusammen " in table and "; diese Runde hat 3 Stiche." in table
    assert "Am Zug: **" in table


def test_german_refusals_of_the_rules_and_the_english_str_for_library_users() -> None:
    match = new_match(3)
    drive(match, lambda m: m.round == 4 and m.stage == "4b0")
    for _ in range(2):
        match.apply(match.awaiting[0], "b1")
    dealer = match.awaiting[0]
    with pytest.raises(Refused) as forbidden:
        match.apply(dealer, "b2")
    text = german(forbidden.value.message)
    assert text.startswith(
        "Als Geber darfst du nicht 2 ansagen: Die Ansagen ergeben bisher 2, mit deiner wären es 4"
    )
    assert str(forbidden.value).startswith("As the dealer you may not bid 2")
    cause = forbidden.value.__cause__
    assert isinstance(cause, RuleError) and str(cause).startswith("as the dealer you may not bid 2")
    # Not your turn: no seat number in the words; the seats whose turn it is, for the host to name.
    other = (dealer + 1) % 3
    with pytest.raises(Refused) as waiting:
        match.apply(other, "b0")
    assert german(waiting.value.message) == "Du bist nicht am Zug: Jemand anderes sagt gerade an."
    assert waiting.value.turn_of == (dealer,)
    assert not re.search(r"\d", str(waiting.value))
    # Must follow suit, in German card words.
    match.apply(dealer, "b0")
    leader = match.awaiting[0]
    follower = (leader + 1) % 3
    lead = next(
        card
        for card in view(match, leader).hand or ()
        if any(c.suit is card.suit for c in view(match, follower).hand or ())
        and any(c.suit is not card.suit for c in view(match, follower).hand or ())
    )
    match.apply(leader, f"p{lead.code}")
    off = next(c for c in view(match, follower).hand or () if c.suit is not lead.suit)
    with pytest.raises(Refused) as follow:
        match.apply(follower, f"p{off.code}")
    suit = _SUITS[lead.suit]
    assert german(follow.value.message) == (
        f"Du musst bedienen: Spiel {suit} ({lead.suit.symbol}), du hast {suit} auf der Hand."
    )
    missing = next(
        card
        for card in (Card.from_index(i) for i in range(52))
        if card.rank == 12 and card not in (view(match, follower).hand or ())
    )
    with pytest.raises(Refused) as absent:
        PRESENTATION.click(view(match, follower), f"p{missing.code}", ())
    assert german(absent.value.message).startswith(f"D{missing.suit.symbol} hast du nicht auf der Hand")
    with pytest.raises(Refused) as nonsense:
        match.apply(follower, "zz")
    assert german(nonsense.value.message) == "Das ist kein Zug dieses Spiels."


def test_german_option_refusals() -> None:
    with pytest.raises(OptionError) as seats:
        new_match(15)
    assert german(seats.value.message) == (
        "Ein Tisch Stiche-Raten hat Platz für 2\N{EN DASH}14 Spieler, nicht für 15."
    )
    with pytest.raises(OptionError) as cards:
        new_match(6, decks=1, max_hand=10)
    text = german(cards.value.message)
    assert text.startswith("decks=1 ergibt 52 Karten, aber 6 Spieler mit max_hand=10 brauchen 61")
    assert text.endswith("nimm max_hand höchstens 8 oder decks=2.")
    assert str(cards.value).startswith("decks=1 gives 52 cards, but 6 players")


def test_stale_prompts_replies_and_reminders_in_german() -> None:
    match = new_match(4, seed=15)
    drive(match, lambda m: m.round == 3 and m.stage == "3b0")
    first = match.awaiting[0]
    bidding = match.stage
    match.apply(first, "b0")
    assert (
        german(PRESENTATION.stale(bidding, view(match, first)) or "")
        == "Du hast in Runde 3 schon 0 angesagt."
    )
    assert german(PRESENTATION.reply("b2", view(match, first))) == "Du hast 2 angesagt."
    assert german(PRESENTATION.reply("pQC", view(match, first))) == "Du hast D♣ gespielt."
    assert german(PRESENTATION.todo(view(match, match.awaiting[0]))) == "ansagen"
    nudge = render(PRESENTATION.nudge(view(match, match.awaiting[0])), "de")
    assert nudge == "du bist am Zug und sagst an (Runde 3)."


def test_the_rules_and_options_in_german() -> None:
    text = message_text(PRESENTATION.rules())
    for word in (
        "Stiche-Raten: die Regeln in einer Minute",
        "Ansagen",
        "Geber",
        "Trumpf",
        "bediene",
        "Kreuz-Dame",
    ):
        assert word.lower() in text.lower()
    examples = [line for line in text.splitlines() if "macht den Stich (" in line]
    assert [line.split(": ")[1].split(" macht")[0] for line in examples] == ["K♣", "2♥", "D♥", "D♣"]
    options = GAME.resolve_options({})
    line = PRESENTATION.options_line(options, 10)
    assert isinstance(line, Text)
    assert render(line, "de") == (
        "2 Kartenspiele (eines pro 7 Spieler); größte Hand 7 Karten: "
        "13 Runden mit 1 bis 7 Karten und zurück"
    )


LONG_NAMES = [f"Player number {seat:02d} ".ljust(32, "x") for seat in range(14)]


@pytest.mark.parametrize("language", ["en", "de"])
def test_fourteen_long_names_fit_the_table_message_in_each_language(language: str) -> None:
    match = new_match(14, seed=10)
    drive(match, lambda m: m.round == 7 and m.stage == "7.2.13")
    message = PRESENTATION.table(view(match, None), LONG_NAMES, notes=["Turn timer: 2 min"], stopped=False)
    text = render(message.content, language)
    assert len(text) <= 2000 and not text.endswith("\N{HORIZONTAL ELLIPSIS}")
    for seat, name in enumerate(LONG_NAMES):
        assert any(line.startswith(f"{seat + 1}. {name}") for line in text.splitlines())


def test_every_refusal_of_the_engine_has_its_own_text_in_german() -> None:
    """Each kind of RuleError the engine raises is worded by a text of its own (never the
    catch-all), and reads in German."""
    match = new_match(3, seed=21)
    game = match.game
    seen: dict[str, str] = {}

    def refusal(action: Callable[[], object]) -> None:
        with pytest.raises(RuleError) as raised:
            action()
        text = rule_text(raised.value)
        assert text.key != "refusal.not_allowed", raised.value.code
        seen[raised.value.code] = german(text)

    bidder = match.awaiting[0]
    refusal(lambda: game.bid(bidder, 99))
    refusal(lambda: game.bid((bidder + 1) % 3, 0))
    refusal(lambda: game.bid(7, 0))
    refusal(lambda: game.play(bidder, Card.parse("2C")))
    drive(match, lambda m: m.view(None).phase is Phase.TRICKS)
    player = match.awaiting[0]
    refusal(lambda: game.bid(player, 0))
    refusal(lambda: game.play((player + 1) % 3, Card.parse("2C")))
    refusal(lambda: game.play(player, "zz"))
    held = set(view(match, player).hand or ())
    refusal(
        lambda: game.play(player, next(c for c in (Card.from_index(i) for i in range(52)) if c not in held))
    )
    drive(match, lambda m: m.is_over)
    refusal(lambda: game.bid(0, 0))
    assert set(seen) == {
        "bid_out_of_range", "not_your_turn_bid", "invalid_seat", "bidding_not_over", "bidding_over",
        "not_your_turn_play", "not_a_card", "card_not_in_hand", "game_over",
    }  # fmt: skip
    assert (
        seen["bid_out_of_range"]
        == "Eine Ansage ist eine ganze Zahl von 0 bis 1 (die Karten auf deiner Hand), nicht 99."
    )
