"""Discord's global REST limit shared by several bot processes: the stand-in answers 429
`global: true` past 50 requests a second across all of the bot's clients, and two bots each
held to a budget of 25 (ARBITRO_REST_BUDGET, bot/rest_budget.py) burst announcements without
ever being refused, where a bot without a budget is."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord
import pytest

from bot.app import ArbitroBot, apply_api_base
from ops.settings import Settings
from tests.e2e.fakediscord import FakeDiscord

GLOBAL_LIMIT = pytest.mark.parametrize("fake_discord", [{"global_rate_limit": 50}],
                                       indirect=True)


@asynccontextmanager
async def logged_in(fake: FakeDiscord, budget: float | None) -> AsyncIterator[ArbitroBot]:
    """An Arbitro bot process that only uses REST (as a process posting the results of games
    whose servers are on other processes' shards)."""
    settings = Settings(discord_token=fake.token, discord_api_base=fake.api_base,
                        rest_budget=budget)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)   # restored after
        apply_api_base(settings.discord_api_base)
        bot = ArbitroBot(settings)
        await bot.login(fake.token)
        try:
            yield bot
        finally:
            await bot.close()


async def announce(bot: ArbitroBot, channel_id: int, count: int) -> None:
    """`count` announcements at once, as after a burst of deadlines."""
    channel = await bot.fetch_channel(channel_id)
    await asyncio.gather(*(channel.send(f"results {i}") for i in range(count)))


def refusals(fake: FakeDiscord) -> list:
    return [r for r in fake.requests if r.status == 429]


@GLOBAL_LIMIT
async def test_two_processes_within_their_budgets_are_never_refused(fake_discord) -> None:
    fake = fake_discord
    guild = fake.add_guild("Club")
    channels = [fake.add_channel(guild, f"game-{i}") for i in range(2)]
    async with logged_in(fake, 25) as first, logged_in(fake, 25) as second:
        await asyncio.gather(announce(first, channels[0].id, 60),
                             announce(second, channels[1].id, 60))
        assert first.rest_budget.waited > 0 and second.rest_budget.waited > 0   # they queued
    assert [len(fake.messages_in(c)) for c in channels] == [60, 60]
    assert refusals(fake) == []


@GLOBAL_LIMIT
async def test_a_process_without_a_budget_trips_the_global_limit(fake_discord) -> None:
    fake = fake_discord
    channel = fake.add_channel(fake.add_guild("Club"), "game-1")
    async with logged_in(fake, None) as unbounded:
        assert unbounded.rest_budget is None
        await announce(unbounded, channel.id, 120)
    refused = refusals(fake)
    assert refused, "120 requests at once must go past 50 a second"
    assert all(r.answer["global"] is True and r.answer["retry_after"] > 0 for r in refused)
    # discord.py waited the global limit out: every announcement was posted once
    assert sorted(m.content for m in fake.messages_in(channel)) == sorted(
        f"results {i}" for i in range(120))


def test_the_stand_in_counts_requests_in_any_one_second_window() -> None:
    from tests.e2e.fakediscord.ratelimit import GlobalRateLimit

    assert GlobalRateLimit().retry_after(0.0) is None               # off by default
    limit = GlobalRateLimit(3)
    assert [limit.retry_after(t) for t in (10.0, 10.2, 10.5)] == [None, None, None]
    assert limit.retry_after(10.9) == pytest.approx(0.6)            # 4th within a second:
    #                                                                  wait until 10.5 is out
    assert limit.retry_after(11.0) is None                          # 10.0 has left the window
    assert limit.retry_after(11.1) == pytest.approx(0.9)            # refused ones do not count
