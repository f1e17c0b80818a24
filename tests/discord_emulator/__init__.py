"""An emulator of Discord's REST API v10 and gateway for end-to-end tests of discord.py bots.

See docs/emulator.md and ``docs/emulator-api.md`` for an overview;
the public names are re-exported here.
"""

from .components import Button, Embed, EmbedField, Select, SelectOption
from .driver import Driver, InteractionResponse, InteractionResult
from .emulator import Emulator
from .errors import (
    DiscordError,
    EmulatorTimeout,
    EmulatorUsageError,
    InteractionFailed,
    Problem,
)
from .rest import RestCall
from .runner import run_client
from .state import Channel, Guild, Member, Message, User

__all__ = [
    "Button",
    "Channel",
    "DiscordError",
    "Driver",
    "Embed",
    "EmbedField",
    "Emulator",
    "EmulatorTimeout",
    "EmulatorUsageError",
    "Guild",
    "InteractionFailed",
    "InteractionResponse",
    "InteractionResult",
    "Member",
    "Message",
    "Problem",
    "RestCall",
    "Select",
    "SelectOption",
    "User",
    "run_client",
]
