"""Stupid (the Oh Hell game) end to end on the emulated Discord (issue 13): whole games whose
humans only click what their DM prompts offer, computer seats, two decks, /hand, and what is
refused privately with nothing changed.

Games are kept short with the ``max_hand`` option: ``max_hand=2`` deals rounds of 1, 2 and 1
cards, ``max_hand=3`` rounds of 1, 2, 3, 2 and 1.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from host.storage import Storage
from host.table.seats import stored_seat_name
from host.tables import TableState
from stupid import Action, Card
from stupid.game import Phase
from stupid.messages.prompt import prompt_message
from stupid.views import View
from tabletop.catalog import render
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Channel, Message, User
from tests.e2e.seat_helpers import (
    make_club,
    messages_of,
    old_hand_answers,
    running,
    seat_bot,
    settle,
    text_only,
)
from tests.e2e.stupid_play import (
    DANGER,
    Script,
    StupidPlay,
    choices,
    fix_seed,
    layout,
    live,
    open_stupid_table,
    private_answer,
    shows,
    table_message,
)


async def test_three_humans_play_a_whole_game(emulator: Emulator, tmp_path: Path) -> None:
    """ann, bob and cyd play rounds of 1, 2 and 1 cards (``max_hand=2``) by clicking their DM
    prompts. Every prompt offers exactly the legal bids or cards; before each move the table
    message shows the trump card, whose turn it is, the trick, the bids, the tricks taken and
    the totals; each round's scores are posted once, and the final standings are the engine's."""
    club = make_club(emulator, 3, "stupid")
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        play = await open_stupid_table(emulator, bot, club.channel, club.users, options="max_hand=2")
        lobby = emulator.driver.channel_messages(club.channel)[0]
        assert "1 deck (one per 7 players); largest hand 2 cards: 3 rounds of 1 to 2 cards" in lobby.content
        assert play.rounds == 3
        await play.play_to_the_end()
        assert play.reported == {1, 2, 3}
        assert len(play.moves) == 3 * 3 + 3 * 4  # every bid and card of the game, each one clicked
        assert play.prompts_checked == play.tables_checked == len(play.moves)
        assert play.table is not None and play.table.state is TableState.CLOSED
        for user in club.users:  # no DM offers anything any more
            assert not any(live(message) for message in emulator.driver.dm_messages(user))


async def test_one_human_and_six_computer_players_play_to_the_end(emulator: Emulator, tmp_path: Path) -> None:
    """ann starts with ``players:7``: six computer players fill the table (one deck), move by
    themselves, and the game of rounds of 1, 2 and 1 cards ends with everybody's standing,
    stored in the channel's history."""
    club = make_club(emulator, 1, "stupid")
    ann = club.users[0]
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        play = await open_stupid_table(emulator, bot, club.channel, [ann], options="max_hand=2", players=7)
        assert play.table is not None
        assert [seat.level for seat in play.table.seats] == [None] + ["normal"] * 6
        assert play.names[0] == "ann" and len(set(play.names)) == 7, play.names
        assert all(name.startswith("Bot ") and name.endswith(" (normal)") for name in play.names[1:])
        await play.play_to_the_end()
        assert len(play.moves) == 3 + 4  # ann's bids and cards; the computers did the rest
        assert len(play.shadow.log) == 7 * 3 + 7 * 4
        assert play.table.state is TableState.CLOSED
    storage = await Storage.open(f"sqlite:///{tmp_path / 'stickem.sqlite3'}")
    try:
        history = await storage.stats.history(club.channel.id)
        assert len(history) == 1
        # stored as their parts (a computer's first name, its level), shown as the table named them
        shown = {
            s.seat: render(stored_seat_name(s.display_name, computer=s.user_id is None, level=s.level))
            for s in history[0].standings
        }
        stored = {shown[s.seat]: (s.user_id, s.total) for s in history[0].standings}
        user_ids = [ann.id] + [None] * 6
        totals = play.game.totals
        assert stored == {name: (user_ids[seat], totals[seat]) for seat, name in enumerate(play.names)}
    finally:
        await storage.close()


TWINS_SEED = 786
"""A deal of nine seats (two decks, largest hand 3; found by dealing seeds with the engine):
in round 2 (hearts trump) dee holds 4♥ twice; in round 3 (diamonds trump) bob, left of the
dealer, leads the first trick holding an A♦ and dee holds the other."""


def twins(seat: int, view: View) -> Action | None:
    """Play identical cards whenever the rules allow: lead the ace of trumps, follow with a copy
    of a card already in the trick, or play a card held twice; else no preference."""
    if view.phase is not Phase.TRICKS:
        return None
    legal = {card for card in view.legal if isinstance(card, Card)}
    ace = Card.parse("A" + view.trump_suit.letter)
    if not view.trick and ace in legal:
        return Action.play(ace)
    for _, card in view.trick:
        if card in legal:
            return Action.play(card)
    held = Counter(view.hand or ())
    return next((Action.play(card) for card in sorted(legal) if held[card] > 1), None)


async def test_nine_players_with_two_decks_show_and_play_identical_cards(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Four humans and five computer players: two decks, rounds of 1, 2, 3, 2 and 1 cards
    (``max_hand=3``), dealt from :data:`TWINS_SEED`. Two copies of a card in a hand are one
    button ``4♥ x2`` that plays one copy (then the hand shows one); two aces of trumps in one
    trick: the first played takes it, and the table message says so. The game goes to its end."""
    club = make_club(emulator, 4, "stupid")
    dee = club.users[3]
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        text_only(bot, club.guild_id)  # nothing here looks at a picture
        fix_seed(bot, TWINS_SEED)
        play = await open_stupid_table(
            emulator, bot, club.channel, club.users, options="max_hand=3", players=9
        )
        play.script = twins
        lobby = emulator.driver.channel_messages(club.channel)[0]
        assert "2 decks (one per 7 players); largest hand 3 cards: 5 rounds" in lobby.content, lobby.content
        assert play.game.decks == 2 and len(play.names) == 9
        # round 2: dee's two cards are both 4♥, one button for the two
        await play.play_until(
            lambda game: game.round >= 2 and game.phase is Phase.TRICKS and 3 in game.awaiting
        )
        four = Card.parse("4♥")
        assert play.game.round == 2 and play.game.hand(3) == [four, four]
        prompt = await play.prompt(3)
        assert [(c.label, c.ident.intent, c.enabled) for c in choices(prompt)] == [("4♥ x2", "p4H", True)]
        assert "♥ hearts (trump): 4, 4" in prompt.content, prompt.content
        played = await play.act(3)
        assert played.content == "You played **4♥** in trick 1 of round 2.", played.content  # done: one line
        assert not choices(played)
        hand = await hand_command(emulator, dee, club.channel)  # the hand now holds one copy
        assert "♥ hearts (trump): 4\n" in hand.content + "\n", hand.content
        assert [(c.label, c.enabled) for c in choices(hand)] == [("4♥", False)]
        await play.play_until(lambda game: game.round >= 3)
        fours = [text for seat, text in play.shadow.log if seat == 3 and text.startswith("p4H")]
        assert fours == ["p4H.0", "p4H.1"], fours  # the log names the copy each click played
        assert "4♥ x2" in play.copies_shown
        # round 3: bob leads an A♦ (trump), dee plays the other; the first played takes the trick
        await play.play_until(lambda game: game.round > 3 or game.trick_number >= 2)
        (trick,) = [trick for number, trick in play.tricks if number == 3 and trick.trick == 1]
        ace = Card.parse("A♦")
        assert trick.plays[0] == (1, ace) and (3, ace) in trick.plays and trick.winner == 1, trick
        aces = sorted(text for seat, text in play.shadow.log[-3 * 9 :] if text.startswith("pAD"))
        assert aces == ["pAD.0", "pAD.1"], aces
        assert play.game.awaiting == (1,)  # bob leads the next trick
        await play.check_table()
        shown = table_message(emulator, club.channel)
        assert shown is not None
        assert shows(shown.content, "Last trick (1) - taken by bob:\n- bob: A♦"), shown.content
        await play.play_to_the_end()
        assert play.reported == {1, 2, 3, 4, 5}
        assert not any(live(message) for message in emulator.driver.dm_messages(dee))


CORNER_SEED = 1
"""A deal of three seats (largest hand 2) where, in round 2, the player after the leader holds
two suits and the leader holds a card of one of them (found by dealing seeds with the engine)."""


def cornering(play: StupidPlay) -> Script:
    """The test's choices: the bidders before the dealer bid 0 in round 1 (so the dealer may not
    bid 1), and the leader of round 2 leads a suit the next player holds with another suit (so
    that player has a card it may not play)."""

    def script(seat: int, view: View) -> Action | None:
        if view.round == 1 and view.phase is Phase.BIDDING and seat != view.dealer:
            return Action.bid(0)
        if view.round == 2 and view.phase is Phase.TRICKS and not view.trick and not view.tricks:
            their = play.game.hand((seat + 1) % view.players)  # the test knows every hand
            suits = {card.suit for card in their}
            lead = [card for card in view.hand or () if card.suit in suits]
            if len(suits) > 1 and lead:
                return Action.play(lead[0])
        return None

    return script


async def hand_command(emulator: Emulator, user: User, channel: Channel) -> Message:
    """``user``'s /hand answer: an ephemeral message."""
    response = await (await emulator.driver.slash(user, channel, "hand")).response()
    assert response.ephemeral and response.message is not None, response.content
    return response.message


async def test_forbidden_bid_wrong_suit_and_stale_prompts_are_refused_privately(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Three humans, rounds of 1, 2 and 1 cards, dealt from :data:`CORNER_SEED`. /hand gives the
    awaited player their prompt with the very components of their DM (a waiting player: the hand
    as text, no button). The dealer's forbidden bid and a card of another suit than the one led
    are disabled; a forged click on either is refused privately with the rules' reason, and
    nothing changes: not the action count, not the prompt, not the channel. Clicks on /hand
    prompts of a bidding, a trick or a round that is over are refused the same way. The game
    then goes on to its end."""
    club = make_club(emulator, 3, "stupid")
    channel, users = club.channel, club.users
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        fix_seed(bot, CORNER_SEED)
        old_hand_answers(bot)  # the stale clicks on them are what the test looks at
        play = await open_stupid_table(emulator, bot, channel, users, options="max_hand=2")
        play.script = cornering(play)
        table = play.table
        assert table is not None

        def unchanged(count: int, prompt: Message, before: tuple[str, object, list[str]]) -> None:
            assert table.action_count == count == len(play.shadow.log)
            content, buttons, said = before
            assert (prompt.content, layout(prompt)) == (content, buttons), "the prompt changed"
            assert [m.text for m in emulator.driver.channel_messages(channel)] == said, "the channel changed"

        def state(prompt: Message) -> tuple[str, object, list[str]]:
            return prompt.content, layout(prompt), [m.text for m in emulator.driver.channel_messages(channel)]

        async def refused(user: User, message: Message, custom_id: str, *, forge: bool = False) -> str:
            if forge:
                result = await emulator.driver.forge_click(user, message, custom_id)
            else:
                result = await emulator.driver.click(user, message, custom_id)
            text = await private_answer(result)
            await settle(emulator, bot, channel)
            return text

        # /hand: the first bidder's prompt as in the DM; a waiting player sees their hand only
        first = play.game.awaiting[0]
        dm = await play.prompt(first)
        round_one_bids = await hand_command(emulator, users[first], channel)
        assert layout(round_one_bids) == layout(dm) and live(dm)
        assert dm.content.endswith("\n" + round_one_bids.content), (dm.content, round_one_bids.content)
        waiting = (first + 1) % 3
        text = (await hand_command(emulator, users[waiting], channel)).content
        assert f"Waiting for **{play.names[first]}** to bid." in text and "Your hand (1 card):" in text
        assert not (await hand_command(emulator, users[waiting], channel)).buttons

        # the dealer may not bid 1 after two bids of 0: disabled, and a forged click is refused
        dealer = play.game.view(None).dealer
        await play.play_until(lambda game: game.phase is not Phase.BIDDING or game.awaiting == (dealer,))
        assert play.game.phase is Phase.BIDDING and play.game.view(None).bids.count(0) == 2
        prompt = await play.prompt(dealer)
        play.check_prompt(dealer, prompt)
        (forbidden,) = [choice for choice in choices(prompt) if not choice.enabled]
        assert forbidden.ident.intent == "b1" and forbidden.style == DANGER
        count, before = table.action_count, state(prompt)
        text = await refused(users[dealer], prompt, forbidden.ident.encode(), forge=True)
        assert text == (
            "As the dealer you may not bid 1: with the 0 already bid the bids would add up to 1, "
            "the tricks in this round, and someone must miss their bid."
        )
        unchanged(count, prompt, before)
        await play.act(dealer)  # from the same prompt, a bid it allows
        # the bidding is over: the first bidder's /hand prompt of it no longer counts
        text = await refused(users[first], round_one_bids, live(round_one_bids)[0].ident.encode())
        assert text == "The bidding of round 1 is over; use your latest hand. /hand shows your latest cards."
        assert table.action_count == len(play.shadow.log)

        # round 2, trick 1: the second player holds the suit led and another: the other is disabled
        await play.play_until(
            lambda game: game.round > 2 or (game.round == 2 and len(game.current_trick) == 1)
        )
        assert play.game.round == 2 and play.game.trick_number == 1
        seat = play.game.awaiting[0]
        user = users[seat]
        lead = play.game.view(None).lead_suit
        assert lead is not None
        prompt = await play.prompt(seat)
        play.check_prompt(seat, prompt)
        trick_one = await hand_command(emulator, user, channel)
        assert layout(trick_one) == layout(prompt)
        (other,) = [choice for choice in choices(prompt) if not choice.enabled]
        card = other.action.card
        assert card is not None and card.suit is not lead
        count, before = table.action_count, state(prompt)
        text = await refused(user, prompt, other.ident.encode(), forge=True)
        assert text == (
            f"You must follow suit: play a {lead.symbol} ({lead.value}); you have {lead.value} in your hand."
        )
        unchanged(count, prompt, before)
        await play.act(seat)  # follows suit from the same prompt
        (follow,) = live(trick_one)
        text = await refused(user, trick_one, follow.ident.encode())
        assert text == (
            "You have already played in trick 1; use your latest hand."
            " /hand shows your latest cards."
        )
        # later: that trick, and round 1's bidding, are over
        await play.play_until(lambda game: game.round > 2 or game.trick_number == 2)
        count = table.action_count
        text = await refused(user, trick_one, follow.ident.encode())
        assert text == (
            "This hand is from trick 1, which is over; use your latest hand."
            " /hand shows your latest cards."
        )
        text = await refused(users[first], round_one_bids, live(round_one_bids)[0].ident.encode())
        assert text == (
            "These bids are from round 1, which is over; use your latest hand."
            " /hand shows your latest cards."
        )
        assert table.action_count == count == len(play.shadow.log)
        await play.play_to_the_end()


def newest_dm(emulator: Emulator, user: User) -> Message | None:
    messages = emulator.driver.dm_messages(user)
    return messages[-1] if messages else None


async def test_at_each_deal_the_others_get_their_new_hand_by_dm(emulator: Emulator, tmp_path: Path) -> None:
    """When a round is dealt, the seat that bids first gets its prompt and the other two people
    a DM of their new hand with whose turn it is and nothing to click; their prompt comes with
    their turn. Every round alike."""
    club = make_club(emulator, 3, "stupid")
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        play = await open_stupid_table(emulator, bot, club.channel, club.users, options="max_hand=2")
        for round_number in (1, 2, 3):
            await play.play_until(lambda game, r=round_number: game.round == r)
            first = play.game.awaiting[0]
            for seat, user in play.humans.items():
                if seat == first:
                    continue
                view = play.shadow.view(seat)
                assert view.hand is not None
                count = f"{len(view.hand)} card{'' if len(view.hand) == 1 else 's'}"

                def shown(user: User = user, count: str = count, r: int = round_number) -> Message | None:
                    message = newest_dm(emulator, user)
                    if message is None or f"round {r} of 3" not in message.content:
                        return None
                    return message if f"Your hand ({count}):" in message.content else None

                dm = await emulator.driver.wait_until(
                    shown, 5.0, f"{play.names[seat]}'s hand of round {round_number}"
                )
                assert f"Waiting for **{play.names[first]}** to bid." in dm.content, dm.content
                # the game's own prompt for the seat's view as it is now, under the DM header
                assert dm.content.endswith(render(prompt_message(view, play.names).content)), dm.content
                assert not choices(dm), dm.content  # nothing to click: the turn brings the prompt
            # the hand DMs are not live prompts: a restart would prompt the first bidder only
            assert play.table is not None and set(messages_of(bot, play.table).prompts) <= {first}
        await play.play_to_the_end()
        assert play.prompts_checked == len(play.moves)  # each turn still had its live prompt
