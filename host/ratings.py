"""Ratings: a multiplayer skill rating per player, per game, per server (openskill's Plackett-Luce).

One pure fold, :class:`RatingBook`, turns finished games (in the order they ended) into ratings,
so that "recompute every rating from the stored games" and "update the ratings when a game ends"
are the same code: :meth:`RatingBook.rate` one game, :meth:`RatingBook.fold` many.

Decisions (the issue leaves them to us):

- **Who is rated.** A person by Discord user id; a computer seat by its level (one rating per
  level and game and server: ``hard`` is one player, so people see where they stand against it).
- **What counts.** A finished game with at least two seats and two different rated players;
  stopped games never count (the storage reader gives finished games only, and a
  :class:`RatedGame` marked ``stopped`` is ignored anyway).
- **The rank order** is the final standings: winners first, then by total, higher first; equal
  standing (the same total, both winners or both not) is a tie, and ties share the rank (and so
  the update, as openskill shares it).
- **One level in several seats** (three ``hard`` seats against one person): each seat plays as
  a copy of the level's rating from before the game; the level's new ``mu`` and ``sigma`` are the
  means of its seats' new values, and the game counts once for it.
- **The model**: openskill's ``PlackettLuce`` with its default parameters (mu 25, sigma 25/3,
  beta 25/6, tau 25/300); a change of parameters is one recompute from the stored games.
- **The shown number** (:func:`display_rating`): ``1000 + 20 * (mu - 3 * sigma)``, rounded. The
  conservative estimate ``mu - 3 sigma`` (openskill's ordinal) orders leaderboards; a newcomer
  shows 1000, and a change in the standings ("+24") is the difference of two shown numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from statistics import fmean

from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = [
    "DISPLAY_BASE",
    "DISPLAY_SCALE",
    "BoardLine",
    "Rated",
    "RatedGame",
    "RatedSeat",
    "Rating",
    "RatingBook",
    "RatingChange",
    "display_rating",
    "seat_changes",
]

DISPLAY_BASE = 1000
"""The shown rating of a conservative estimate of 0 (a newcomer: 25 - 3 * 25/3)."""

DISPLAY_SCALE = 20
"""Shown points per unit of the conservative estimate (one point of openskill's scale)."""


def display_rating(ordinal: float) -> int:
    """The number players read for a conservative estimate (see the module docstring)."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal)


@dataclass(frozen=True)
class Rated:
    """Who holds a rating: a person (``user_id``) or a computer level (``level``), never both."""

    user_id: int | None = None
    level: str | None = None

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.level is None):
            raise ValueError("a rated player is a person or a computer level, not both or neither")

    @classmethod
    def person(cls, user_id: int) -> Rated:
        """A Discord user."""
        return cls(user_id=user_id)

    @classmethod
    def computer(cls, level: str) -> Rated:
        """A computer level ("hard")."""
        return cls(level=level)

    @property
    def is_computer(self) -> bool:
        """Whether this is a computer level."""
        return self.level is not None

    @property
    def sort_key(self) -> tuple[bool, int, str]:
        """People before computer levels, then by user id or level name."""
        return (self.is_computer, self.user_id or 0, self.level or "")

    def __str__(self) -> str:
        return f"computer {self.level}" if self.level is not None else f"user {self.user_id}"


@dataclass(frozen=True)
class RatedSeat:
    """One seat of a finished game: who sat there at the end, their total, whether they won."""

    who: Rated
    total: int
    won: bool


@dataclass(frozen=True)
class RatedGame:
    """A finished game as the ratings see it: the server and game it counts for, its seats."""

    guild_id: int | None
    game: str
    seats: tuple[RatedSeat, ...]
    game_id: int | None = None
    stopped: bool = False

    @property
    def counts(self) -> bool:
        """Whether the game changes ratings: not stopped, two seats or more, two players or more."""
        return not self.stopped and len(self.seats) >= 2 and len({s.who for s in self.seats}) >= 2

    def ranks(self) -> tuple[int, ...]:
        """Each seat's place in the final standings (1 best; equal standings share a place)."""
        keys = [(not seat.won, -seat.total) for seat in self.seats]
        return tuple(1 + sum(other < key for other in keys) for key in keys)


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game on one server: openskill's ``mu`` and ``sigma``, how many
    games counted, and the shown change of the last one (None before any)."""

    mu: float
    sigma: float
    games: int = 0
    last_change: int | None = None

    @property
    def ordinal(self) -> float:
        """The conservative estimate ``mu - 3 sigma`` that orders leaderboards."""
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        """The number players read (:func:`display_rating`)."""
        return display_rating(self.ordinal)


@dataclass(frozen=True)
class RatingChange:
    """What one finished game did to one player's rating."""

    who: Rated
    before: Rating
    after: Rating

    @property
    def change(self) -> int:
        """The shown change ("+24" is 24)."""
        return self.after.shown - self.before.shown


@dataclass(frozen=True)
class BoardLine:
    """One line of a leaderboard (rank 1-based; equal conservative estimates share a rank)."""

    rank: int
    who: Rated
    rating: Rating


def seat_changes(game: RatedGame, changes: Iterable[RatingChange]) -> tuple[int | None, ...]:
    """The shown change of each seat's player ("+24" for the final standings), in seat order;
    None for every seat of a game that did not count (``changes`` empty)."""
    by_player = {change.who: change.change for change in changes}
    return tuple(by_player.get(seat.who) for seat in game.seats)


Board = tuple[int | None, str]
"""Which ratings: a server (None: games outside a server) and a game's name."""


@dataclass
class RatingBook:
    """Every rating, by server and game: the fold of finished games in the order they ended."""

    model: PlackettLuce = field(default_factory=PlackettLuce)
    _boards: dict[Board, dict[Rated, Rating]] = field(default_factory=dict)

    def newcomer(self) -> Rating:
        """The rating of someone who never played (the model's prior)."""
        return Rating(self.model.mu, self.model.sigma)

    def rating(self, guild_id: int | None, game: str, who: Rated) -> Rating:
        """``who``'s rating in ``game`` on the server (a newcomer's if they never played it)."""
        return self._boards.get((guild_id, game), {}).get(who) or self.newcomer()

    def ratings(self, guild_id: int | None, game: str) -> Mapping[Rated, Rating]:
        """Every rating of one game on one server."""
        return dict(self._boards.get((guild_id, game), {}))

    def boards(self) -> tuple[Board, ...]:
        """Every (server, game) that has ratings, sorted (games outside a server first)."""
        return tuple(sorted(self._boards, key=lambda b: (b[0] is not None, b[0] or 0, b[1])))

    def leaderboard(self, guild_id: int | None, game: str) -> tuple[BoardLine, ...]:
        """The players of one game on one server, best conservative estimate first (then more
        games, then people before computer levels, by id or level)."""
        ranked = sorted(
            self._boards.get((guild_id, game), {}).items(),
            key=lambda item: (-item[1].ordinal, -item[1].games, item[0].sort_key),
        )
        ordinals = [rating.ordinal for _, rating in ranked]
        return tuple(
            BoardLine(1 + sum(o > rating.ordinal for o in ordinals), who, rating) for who, rating in ranked
        )

    def put(self, guild_id: int | None, game: str, who: Rated, rating: Rating) -> None:
        """Set ``who``'s rating in ``game`` on the server (a rating read back from storage)."""
        self._boards.setdefault((guild_id, game), {})[who] = rating

    def fold(self, games: Iterable[RatedGame]) -> RatingBook:
        """Rate every game, in order (those that do not count are skipped); returns ``self``."""
        for game in games:
            self.rate(game)
        return self

    def rate(self, game: RatedGame) -> tuple[RatingChange, ...]:
        """Update the ratings with one finished game; the change of each player in it (in seat
        order of their first seat), or nothing if the game does not count."""
        if not game.counts:
            return ()
        board = self._boards.setdefault((game.guild_id, game.game), {})
        before = {seat.who: board.get(seat.who) or self.newcomer() for seat in game.seats}
        teams = [[self._model_rating(before[seat.who])] for seat in game.seats]
        rated = self.model.rate(teams, ranks=[float(rank) for rank in game.ranks()])
        new: dict[Rated, list[PlackettLuceRating]] = {}
        for seat, (result,) in zip(game.seats, rated, strict=True):
            new.setdefault(seat.who, []).append(result)
        changes = []
        for who, results in new.items():
            old = before[who]
            mu, sigma = fmean(r.mu for r in results), fmean(r.sigma for r in results)
            shown_change = display_rating(mu - 3 * sigma) - old.shown
            board[who] = Rating(mu, sigma, old.games + 1, shown_change)
            changes.append(RatingChange(who, old, board[who]))
        return tuple(changes)

    def _model_rating(self, rating: Rating) -> PlackettLuceRating:
        return self.model.rating(mu=rating.mu, sigma=rating.sigma)
