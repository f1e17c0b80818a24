"""How many direct messages a game sends each player (issue 27, item 13): a new DM only when
something needs the player (their turn; a new hand to decide on comes with that turn), what only
informs them (the new hand of a player who bids later) goes in the DM they already have, and a
prompt whose decision is made shrinks to one line, so that a phone's DM list stays short.

Whole games of three people who click what their DMs offer; the counts are of what the bot did
in each DM channel (``tests.e2e.dm_count``). The measured figures are in docs/benchmarks.md
("Direct messages per player"). Also (item 12): going out in Stick Game by discarding is said
in that one line, and the next round's prompt is a DM of its own.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from bot.tables.service import service_for
from tests.discord_emulator import Emulator
from tests.discord_emulator.state import Message, User
from tests.e2e.dm_count import dm_counts
from tests.e2e.game_harness import table_game
from tests.e2e.seat_helpers import WAIT, make_club, running, seat_bot, settle, slash, table_of
from tests.e2e.stickgame_play import StickTable, in_process_log, new_match
from tests.e2e.stupid_play import open_stupid_table

SHORT_STICKS = {"sticks_to_win": 1, "hand_size": 11}
STICK_SEED = 3


def one_line_each(emulator: Emulator, user: User) -> list[Message]:
    """The user's DMs that are more than one line or still carry components (none, once a game
    is over: every prompt was answered)."""
    return [m for m in emulator.driver.dm_messages(user) if "\n" in m.content or m.raw_components]


async def test_stupid_sends_a_dm_per_turn_and_shows_a_new_hand_in_the_last_one(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Rounds of 1, 2 and 1 cards (``max_hand=2``), ann, bob and cyd. At the deal of round 2 the
    two who do not bid first see their new hand in the DM they already had (no new message);
    each player gets one new DM per turn, plus one for the first deal's hand if they did not bid
    first then; every answered prompt is one line, and at the end so is every DM."""
    club = make_club(emulator, 3, "stupid")
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        play = await open_stupid_table(emulator, bot, club.channel, club.users, options="max_hand=2")
        first_of_round_one = play.game.awaiting[0]
        # the last card of round 1 is about to be played: what every DM channel holds now
        await play.play_until(lambda game: len(game.current_trick) == 2)
        await settle(emulator, bot, club.channel)  # the last player's prompt is there
        before = {
            seat: [m.id for m in emulator.driver.dm_messages(user)] for seat, user in play.humans.items()
        }
        await play.play_until(lambda game: game.round == 2)
        await settle(emulator, bot, club.channel)
        first = play.game.awaiting[0]
        for seat, user in play.humans.items():
            if seat == first:
                continue
            messages = emulator.driver.dm_messages(user)
            shown = messages[-1]
            assert "Your hand (2 cards):" in shown.content and "round 2 of 3" in shown.content, shown.content
            assert [m.id for m in messages] == before[seat], "a new DM for a hand that asks nothing yet"
            assert not shown.raw_components
        await play.play_to_the_end()
        await settle(emulator, bot, club.channel)
        turns = Counter(seat for seat, _ in play.moves)
        counts = dm_counts(emulator, club.users)
        for seat, user in play.humans.items():
            extra = 0 if seat == first_of_round_one else 1  # round 1's hand: no DM to show it in yet
            assert counts[user.name].created == turns[seat] + extra, (user.name, counts[user.name], turns)
            assert one_line_each(emulator, user) == []
            answered = emulator.driver.dm_messages(user)
            assert any(m.content.startswith("You bid **") for m in answered)
            assert any(m.content.startswith("You played **") for m in answered)
            # round 1's hand DM says what it was (the game's line), not only "Stupid at #channel"
            assert not any(m.content.startswith("Stupid at <#") for m in answered), answered


async def test_stickem_sends_a_dm_per_decision_each_answered_in_one_line(
    emulator: Emulator, tmp_path: Path
) -> None:
    """A whole default game of Stick'em (5 rounds of 14 tricks) for three people: a new DM for
    each misery choice and each card to play, nothing else, and every one of them one line at
    the end ("You played **red 7** in trick 3 of round 1.")."""
    async with table_game(emulator, tmp_path, 3) as h:
        await h.seat_everyone()
        await h.start()
        await h.play_game()
        await h.settle()
        counts = dm_counts(emulator, h.users)
        assert h.shadow is not None
        for user in h.users:
            assert counts[user.name].created == 5 + 5 * 14, counts[user.name]
            assert one_line_each(emulator, user) == []
            assert counts[user.name].lines == counts[user.name].created


async def test_stick_game_sends_a_dm_per_turn_each_answered_in_one_line(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Stick Game for three people to the first completed stick: a new DM at the start of each
    turn (the draw; the turn's later steps redraw it in place), and each turn's prompt one line
    once it is over ("You discarded K♦.")."""
    club = make_club(emulator, 3)
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        service_for(bot).registry._seed_source = lambda: STICK_SEED
        assert "You joined" in await slash(emulator, club.users[0], club.channel, "join", game="stickgame")
        for user in club.users[1:]:
            assert "You joined" in await slash(emulator, user, club.channel, "join")
        options = "sticks_to_win=1 hand_size=11"
        assert "started" in await slash(
            emulator, club.users[0], club.channel, "start", options=options, timer="off"
        )
        table = table_of(bot, club.channel)
        game = StickTable(
            emulator,
            club.channel.id,
            table.names,
            dict(enumerate(club.users)),
            new_match(3, SHORT_STICKS, STICK_SEED),
            in_process_log(table),
        )
        await game.play_until(lambda: game.shadow.is_over, timeout=60)
        # the table closes with the game; the final standings are its last message
        await emulator.driver.wait_for_message(
            club.channel, lambda m: m.content.startswith("**Game over!**"), timeout=WAIT
        )
        await settle(emulator, bot, club.channel)
        counts = dm_counts(emulator, club.users)
        for seat, user in enumerate(club.users):
            turns = sum(1 for who, action in game.moves if who == seat and action in ("S", "D"))
            assert counts[user.name].created == turns, (user.name, counts[user.name], turns)
            assert one_line_each(emulator, user) == []
            assert any(m.content.startswith("You discarded ") for m in emulator.driver.dm_messages(user))


GOING_OUT_SEED = 7
"""With ``sticks_to_win=2`` and 11 cards a hand, three people playing as ``normal`` players: ann
goes out by discarding 8♣ (the 43rd action) and begins round 2 herself."""


async def test_going_out_by_discarding_is_said_and_the_next_round_comes_in_a_new_dm(
    emulator: Emulator, tmp_path: Path
) -> None:
    """ann's discard of her last card: the prompt she clicked says she went out and the round
    is over, in one line and with no hand of the next round; the next round's prompt comes as a
    new DM although she is the one to begin it."""
    options = {"sticks_to_win": 2, "hand_size": 11}
    club = make_club(emulator, 3)
    ann = club.users[0]
    bot = seat_bot(emulator, tmp_path, club.guild_id)
    async with running(bot, emulator):
        service_for(bot).registry._seed_source = lambda: GOING_OUT_SEED
        assert "You joined" in await slash(emulator, ann, club.channel, "join", game="stickgame")
        for user in club.users[1:]:
            assert "You joined" in await slash(emulator, user, club.channel, "join")
        started = await slash(
            emulator, ann, club.channel, "start", options="sticks_to_win=2 hand_size=11", timer="off"
        )
        assert "started" in started
        table = table_of(bot, club.channel)
        game = StickTable(
            emulator,
            club.channel.id,
            table.names,
            dict(enumerate(club.users)),
            new_match(3, options, GOING_OUT_SEED),
            in_process_log(table),
        )
        await game.play_until(lambda: len(game.shadow.log) > 42, timeout=60)
        assert game.shadow.log[42] == (0, "X 8C") and game.shadow.round == 2, game.shadow.log[40:]
        await settle(emulator, bot, club.channel)
        messages = emulator.driver.dm_messages(ann)
        (done,) = [m for m in messages if m.content.startswith("You discarded 8♣")]
        assert done.content == "You discarded 8♣. You went out: round 1 is over.", done.content
        assert not done.raw_components
        after = messages[messages.index(done) + 1 :]
        assert len(after) == 1 and after[0].content.startswith(f"{game.header}\n**Stick Game** · round 2")
        assert [b.label for b in after[0].buttons][:1] == ["Draw from stock"]
