"""A moderator's comfort through Discord, in Italian and Dutch (issue 26): /mod log in words,
time zones and powers autocompleted, the schedule that rules, buttons that outlive a restart,
the moderator named in anonymous games, one roster message per game, every ending's replay."""

from __future__ import annotations

import asyncio

import pytest

from tests.e2e.harness import PLAYERS, PNG, arbitro_bot, confirm, seat_everyone

HOLDS = {"England": "F LON H", "France": "A PAR H", "Germany": "A BER H", "Italy": "A ROM H",
         "Austria": "A VIE H", "Russia": "A MOS H", "Turkey": "A CON H"}


async def seat_in(fake, table, lang: str, **options):
    """Everyone seated by a moderator speaking `lang`, in a game speaking it too."""
    options.setdefault("language", lang)
    return await seat_everyone(fake, table, options=options, mod_locale=lang)


@pytest.mark.parametrize(("lang", "grace", "absence"), [
    ("it", "in attesa degli ordini (potenze: Italia)", "sarà assente"),
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


async def seat_anonymous(fake, table, lang: str):
    """An anonymous game in `lang`, everyone seated by a moderator speaking it."""
    mod = fake.add_user("Mara", locale=lang)
    fake.add_member(table.guild, mod, manage_guild=True)
    users = {}
    for power, (name, locale) in PLAYERS.items():
        users[power] = fake.add_user(name, locale=locale)
        fake.add_member(table.guild, users[power])
    await table.run("mod", "create", user=mod, options={
        "name": "Lepanto", "movement_hours": 24.0, "anonymous": True, "language": lang})
    for user in users.values():
        await table.run("game", "join", user=user)
    await table.run("mod", "start", user=mod, options={
        "assignments": ", ".join(f"{p} <@{u.id}>" for p, u in users.items())})
    await table.channel_message(lambda m: m.content.startswith("🏁"))
    return mod, users


@pytest.mark.parametrize(("lang", "powers", "declared", "replay", "chart"), [
    ("it", "Francia e Italia", "chi modera (<@{mod}>) ha dichiarato la patta tra Francia, "
     "Italia", "tutta la partita, fase per fase", "anno per anno"),
    ("nl", "Frankrijk en Italië", "de spelleider <@{mod}> heeft remise verklaard tussen "
     "Frankrijk, Italië", "het hele spel, fase na fase", "jaar na jaar"),
])
async def test_a_declared_draw_names_the_moderator_and_posts_replay_and_chart(
        fake_discord, tmp_path, lang, powers, declared, replay, chart):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale=lang) as table:
        mod, users = await seat_anonymous(fake, table, lang)
        asked = await table.run("mod", "draw", user=mod, options={"powers": powers})
        await confirm(table, mod, asked)
        ending = await table.channel_message(lambda m: "🤝" in m.content)
        assert declared.format(mod=mod.id) in ending.content
        # the moderator is named, no player is
        assert all(f"<@{u.id}>" not in ending.content for u in users.values())
        film = await table.channel_message(lambda m: replay in m.content, after=ending)
        assert film.files and film.files[0][0].endswith(".gif")
        assert film.files[0][1].startswith(b"GIF8")
        centres = await table.channel_message(lambda m: chart in m.content, after=ending)
        assert centres.files and centres.files[0][1].startswith(PNG)
        assert centres.id > film.id


@pytest.mark.parametrize(("lang", "typed", "zone_label", "powers", "completed"), [
    ("it", "roma", "Europe/Rome · Roma, Italia", "Francia e ita", "Francia, Italia"),
    ("nl", "brussel", "Europe/Brussels · Brussel, België", "Frankrijk, ital",
     "Frankrijk, Italië"),
])
async def test_time_zones_and_powers_are_autocompleted(fake_discord, tmp_path, lang, typed,
                                                       zone_label, powers, completed):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale=lang) as table:
        mod = fake.add_user("Mara", locale=lang)
        fake.add_member(table.guild, mod, manage_guild=True)
        zones = await fake.autocomplete(mod, table.guild, table.channel, "mod", "create",
                                        focused="timezone",
                                        options={"name": "Lepanto", "timezone": typed})
        assert zones[0]["name"] == zone_label
        created = await table.run("mod", "create", user=mod, options={
            "name": "Lepanto", "timezone": zones[0]["value"]})
        assert zones[0]["value"] in created.content
        # /mod settings timezone: the same zones
        again = await fake.autocomplete(mod, table.guild, table.channel, "mod", "settings",
                                        focused="value",
                                        options={"setting": "timezone", "value": typed})
        assert again[0] == zones[0]
        named = await fake.autocomplete(mod, table.guild, table.channel, "mod", "draw",
                                        focused="powers", options={"powers": powers})
        assert named == [{"name": completed, "value": completed}]


@pytest.mark.parametrize(("lang", "rules", "unused", "warning", "lengths"), [
    ("it", "Le scadenze dei movimenti cadono ogni giorno alle 21:00",
     "(non usata: le scadenze seguono l'orario fisso)",
     "⚠️ Le scadenze seguono l'orario fisso (movimenti alle 21:00), quindi Tempo per i "
     "movimenti non si usa", "Ogni fase dura quanto stabilito da quando si apre: movimenti 36"),
    ("nl", "Deadlines voor bewegingen",
     "(niet gebruikt: het vaste schema bepaalt de deadlines)",
     "⚠️ Het vaste schema (deadlines voor bewegingen om 21:00) bepaalt de deadlines, dus Tijd "
     "voor bewegingen wordt niet gebruikt", "Elke fase duurt haar eigen lengte"),
])
async def test_the_schedule_that_rules_is_shown_and_a_length_it_overrides_is_warned(
        fake_discord, tmp_path, lang, rules, unused, warning, lengths):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale=lang) as table:
        mod, users = await seat_in(fake, table, lang, schedule_time="21:00")
        shown = await table.run("mod", "settings", user=mod)
        assert rules in shown.content and unused in shown.content
        reader = users["Italy" if lang == "it" else "Germany"]     # Italo, Gert
        status = await table.run("game", "status", user=reader)
        assert rules in status.content
        changed = await table.run("mod", "settings", user=mod,
                                  options={"setting": "movement_hours", "value": "36h"})
        assert warning in changed.content
        cleared = await table.run("mod", "settings", user=mod,
                                  options={"setting": "schedule_time", "value": "-"})
        assert lengths in cleared.content and "⚠️" not in cleared.content
        status = await table.run("game", "status", user=reader)
        assert lengths in status.content and rules not in status.content


@pytest.mark.parametrize(("lang", "processed", "refused"), [
    ("it", "la fase è stata risolta", "Solo chi modera può farlo"),
    ("nl", "de fase is", "Alleen spelleiders mogen dit"),
])
async def test_a_question_is_answered_after_a_restart_by_who_asked_while_still_moderator(
        fake_discord, tmp_path, lang, processed, refused):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale=lang) as table:
        mod, users = await seat_in(fake, table, lang)
        role = fake.add_role(table.guild, "Arbitri")
        helper = fake.add_user("Hal", locale=lang)
        fake.add_member(table.guild, helper, roles=[role])
        await table.run("mod", "role", user=mod, options={"role": role})
        asked = await table.run("mod", "process", user=helper, granted=True)   # orders missing
        draw = await table.run("mod", "draw", user=helper, granted=True,
                               options={"powers": "England, France"})
        assert asked.message.custom_ids() and draw.message.custom_ids()
    first = table
    async with arbitro_bot(fake, tmp_path, again=first) as table:
        other = users["Italy" if lang == "it" else "Germany"]          # Italo, Gert
        done = await confirm(table, helper, asked)
        assert processed in done.content
        status = await table.run("game", "status", user=other)
        assert ("Autunno 1901" if lang == "it" else "Najaar 1901") in status.content
        # the helper loses the moderator role before pressing the other question: refused
        await table.run("mod", "role", user=mod)
        click = await fake.click(helper, draw.message, draw.message.custom_ids()[0])
        answer = await fake.wait_for_response(click, timeout=20)
        assert refused in answer.content
        status = await table.run("game", "status", user=other)
        assert status.content.count("1901") and "🤝" not in status.content
        assert (await table.bot.service.games.status(1)).status == "active"


@pytest.mark.parametrize(("lang", "title", "latest"), [
    ("it", "📋 **Lepanto**: iscritti {n}/7", "ha lasciato **Lepanto**"),
    ("nl", "📋 **Lepanto**: spelers {n}/7", "heeft **Lepanto** verlaten"),
])
async def test_one_roster_message_edited_as_players_join_and_leave(fake_discord, tmp_path,
                                                                   lang, title, latest):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale=lang) as table:
        mod = fake.add_user("Mara", locale=lang)
        fake.add_member(table.guild, mod, manage_guild=True)
        await table.run("mod", "create", user=mod, options={"name": "Lepanto",
                                                            "language": lang})
        players = [fake.add_user(f"p{i}") for i in range(4)]
        for user in players:
            fake.add_member(table.guild, user)
            await table.run("game", "join", user=user)
        await table.run("game", "leave", user=players[1])
        await fake.settle()
        rosters = [m for m in fake.messages_in(table.channel)
                   if not m.deleted and m.content.startswith("📋")]
        assert len(rosters) == 1                       # one message, edited five times
        roster = rosters[0]
        assert roster.content.startswith(title.format(n=3)) and latest in roster.content
        assert all(f"<@{u.id}>" in roster.content for u in players if u is not players[1])
        assert f"<@{players[1].id}>" not in roster.content.splitlines()[1]   # the list
        assert roster.mentions == []                   # nobody pinged
        # deleted by someone: the next change posts a new one
        await fake.world.delete(roster)
        newcomer = fake.add_user("Nina")
        fake.add_member(table.guild, newcomer)
        await table.run("game", "join", user=newcomer)
        fresh = await table.channel_message(lambda m: not m.deleted
                                            and m.content.startswith(title.format(n=4)))
        assert fresh.id != roster.id


@pytest.mark.parametrize(("lang", "zone", "game_time", "autumn"), [
    ("it", "Europe/Rome", "Ora della partita: 2024-01-03 21:00 Europe/Rome", "Autunno 1901"),
    ("nl", "Europe/Amsterdam", "Tijd van het spel: 2024-01-03 21:00 Europe/Amsterdam",
     "Najaar 1901"),
])
async def test_a_rollback_keeps_to_the_fixed_schedule(fake_discord, tmp_path, lang, zone,
                                                      game_time, autumn):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale=lang) as table:
        mod, users = await seat_in(fake, table, lang, schedule_time="21:00")
        reader = users["Italy" if lang == "it" else "Germany"]           # Italo, Gert
        await table.pass_deadline(33)        # Tuesday 21:00 UTC: the Spring deadline passed
        for _ in range(100):
            status = await table.run("game", "status", user=reader)
            if autumn in status.content:
                break
            await asyncio.sleep(0.1)
        assert autumn in status.content
        await table.run("mod", "rollback", user=mod)
        status = await table.run("game", "status", user=reader)
        # reopened with the next 21:00 slot of the game's zone, not 24 hours from now
        assert game_time in status.content and autumn not in status.content
