"""Custom ids of the bot's buttons and selects: encode and parse, without Discord.

A game's components all have one shape, :class:`ActionId` (``g:<channel>:<game id>:<stage>:
<intent>``); the table's own (lobby, stop, takeover) have theirs. The Stick'em ids of earlier
releases (``stk:play``, ``stk:msel``, ``stk:mok``) are still read, and become action ids,
so that the buttons posted before an upgrade keep working.

Every id names what it acts on (the channel of the table, the game, the round, the trick) so that
a click still means something after a restart, and a click on an outdated message can be refused.
Ids stay well below Discord's 100-character limit (the longest is about 60 characters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

PREFIX: Final = "stk"

#: Regular expressions (for ``discord.ui.DynamicItem`` templates) matching each kind of id.
LOBBY_TEMPLATE: Final = r"stk:lobby:(?P<action>join|leave|start|addbot):(?P<channel>\d+)"
PLAY_TEMPLATE: Final = (
    r"stk:play:(?P<channel>\d+):(?P<game>[0-9a-f]+):(?P<round>\d+):(?P<trick>\d+)"
    r":(?P<card>[a-z]+\d+)"
)
MISERY_SELECT_TEMPLATE: Final = r"stk:msel:(?P<channel>\d+):(?P<game>[0-9a-f]+):(?P<round>\d+)"
MISERY_CONFIRM_TEMPLATE: Final = (
    r"stk:mok:(?P<channel>\d+):(?P<game>[0-9a-f]+):(?P<round>\d+):(?P<card>[a-z]+\d+)"
)
ACTION_TEMPLATE: Final = (
    r"g:(?P<channel>\d+):(?P<game>[0-9a-f]+):(?P<stage>[A-Za-z0-9.]+):(?P<intent>[^\n]*)"
)
STOP_TEMPLATE: Final = r"stk:stop:(?P<channel>\d+):(?P<game>[0-9a-f]+)"
TAKEOVER_TEMPLATE: Final = r"stk:take:(?P<channel>\d+):(?P<seat>\d+):(?P<user>\d+)"
REMATCH_TEMPLATE: Final = r"stk:rematch:(?P<channel>\d+):(?P<game>\d+)"

MAX_DIGITS = 20
"""The longest number an id holds (a Discord snowflake); a longer one is a forged id."""


def id_fields(template: str, custom_id: str) -> dict[str, str]:
    """The named fields of ``custom_id``, which must match ``template`` whole; ``ValueError``
    where it does not, or where a number in it is longer than :data:`MAX_DIGITS` (forged)."""
    match = re.fullmatch(template, custom_id)
    if match is None:
        raise ValueError(f"custom id {custom_id[:100]!r} does not match {template!r}")
    fields = match.groupdict()
    if any(value.isdigit() and len(value) > MAX_DIGITS for value in fields.values()):
        raise ValueError(f"custom id {custom_id[:100]!r} has a number too long")
    return fields


@dataclass(frozen=True)
class LobbyId:
    """A Join / Leave / Start button of a channel's lobby message."""

    action: str
    channel_id: int

    def encode(self) -> str:
        """The custom id string."""
        return f"{PREFIX}:lobby:{self.action}:{self.channel_id}"

    @classmethod
    def parse(cls, custom_id: str) -> LobbyId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        f = id_fields(LOBBY_TEMPLATE, custom_id)
        return cls(f["action"], int(f["channel"]))


@dataclass(frozen=True)
class PlayId:
    """A card button of a hand: play ``card`` in ``trick`` of ``round`` of game ``game_id``."""

    channel_id: int
    game_id: str
    round: int
    trick: int
    card: str
    """The card's token in Stick'em's action texts ("red7")."""

    def encode(self) -> str:
        """The custom id string."""
        return f"{PREFIX}:play:{self.channel_id}:{self.game_id}:{self.round}:{self.trick}:{self.card}"

    @classmethod
    def parse(cls, custom_id: str) -> PlayId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        f = id_fields(PLAY_TEMPLATE, custom_id)
        return cls(
            int(f["channel"]),
            f["game"],
            int(f["round"]),
            int(f["trick"]),
            f["card"],
        )


@dataclass(frozen=True)
class MiserySelectId:
    """The select menu of a misery prompt for ``round`` of game ``game_id``."""

    channel_id: int
    game_id: str
    round: int

    def encode(self) -> str:
        """The custom id string."""
        return f"{PREFIX}:msel:{self.channel_id}:{self.game_id}:{self.round}"

    @classmethod
    def parse(cls, custom_id: str) -> MiserySelectId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        f = id_fields(MISERY_SELECT_TEMPLATE, custom_id)
        return cls(int(f["channel"]), f["game"], int(f["round"]))


@dataclass(frozen=True)
class MiseryConfirmId:
    """The confirm button of a misery prompt, carrying the selected card."""

    channel_id: int
    game_id: str
    round: int
    card: str
    """The card's token in Stick'em's action texts ("red7")."""

    def encode(self) -> str:
        """The custom id string."""
        return f"{PREFIX}:mok:{self.channel_id}:{self.game_id}:{self.round}:{self.card}"

    @classmethod
    def parse(cls, custom_id: str) -> MiseryConfirmId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        f = id_fields(MISERY_CONFIRM_TEMPLATE, custom_id)
        return cls(int(f["channel"]), f["game"], int(f["round"]), f["card"])

    @staticmethod
    def unselected(channel_id: int, game_id: str, round: int) -> str:
        """The id of the disabled confirm button shown before a card is selected (it never
        parses as a confirmation)."""
        return f"{PREFIX}:mok:{channel_id}:{game_id}:{round}:none"


@dataclass(frozen=True)
class ActionId:
    """A component of a game's prompt: the table's channel, the game, the stage of the game the
    prompt was made for, and the component's intent (the game's presentation reads it back)."""

    channel_id: int
    game_id: str
    stage: str
    intent: str

    def encode(self) -> str:
        """The custom id string (at most 100 characters when the intent keeps to
        :data:`tabletop.presentation.MAX_INTENT`)."""
        return f"g:{self.channel_id}:{self.game_id}:{self.stage}:{self.intent}"

    @classmethod
    def parse(cls, custom_id: str) -> ActionId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        f = id_fields(ACTION_TEMPLATE, custom_id)
        return cls(int(f["channel"]), f["game"], f["stage"], f["intent"])

    @classmethod
    def of_play(cls, ident: PlayId) -> ActionId:
        """A card button posted by an earlier release, as the generic component it is now:
        its click counts while the trick it was shown for is on (Stick'em's stage of a trick
        with no card played yet, which its presentation accepts for the whole trick)."""
        stage = f"{ident.round}.{ident.trick}.0"
        return cls(ident.channel_id, ident.game_id, stage, f"p:{ident.card}")

    @classmethod
    def of_misery_select(cls, ident: MiserySelectId) -> ActionId:
        """The misery select posted by an earlier release, as the generic select it is now."""
        return cls(ident.channel_id, ident.game_id, f"{ident.round}m", "msel")

    @classmethod
    def of_misery_confirm(cls, ident: MiseryConfirmId) -> ActionId:
        """The misery confirm button posted by an earlier release, as the generic one."""
        return cls(ident.channel_id, ident.game_id, f"{ident.round}m", f"m:{ident.card}")


@dataclass(frozen=True)
class StopId:
    """The confirmation button of ``/stop`` for game ``game_id``."""

    channel_id: int
    game_id: str

    def encode(self) -> str:
        """The custom id string."""
        return f"{PREFIX}:stop:{self.channel_id}:{self.game_id}"

    @classmethod
    def parse(cls, custom_id: str) -> StopId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        f = id_fields(STOP_TEMPLATE, custom_id)
        return cls(int(f["channel"]), f["game"])


@dataclass(frozen=True)
class TakeoverId:
    """The host's approval button: user ``user_id`` takes over computer seat ``seat``."""

    channel_id: int
    seat: int
    user_id: int

    def encode(self) -> str:
        """The custom id string."""
        return f"{PREFIX}:take:{self.channel_id}:{self.seat}:{self.user_id}"

    @classmethod
    def parse(cls, custom_id: str) -> TakeoverId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        f = id_fields(TAKEOVER_TEMPLATE, custom_id)
        return cls(int(f["channel"]), int(f["seat"]), int(f["user"]))


@dataclass(frozen=True)
class RematchId:
    """The Rematch button of a finished game's standings: the channel and the stored game's id
    (storage's number), all a click needs to find the game again, also after a restart."""

    channel_id: int
    game_id: int

    def encode(self) -> str:
        """The custom id string."""
        return f"{PREFIX}:rematch:{self.channel_id}:{self.game_id}"

    @classmethod
    def parse(cls, custom_id: str) -> RematchId:
        """Parse an id made by :meth:`encode`; ``ValueError`` otherwise."""
        f = id_fields(REMATCH_TEMPLATE, custom_id)
        return cls(int(f["channel"]), int(f["game"]))
