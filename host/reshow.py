"""What a table shows again without a new move: the end of a round that closed unshown, and a
running table after a restart or a reload from storage (the host's part of resuming: the Discord
layer shows these effects, and asks nothing back)."""

from __future__ import annotations

from host.catalog import Words, lazy
from host.table.effects import RatingChanges
from host.tables import Effect, Prompt, Reports, RoundClosed, ShowReloaded, ShowTable, Table, TableState
from host.text import joined


def round_end_effects(table: Table, ratings: RatingChanges = ()) -> tuple[Effect, ...]:
    """The end of the game's last round (the table message and what the game reports: the
    scores and, if the game is over, the final standings with the stored ``ratings``), from the
    events of its last action."""
    events = table.last_events()
    match = table.match
    over = match is not None and match.is_over
    return (RoundClosed(events), Reports(events, final=over, ratings=ratings if over else ()))


def _players(table: Table, seats: list[int]) -> Words:
    """The seats' players, each by their user id (the catalog's entry mentions them)."""
    return joined([lazy("resume.player", user=table.seats[seat].user_id) for seat in seats], ", ")


def resume_effects(table: Table, *, owed: bool = False) -> tuple[tuple[Effect, ...], Words]:
    """What a restored table shows: its table message (posted again if it was deleted), a
    prompt for each player to act (kept if the one of before is still live: ``keep_live``),
    and a channel notice naming them.
    ``owed``: the last round ended just before the bot went down, unshown: first its table
    message and scores, then a new table message for the next round and the new hands (as after
    any round).

    Which prompts are still live the Discord layer knows (its message book, read back from
    storage: a stored prompt always waits for its seat, see :mod:`host.storage.shown`)."""
    match = table.running_match()
    effects: list[Effect] = [ShowTable()]
    if owed:
        effects = [*round_end_effects(table), ShowTable(new_message=True)]
    waiting = [seat for seat in match.awaiting if not table.is_auto(seat)]
    effects += [Prompt(seat, keep_live=True) for seat in waiting]
    if owed and not match.is_over:  # the deal was never shown: neither were the new hands
        effects += table.play.new_hands()
    if not waiting:
        return tuple(effects), lazy("resume.resumed", title=table.title)
    players = _players(table, waiting)
    if len(match.awaiting) > 1:  # a simultaneous choice (Stick'em's misery cards): the game says which
        todo = table.presentation.todo(match.view(waiting[0]))
        return tuple(effects), lazy("resume.resumed_todo", title=table.title, players=players, todo=todo)
    return tuple(effects), lazy("resume.resumed_turn", title=table.title, players=players)


def reloaded_effects(table: Table, ratings: RatingChanges = ()) -> tuple[Effect, ...]:
    """What a table the journal just reloaded from storage shows (its game is the stored one).

    Still running: its prompts of moves that were stored forgotten (:class:`ShowReloaded`),
    then the table message and a prompt for each waiting player, as after a restart. Ended in
    storage (a last move whose commit was reported lost): the end of the last round and the final
    standings (with the stored ``ratings``), then no DM prompt left live. Stopped: as a /stop."""
    match = table.match
    if match is None:
        return ()
    if table.state is TableState.PLAYING:
        effects, _ = resume_effects(table)
        return (ShowReloaded(), *effects)
    if match.is_over:
        return (*round_end_effects(table, ratings), ShowReloaded())
    return (ShowReloaded(),)
