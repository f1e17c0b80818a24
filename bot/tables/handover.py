"""Clicks in direct messages of tables that live in another bot process.

With several processes (SHARD_IDS, one PostgreSQL database) a table belongs to the process that
runs its server's shard, but Discord sends every click in a direct message to shard 0. The
process of shard 0, finding no such table of its own, looks up the table's server in the
database; when another process owns it, it defers the click at once (Discord's 3 seconds are
then met, whatever the owner's load) and queues it for that process (`host.storage.handover`),
which runs it and answers by editing the clicked message through the interaction's token (which
works from any process, for 15 minutes). If nobody takes the click within `CLAIM_WINDOW`
seconds (the owner is down or restarting), shard 0's process takes it back and says so; nothing
changed. A click that both left behind (shard 0's process died within those seconds, and the
owner never came back for it) is stale after `STALE_AFTER`; every process deletes such clicks,
of any shard, when it starts and every `PRUNE_EVERY` seconds after.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import discord

from bot.boot.shards import ShardPlan, shard_of
from bot.ids import ActionId
from bot.messages.replies import send_ephemeral
from host.catalog import lazy
from host.storage import StorageError
from host.storage.handover import ClickListener, ClickQueue

log = logging.getLogger(__name__)

CLAIM_WINDOW = 3.0
"""Seconds a handed click waits for its owner before the process that received it takes it back."""

TOO_OLD = 60.0
"""A handed click older than this (seconds) was queued by a process that died before taking it
back: the player has long been left without an answer, so it is dropped, never applied."""

STALE_AFTER = 2 * TOO_OLD
"""Seconds after which a queued click is stale and deleted, whatever its shard: its owner would
drop it (`TOO_OLD`), and the player had their answer ("not answering", from the process that
queued it) or nothing more is coming (that process died). Twice `TOO_OLD`, so that a clock of
one machine ahead of another's by up to a minute never deletes a click its owner would still
run. The queue of a shard nobody serves any more (SHARD_COUNT changed) is emptied this way too."""

PRUNE_EVERY = STALE_AFTER
"""Seconds between two prunings of the stale handed clicks by a running process."""

MAX_REMEMBERED = 100_000
"""The most table channels whose server a process remembers (then it starts again)."""

ClickRunner = Callable[[discord.Interaction[Any], ActionId, tuple[str, ...]], Awaitable[None]]
"""Runs a game component's click (`TableService.action_click`)."""


def _user_json(user: discord.abc.User) -> dict[str, Any]:
    return {
        "id": str(user.id),
        "username": user.name,
        "discriminator": user.discriminator,
        "global_name": user.global_name,
        "avatar": None,
        "bot": user.bot,
    }


def click_payload(interaction: discord.Interaction[Any], ident: ActionId, values: tuple[str, ...]) -> str:
    """What the owner needs to run a click in a direct message: the interaction as Discord sent
    it (its id and token to answer it; the user; the clicked message's id), and the action."""
    message = interaction.message
    data: dict[str, Any] = {
        "id": str(interaction.id),
        "application_id": str(interaction.application_id),
        "type": interaction.type.value,
        "token": interaction.token,
        "version": interaction.version,
        "data": interaction.data,
        "channel_id": str(interaction.channel_id),
        "channel": {"id": str(interaction.channel_id), "type": discord.ChannelType.private.value},
        "user": _user_json(interaction.user),
        "locale": interaction.locale.value,
        "attachment_size_limit": interaction.filesize_limit,
        "app_permissions": str(interaction.app_permissions.value),
        "context": 1,
    }
    if message is not None:
        data["message"] = {
            "id": str(message.id),
            "channel_id": str(interaction.channel_id),
            "type": message.type.value,
            "content": "",
            "author": _user_json(message.author),
            "attachments": [],
            "embeds": [],
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "mention_everyone": False,
            "tts": False,
            "timestamp": message.created_at.isoformat(),
            "edited_timestamp": None,
            "flags": message.flags.value,
            "components": [],
        }
    return json.dumps({"interaction": data, "action": ident.encode(), "values": list(values)})


class Handover:
    """Hands clicks in direct messages to the process that owns their table, and runs the clicks
    handed to this one."""

    def __init__(self, client: discord.Client, queue: ClickQueue, plan: ShardPlan, run: ClickRunner) -> None:
        self._client = client
        self._queue = queue
        self._plan = plan
        self._run = run
        self._running: set[asyncio.Task[None]] = set()
        self.listener: ClickListener | None = None
        self._pruning: asyncio.Task[None] | None = None
        # The server of each table channel looked up so far: a channel never changes servers, so
        # only the first click of a table asks the database (a table that has ended since is
        # said so by its owner, as by any process).
        self._servers: dict[int, int | None] = {}

    async def forward(
        self, interaction: discord.Interaction[Any], ident: ActionId, values: tuple[str, ...]
    ) -> bool:
        """Hand the click over when another process owns its table (True: it was handled, by
        the owner or, when the owner did not take it in time, by saying so here)."""
        if ident.channel_id in self._servers:
            guild_id = self._servers[ident.channel_id]
        else:
            found, guild_id = await self._queue.guild_of_table(ident.channel_id)
            if not found:
                return False
            if len(self._servers) >= MAX_REMEMBERED:
                self._servers.clear()
            self._servers[ident.channel_id] = guild_id
        if self._plan.owns(guild_id):
            return False
        assert self._plan.count is not None, "only several processes hand clicks over"
        shard = shard_of(guild_id, self._plan.count)
        try:
            await interaction.response.defer()  # the owner edits the clicked message later
        except discord.HTTPException as exc:
            log.warning("Could not defer the click %s to hand it over: %s", interaction.id, exc)
            return True  # Discord no longer takes an answer to it: nobody could answer it
        await self._queue.put(shard, interaction.id, click_payload(interaction, ident, values))
        await asyncio.sleep(CLAIM_WINDOW)
        if await self._queue.take(interaction.id) is not None:
            log.warning(
                "Nobody took the click %s for shard %d within %g s", interaction.id, shard, CLAIM_WINDOW
            )
            await send_ephemeral(interaction, lazy("handover.not_answering"))  # in the clicker's language
        return True

    async def start(self) -> None:
        """Delete the stale handed clicks, then listen for the clicks handed to this process's
        shards (the stale ones are never woken) and prune every `PRUNE_EVERY` seconds."""
        assert self._plan.ids is not None, "only several processes hand clicks over"
        await self.prune()
        self.listener = self._queue.listen(self._plan.ids, self._wake)
        self._pruning = asyncio.create_task(self._prune_periodically(), name="handed-click-pruning")

    async def prune(self) -> int:
        """Delete the handed clicks (of every shard) queued more than `STALE_AFTER` seconds ago;
        how many (0 when the database cannot be reached: the next pruning tries again)."""
        try:
            pruned = await self._queue.prune(self._queue.now() - timedelta(seconds=STALE_AFTER))
        except StorageError as exc:
            log.warning("Could not delete the stale handed clicks: %s", exc)
            return 0
        if pruned:
            log.info("Deleted %d handed clicks nobody took within %g s", pruned, STALE_AFTER)
        return pruned

    async def _prune_periodically(self) -> None:
        while True:
            await asyncio.sleep(PRUNE_EVERY)
            await self.prune()

    def _wake(self, interaction_id: int) -> None:
        task = asyncio.create_task(self._take(interaction_id), name=f"handed-click-{interaction_id}")
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _take(self, interaction_id: int) -> None:
        """Take a handed click, unless another process did, and run it as if it arrived here."""
        try:
            payload = await self._queue.take(interaction_id)
        except StorageError as exc:
            log.warning("Could not take the handed click %s: %s", interaction_id, exc)
            return
        if payload is None:
            return
        try:
            handed = json.loads(payload)
            # A public constructor over the client's connection state (discord.py's own, as
            # for every interaction it receives): see docs/architecture.md, private internals.
            interaction: discord.Interaction[Any] = discord.Interaction(
                data=handed["interaction"],
                state=self._client._connection,
            )
            ident = ActionId.parse(handed["action"])
            values = tuple(str(value) for value in handed["values"])
        except (ValueError, KeyError, TypeError) as exc:
            log.error("A handed click %s cannot be read: %s", interaction_id, exc)
            return
        age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
        if age > TOO_OLD:
            log.warning("Dropped the handed click %s: %.1f s old, too late to answer", interaction_id, age)
            return
        # The process that received it deferred it (see `forward`): answers edit the clicked
        # message (discord.py keeps that a response was sent in this private attribute only).
        interaction.response._response_type = discord.InteractionResponseType.deferred_message_update
        await self._run(interaction, ident, values)

    async def close(self) -> None:
        """Stop listening and pruning, and let the clicks being run finish."""
        if self._pruning is not None:
            self._pruning.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pruning
        if self.listener is not None:
            await self.listener.close()
        if self._running:
            await asyncio.wait(set(self._running), timeout=5)
