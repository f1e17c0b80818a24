"""Stupid's presentation (stupid.presentation): the messages of a chat table, checked through
their components the way the host uses them: a click's intent read back, then applied."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from stupid import Card, Phase
from stupid.events import RoundScored
from stupid.hosting import GAME, StupidMatch
from stupid.views import View
from tabletop import Refused
from tabletop.presentation import MAX_BUTTONS_PER_ROW, MAX_ROWS, Act, Button, Message, Presentation, render

PRESENTATION = GAME.presentation
LATEST = "use your latest hand."


def new_match(players: int, seed: int = 1, **options: object) -> StupidMatch:
    """A new match of ``players`` with these options (the defaults otherwise)."""
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


def names_for(players: int) -> list[str]:
    """Short player names."""
    return [f"P{seat}" for seat in range(players)]


def buttons(message: Message) -> list[Button]:
    """Every button of a message (Stupid's prompts hold nothing else)."""
    items = message.components()
    assert all(isinstance(item, Button) for item in items)
    return [item for item in items if isinstance(item, Button)]


def enabled(message: Message) -> set[str]:
    """The intents of the enabled buttons."""
    return {button.intent for button in buttons(message) if not button.disabled}


def bidding_turn(match: StupidMatch, round_number: int) -> Callable[[StupidMatch], bool]:
    """The first bid of ``round_number`` is awaited."""
    return lambda m: m.round == round_number and m.stage == f"{round_number}b0"


def test_the_presentation_meets_the_protocol() -> None:
    assert isinstance(PRESENTATION, Presentation)


# --- bidding -----------------------------------------------------------------------------------


def test_the_dealers_forbidden_bid_is_disabled_and_the_text_says_why() -> None:
    """Rules section 8: 3 players, 4 cards, bids 1 and 1 so far: the dealer may bid 0, 1, 3 or 4."""
    match = new_match(3)
    drive(match, bidding_turn(match, 4))
    names = names_for(3)
    for _ in range(2):
        seat = match.awaiting[0]
        prompt = PRESENTATION.prompt(view(match, seat), names)
        assert "As dealer" not in render(prompt.content)
        assert enabled(prompt) == {"b0", "b1", "b2", "b3", "b4"}
        match.apply(seat, "b1")
    dealer = match.awaiting[0]
    assert dealer == view(match, None).dealer
    prompt = PRESENTATION.prompt(view(match, dealer), names)
    assert enabled(prompt) == {"b0", "b1", "b3", "b4"}
    forbidden = [button for button in buttons(prompt) if button.disabled]
    assert [(b.label, b.intent) for b in forbidden] == [("2", "b2")]
    reason = "As dealer you may not bid 2: the bids would add up to the 4 tricks of this round."
    assert reason in render(prompt.content)
    # Offered (disabled) but refused by the match with the engine's reason.
    meaning = PRESENTATION.click(view(match, dealer), "b2", ())
    assert meaning == Act("b2")
    with pytest.raises(Refused, match="may not bid 2"):
        match.apply(dealer, meaning.action)


def test_a_dealer_whose_forbidden_number_is_out_of_range_may_bid_anything() -> None:
    """Round 1 (1 card), 3 players: bids 1 and 1 add up to 2, more than the 1 trick."""
    match = new_match(3, seed=4)
    for _ in range(2):
        match.apply(match.awaiting[0], "b1")
    dealer = match.awaiting[0]
    prompt = PRESENTATION.prompt(view(match, dealer), names_for(3))
    assert enabled(prompt) == {"b0", "b1"} and not any(b.disabled for b in buttons(prompt))
    assert (
        "As dealer you may bid anything: the others' bids already add up to 2, more than the "
        "1 trick of this round." in render(prompt.content)
    )


def test_a_dealers_forbidden_zero_in_a_one_card_round() -> None:
    """Rules section 8: 4 players, 1 card, bids 1, 0, 0: the dealer may not bid 0."""
    match = new_match(4, seed=2)
    for bid in ("b1", "b0", "b0"):
        match.apply(match.awaiting[0], bid)
    prompt = PRESENTATION.prompt(view(match, match.awaiting[0]), names_for(4))
    assert enabled(prompt) == {"b1"}
    reason = "As dealer you may not bid 0: the bids would add up to the 1 trick of this round."
    assert reason in render(prompt.content)


def test_eleven_bids_of_a_ten_card_hand_fit_three_rows_of_five() -> None:
    match = new_match(2, seed=3, max_hand=10)
    drive(match, bidding_turn(match, 10))
    seat = match.awaiting[0]
    prompt = PRESENTATION.prompt(view(match, seat), names_for(2))
    assert [len(row) for row in prompt.rows] == [5, 5, 1]
    assert [b.intent for b in buttons(prompt)] == [f"b{n}" for n in range(11)]
    assert [b.label for b in buttons(prompt)] == [str(n) for n in range(11)]


def test_a_seat_not_yet_to_bid_sees_its_hand_and_whose_bid_it_is_but_no_buttons() -> None:
    match = new_match(4)
    drive(match, bidding_turn(match, 3))
    names = names_for(4)
    waiting = (match.awaiting[0] + 1) % 4
    prompt = PRESENTATION.prompt(view(match, waiting), names)
    assert prompt.rows == ()
    assert f"Waiting for **{names[match.awaiting[0]]}** to bid." in render(prompt.content)
    assert "Your bid: not made yet - tricks taken: 0" in render(prompt.content)
    assert "Your hand (3 cards):" in render(prompt.content)


# --- playing -----------------------------------------------------------------------------------


def _suits_held(match: StupidMatch, seat: int) -> set[object]:
    return {card.suit for card in view(match, seat).hand or ()}


def test_only_the_cards_of_the_suit_led_are_enabled_when_the_seat_holds_one() -> None:
    def following(m: StupidMatch) -> bool:
        v = m.view(m.awaiting[0]) if m.awaiting else None
        return (
            v is not None
            and v.lead_suit is not None
            and v.lead_suit in _suits_held(m, v.seat or 0)
            and len(_suits_held(m, v.seat or 0)) > 1
        )

    match = new_match(4, seed=5)
    drive(match, following)
    seat = match.awaiting[0]
    seen = view(match, seat)
    prompt = PRESENTATION.prompt(seen, names_for(4))
    hand = seen.hand or ()
    follow = {f"p{card.code}" for card in hand if card.suit is seen.lead_suit}
    assert enabled(prompt) == follow == set(match.legal_actions(seat))
    assert {b.intent for b in buttons(prompt)} == {f"p{card.code}" for card in hand}
    assert seen.lead_suit is not None
    assert f"follow suit, play a {seen.lead_suit.value[:-1]}" in render(prompt.content)


def test_a_seat_without_the_suit_led_may_play_any_card_and_others_wait() -> None:
    def void(m: StupidMatch) -> bool:
        v = m.view(m.awaiting[0]) if m.awaiting else None
        return v is not None and v.lead_suit is not None and v.lead_suit not in _suits_held(m, v.seat or 0)

    match = new_match(4, seed=6)
    drive(match, void)
    seat = match.awaiting[0]
    prompt = PRESENTATION.prompt(view(match, seat), names_for(4))
    assert enabled(prompt) == {b.intent for b in buttons(prompt)} == set(match.legal_actions(seat))
    assert "you have no" in render(prompt.content)
    other = (seat + 1) % 4
    waiting = PRESENTATION.prompt(view(match, other), names_for(4))
    assert buttons(waiting) and enabled(waiting) == set()
    assert f"Waiting for **P{seat}** to play." in render(waiting.content)


def test_identical_cards_of_two_decks_are_one_button_that_plays_one_copy() -> None:
    def doubled(m: StupidMatch) -> bool:
        if not m.awaiting or view(m, None).phase is not Phase.TRICKS:
            return False
        seat = m.awaiting[0]
        counts = Counter(view(m, seat).hand or ())
        return any(n > 1 and f"p{card.code}" in m.legal_actions(seat) for card, n in counts.items())

    match = new_match(2, seed=7, decks=2, max_hand=10)
    drive(match, doubled)
    seat = match.awaiting[0]
    seen = view(match, seat)
    counts = Counter(seen.hand or ())
    prompt = PRESENTATION.prompt(seen, names_for(2))
    assert len(buttons(prompt)) == len(counts) <= 10 and len(prompt.rows) <= 3
    card = next(c for c, n in counts.items() if n > 1 and f"p{c.code}" in enabled(prompt))
    [button] = [b for b in buttons(prompt) if b.intent == f"p{card.code}"]
    assert render(button.label) == f"{card} x{counts[card]}"
    meaning = PRESENTATION.click(seen, button.intent, ())
    assert meaning == Act(f"p{card.code}")
    match.apply(seat, meaning.action)
    after = PRESENTATION.acted(view(match, seat), meaning.action, names_for(2))
    assert after is not None and not enabled(after)
    if view(match, seat).phase is Phase.TRICKS:
        left = Counter(view(match, seat).hand or ())[card]
        assert left == counts[card] - 1
        [button] = [b for b in buttons(after) if b.intent == f"p{card.code}"]
        assert render(button.label) == (str(card) if left == 1 else f"{card} x{left}")


def test_ten_distinct_cards_fit_at_most_three_rows() -> None:
    match = new_match(2, seed=8, max_hand=10)
    drive(match, lambda m: m.round == 10 and view(m, None).phase is Phase.TRICKS)
    for seat in range(2):
        prompt = PRESENTATION.prompt(view(match, seat), names_for(2))
        assert len(buttons(prompt)) == 10
        assert 2 <= len(prompt.rows) <= 3 and all(len(row) <= MAX_BUTTONS_PER_ROW for row in prompt.rows)


def test_the_hand_is_written_by_suit_with_the_trump_suit_marked() -> None:
    match = new_match(3, seed=9)
    drive(match, bidding_turn(match, 7))
    seen = view(match, 0)
    content = render(PRESENTATION.prompt(seen, names_for(3)).content)
    trump = seen.trump_suit
    for card in seen.hand or ():
        marker = " (trump)" if card.suit is trump else ""
        suit = f"{card.suit.symbol} {card.suit.value}"
        line = next(line for line in content.splitlines() if line.startswith(suit))
        assert line.startswith(f"{suit}{marker}: ")
        assert str(card)[:-1] in line.split(": ", 1)[1].split(", ")
    assert f"trump card **{seen.trump}** ({trump.symbol} {trump.value} are trump)" in content


# --- the table message ---------------------------------------------------------------------------


LONG_NAMES = [f"Player number {seat:02d} ".ljust(32, "x") for seat in range(14)]


@pytest.mark.parametrize("moment", ["bidding", "thirteen played", "last trick shown", "game over"])
def test_fourteen_players_with_long_names_fit_the_table_message(moment: str) -> None:
    match = new_match(14, seed=10)
    reached: dict[str, Callable[[StupidMatch], bool]] = {
        "bidding": lambda m: m.round == 7 and m.stage == "7b13",
        "thirteen played": lambda m: m.round == 7 and m.stage == "7.2.13",
        "last trick shown": lambda m: m.round == 7 and m.stage == "7.4.7",
        "game over": lambda m: m.is_over,
    }
    drive(match, reached[moment])
    message = PRESENTATION.table(view(match, None), LONG_NAMES, notes=["Turn timer: 2 min"], stopped=False)
    assert len(render(message.content)) <= 2000 and not render(message.content).endswith(
        "\N{HORIZONTAL ELLIPSIS}"
    )
    lines = render(message.content).splitlines()
    for seat, name in enumerate(LONG_NAMES):
        assert any(line.startswith(f"{seat + 1}. {name}") and "total" in line for line in lines)
    assert lines.index("Turn timer: 2 min") < lines.index("Players:")
    if moment == "thirteen played":  # the trick keeps its names; the last trick is shortened
        for seat, card in view(match, None).trick:
            assert f"- {LONG_NAMES[seat]}: {card}" in lines
        last = view(match, None).last_trick
        assert last is not None
        cards = ", ".join(str(card) for _, card in last.plays)
        taken, led = LONG_NAMES[last.winner], LONG_NAMES[last.plays[0][0]]
        assert f"Last trick (1) - taken by {taken}, led by {led}: {cards}" in lines
    if moment == "last trick shown":
        assert any(line.startswith("Last trick (3)") for line in lines)


def test_fourteen_short_names_list_one_play_per_line() -> None:
    match = new_match(14, seed=11)
    drive(match, lambda m: m.stage == "7.1.3")
    names = [f"Name{seat}" for seat in range(14)]
    content = render(PRESENTATION.table(view(match, None), names, notes=[], stopped=False).content)
    plays = [line for line in content.splitlines() if line.startswith("- ")]
    assert len(plays) == 3
    for (seat, card), line in zip(view(match, None).trick, plays, strict=True):
        assert line == f"- {names[seat]}: {card}"


def test_the_table_message_shows_trump_dealer_bids_and_whose_turn() -> None:
    match = new_match(4, seed=12)
    drive(match, lambda m: m.stage == "3b2")
    names = ["Ann", "Ben", "Cat", "Dan"]
    public = view(match, None)
    content = render(PRESENTATION.table(public, names, notes=[], stopped=False).content)
    assert f"round 3 of 13 - 3 cards each - dealer: {names[public.dealer]}" in content
    trump = public.trump
    assert f"Trump card: **{trump}** - {trump.suit.symbol} {trump.suit.value} are trump" in content
    assert f"To bid: **{names[public.awaiting[0]]}**" in content
    assert f"2 of 4 bids made, adding up to {sum(b or 0 for b in public.bids)}" in content
    for seat, bid in enumerate(public.bids):
        assert (f"bid {bid}" if bid is not None else "no bid yet") in content.splitlines()[seat - 4]
    stopped = render(PRESENTATION.table(public, names, notes=[], stopped=True).content)
    assert "**stopped**" in stopped and "To bid" not in stopped


def test_the_table_during_tricks_shows_the_trick_the_lead_suit_and_the_last_trick() -> None:
    match = new_match(3, seed=13)
    drive(match, lambda m: m.stage == "5.3.2")
    names = ["Ann", "Ben", "Cat"]
    public = view(match, None)
    content = render(PRESENTATION.table(public, names, notes=[], stopped=False).content)
    (s1, c1), (s2, c2) = public.trick
    assert f"Played: {names[s1]}: {c1}, {names[s2]}: {c2}" in content
    lead = public.lead_suit
    assert lead is not None and f"lead suit: {lead.symbol} {lead.value}" in content
    assert f"Turn: **{names[public.awaiting[0]]}**" in content
    last = public.last_trick
    assert last is not None and f"Last trick (2) - taken by {names[last.winner]}:" in content
    for seat in range(3):
        assert f"took {public.tricks_taken[seat]} - total {public.totals[seat]}" in content


# --- the end of a round, reports -----------------------------------------------------------------


def test_a_closed_round_shows_bids_against_tricks_and_its_scores_are_reported() -> None:
    match = new_match(4, seed=14)
    drive(match, lambda m: m.stage == "2.2.3")
    names = ["Ann", "Ben", "Cat", "Dan"]
    events = match.apply(match.awaiting[0], match.legal_actions(match.awaiting[0])[0])
    after = view(match, None)
    closed = PRESENTATION.round_closed(events, after, names)
    scored = next(e for e in events if isinstance(e, RoundScored))
    assert closed is not None and render(closed.content).startswith("**Stupid** - round 2 of 13 is over")
    for seat, name in enumerate(names):
        verdict = "made it" if scored.bids[seat] == scored.taken[seat] else "missed"
        assert f"{name} - bid {scored.bids[seat]}, took {scored.taken[seat]}: {verdict}" in render(
            closed.content
        )
    assert "Last trick (2) - taken by" in render(closed.content)
    [report] = PRESENTATION.reports(events, after, names)
    [embed] = report.embeds
    assert render(embed.title) == "Round 2 of 13 scored"
    for seat, line in enumerate(render(embed.description).splitlines()):
        assert line.endswith(f"{scored.scores[seat]:+d} - total {scored.totals[seat]}")
    one_card = match.apply(match.awaiting[0], match.legal_actions(match.awaiting[0])[0])
    assert PRESENTATION.round_closed(one_card, view(match, None), names) is None
    assert PRESENTATION.reports(one_card, view(match, None), names) == ()


# --- stale prompts -------------------------------------------------------------------------------


def test_stale_prompts_of_an_earlier_bidding_trick_or_round() -> None:
    match = new_match(4, seed=15)
    drive(match, bidding_turn(match, 3))
    first = match.awaiting[0]
    third = (first + 2) % 4
    bidding = match.stage
    match.apply(first, "b0")
    assert PRESENTATION.stale(bidding, view(match, third)) is None  # only more bids since
    assert render(PRESENTATION.stale(bidding, view(match, first))) == "You have already bid 0 in round 3."
    drive(match, lambda m: m.stage == "3.1.0")
    assert (
        render(PRESENTATION.stale(bidding, view(match, third))) == f"The bidding of round 3 is over; {LATEST}"
    )
    leader = match.awaiting[0]
    later = next(seat for seat in range(4) if seat != leader)
    trick_start = match.stage
    match.apply(leader, match.legal_actions(leader)[0])
    assert PRESENTATION.stale(trick_start, view(match, later)) is None  # a card played since
    assert render(PRESENTATION.stale(trick_start, view(match, leader))) == (
        f"You have already played in trick 1; {LATEST}"
    )
    drive(match, lambda m: m.stage == "3.2.0")
    assert render(PRESENTATION.stale(trick_start, view(match, later))) == (
        f"This hand is from trick 1, which is over; {LATEST}"
    )
    drive(match, lambda m: m.round == 4)
    over = f"from round 3, which is over; {LATEST}"
    assert render(PRESENTATION.stale(trick_start, view(match, 0))) == f"This hand is {over}"
    assert render(PRESENTATION.stale(bidding, view(match, 0))) == f"These bids are {over}"
    assert render(PRESENTATION.stale("nonsense", view(match, 0))) == f"That prompt is out of date; {LATEST}"
    drive(match, lambda m: m.is_over)
    assert (
        render(PRESENTATION.stale("13.1.0", view(match, 0)))
        == "The game is over; that prompt no longer counts."
    )


# --- clicks, replies, reminders ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intent", "values", "reason"),
    [
        ("b0", ("x",), "not part of this game of Stupid"),
        ("b2", (), "There is no bid of 2 in a round of 1 card."),
        ("b01", (), "not part of this game of Stupid"),
        ("pQC.1", (), "not part of this game of Stupid"),
        ("pZZ", (), "not part of this game of Stupid"),
        ("play", (), "not part of this game of Stupid"),
        ("", (), "not part of this game of Stupid"),
    ],
)
def test_clicks_on_intents_never_offered_are_refused(
    intent: str, values: tuple[str, ...], reason: str
) -> None:
    match = new_match(3, seed=16)
    with pytest.raises(Refused, match=reason):
        PRESENTATION.click(view(match, match.awaiting[0]), intent, values)


def test_a_card_not_in_the_hand_is_refused_and_offered_intents_are_their_actions() -> None:
    match = new_match(3, seed=17)
    drive(match, lambda m: m.stage == "4.1.0")
    seat = match.awaiting[0]
    seen = view(match, seat)
    held = set(seen.hand or ())
    missing = next(card for card in (Card.from_index(i) for i in range(52)) if card not in held)
    with pytest.raises(Refused, match=f"{missing} is not in your hand"):
        PRESENTATION.click(seen, f"p{missing.code}", ())
    for button in buttons(PRESENTATION.prompt(seen, names_for(3))):
        assert PRESENTATION.click(seen, button.intent, ()) == Act(button.intent)


def test_replies_reminders_and_what_a_prompt_becomes() -> None:
    match = new_match(4, seed=18)
    seen = match.view(0)
    assert render(PRESENTATION.reply("b2", seen)) == "You bid 2."
    assert render(PRESENTATION.reply("pQC", seen)) == "You played Q♣."
    assert render(PRESENTATION.reply("pTH", seen)) == "You played 10♥."
    assert render(PRESENTATION.todo(seen)) == "bid"
    drive(match, bidding_turn(match, 3))
    seat = match.awaiting[0]
    assert render(PRESENTATION.nudge(view(match, seat))) == "it is your turn to bid (round 3)."
    match.apply(seat, "b1")
    bid = PRESENTATION.acted(view(match, seat), "b1", names_for(4))
    assert bid is not None and bid.rows == () and render(bid.content).startswith("You bid **1** in round 3.")
    assert "Your bid: 1 - tricks taken: 0" in render(bid.content)
    drive(match, lambda m: m.stage == "3.2.0")
    seat = match.awaiting[0]
    assert (
        render(PRESENTATION.nudge(view(match, seat))) == "it is your turn (round 3, trick 2)."
    )
    card = match.legal_actions(seat)[0]
    match.apply(seat, card)
    played = PRESENTATION.acted(view(match, seat), card, names_for(4))
    assert played is not None
    assert render(played.content).startswith(f"You played **{Card.parse(card[1:])}** in trick 2 of round 3.")
    assert len(buttons(played)) == 1 and not enabled(played)
    drive(match, lambda m: m.stage == "3.3.3")
    seat = match.awaiting[0]
    card = match.legal_actions(seat)[0]
    match.apply(seat, card)
    last = PRESENTATION.acted(view(match, seat), card, names_for(4))
    assert last is not None and (last.embeds, last.rows) == ((), ())
    assert render(last.content) == f"You played **{Card.parse(card[1:])}** in the last trick of round 3."


def test_options_in_words_and_the_rules() -> None:
    options = GAME.resolve_options({})
    assert render(PRESENTATION.options_line(options, 10)) == (
        "2 decks (one per 7 players); largest hand 7 cards: 13 rounds of 1 to 7 cards and back"
    )
    assert render(PRESENTATION.options_line(options, None)).startswith("one deck per 7 players;")
    short = GAME.resolve_options({"decks": 3, "max_hand": 1})
    assert render(PRESENTATION.options_line(short, 5)) == "3 decks; 1 round of 1 card"
    [embed] = PRESENTATION.rules().embeds
    examples = render(
        next(f for f in embed.fields if render(f.name).startswith("Examples")).value
    ).splitlines()
    assert [line.split(": ")[1].split(" takes")[0] for line in examples] == ["K♣", "2♥", "Q♥", "Q♣"]
    assert examples[3].startswith("**Q♣**, Q♣")


# --- a whole game by clicks ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(5, 19), (9, 20)])
def test_a_whole_game_is_played_by_clicking_enabled_buttons_only(players: int, seed: int) -> None:
    match = new_match(players, seed=seed)
    names = [f"Seat {n}" for n in range(players)]
    draw = random.Random(seed)
    closed = reports = 0
    final: list[Message] = []
    while not match.is_over:
        seat = match.awaiting[0]
        stage = match.stage
        for other in range(players):
            if other != seat:
                assert not enabled(PRESENTATION.prompt(view(match, other), names))
        prompt = PRESENTATION.prompt(view(match, seat), names)
        assert len(prompt.rows) <= MAX_ROWS
        offered = enabled(prompt)
        assert offered == set(match.legal_actions(seat))
        meaning = PRESENTATION.click(view(match, seat), draw.choice(sorted(offered)), ())
        assert isinstance(meaning, Act)
        events = match.apply(seat, meaning.action)  # never refused: only legal buttons are enabled
        assert PRESENTATION.acted(view(match, seat), meaning.action, names) is not None
        assert PRESENTATION.stale(stage, view(match, seat))  # the seat has acted at that stage
        public = view(match, None)
        if PRESENTATION.round_closed(events, public, names) is not None:
            closed += 1
        for message in PRESENTATION.reports(events, public, names):
            if render(message.embeds[0].title).startswith("Round"):
                reports += 1
            else:
                final.append(message)
        assert len(render(PRESENTATION.table(public, names, notes=[], stopped=False).content)) <= 2000
    assert closed == reports == 13
    [over] = final
    results = match.results()
    winners = " and ".join(names[seat] for seat in results.winners)
    assert render(over.content).startswith(f"**Game over!** {winners}")
    standings = render(over.embeds[0].description).splitlines()
    assert len(standings) == players and standings[0].startswith("1. ")
    assert PRESENTATION.prompt(view(match, 0), names).rows == ()
    assert "**Game over:**" in render(
        PRESENTATION.table(view(match, None), names, notes=[], stopped=False).content
    )
