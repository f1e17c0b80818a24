"""The tables: one game table per Discord channel, from the lobby to the final standings.

A :class:`Table` knows which game it plays (a :class:`tabletop.GameSpec` from the registry), who
sits where, who is host, which options were asked for and the running :class:`tabletop.Match`.
Its methods check only what is not a rule of the game ("you are not seated", "only the host can
start", "this hand is out of date") and leave every rule decision to the game, whose refusal
(:class:`tabletop.Refused`) becomes a :class:`GameRefusal` with the game's own sentence. Each
method returns an :class:`Outcome`: the short reply for the player who acted and the *effects*
(what the channel and the players must now be shown). Nothing here talks to Discord, so all of
it is testable with plain function calls; the cogs execute the effects.

Callers hold :attr:`Table.lock` around a method call and the execution of its effects, so that two
clicks at the same moment are applied one after the other and shown in order.
"""

from __future__ import annotations

from host.table.clicks import Click, Judged
from host.table.effects import (
    Answer,
    Effect,
    GameStopped,
    LobbyClosed,
    LobbyInPlace,
    Notice,
    Outcome,
    Prompt,
    PromptAnswered,
    PromptGoesOn,
    PromptInPlace,
    PromptRetired,
    PromptTimedOut,
    Reports,
    RoundClosed,
    ShowHand,
    ShowLobby,
    ShowReloaded,
    ShowTable,
    Step,
    TakeoverAsk,
    TakeoverRequest,
)
from host.table.ids import (
    LOBBY_ID_PREFIX,
    _new_game_id,
    _new_lobby_id,
    _new_seed,
    is_lobby_id,
)
from host.table.lobby import LobbyClick
from host.table.play import Admitted
from host.table.registry import TableRegistry
from host.table.seats import (
    AWAY_AFTER,
    BOT_NAMES,
    DEFAULT_TIMER,
    TIMER_CHOICES,
    GameRefusal,
    Seat,
    TableError,
    TableState,
    bot_base_names,
    bot_seat,
    computer_name,
    timer_seconds,
)
from host.table.table import Table

__all__ = [
    "AWAY_AFTER",
    "BOT_NAMES",
    "DEFAULT_TIMER",
    "LOBBY_ID_PREFIX",
    "TIMER_CHOICES",
    "Admitted",
    "Answer",
    "Click",
    "Effect",
    "GameRefusal",
    "GameStopped",
    "Judged",
    "LobbyClick",
    "LobbyClosed",
    "LobbyInPlace",
    "Notice",
    "Outcome",
    "Prompt",
    "PromptAnswered",
    "PromptGoesOn",
    "PromptInPlace",
    "PromptRetired",
    "PromptTimedOut",
    "Reports",
    "RoundClosed",
    "Seat",
    "ShowHand",
    "ShowLobby",
    "ShowReloaded",
    "ShowTable",
    "Step",
    "Table",
    "TableError",
    "TableRegistry",
    "TableState",
    "TakeoverAsk",
    "TakeoverRequest",
    "_new_game_id",
    "_new_lobby_id",
    "_new_seed",
    "bot_base_names",
    "bot_seat",
    "computer_name",
    "is_lobby_id",
    "timer_seconds",
]
