"""Bounds through Discord (issue 27): a phase length of months is asked to confirm, one of
centuries refused in words, a time zone completed from the IANA list and a 60-character one
refused, a deadline past the calendar refused; in English and in Italian."""

from __future__ import annotations

from tests.e2e.harness import arbitro_bot, confirm, seat_everyone


async def test_implausible_and_impossible_values_in_english(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, _users = await seat_everyone(fake, table)
        asked = await table.run("mod", "settings", user=mod, options={
            "setting": "movement_hours", "value": "60d"})
        assert "makes each such phase last 60 days" in asked.content
        assert asked.message.custom_ids()                  # "Yes, set it" / "Cancel"
        cancelled = await confirm(table, mod, asked, button=1)
        assert cancelled.content == "Cancelled: nothing was done."
        shown = await table.run("mod", "settings", user=mod, options={
            "setting": "movement_hours"})
        assert "24 h" in shown.content                     # unchanged
        asked = await table.run("mod", "settings", user=mod, options={
            "setting": "movement_hours", "value": "60d"})
        done = await confirm(table, mod, asked)
        assert "Time for movement is now" in done.content

        refused = await table.run("mod", "settings", user=mod, options={
            "setting": "movement_hours", "value": "99999999h"})
        assert "is longer than 366 days" in refused.content and not refused.message.custom_ids()
        zone = await table.run("mod", "settings", user=mod, options={
            "setting": "timezone", "value": "A" * 60})
        assert zone.content.startswith(f"Unknown time zone “{'A' * 60}”")
        offered = await fake.autocomplete(mod, table.guild, table.channel, "mod", "settings",
                                          focused="value",
                                          options={"setting": "timezone", "value": "rome"})
        # the IANA name, with the city and country in the user's language (bot/zones.py)
        assert [o["value"] for o in offered] == ["Europe/Rome"]
        assert offered[0]["name"].startswith("Europe/Rome")
        offered = await fake.autocomplete(mod, table.guild, table.channel, "mod", "create",
                                          focused="timezone",
                                          options={"name": "X", "timezone": "amster"})
        assert [o["value"] for o in offered] == ["Europe/Amsterdam"]
        late = await table.run("mod", "deadline", user=mod, options={
            "when": "<t:99999999999999999999>"})
        assert "days ahead: check the year" in late.content


async def test_a_century_refused_in_italian(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale="it") as table:
        mod, _users = await seat_everyone(fake, table, mod_locale="it")
        refused = await table.run("mod", "settings", user=mod, options={
            "setting": "movement_hours", "value": "99999999h"})
        assert refused.content.startswith("“99999999h” (Tempo per i movimenti) supera i 366 "
                                          "giorni")
        asked = await table.run("mod", "settings", user=mod, options={
            "setting": "movement_hours", "value": "30d"})
        assert asked.content.startswith("Con Tempo per i movimenti = “30d” ogni fase di "
                                        "questo tipo durerebbe 30 giorni")
        late = await table.run("mod", "deadline", user=mod, options={"when": "+9999999d"})
        assert "Something" not in late.content and late.content
