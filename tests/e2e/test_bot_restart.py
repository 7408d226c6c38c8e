"""A bot restarted after a deadline passed while it was down: the phase is adjudicated and its
results posted as the bot starts, before any tick of its deadlines cog, with no error logged
(the service's start-up posts through the bot, which needs the service attached first)."""

from __future__ import annotations

import logging
from datetime import timedelta

from tests.e2e.harness import arbitro_bot, seat_everyone

SLOW_TICK = 600.0   # the deadlines cog would not run again during the test


async def test_a_restart_after_a_missed_deadline_announces_at_once_without_errors(
        fake_discord, tmp_path, caplog):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as first:
        _, users = await seat_everyone(fake, first)
        await first.dm(users["France"], "A PAR - BUR")
    first.clock.advance(timedelta(hours=30))          # the deadline passes while it is down
    caplog.clear()
    caplog.set_level(logging.INFO)
    async with arbitro_bot(fake, tmp_path, again=first, tick_seconds=SLOW_TICK) as table:
        # posted during the start-up itself: no tick of the cog is needed
        results = await table.channel_message(lambda m: "results of Spring 1901" in m.content,
                                              timeout=5)
        text = "\n".join(m.content for m in fake.messages_in(table.channel)
                         if m.id >= results.id)
        assert "`A PAR - BUR` — succeeds" in text
        status = await table.run("game", "status", user=users["Austria"])
        assert "Fall 1901" in status.content
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]
    # at once: posted by the start-up itself, before the bot was even connected and ready
    said = [r.getMessage() for r in caplog.records]
    posted = next(i for i, m in enumerate(said) if m.startswith("posted phase.results"))
    ready = next(i for i, m in enumerate(said) if m.startswith("connected as"))
    assert posted < ready
