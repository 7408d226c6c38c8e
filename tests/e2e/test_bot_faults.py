"""One game's adjudication raising, through the real bot (issue 27): the other game of the same
deadline is adjudicated and announced, the moderator hears it once in their language, and the
bot restarts cleanly while the failing game is overdue; a start-up that cannot complete makes
`arbitro bot` exit with a non-zero status instead of hanging."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from dataclasses import replace
from datetime import timedelta

from service.storage.repos import faults, game_config, games
from tests.e2e.harness import arbitro_bot, seat_everyone, second_game

FAULT_IT = "non è stato possibile risolvere"


async def poison(service, game_id: int) -> None:
    """A phase length past the calendar, as `/mod settings movement_hours 99999999h` stored
    before it was bounded."""
    async with service.db.transaction(game_id) as conn:
        game = await games.get(conn, game_id)
        await game_config.set_settings(conn, game_id, replace(
            game.settings, movement_deadline=timedelta(days=4_000_000)))


async def test_a_failing_game_stops_no_other_and_the_bot_restarts(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table, mod_locale="it")
        other = await second_game(fake, table, users["England"])
        service = table.bot.service
        [lepanto] = await service.games.in_channel(table.channel.id)
        await poison(service, lepanto.id)
        await table.pass_deadline()
        await fake.wait_for_message(lambda m: "Trafalgar" in m.content and "1901" in m.content
                                    and not m.ephemeral, channel=other, timeout=20)
        told = await fake.wait_for_dm(mod, lambda m: FAULT_IT in m.content, timeout=20)
        assert "**Lepanto**" in told.content and "`arbitro doctor`" in told.content
        assert (await service.games.status(lepanto.id)).phase == "S1901M"      # left as it was
    # the bot starts again while Lepanto is overdue and still failing (its next try is due)
    table.clock.advance(timedelta(minutes=2))
    async with arbitro_bot(fake, tmp_path, again=table) as table:
        status = await table.run("game", "status", user=users["France"])
        assert "Lepanto" in status.content
        async with table.bot.service.db.read() as conn:
            fault = await faults.get(conn, lepanto.id)
        assert fault is not None and fault.attempts >= 2 and fault.stage == "adjudicate"
        assert len([m for m in fake.dms_to(mod) if FAULT_IT in m.content]) == 1   # once
        # fixed by the moderator, the game runs on at its next try
        answer = await table.run("mod", "settings", user=mod, options={
            "setting": "movement_hours", "value": "24h"})
        assert "24" in answer.content
        table.clock.advance(timedelta(hours=2))
        for _ in range(400):                         # the deadlines cog's next ticks
            if (await table.bot.service.games.status(lepanto.id)).phase != "S1901M":
                break
            await asyncio.sleep(0.05)
        assert (await table.bot.service.games.status(lepanto.id)).phase == "F1901M"
        await fake.wait_for_message(lambda m: "Lepanto" in m.content and "1901" in m.content
                                    and m.attachments, channel=table.channel, timeout=20)
        async with table.bot.service.db.read() as conn:
            assert await faults.get(conn, lepanto.id) is None


async def test_arbitro_bot_exits_when_it_cannot_start(fake_discord, tmp_path):
    """A database the bot cannot use (here: from a newer Arbitro) stops the start-up: the
    process ends with status 1, its database closed, instead of staying alive without a
    gateway."""
    db = tmp_path / "arbitro.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        conn.execute("INSERT INTO schema_version VALUES (999)")
    env_file = tmp_path / ".env"
    env_file.write_text(f"DISCORD_TOKEN={fake_discord.token}\n"
                        f"DISCORD_API_BASE={fake_discord.api_base}\nARBITRO_DB={db}\n")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "arbitro", "bot", "--env", str(env_file),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE, cwd=tmp_path,
        env={"PATH": ""})
    _out, err = await asyncio.wait_for(process.communicate(), timeout=60)
    assert process.returncode == 1, err.decode()
    assert "arbitro bot: stopped" in err.decode()
