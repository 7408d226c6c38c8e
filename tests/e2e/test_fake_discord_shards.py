"""The stand-in's sharding, with real discord.py clients: each gateway connection identifies
with its shard and gets only the guilds of that shard, direct messages reach shard 0 only,
and connections Discord would refuse are closed with its codes."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from discord.ext import commands

from tests.e2e.fakediscord import FakeDiscord, Guild
from tests.e2e.fakediscord.gateway import shard_of
from tests.e2e.fakediscord.models import Snowflakes
from tests.e2e.test_fake_discord import build_tree, running

TWO_SHARDS = pytest.mark.parametrize("fake_discord", [{"shard_count": 2}], indirect=True)


class ShardedMiniBot(commands.AutoShardedBot):
    """A minimal sharded bot: records what it sees, answers DMs, has the test command tree."""

    def __init__(self, shard_ids: list[int] | None, shard_count: int | None) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        intents.members = True
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.1,
                         shard_ids=shard_ids, shard_count=shard_count)
        self.seen: list[discord.Message] = []
        self.members_joined: list[int] = []
        build_tree(self)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No pause between the shards' IDENTIFYs (discord.py waits 5 s, Discord's pace; the
        stand-in does not limit identifies)."""

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(message)
        if message.guild is None and message.author != self.user:
            await message.author.send(f"Shards {self.shard_ids} got: {message.content}")

    async def on_member_join(self, member: discord.Member) -> None:
        self.members_joined.append(member.guild.id)


@contextlib.asynccontextmanager
async def two_bots(fake: FakeDiscord) -> AsyncIterator[tuple[ShardedMiniBot, ShardedMiniBot]]:
    async with running(fake, ShardedMiniBot([0], 2)) as first, \
            running(fake, ShardedMiniBot([1], 2)) as second:
        await fake.wait_until_ready(shards=(0, 1))
        yield first, second


def guilds_on_both_shards(fake: FakeDiscord) -> tuple[Guild, Guild]:
    guilds = fake.add_guild("Shard zero club", shard=0), fake.add_guild("Shard one club", shard=1)
    for guild in guilds:
        fake.add_channel(guild, "game-1")
    return guilds


def test_guild_ids_can_be_made_to_land_on_a_shard() -> None:
    ids = Snowflakes()
    for count in (1, 2, 3, 8, 16):
        made = [ids.next_on_shard(shard, count) for shard in range(count) for _ in range(3)]
        assert [shard_of(i, count) for i in made] == [s for s in range(count) for _ in range(3)]
        assert len(set(made)) == len(made)
    with pytest.raises(ValueError, match="shard 2 is not one of 0..1"):
        ids.next_on_shard(2, 2)


@TWO_SHARDS
async def test_each_connection_gets_the_guilds_of_its_shard_only(fake_discord) -> None:
    fake = fake_discord
    zero, one = guilds_on_both_shards(fake)
    async with two_bots(fake) as (first, second):
        assert [g.id for g in first.guilds] == [zero.id]
        assert [g.id for g in second.guilds] == [one.id]
        readies = [d["shard"] for name, d in fake.events if name == "READY"]
        assert sorted(readies) == [[0, 2], [1, 2]]
        # a member joining a guild is told to that guild's shard only
        ada = fake.add_user("Ada")
        fake.add_member(one, ada)
        await fake.world.wait_until(lambda: second.members_joined, timeout=2,
                                    what="GUILD_MEMBER_ADD on shard 1")
        await fake.settle()
        assert second.members_joined == [one.id] and first.members_joined == []
        shards, url, _limits = await first.http.get_bot_gateway()   # the recommended count
        assert (shards, url) == (2, fake.gateway_url)


@TWO_SHARDS
async def test_dms_reach_shard_zero_and_guild_events_their_guilds_shard(fake_discord) -> None:
    fake = fake_discord
    zero, one = guilds_on_both_shards(fake)
    async with two_bots(fake) as (first, second):
        mara = fake.add_user("Mara")
        fake.add_member(one, mara)
        sent = await fake.send_dm(mara, "A PAR - BUR")
        reply = await fake.wait_for_dm(mara, after=sent)
        assert reply.content == "Shards [0] got: A PAR - BUR"
        channel = next(iter(one.channels.values()))
        await fake.post_in_channel(mara, channel, "hello shard one")
        await fake.world.wait_until(lambda: any(m.content == "hello shard one"
                                                for m in second.seen), timeout=2,
                                    what="the guild message on shard 1")
        await fake.settle()
        assert [m.content for m in first.seen if m.author.id == mara.id] == ["A PAR - BUR"]
        assert [m.content for m in second.seen if m.author.id == mara.id] == ["hello shard one"]


@TWO_SHARDS
async def test_a_slash_command_in_a_guild_is_answered_by_its_shards_bot(fake_discord) -> None:
    fake = fake_discord
    zero, one = guilds_on_both_shards(fake)
    async with two_bots(fake) as (first, second):
        await first.tree.sync()          # global commands, synced once by one process
        await fake.wait_for_commands(None, names=("game",))
        for guild, answering in ((zero, first), (one, second)):
            user = fake.add_user(f"player of {guild.name}")
            fake.add_member(guild, user)
            channel = next(iter(guild.channels.values()))
            asked = await fake.invoke(user, guild, channel, "game", "join",
                                      options={"power": "France"})
            answer = await fake.wait_for_response(asked)
            assert "asked for France" in answer.content
            # the interaction went to the connection of the guild's shard only
            created = [d for name, d in fake.events
                       if name == "INTERACTION_CREATE" and d["id"] == str(asked.id)]
            assert len(created) == 1
            assert answering.get_guild(guild.id) is not None


async def test_one_process_with_every_shard_sees_every_guild(fake_discord) -> None:
    fake = fake_discord
    fake.world.gateway.shard_count = fake.shard_count = 3
    guilds = [fake.add_guild(f"Club {s}", shard=s) for s in range(3)]
    # no shard_count: discord.py asks GET /gateway/bot and starts every shard
    async with running(fake, ShardedMiniBot(None, None)) as bot:
        await fake.wait_until_ready(shards=range(3))
        assert bot.shard_count == 3
        assert sorted(g.id for g in bot.guilds) == sorted(g.id for g in guilds)


async def identify(fake: FakeDiscord, **extra) -> aiohttp.ClientWebSocketResponse:
    """A raw gateway connection that identifies (with `extra` fields) and reads until READY
    or until the stand-in closes it."""
    http = aiohttp.ClientSession()
    ws = await http.ws_connect(f"{fake.gateway_url}?v=10&encoding=json")
    ws.http = http                    # closed by `close`
    hello = await ws.receive_json()
    assert hello["op"] == 10
    await ws.send_json({"op": 2, "d": {"token": fake.token, "intents": 1,
                                       "properties": {}, **extra}})
    message = await ws.receive()
    ws.first = json.loads(message.data) if message.type == aiohttp.WSMsgType.TEXT else None
    return ws


async def close(*sockets: aiohttp.ClientWebSocketResponse) -> None:
    for ws in sockets:
        await ws.close()
        await ws.http.close()


@TWO_SHARDS
async def test_connections_discord_would_refuse_are_closed_with_its_codes(fake_discord) -> None:
    fake = fake_discord
    refused = {
        "no shard while sharding is required": ({}, 4011),
        "another shard count": ({"shard": [0, 3]}, 4010),
        "a shard id past the count": ({"shard": [2, 2]}, 4010),
        "a malformed shard": ({"shard": [0]}, 4010),
    }
    for why, (extra, code) in refused.items():
        ws = await identify(fake, **extra)
        assert (ws.first, ws.close_code) == (None, code), why
        await close(ws)
    first = await identify(fake, shard=[1, 2])
    assert first.first["t"] == "READY" and first.first["d"]["shard"] == [1, 2]
    again = await identify(fake, shard=[1, 2])
    assert (again.first, again.close_code) == (None, 4010)      # shard 1 is connected
    other = await identify(fake, shard=[0, 2])
    assert other.first["t"] == "READY"
    await close(first, again, other)
    await asyncio.sleep(0.05)
    # once shard 1's connection is gone, the shard can identify again
    later = await identify(fake, shard=[1, 2])
    assert later.first["t"] == "READY"
    await close(later)


async def test_without_sharding_a_bot_identifies_as_shard_zero_of_one(fake_discord) -> None:
    fake = fake_discord
    ws = await identify(fake)
    assert ws.first["d"]["shard"] == [0, 1]
    refused = await identify(fake, shard=[0, 2])
    assert refused.close_code == 4010
    await close(ws, refused)
