"""Two bot processes, each with its slice of Discord's shards (ARBITRO_SHARDS 0/2 and 1/2),
on one database, playing one game through the stand-in: direct messages reach the process
holding shard 0 only, the server's slash commands the process holding its shard, and the
deadline's results appear once, in the server's language, whichever process adjudicated."""

from __future__ import annotations

from contextlib import AsyncExitStack
from typing import Any

import discord
import pytest

from ops.settings import ShardSlice
from service.notices.notifier import Message
from tests.e2e.harness import TICK, Table, arbitro_bot, seat_everyone

TWO_SHARDS = pytest.mark.parametrize("fake_discord", [{"shard_count": 2}], indirect=True)
IDLE = 3600.0     # a deadline tick that never comes during the test


class Heard:
    """What one bot process received over its gateway connection."""

    def __init__(self, bot: Any) -> None:
        self.dms: list[str] = []
        self.interactions: list[int] = []
        self.adjudicated = 0
        bot.add_listener(self.on_message)
        bot.add_listener(self.on_interaction)
        run_due = bot.service.deadlines.run_due

        async def counted(*args: Any, **kwargs: Any) -> int:
            processed = await run_due(*args, **kwargs)
            self.adjudicated += processed
            return processed
        bot.service.deadlines.run_due = counted      # a spy: the deadlines cog calls it each tick

    async def on_message(self, message: discord.Message) -> None:
        if message.guild is None and not message.author.bot:
            self.dms.append(message.content)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.interactions.append(interaction.id)


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_database(request) -> str | None:
    """The ARBITRO_DB of both processes: None for one SQLite file in tmp_path, or the URL of a
    real PostgreSQL database (tests/postgres.py; skipped without one, except under CI)."""
    return request.getfixturevalue("postgres_url") if request.param == "postgresql" else None


@TWO_SHARDS
@pytest.mark.parametrize("adjudicator", ["shard 0's process", "shard 1's process"])
async def test_two_processes_with_shard_slices_play_one_game(fake_discord, tmp_path,
                                                             shared_database,
                                                             adjudicator) -> None:
    fake = fake_discord
    db = shared_database
    # Only the adjudicating process runs its deadline tick during the test.
    ticks = (TICK, IDLE) if adjudicator == "shard 0's process" else (IDLE, TICK)
    async with AsyncExitStack() as stack:
        zero: Table = await stack.enter_async_context(arbitro_bot(
            fake, tmp_path, guild_locale="it", guild_shard=1, shards=ShardSlice((0,), 2),
            tick_seconds=ticks[0], db=db, instance="bot-0"))
        one: Table = await stack.enter_async_context(arbitro_bot(
            fake, tmp_path, again=zero, shards=ShardSlice((1,), 2), sync=False,
            tick_seconds=ticks[1], db=db, instance="bot-1"))
        await fake.wait_until_ready(shards=(0, 1))
        guild = one.guild
        assert fake.shard_of(guild) == 1
        assert zero.bot.get_guild(guild.id) is None           # not in shard 0's cache
        assert one.bot.get_guild(guild.id) is not None
        heard = Heard(zero.bot), Heard(one.bot)

        # the server's commands go to shard 1's process, which answers them
        mod, users = await seat_everyone(fake, one, mod_locale="it")   # an Italian game
        status = await fake.invoke(users["England"], guild, one.channel, "game", "status")
        answer = await fake.wait_for_response(
            status, lambda r: not (r.kind == "callback" and r.type == 5), timeout=20)
        assert "Lepanto" in answer.content
        assert status.id in heard[1].interactions and status.id not in heard[0].interactions
        assert heard[0].interactions == []

        # orders by DM go to shard 0's process, which reads the game shard 1's created
        orders = {"England": "F LON - NTH\nF EDI - NWG\nA LVP - YOR",
                  "France": "A Parigi - Borgogna\nF Brest - Medio Atlantico\nA Marsiglia ferma",
                  "Germany": "A München - Ruhr\nF Kiel - Denemarken\nA Berlijn - Silezië"}
        for power, text in orders.items():
            reply = await one.dm(users[power], text)
            assert "❌" not in reply.content
        assert "Ogni unità ha un ordine" in fake.dms_to(users["France"])[-1].content
        assert heard[0].dms == list(orders.values()) and heard[1].dms == []

        # the deadline: results once, in the server's language (Italian), with the map
        before = one.last_in_channel()
        await one.pass_deadline(25)
        results = await one.channel_message(
            lambda m: "risultati di Primavera 1901" in m.content, after=before)
        await one.channel_message(lambda m: bool(m.files), after=before)
        await fake.settle(0.5)
        posted = [m for m in fake.messages_in(one.channel) if m.id > before.id]
        text = "\n".join(m.content for m in posted)
        assert sum("risultati di" in m.content for m in posted) == 1
        assert "`A PAR - BUR` — riuscito" in text and results in posted
        assert "sommossa" in text and "results of" not in text
        assert [h.adjudicated for h in heard] == ([1, 0] if ticks[0] == TICK else [0, 1])

        # a post without a game language speaks the server's, from either process, though
        # shard 0's has the server only as discord.py's unavailable placeholder: it reads
        # what shard 1's process stored when it saw the server
        asked_discord = [r for r in fake.requests if r.path == f"/guilds/{guild.id}"]
        for table in (zero, one):
            created = await post_without_game_language(table, one, before)
            assert created.content.startswith("🎲 Nuova partita **Trafalgar**")
            before = created
        assert [r for r in fake.requests if r.path == f"/guilds/{guild.id}"] == asked_discord
        # a server never stored: shard 0's process asks Discord once, and stores the answer
        await zero.bot.service.preferences.remember_guild(guild.id, None, None)
        created = await post_without_game_language(zero, one, before)
        assert created.content.startswith("🎲 Nuova partita **Trafalgar**")
        assert len([r for r in fake.requests if r.path == f"/guilds/{guild.id}"]) == len(
            asked_discord) + 1
        assert await zero.bot.service.preferences.guild_facts(guild.id) == ("it", 10 * 2**20)


async def post_without_game_language(poster: Table, owner: Table, after) -> Any:
    """`poster`'s service posts to `owner`'s game channel a message of no game's language."""
    await poster.bot.service.notifier.post(owner.channel.id, Message(
        "game.created", "New game", {"game": "Trafalgar", "game_id": 2, "players": 7,
                                     "rules": "standard"}))
    return await owner.channel_message(lambda m: "Trafalgar" in m.content, after=after)


@pytest.mark.parametrize("fake_discord", [{"shard_count": 4}], indirect=True)
async def test_the_check_compares_this_process_slice_with_the_recommended_shards(
        fake_discord, tmp_path) -> None:
    from dataclasses import replace

    from bot.check import online_findings
    from ops.settings import Settings, parse_shards

    fake = fake_discord
    settings = Settings(db_path=str(tmp_path / "arbitro.sqlite"), discord_token=fake.token,
                        discord_api_base=fake.api_base)
    expected = {
        "": ("Discord recommends 4 shards; this process runs them all (set ARBITRO_SHARDS to "
             "split them over several processes: docs/scaling.md)", False),
        "0-1/4": ("this process runs shards 0, 1 of 4 (Discord recommends 4); it receives the "
                  "direct messages (shard 0)", False),
        "3/4": ("this process runs shard 3 of 4 (Discord recommends 4); direct messages go to "
                "the process with shard 0", False),
        "1/2": ("this process runs shard 1 of 2, but Discord recommends 4 shards: raise the "
                "count in ARBITRO_SHARDS", True),
    }
    for shards, finding in expected.items():
        found = await online_findings(replace(settings, shards=parse_shards(shards)))
        assert {f.topic: (f.text, f.problem) for f in found}["shards"] == finding, shards


@TWO_SHARDS
async def test_only_the_process_holding_the_test_servers_shard_syncs_it(fake_discord) -> None:
    from bot.app import ArbitroBot, apply_api_base
    from ops.settings import Settings, parse_shards

    fake = fake_discord
    server = fake.add_guild("Test server", shard=1)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)   # restored after
        apply_api_base(fake.api_base)
        for shards in ("0/2", "1/2"):
            bot = ArbitroBot(Settings(discord_token=fake.token, discord_api_base=fake.api_base,
                                      test_guild_id=server.id, shards=parse_shards(shards)))
            try:
                await bot.login(fake.token)       # its setup_hook loads the cogs and syncs
            finally:
                await bot.close()
    synced = [r for r in fake.requests
              if r.method == "PUT" and r.path.endswith(f"/guilds/{server.id}/commands")]
    assert len(synced) == 1
