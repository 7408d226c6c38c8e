"""Seats and names a club relies on (issue 20): a replacement in an anonymous game read in three
languages, a player seated at a second power only after the moderator confirms (and in an
anonymous game only with the override), `/mod settings` by the export's keys and in any
language, and the synced commands' Italian and Dutch names."""

from __future__ import annotations

from tests.e2e.harness import (
    PLAYERS,
    announced,
    arbitro_bot,
    confirm,
    delivered,
    seat_everyone,
)


async def _anonymous_game(fake, table, *, press: str = "full"):
    """As `seat_everyone`, in an anonymous game (whose start post names nobody)."""
    mod = fake.add_user("Mara", locale="en-US")
    fake.add_member(table.guild, mod, manage_guild=True)
    users = {}
    for power, (user_name, locale) in PLAYERS.items():
        users[power] = fake.add_user(user_name, locale=locale)
        fake.add_member(table.guild, users[power])
    await table.run("mod", "create", user=mod, options={
        "name": "Velato", "anonymous": True, "press": press})
    for user in users.values():
        await table.run("game", "join", user=user)
    assignments = ", ".join(f"{p} <@{u.id}>" for p, u in users.items())
    await table.run("mod", "start", user=mod, options={"assignments": assignments})
    await table.channel_message(lambda m: not m.ephemeral and m.content.startswith("🏁"))
    await delivered(table)                      # every briefing out before the test reads DMs
    return mod, users


async def test_an_anonymous_replacement_and_a_second_seat(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await _anonymous_game(fake, table, press="gunboat")
        # one roster message, with how many joined and never who (an anonymous game)
        rosters = [m.content for m in fake.messages_in(table.channel)
                   if m.content.startswith("📋")]
        assert rosters == ["📋 **Velato**: players 7/7\n"
                           "-# A new player joined **Velato** (7/7)."]

        newcomer = fake.add_user("Nora", locale="nl")
        fake.add_member(table.guild, newcomer)
        done = await table.run("mod", "replace", user=mod,
                               options={"power": "Russia", "player": newcomer})
        assert "Russia" in done.content
        notice = await announced(table, "🔁 **Velato**")
        # the moderator's act is named; the players (old and new) are not
        assert notice.content == ("🔁 **Velato**: Russia has a new player, seated by the "
                                  f"moderator <@{mod.id}>.")
        assert "someone" not in notice.content and f"<@{newcomer.id}>" not in notice.content
        # Russia's player before is told, and not who took over
        told = await fake.wait_for_dm(users["Russia"], lambda m: "niet langer" in m.content,
                                      timeout=20)
        assert told.content == ("**Velato**: je speelt niet langer **Rusland**; een nieuwe "
                                "speler neemt het vanaf nu over. Bedankt voor het spelen!")

        # Italy's player at France too: refused in an anonymous game without the override
        before = table.last_in_channel()
        italy = users["Italy"]
        refused = await table.run("mod", "replace", user=mod,
                                  options={"power": "France", "player": italy})
        assert refused.content.startswith(f"<@{italy.id}> already plays Italy in **Velato**, "
                                          "an anonymous game") and \
            "anonymous_override" in refused.content
        assert not refused.message.custom_ids()
        # with the override: asked first, with the gunboat warning; cancelled, nothing done
        asked = await table.run("mod", "replace", user=mod, options={
            "power": "France", "player": italy, "anonymous_override": True})
        assert f"<@{italy.id}> already plays Italy in **Velato**. Seat them at France too?" \
            in asked.content and "gunboat game" in asked.content
        cancelled = await confirm(table, mod, asked, button=1)
        assert "nothing was done" in cancelled.content
        await fake.settle()
        assert not [m for m in fake.messages_in(table.channel)      # nothing announced
                    if m.id > before.id and not m.ephemeral and "🔁" in m.content]
        asked = await table.run("mod", "replace", user=mod, options={
            "power": "France", "player": italy, "anonymous_override": True})
        seated = await confirm(table, mod, asked)
        assert "France" in seated.content
        second = await announced(table, "🔁 **Velato**: France", after=before)
        assert second.content == ("🔁 **Velato**: France has a new player, seated by the "
                                  f"moderator <@{mod.id}>.")
        assert "Italy" not in second.content


async def test_a_second_seat_in_an_open_game_is_confirmed_and_announced(fake_discord,
                                                                        tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        italy = users["Italy"]
        asked = await table.run("mod", "replace", user=mod,
                                options={"power": "France", "player": italy})
        assert f"<@{italy.id}> already plays Italy in **Lepanto**. Seat them at France too?" \
            in asked.content and "gunboat" not in asked.content
        assert len(asked.message.custom_ids()) == 2
        done = await confirm(table, mod, asked)
        assert "France" in done.content
        await announced(table, f"France is now played by <@{italy.id}>")


async def test_settings_by_the_exports_keys_and_in_any_language(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, _users = await seat_everyone(fake, table, mod_locale="it")
        changed = await table.run("mod", "settings", user=mod, options={
            "setting": "movement_deadline", "value": "36h"})
        assert "Tempo per i movimenti" in changed.content and "36 h" in changed.content
        changed = await table.run("mod", "settings", user=mod, options={
            "setting": "Tijd voor terugtochten", "value": "6h"})
        assert "Tempo per le ritirate" in changed.content
        one = await table.run("mod", "settings", user=mod, options={"setting": "nmr_policy"})
        assert "**Ordini mancanti**" in one.content and "Tempo per" not in one.content
        names = await fake.autocomplete(mod, table.guild, table.channel, "mod", "settings",
                                        focused="setting", options={"setting": "movement"})
        assert names == [{"name": "Tempo per i movimenti", "value": "movement_hours"}]
        names = await fake.autocomplete(mod, table.guild, table.channel, "mod", "settings",
                                        focused="setting", options={"setting": "retreat_dead"})
        assert names == [{"name": "Tempo per le ritirate", "value": "retreat_hours"}]
        values = await fake.autocomplete(mod, table.guild, table.channel, "mod", "settings",
                                         focused="value", options={
                                             "setting": "Missed orders", "value": ""})
        assert [v["value"] for v in values] == ["immediate", "grace"]
        unknown = await table.run("mod", "settings", user=mod, options={
            "setting": "colour", "value": "red"})
        assert unknown.content == "Non esiste l'impostazione “colour”: scegline una dall'elenco."


async def test_the_synced_commands_carry_italian_and_dutch_names(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        synced = await fake.wait_for_commands(None, names=("mod",))
        by_name = {c["name"]: c for c in synced}
        mod = by_name["mod"]
        settings = next(o for o in mod["options"] if o["name"] == "settings")
        assert settings["name_localizations"] == {"it": "impostazioni", "nl": "instellingen"}
        setting = next(o for o in settings["options"] if o["name"] == "setting")
        assert setting["name_localizations"] == {"it": "impostazione", "nl": "instelling"}
        assert by_name["game"]["name_localizations"] == {"it": "partita", "nl": "spel"}
        absence = by_name["absence"]
        until = next(o for o in absence["options"] if o["name"] == "to")
        assert until["name_localizations"]["nl"] == "tot"
        # the English names still run the commands
        player = fake.add_user("Pia", locale="it")
        fake.add_member(table.guild, player)
        answer = await table.run("help", user=player)
        assert answer.content
