"""Schedules through Discord: deadlines typed by a moderator, grace for missing orders,
absences and extensions by buttons, in English and in Italian."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.e2e.harness import arbitro_bot, seat_everyone

HOLDS = {"England": "F LON H", "France": "A PAR H", "Germany": "A BER H", "Italy": "A ROM H",
         "Austria": "A VIE H", "Russia": "A MOS H", "Turkey": "A CON H"}
# The harness's clock starts on Monday 2024-01-01 at 12:00 UTC.
START = datetime(2024, 1, 1, 12, 0, tzinfo=UTC)


def stamp(when: datetime) -> str:
    return f"<t:{int(when.timestamp())}:F>"


async def seat_table(fake, table, *, mod_locale: str = "en-US", **options):
    """`seat_everyone` with `/mod create` `options`, in a game speaking the server's
    language; also returns the moderator's answer to `/mod create`."""
    options.setdefault("language", table.guild.locale[:2])
    mod, users = await seat_everyone(fake, table, options=options, mod_locale=mod_locale)
    created = next(m.content for m in fake.visible_to(mod, table.channel) if m.ephemeral)
    return mod, users, created


def posted(table, text: str, after=None):
    return table.channel_message(lambda m: not m.ephemeral and text in m.content, after=after)


async def test_a_moderator_types_a_deadline_in_english(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users, _ = await seat_table(fake, table)          # en-US: the game runs on UTC
        moved = await table.run("mod", "deadline", user=mod, options={"when": "tomorrow 21:00"})
        tomorrow = datetime(2024, 1, 2, 21, 0, tzinfo=UTC)
        assert stamp(tomorrow) in moved.content
        await posted(table, f"set the deadline of Spring 1901, movement to {stamp(tomorrow)}")
        later = await table.run("mod", "deadline", user=mod, options={"when": "+36h"})
        assert stamp(START + timedelta(hours=36)) in later.content
        bad = await table.run("mod", "deadline", user=mod, options={"when": "2024-02-30 21:00"})
        assert "is not a date on the calendar" in bad.content and "2024-02-30" in bad.content
        status = await table.run("game", "status", user=users["England"])
        assert "Game time: 2024-01-03 00:00 UTC" in status.content


async def test_a_moderator_types_a_deadline_in_italian_in_the_zone_of_rome(fake_discord,
                                                                          tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale="it") as table:
        mod, users, created = await seat_table(fake, table, mod_locale="it")  # Rome by default
        assert "nel fuso orario Europe/Rome" in created
        assert "resta subito in sommossa" in created
        moved = await table.run("mod", "deadline", user=mod, options={"when": "venerdì 21:00"})
        friday = datetime(2024, 1, 5, 20, 0, tzinfo=UTC)              # 21:00 in Rome
        assert f"la scadenza ora è {stamp(friday)}" in moved.content
        assert "Ora della partita: 2024-01-05 21:00 Europe/Rome" in moved.content
        bad = await table.run("mod", "deadline", user=mod, options={"when": "domani sera"})
        assert "Non riesco a leggere l'ora “domani sera”" in bad.content
        status = await table.run("game", "status", user=users["Italy"])
        assert "Ora della partita: 2024-01-05 21:00 Europe/Rome" in status.content


@pytest.mark.parametrize(("guild_locale", "notice", "results"), [
    ("en-US", "passed without orders from Italy", "civil disorder"),
    ("it", "è passata e mancano ordini (Italia)", "sommossa"),
])
async def test_grace_waits_for_a_missing_player_then_civil_disorder(
        fake_discord, tmp_path, guild_locale, notice, results):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale=guild_locale) as table:
        _, users, created = await seat_table(fake, table, missed_orders="grace", grace_hours=12.0,
                                    schedule_time="12:00")
        assert "Missing orders: the phase waits up to 12 h" in created
        assert "every day at 12:00" in created
        for power, user in users.items():
            if power != "Italy":
                await table.dm(user, HOLDS[power])
        await table.pass_deadline(24.1)
        held = await posted(table, notice)
        assert f"<@{users['Italy'].id}>" in held.content
        assert f"<@{users['England'].id}>" not in held.content
        assert held.mentions == [users["Italy"]]             # only the missing player is pinged
        assert stamp(START + timedelta(hours=36)) in held.content
        dm = await fake.wait_for_dm(users["Italy"], lambda m: "⏳" in m.content, timeout=20)
        assert "Italia: la scadenza di" in dm.content         # Italo reads Italian
        assert not [m for m in fake.dms_to(users["England"]) if "⏳" in m.content]
        assert not [m for m in fake.messages_in(table.channel) if "1901" in m.content
                    and ("results of" in m.content or "risultati" in m.content)]
        await table.pass_deadline(12)
        announced = await table.channel_message(lambda m: results in m.content
                                                and "1901" in m.content, after=held)
        assert "Ital" in announced.content


@pytest.mark.parametrize(("player", "recorded", "moved"), [
    ("England", "Noted for **Lepanto**", "the deadline moves to"),
    ("France", "Annotato per **Lepanto**", "the deadline moves to"),      # Francesca: it
])
async def test_an_absence_moves_the_deadline_and_the_moderator_may_refuse_it(
        fake_discord, tmp_path, player, recorded, moved):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users, _ = await seat_table(fake, table)
        away = await table.run("absence", user=users[player],
                               options={"from": "today", "to": "2024-01-03"})
        end = datetime(2024, 1, 4, 0, 0, tzinfo=UTC)                # the end of that day
        assert recorded in away.content and stamp(end) in away.content
        notice = await posted(table, moved)
        assert f"<@{users[player].id}>" in notice.content and stamp(end) in notice.content
        status = await table.run("game", "status", user=users["Turkey"])
        assert stamp(end) in status.content
        ask = await fake.wait_for_dm(mod, lambda m: "🏖️" in m.content and m.components,
                                     timeout=20)
        [button] = ask.custom_ids()
        await fake.click(mod, ask, button)
        await posted(table, "refused the absence", after=notice)
        status = await table.run("game", "status", user=users["Turkey"])
        assert stamp(START + timedelta(hours=24)) in status.content


async def test_an_extension_approved_by_the_moderators_button_after_a_restart(fake_discord,
                                                                            tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as first:
        mod, users, _ = await seat_table(fake, first)
        asked = await first.run("extend", user=users["Italy"],
                                options={"hours": 12.0, "reason": "matrimonio"})
        assert "aspetta una risposta" in asked.content                  # Italo reads Italian
        ask = await fake.wait_for_dm(mod, lambda m: "⌛" in m.content and m.components,
                                     timeout=20)
        assert "matrimonio" in ask.content
        await posted(first, "asks the moderator for 12 h more")
    # the bot restarts: the buttons on the moderator's message still answer
    async with arbitro_bot(fake, tmp_path, again=first) as table:
        agree = next(c for c in ask.custom_ids() if c.endswith(":yes"))
        answer = await fake.wait_for_response(await fake.click(mod, ask, agree))
        assert "is granted" in answer.content
        later = START + timedelta(hours=36)
        await posted(table, f"is granted; the deadline of Spring 1901, movement is now "
                            f"{stamp(later)}")
        status = await table.run("game", "status", user=users["England"])
        assert stamp(later) in status.content
        await fake.settle()
        assert ask.custom_ids() == []                 # decided: the buttons are taken off


@pytest.mark.parametrize(("guild_locale", "granted"), [
    ("en-US", "is granted"), ("it", "è concessa")])
async def test_an_extension_agreed_by_every_other_player(fake_discord, tmp_path, guild_locale,
                                                         granted):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale=guild_locale) as table:
        _, users, _ = await seat_table(fake, table, extensions="players")
        await table.run("extend", user=users["France"],
                        options={"hours": 6.0, "reason": "trasloco"})
        vote = await table.channel_message(lambda m: "⌛" in m.content and m.components)
        assert "trasloco" in vote.content and f"<@{users['Germany'].id}>" in vote.content
        assert set(vote.mentions) == set(users.values())     # who votes, and who asked
        agree = next(c for c in vote.custom_ids() if c.endswith(":yes"))
        own = await fake.click(users["France"], vote, agree)
        refused = await fake.wait_for_response(own)
        assert "votano solo le altre potenze" in refused.content       # not on their own
        others = [u for p, u in users.items() if p != "France"]
        for user in others[:-1]:
            counted = await fake.wait_for_response(await fake.click(user, vote, agree))
            assert "Lepanto" in counted.content
        await fake.click(others[-1], vote, agree)
        later = START + timedelta(hours=30)
        done = await posted(table, granted)
        assert stamp(later) in done.content


async def test_the_schedule_is_changed_with_mod_settings_in_italian(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale="it") as table:
        mod, _users, _ = await seat_table(fake, table, mod_locale="it")
        changed = await table.run("mod", "settings", user=mod, options={
            "setting": "schedule_skip_days", "value": "saturday, sunday"})
        assert "Giorni senza scadenze" in changed.content
        assert "sabato, domenica" in changed.content
        await posted(table, "sabato, domenica")
        asked = await fake.invoke(mod, table.guild, table.channel, "mod", "settings")
        await fake.wait_for_response(asked, lambda r: "Proroghe per giocatore" in
                                     (r.content or ""), timeout=20)    # the list's end
        shown = "\n".join(r.content or "" for r in fake.responses_to(asked))
        assert "**Fuso orario**: Europe/Rome" in shown
        assert "**Ordini mancanti**: subito in sommossa" in shown
        assert "**Giorni senza scadenze**: sabato, domenica" in shown
        bad = await table.run("mod", "settings", user=mod, options={
            "setting": "timezone", "value": "Europa/Roma"})
        assert "Fuso orario “Europa/Roma” sconosciuto" in bad.content
