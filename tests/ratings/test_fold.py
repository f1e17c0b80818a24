"""The ratings fold (host.ratings): openskill's own numbers, ties, what counts, computer levels."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from host.ratings import (
    DISPLAY_BASE,
    DISPLAY_SCALE,
    Rated,
    RatedGame,
    RatedSeat,
    RatingBook,
    display_rating,
    seat_changes,
)

ANN, BOB, CYD, DEE = (Rated.person(u) for u in (11, 12, 13, 14))
HARD, EASY = Rated.computer("hard"), Rated.computer("easy")


def game(
    *seats: tuple[Rated, int], guild: int | None = 1, name: str = "stickem", stopped: bool = False
) -> RatedGame:
    """A finished game whose winners are the seats with the best total."""
    best = max(total for _, total in seats)
    return RatedGame(
        guild, name, tuple(RatedSeat(who, total, total == best) for who, total in seats), stopped=stopped
    )


def test_documented_example_numbers() -> None:
    """openskill's documented example (four newcomers ranked 4, 1, 3, 2), with its tau of 0:
    the fold gives exactly the numbers its documentation prints."""
    book = RatingBook(PlackettLuce(tau=0.0))
    # Ranks 4, 1, 3, 2 as final totals: BOB best, DEE second, CYD third, ANN last.
    book.rate(game((ANN, 10), (BOB, 40), (CYD, 20), (DEE, 30)))
    expected = {
        ANN: (20.96265504062538, 8.083731307186588),
        BOB: (27.795084971874736, 8.263160757613477),
        CYD: (24.68943500312503, 8.083731307186588),
        DEE: (26.552824984374855, 8.179213704945203),
    }
    for who, (mu, sigma) in expected.items():
        rating = book.rating(1, "stickem", who)
        assert rating.mu == pytest.approx(mu, abs=1e-12)
        assert rating.sigma == pytest.approx(sigma, abs=1e-12)


def test_documented_tie_example_numbers() -> None:
    """The documented scores 37, 19, 37, 42: the two 37s tie and share one update."""
    book = RatingBook(PlackettLuce(tau=0.0))
    book.rate(game((ANN, 37), (BOB, 19), (CYD, 37), (DEE, 42)))
    assert book.rating(1, "stickem", ANN).mu == pytest.approx(24.68943500312503, abs=1e-12)
    assert book.rating(1, "stickem", CYD) == book.rating(1, "stickem", ANN)
    assert book.rating(1, "stickem", BOB).mu == pytest.approx(22.826045021875203, abs=1e-12)
    assert book.rating(1, "stickem", DEE).sigma == pytest.approx(8.263160757613477, abs=1e-12)


def test_a_sequence_of_games_gives_openskills_numbers() -> None:
    """Five games, ties and a repeated opponent among them, against openskill called directly."""
    games = [
        game((ANN, 30), (BOB, 10), (CYD, 20)),
        game((BOB, 5), (CYD, 5), (DEE, -3)),
        game((ANN, 0), (DEE, 12)),
        game((ANN, 7), (BOB, 7), (CYD, 7), (DEE, 7)),
        game((DEE, 50), (CYD, 40), (ANN, 1)),
    ]
    book = RatingBook().fold(games)

    model = PlackettLuce()
    expected = {who: model.rating() for who in (ANN, BOB, CYD, DEE)}
    for g in games:
        totals = [seat.total for seat in g.seats]
        ranks = [1 + sum(t > total for t in totals) for total in totals]  # winners have the best total
        out = model.rate([[expected[s.who]] for s in g.seats], ranks=ranks)
        for seat, (rating,) in zip(g.seats, out, strict=True):
            expected[seat.who] = rating
    for who, rating in expected.items():
        mine = book.rating(1, "stickem", who)
        assert (mine.mu, mine.sigma) == (
            pytest.approx(rating.mu, abs=1e-12),
            pytest.approx(rating.sigma, abs=1e-12),
        )
    assert book.rating(1, "stickem", ANN).games == 4
    assert book.rating(1, "stickem", BOB).games == 3


def test_winners_rank_first_even_with_a_lower_total() -> None:
    """The standings are the game's: a winner ranks above a seat of a higher total."""
    g = RatedGame(
        1, "stickgame", (RatedSeat(ANN, 3, True), RatedSeat(BOB, 3, False), RatedSeat(CYD, 5, False))
    )
    assert g.ranks() == (1, 3, 2)
    tie = RatedGame(
        1, "stickgame", (RatedSeat(ANN, 3, True), RatedSeat(BOB, 3, True), RatedSeat(CYD, 1, False))
    )
    assert tie.ranks() == (1, 1, 3)


def test_stopped_and_one_seat_games_do_not_count() -> None:
    book = RatingBook()
    assert book.rate(game((ANN, 10), (BOB, 0), stopped=True)) == ()
    assert book.rate(game((ANN, 10))) == ()
    assert book.rate(game((HARD, 10), (HARD, 0))) == ()  # one player in two seats
    assert book.boards() == ()
    assert book.rating(1, "stickem", ANN) == book.newcomer()


def test_ratings_are_per_server_and_per_game() -> None:
    book = RatingBook().fold(
        [
            game((ANN, 10), (BOB, 0), guild=1),
            game((ANN, 0), (BOB, 10), guild=2),
            game((ANN, 0), (BOB, 10), guild=1, name="stupid"),
        ]
    )
    assert book.rating(1, "stickem", ANN).mu > 25 > book.rating(2, "stickem", ANN).mu
    assert book.rating(1, "stupid", ANN).mu < 25
    assert book.boards() == ((1, "stickem"), (1, "stupid"), (2, "stickem"))


def test_computer_levels_get_one_rating_each() -> None:
    """Three ``hard`` seats are one player (the mean of its seats' updates), ``easy`` another."""
    book = RatingBook()
    g = game((ANN, 30), (HARD, 20), (HARD, 10), (EASY, 0))
    changes = book.rate(g)
    assert [c.who for c in changes] == [ANN, HARD, EASY]
    model = PlackettLuce()
    out = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 3, 4])
    hard = book.rating(1, "stickem", HARD)
    assert hard.mu == pytest.approx((out[1][0].mu + out[2][0].mu) / 2)
    assert hard.sigma == pytest.approx((out[1][0].sigma + out[2][0].sigma) / 2)
    assert hard.games == 1
    assert book.rating(1, "stickem", EASY).mu == pytest.approx(out[3][0].mu)
    assert set(book.ratings(1, "stickem")) == {ANN, HARD, EASY}
    # The final standings show each seat its player's change: both hard seats the level's.
    shown = seat_changes(g, changes)
    assert shown == (changes[0].change, changes[1].change, changes[1].change, changes[2].change)
    assert shown[0] is not None and shown[0] > 0 > (shown[3] or 0)
    assert seat_changes(g, book.rate(game((ANN, 1), stopped=True))) == (None,) * 4


def test_leaderboard_by_conservative_estimate_with_shown_change() -> None:
    book = RatingBook().fold([game((ANN, 10), (BOB, 5), (HARD, 0)), game((ANN, 10), (HARD, 0))])
    board = book.leaderboard(1, "stickem")
    assert [line.who for line in board] == [ANN, BOB, HARD]
    assert [line.rank for line in board] == [1, 2, 3]
    ordinals = [line.rating.ordinal for line in board]
    assert ordinals == sorted(ordinals, reverse=True)
    ann = board[0].rating
    assert ann.games == 2
    assert ann.ordinal == pytest.approx(ann.mu - 3 * ann.sigma)
    assert ann.shown == round(DISPLAY_BASE + DISPLAY_SCALE * ann.ordinal)
    # The change of the last game is the difference of the shown numbers.
    before = RatingBook().fold([game((ANN, 10), (BOB, 5), (HARD, 0))]).rating(1, "stickem", ANN)
    assert ann.last_change == ann.shown - before.shown
    assert ann.last_change > 0


def test_newcomer_shows_the_base_and_tied_estimates_share_a_rank() -> None:
    book = RatingBook()
    assert book.newcomer().shown == DISPLAY_BASE == display_rating(0.0)
    book.rate(game((ANN, 5), (BOB, 5)))  # a tie of two newcomers: equal ratings
    assert [line.rank for line in book.leaderboard(1, "stickem")] == [1, 1]
    assert book.rating(1, "stickem", ANN).last_change == book.rating(1, "stickem", BOB).last_change
    mixed = RatingBook()
    mixed.rate(game((HARD, 5), (BOB, 5), (EASY, 5), (ANN, 5)))  # equal: people first, then levels
    assert [line.who for line in mixed.leaderboard(1, "stickem")] == [ANN, BOB, EASY, HARD]


def test_rated_is_a_person_or_a_level() -> None:
    with pytest.raises(ValueError):
        Rated()
    with pytest.raises(ValueError):
        Rated(user_id=1, level="hard")
    assert str(HARD) == "computer hard" and str(ANN) == "user 11"
