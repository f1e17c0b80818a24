"""What a table answers: an :class:`Outcome`, the reply and the effects (what must now be shown),
and for a click on a game's prompt its :data:`Answer` (what the clicked prompt becomes).
What was shown, and the ids of its messages, the Discord layer keeps (:mod:`bot.tables.message_book`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from host.catalog import Words
from host.storage.records import SeatRatingChange
from tabletop.presentation import Message

# --- effects: what must be shown after an action ----------------------------------------------


@dataclass(frozen=True)
class ShowLobby:
    """Post the lobby message, or edit it if it exists."""


@dataclass(frozen=True)
class LobbyClosed:
    """Edit the lobby message into its final form (no buttons), saying why."""

    reason: Words


@dataclass(frozen=True)
class ShowTable:
    """Show the table message: a new one (a round starts) or an edit of the current one."""

    new_message: bool = False


@dataclass(frozen=True)
class RoundClosed:
    """A round ended: the table message takes its last form, from the events of the action
    that ended it (the game's presentation writes it: :meth:`Presentation.round_closed`)."""

    events: tuple[object, ...]


@dataclass(frozen=True)
class Prompt:
    """Give ``seat`` its decision: its hand and the components to decide with (a DM, or a
    channel mention for a seat whose DMs are closed). ``keep_live``: after a restart or a
    reload, a seat whose prompt of before is still live keeps it instead of getting a new one
    (the Discord layer knows which are)."""

    seat: int
    keep_live: bool = False


@dataclass(frozen=True)
class PromptGoesOn:
    """``seat`` clicked, and its decision goes on in place (a turn of several decisions): its
    live DM prompt stays the live one, showing the prompt as it is now (a click in it: its
    answer shows that already; a click elsewhere, in /hand's private answer: the DM is renewed
    in place, else the prompt is DMed anew, as a :class:`Prompt`)."""

    seat: int


@dataclass(frozen=True)
class PromptAnswered:
    """``seat`` clicked, and its decision is made: its live DM prompt asks nothing more. It
    shows the click's answer (when the click came from elsewhere, or its answer could not be
    shown there) and becomes the seat's latest done DM."""

    seat: int


@dataclass(frozen=True)
class PromptRetired:
    """``seat``'s live DM prompt asks nothing more (its player, ``user_id``, left the game:
    the computer plays the seat now): it says so (``reason``, in that player's language) and
    loses its buttons."""

    seat: int
    user_id: int
    reason: Words


@dataclass(frozen=True)
class ShowHand:
    """Show ``seat`` its newly dealt hand while another seat decides first: the game's prompt
    for a seat that is not awaited, as a DM with nothing to click. It is not the seat's live
    prompt (that comes with its turn), so a restart need not send it again; a seat whose DMs
    are closed sees its hand with /hand. Only in games that ask for it
    (:attr:`tabletop.GameSpec.shows_new_hands`)."""

    seat: int


RatingChanges = tuple[tuple[int, SeatRatingChange], ...]
"""What a finished game did to its seats' ratings, as stored with its end: (seat, change) pairs
in seat order; empty when the game did not count (or there is no storage)."""


@dataclass(frozen=True)
class Reports:
    """Post what the game reports after an action (a round's scores, the final standings:
    :meth:`Presentation.reports`); ``final``: the game is over with it, and the final standings
    show ``ratings`` (what the store step wrote with the game's end: the Discord layer shows
    them as given, it reads nothing back)."""

    events: tuple[object, ...]
    final: bool = False
    ratings: RatingChanges = ()


@dataclass(frozen=True)
class Notice:
    """Post a line in the table's channel (``ping``: the one user notified, if any)."""

    text: Words
    ping: int | None = None


@dataclass(frozen=True)
class PromptTimedOut:
    """The turn timer ran out for ``seat``: its live prompt says so, and what the computer did
    for it (``actions``, in the game's words: every step of a turn the stand-in played to its
    end). Comes before the effects of the move, so that a new prompt of the seat (a round it
    begins) is sent after the old one was retired."""

    seat: int
    actions: tuple[str, ...]
    reply: Words = field(compare=False)
    """What the game says of ``actions`` to the seat (its replies, one after another), written
    by the host (:meth:`~host.table.play.TablePlay.timed_out_prompt`), shown as it is."""


@dataclass(frozen=True)
class TakeoverRequest:
    """Ask the host (in the channel) to let ``user_id`` take over one of the computer ``seats``
    (one Approve button per seat when there are several)."""

    user_id: int
    name: str
    seats: tuple[int, ...]


@dataclass(frozen=True)
class GameStopped:
    """Post that the game was stopped early, with the totals so far."""

    by: Words
    totals: tuple[int, ...]


@dataclass(frozen=True)
class ShowReloaded:
    """The table was just reloaded from storage (a change did not fit the stored game, which is
    the truth): the Discord layer's record of its prompts follows the stored game. Still
    running: a live prompt whose move was stored asks nothing more and is forgotten. Ended in
    storage (a last move whose commit was reported lost): no DM prompt stays live. Stopped: as
    after a /stop (the table message waits for nobody, no DM prompt stays live). What the
    reloaded table shows besides comes with it in the same outcome, as concrete effects built by
    the host (:func:`host.reshow.reloaded_effects`)."""


Effect = (
    ShowLobby
    | LobbyClosed
    | ShowTable
    | RoundClosed
    | Prompt
    | PromptGoesOn
    | PromptAnswered
    | PromptRetired
    | ShowHand
    | Reports
    | GameStopped
    | Notice
    | PromptTimedOut
    | TakeoverRequest
    | ShowReloaded
)


# --- answers: what the player who clicked is shown in place of what they clicked ----------------


@dataclass(frozen=True)
class Step:
    """A step of ``seat``'s decision (a click that changes nothing): its prompt redrawn with
    ``draft`` (the game's :class:`~tabletop.presentation.Redraw`)."""

    seat: int
    draft: str


@dataclass(frozen=True)
class PromptInPlace:
    """``seat``'s decision goes on: the clicked prompt shows it as it is now."""

    seat: int


@dataclass(frozen=True)
class LobbyInPlace:
    """A click on the lobby message: the clicked message shows the lobby as it is now, closed
    with ``reason`` when the click closed it (the :class:`ShowLobby` or :class:`LobbyClosed`
    the change would show otherwise: it is this answer, not an effect of its own)."""

    reason: Words | None = None


Answer = Message | Step | PromptInPlace | LobbyInPlace
"""What a click is answered with: a message (what the game says was done: its first line
stays, nothing to click), a step of the decision, the prompt going on in place, or the lobby
message in place."""


@dataclass(frozen=True)
class Outcome:
    """The result of a table action: a reply for the player who acted, what to show, and, for a
    click on a game's prompt, its ``answer`` in the clicker's terms (None: the ``reply``)."""

    reply: Words
    effects: tuple[Effect, ...] = ()
    seat: int | None = None
    answer: Answer | None = None


@dataclass(frozen=True)
class TakeoverAsk:
    """A newcomer's open request to take over a computer seat: their name and the seats the
    host may give them (the one they named, or every computer seat that was free)."""

    name: str
    seats: tuple[int, ...]
