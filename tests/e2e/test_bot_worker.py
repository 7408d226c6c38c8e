"""A worker (`arbitro bot --worker`): a process with no gateway connection, on the database of
the bot processes, that adjudicates the deadlines and posts the results by REST, in the
server's language, which it has only from the database."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.runner import running_worker
from tests.e2e.harness import TICK, arbitro_bot, seat_everyone

IDLE = 3600.0     # the bot's own deadline tick never comes during the test


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_database(request) -> str | None:
    return request.getfixturevalue("postgres_url") if request.param == "postgresql" else None


async def test_a_worker_adjudicates_and_posts_the_results_in_the_servers_language(
        fake_discord, tmp_path, shared_database):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale="it", tick_seconds=IDLE,
                           db=shared_database, instance="bot") as table:
        mod, users = await seat_everyone(fake, table, mod_locale="it")
        reply = await table.dm(users["France"], "A Parigi - Borgogna\nF Brest - Manica")
        assert "❌" not in reply.content
        gateways = len(fake.world.gateway.sessions)
        settings = replace(table.bot.settings, instance="worker")
        async with running_worker(settings, clock=table.clock, tick_seconds=TICK) as worker:
            assert worker.gateway is False and worker.ws is None      # never connected
            assert len(fake.world.gateway.sessions) == gateways
            assert worker.get_guild(table.guild.id) is None           # nothing in its cache
            adjudicated = []
            run_due = worker.service.deadlines.run_due

            async def counted(*args, **kwargs):
                adjudicated.append(await run_due(*args, **kwargs))
                return adjudicated[-1]
            worker.service.deadlines.run_due = counted     # a spy: the worker's tick calls it
            before = table.last_in_channel()
            await table.pass_deadline(25)
            await table.channel_message(lambda m: "risultati di Primavera 1901" in m.content,
                                        after=before)
            await table.channel_message(lambda m: bool(m.files), after=before)
            await fake.settle(0.5)
        posted = [m for m in fake.messages_in(table.channel) if m.id > before.id]
        text = "\n".join(m.content for m in posted)
        assert sum("risultati di" in m.content for m in posted) == 1
        assert "`A PAR - BUR` — riuscito" in text and "sommossa" in text
        assert "results of" not in text
        assert all(m.author.id == fake.bot.id for m in posted)
        assert sum(adjudicated) == 1                        # the worker adjudicated it
