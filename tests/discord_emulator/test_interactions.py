"""Every interaction response type and Discord's interaction timing errors (10062, 40060, 50027)."""

from __future__ import annotations

import asyncio
import io

import discord
import pytest
from discord import ui

from . import Emulator, EmulatorUsageError, InteractionFailed, run_client
from .support import Scene, TreeClient, make_scene


class CounterView(ui.View):
    """A view whose buttons answer with each component response type."""

    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.count = 0

    @ui.button(label="Update", custom_id="update")
    async def update(
        self, interaction: discord.Interaction, button: ui.Button[CounterView]
    ) -> None:
        self.count += 1
        await interaction.response.edit_message(content=f"count {self.count}", view=self)

    @ui.button(label="Quiet", custom_id="quiet")
    async def quiet(self, interaction: discord.Interaction, button: ui.Button[CounterView]) -> None:
        await interaction.response.defer()
        self.count += 10
        await interaction.edit_original_response(content=f"count {self.count}")

    @ui.button(label="Ask", custom_id="ask")
    async def ask(self, interaction: discord.Interaction, button: ui.Button[CounterView]) -> None:
        await interaction.response.send_modal(NameModal())


class NameModal(ui.Modal, title="Your name"):
    """A one-field modal."""

    name: ui.TextInput[NameModal] = ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class _Bot(TreeClient):
    fetched: list[tuple[bool, str, int | None]]


def _bot() -> _Bot:
    client = _Bot()
    client.fetched = []
    tree = client.tree

    @tree.command(description="public reply")
    async def say(interaction: discord.Interaction, text: str) -> None:
        await interaction.response.send_message(
            text, embed=discord.Embed(title="T", description=text)
        )

    @tree.command(description="ephemeral reply")
    async def hand(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("your cards", ephemeral=True)

    @tree.command(description="defer then follow up")
    async def slow(interaction: discord.Interaction, private: bool = False) -> None:
        await interaction.response.defer(ephemeral=private, thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("done thinking", ephemeral=private)
        await interaction.followup.send("second", file=discord.File(io.BytesIO(b"abc"), "a.txt"))

    @tree.command(description="defer then edit original")
    async def edit(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        message = await interaction.edit_original_response(content="edited")
        fetched = await interaction.original_response()
        meta = fetched.interaction_metadata
        client.fetched.append(
            (fetched.id == message.id, fetched.content, meta.user.id if meta else None)
        )

    @tree.command(description="counter")
    async def counter(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("count 0", view=CounterView())

    @tree.command(description="delete own reply")
    async def vanish(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("soon gone")
        await interaction.delete_original_response()

    return client


@pytest.fixture
def scene(emulator: Emulator) -> Scene:
    return make_scene(emulator)


async def test_channel_message_response_is_public_with_embed(
    emulator: Emulator, scene: Scene
) -> None:
    async with run_client(emulator, _bot()):
        result = await emulator.driver.slash(scene.alice, scene.general, "say", text="hi all")
        response = await result.response()
    assert response.type_name == "CHANNEL_MESSAGE_WITH_SOURCE"
    assert not response.ephemeral and response.content == "hi all"
    assert response.embeds[0].title == "T" and response.embeds[0].description == "hi all"
    assert emulator.driver.channel_messages(scene.general) == [response.message]
    assert response.message is not None and response.message.author_id == emulator.bot_user.id


async def test_ephemeral_response_is_seen_only_by_the_invoker(
    emulator: Emulator, scene: Scene
) -> None:
    async with run_client(emulator, _bot()):
        response = await (
            await emulator.driver.slash(scene.alice, scene.general, "hand")
        ).response()
    assert response.ephemeral
    assert [m.content for m in emulator.driver.ephemeral_for(scene.alice)] == ["your cards"]
    assert emulator.driver.ephemeral_for(scene.bob) == []
    assert emulator.driver.channel_messages(scene.general) == []


@pytest.mark.parametrize("private", [False, True])
async def test_deferred_response_is_filled_by_the_first_followup(
    emulator: Emulator, scene: Scene, private: bool
) -> None:
    async with run_client(emulator, _bot()):
        result = await emulator.driver.slash(scene.alice, scene.general, "slow", private=private)
        response = await result.response()
        assert response.deferred and response.type_name == "DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE"
        original = await result.wait_original()
        followups = await result.wait_followups(1)
    assert original.content == "done thinking" and original.ephemeral is private
    assert [m.content for m in followups] == ["second"]
    assert (
        followups[0].attachments[0].filename == "a.txt"
        and followups[0].attachments[0].data == b"abc"
    )
    public = [m.content for m in emulator.driver.channel_messages(scene.general)]
    assert public == (["second"] if private else ["done thinking", "second"])


async def test_defer_then_edit_original_and_fetch_it(emulator: Emulator, scene: Scene) -> None:
    bot = _bot()
    async with run_client(emulator, bot):
        result = await emulator.driver.slash(scene.alice, scene.general, "edit")
        original = await result.wait_original()
        await emulator.driver.wait_until(lambda: bot.fetched, 5, "the fetch")
    assert bot.fetched == [(True, "edited", scene.alice.id)]
    assert original.content == "edited" and not original.loading
    assert len(emulator.calls("GET /webhooks/{application_id}/{token}/messages/{message_id}")) == 1


async def test_update_message_and_deferred_update_edit_the_component_message(
    emulator: Emulator, scene: Scene
) -> None:
    driver = emulator.driver
    async with run_client(emulator, _bot()):
        message = (
            await (await driver.slash(scene.alice, scene.general, "counter")).response()
        ).message
        assert message is not None
        update = await (await driver.click(scene.bob, message, "Update")).response()
        assert update.type_name == "UPDATE_MESSAGE" and update.message is message
        assert message.content == "count 1"
        quiet = await driver.click(scene.alice, message, "quiet")
        assert (await quiet.response()).type_name == "DEFERRED_UPDATE_MESSAGE"
        await driver.wait_until(
            lambda: message.content == "count 11", 5, "edit after deferred update"
        )
    assert [r.content for r in message.history] == ["count 0", "count 1"]
    assert len(driver.channel_messages(scene.general)) == 1


async def test_modal_response_and_submission(emulator: Emulator, scene: Scene) -> None:
    driver = emulator.driver
    async with run_client(emulator, _bot()):
        message = (
            await (await driver.slash(scene.alice, scene.general, "counter")).response()
        ).message
        assert message is not None
        ask = await driver.click(scene.alice, message, "Ask")
        shown = await ask.response()
        assert shown.type_name == "MODAL" and shown.modal is not None
        assert shown.modal["title"] == "Your name"
        with pytest.raises(EmulatorUsageError, match="left empty"):
            await driver.submit_modal(scene.alice, ask, {})
        submitted = await driver.submit_modal(scene.alice, ask, {"name": "Alice"})
        reply = await submitted.response()
    assert reply.ephemeral and reply.content == "hello Alice"


async def test_deleting_the_original_response(emulator: Emulator, scene: Scene) -> None:
    async with run_client(emulator, _bot()):
        result = await emulator.driver.slash(scene.alice, scene.general, "vanish")
        await result.response()
        await emulator.driver.wait_until(
            lambda: result.original is not None and result.original.deleted, 5, "deletion"
        )
    assert emulator.driver.channel_messages(scene.general) == []


@pytest.mark.emulator_problems_expected
async def test_late_response_gets_unknown_interaction_10062(
    emulator: Emulator, scene: Scene
) -> None:
    emulator.response_timeout = 0.2
    client = TreeClient()
    errors: list[int] = []

    @client.tree.command(description="too slow")
    async def late(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.4)
        try:
            await interaction.response.send_message("finally")
        except discord.NotFound as exc:
            errors.append(exc.code)

    async with run_client(emulator, client):
        result = await emulator.driver.slash(scene.alice, scene.general, "late")
        with pytest.raises(InteractionFailed, match="10062"):
            await result.response(timeout=5)
        await emulator.driver.wait_until(lambda: errors, 5, "the late response")
    assert errors == [10062] and not result.answered
    kinds = [
        (p.kind, "not answered within 0.2 s" in p.message or "10062" in p.message)
        for p in emulator.problems
    ]
    assert kinds == [("interaction", True), ("http-error", True)]


@pytest.mark.emulator_problems_expected
async def test_second_initial_response_gets_already_acknowledged_40060(
    emulator: Emulator, scene: Scene
) -> None:
    # discord.py refuses a second response on one Interaction object client-side
    # (InteractionResponded), so Discord's 40060 is what a bot started twice sees: both
    # processes receive the interaction and both answer it.
    codes: list[int] = []
    answered: list[str] = []

    def instance(name: str, delay: float) -> TreeClient:
        client = TreeClient()

        @client.tree.command(description="answered by every running instance")
        async def ping(interaction: discord.Interaction) -> None:
            await asyncio.sleep(delay)
            try:
                await interaction.response.send_message(f"pong from {name}")
                answered.append(name)
            except discord.HTTPException as exc:
                codes.append(exc.code)

        return client

    async with (
        run_client(emulator, instance("first", 0.0)),
        run_client(emulator, instance("second", 0.5)),
    ):
        result = await emulator.driver.slash(scene.alice, scene.general, "ping")
        assert (await result.response()).content == "pong from first"
        await emulator.driver.wait_until(lambda: codes, 5, "the second response")
    assert answered == ["first"] and codes == [40060]
    problems = emulator.pop_problems()
    assert len(problems) == 1 and "40060" in problems[0].message


@pytest.mark.emulator_problems_expected
async def test_unanswered_interaction_is_reported(emulator: Emulator, scene: Scene) -> None:
    emulator.response_timeout = 0.2
    client = TreeClient()

    @client.tree.command(description="forgets to answer")
    async def mute(interaction: discord.Interaction) -> None:
        return None

    async with run_client(emulator, client):
        result = await emulator.driver.slash(scene.alice, scene.general, "mute")
        with pytest.raises(AssertionError, match="no response within"):
            await result.response(timeout=0.4)
    assert [p.message for p in emulator.problems] == [
        "/mute by alice was not answered within 0.2 s"
    ]


async def test_followup_after_token_expiry_gets_invalid_webhook_token(
    emulator: Emulator, scene: Scene
) -> None:
    emulator.token_lifetime = 0.3
    client = TreeClient()
    errors: list[int] = []

    @client.tree.command(description="follows up too late")
    async def later(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.4)
        try:
            await interaction.followup.send("too late")
        except discord.HTTPException as exc:
            errors.append(exc.code)

    async with run_client(emulator, client):
        await emulator.driver.slash(scene.alice, scene.general, "later")
        await emulator.driver.wait_until(lambda: errors, 5, "the late follow-up")
    assert errors == [50027]
    problems = emulator.pop_problems("http-error")
    assert len(problems) == 1 and "50027" in problems[0].message


@pytest.mark.emulator_problems_expected
async def test_invalid_response_payload_fails_the_response_wait_at_once(
    emulator: Emulator, scene: Scene
) -> None:
    client = TreeClient()

    @client.tree.command(description="too long")
    async def essay(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("x" * 2001)

    async with run_client(emulator, client):
        result = await emulator.driver.slash(scene.alice, scene.general, "essay")
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(InteractionFailed, match="50035"):
            await result.response()
        assert loop.time() - started < 2.0
        await emulator.driver.wait_until(
            lambda: any(p.kind == "bot-error" for p in emulator.problems), 5, "the logged error"
        )
    kinds = sorted(p.kind for p in emulator.pop_problems())
    assert kinds == ["bot-error", "invalid-request"]
