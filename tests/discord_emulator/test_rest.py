"""REST plumbing of the emulator: internal errors, rate-limit headers and enforced limits."""

from __future__ import annotations

import aiohttp
import discord
import pytest
from discord.http import Route

from . import Emulator, run_client
from .support import Scene, TreeClient, make_scene

MESSAGES = "GET /channels/{channel_id}/messages"


@pytest.fixture
def scene(emulator: Emulator) -> Scene:
    scene = make_scene(emulator)
    emulator.messages.create(scene.general, scene.alice, {"content": "to page through"}, [])
    return scene


def _auth(emulator: Emulator) -> dict[str, str]:
    return {"Authorization": f"Bot {emulator.token}"}


async def test_exception_inside_the_emulator_is_a_400_and_an_emulator_error(
    emulator: Emulator, scene: Scene
) -> None:
    url = f"{emulator.api_base}/channels/{scene.general.id}/messages?before=not-a-number"
    async with aiohttp.ClientSession() as session, session.get(url, headers=_auth(emulator)) as r:
        status, body = r.status, await r.json()
    assert status == 400 and body["code"] == 0 and "emulator error" in body["message"]
    [problem] = emulator.pop_problems("emulator-error")
    assert MESSAGES in problem.message and "ValueError" in problem.detail["traceback"]
    assert [c.status for c in emulator.calls(MESSAGES)] == [400]


async def test_discord_py_does_not_retry_an_emulator_error(emulator: Emulator, scene: Scene) -> None:
    bot = TreeClient()
    async with run_client(emulator, bot):
        route = Route("GET", "/channels/{channel_id}/messages", channel_id=scene.general.id)
        with pytest.raises(discord.HTTPException) as info:
            await bot.http.request(route, params={"before": "yesterday"})
    assert info.value.status == 400
    assert len(emulator.calls(MESSAGES)) == 1  # a 500 would have been retried up to 5 times
    assert len(emulator.pop_problems("emulator-error")) == 1


async def test_calls_match_the_exact_route_unless_prefix_is_asked(
    emulator: Emulator, scene: Scene
) -> None:
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = bot.get_channel(scene.general.id)
        assert isinstance(channel, discord.TextChannel)
        [message] = [m async for m in channel.history(limit=5)]
        await channel.fetch_message(message.id)
    single = "GET /channels/{channel_id}/messages/{message_id}"
    assert [c.key for c in emulator.calls(MESSAGES)] == [MESSAGES]
    assert [c.key for c in emulator.calls(MESSAGES, prefix=True)] == [MESSAGES, single]
    assert [c.key for c in emulator.calls("GET /channels/", prefix=True)] == [MESSAGES, single]
    assert emulator.calls("GET /channels/") == []


async def test_form_errors_have_discords_nested_shape(emulator: Emulator, scene: Scene) -> None:
    url = f"{emulator.api_base}/users/@me/channels"
    async with (
        aiohttp.ClientSession() as session,
        session.post(url, json={"recipient_id": "42"}, headers=_auth(emulator)) as r,
    ):
        status, body = r.status, await r.json()
    assert status == 400 and body["code"] == 50035
    assert body["errors"] == {
        "recipient_id": {"_errors": [{"code": "USER_UNKNOWN", "message": "Unknown user"}]}
    }
    assert len(emulator.pop_problems("invalid-request")) == 1


async def test_every_answer_carries_its_route_buckets_headers(
    emulator: Emulator, scene: Scene
) -> None:
    other = emulator.add_text_channel(scene.guild, "other")
    urls = [
        f"{emulator.api_base}/channels/{scene.general.id}/messages",
        f"{emulator.api_base}/channels/{scene.general.id}/messages",
        f"{emulator.api_base}/channels/{other.id}/messages",
        f"{emulator.api_base}/channels/{scene.general.id}",
    ]
    seen: list[tuple[str, int]] = []
    async with aiohttp.ClientSession() as session:
        for url in urls:
            async with session.get(url, headers=_auth(emulator)) as r:
                assert r.status == 200
                assert float(r.headers["X-RateLimit-Reset-After"]) <= 1.0
                assert float(r.headers["X-RateLimit-Reset"]) > 0
                limit = int(r.headers["X-RateLimit-Limit"])
                seen.append((r.headers["X-RateLimit-Bucket"], int(r.headers["X-RateLimit-Remaining"])))
    (history, first), (same, second), (same_route, other_channel), (channel_route, _) = seen
    assert history == same == same_route != channel_route  # one hash per route
    assert second == first - 1  # counted per bucket ...
    assert other_channel == first  # ... and per channel (a major parameter)
    assert 0 < second < limit


async def test_a_client_that_respects_the_headers_never_hits_a_set_limit(
    emulator: Emulator, scene: Scene
) -> None:
    emulator.set_rate_limit("POST /channels/{channel_id}/messages", 2, 0.3)
    bot = TreeClient()
    async with run_client(emulator, bot):
        channel = bot.get_channel(scene.general.id)
        assert isinstance(channel, discord.TextChannel)
        for i in range(5):
            await channel.send(f"message {i}")
    calls = emulator.calls("POST /channels/{channel_id}/messages")
    assert [c.status for c in calls] == [200] * 5
    assert emulator.problems == []


async def test_calls_beyond_a_set_limit_are_429_and_a_problem(
    emulator: Emulator, scene: Scene
) -> None:
    emulator.set_rate_limit("GET /channels/{channel_id}", 2, 30.0)
    url = f"{emulator.api_base}/channels/{scene.general.id}"
    remaining: list[str] = []
    async with aiohttp.ClientSession() as session:
        for _ in range(3):
            async with session.get(url, headers=_auth(emulator)) as r:
                remaining.append(r.headers["X-RateLimit-Remaining"])
                last_status, last_body, retry = r.status, await r.json(), r.headers.get("Retry-After")
    assert remaining == ["1", "0", "0"]
    assert last_status == 429 and last_body["retry_after"] > 0 and retry is not None
    [problem] = emulator.pop_problems("rate-limit")
    assert "GET /channels/{channel_id}" in problem.message
    assert [c.status for c in emulator.calls("GET /channels/{channel_id}")] == [200, 200, 429]


async def test_bucket_headers_can_be_turned_off(emulator: Emulator, scene: Scene) -> None:
    emulator.rate_limit_headers = False
    url = f"{emulator.api_base}/channels/{scene.general.id}"
    async with aiohttp.ClientSession() as session, session.get(url, headers=_auth(emulator)) as r:
        assert r.status == 200 and "X-RateLimit-Bucket" not in r.headers
