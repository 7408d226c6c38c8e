"""A moderator's comfort through Discord, in Italian and Dutch (issue 26): /mod log in words,
time zones and powers autocompleted, the schedule that rules, buttons that outlive a restart,
the moderator named in anonymous games, one roster message per game, every ending's replay."""

from __future__ import annotations

import pytest

from tests.e2e.harness import arbitro_bot, seat_everyone

HOLDS = {"England": "F LON H", "France": "A PAR H", "Germany": "A BER H", "Italy": "A ROM H",
         "Austria": "A VIE H", "Russia": "A MOS H", "Turkey": "A CON H"}


async def seat_in(fake, table, lang: str, **options):
    """Everyone seated by a moderator speaking `lang`, in a game speaking it too."""
    options.setdefault("language", lang)
    return await seat_everyone(fake, table, options=options, mod_locale=lang)


@pytest.mark.parametrize(("lang", "grace", "absence"), [
    ("it", "ha tenuto aperta Primavera 1901, movimenti per gli ordini di Italia", "sarà assente"),
    ("nl", "hield Voorjaar 1901, bewegingen open voor de orders van Italië", "is afwezig van"),
])
async def test_the_log_says_every_action_in_words(fake_discord, tmp_path, lang, grace,
                                                  absence):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale=lang) as table:
        mod, users = await seat_in(fake, table, lang, missed_orders="grace")
        await table.run("absence", user=users["England"],
                        options={"from": "2024-01-05", "to": "2024-01-06"})
        for power, user in users.items():
            if power != "Italy":
                await table.dm(user, HOLDS[power])
        await table.pass_deadline(24.1)
        await table.channel_message(lambda m: "⏳" in m.content)
        log = await table.run("mod", "log", user=mod)
        assert grace in log.content and absence in log.content
        assert "grace" not in log.content and "absence" not in log.content   # no raw names
