"""A moderator's settings, safeguards, draws, concessions and export through Discord, in
English and in Italian (a moderator whose Discord speaks Italian, on an Italian server)."""

from __future__ import annotations

import json

from tests.e2e.harness import announced, arbitro_bot, confirm, process_now, seat_everyone


async def test_settings_safeguards_and_a_declared_draw_in_english(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        shown = await table.run("mod", "settings", user=mod)
        assert "**Settings of Lepanto**" in shown.content
        assert "**Time for movement**: 24 h" in shown.content
        assert "**Draw votes of absent powers**: not needed; they share the draw" in \
            shown.content
        assert "**Players** 🔒: 7" in shown.content and "draw_policy" not in shown.content

        names = await fake.autocomplete(mod, table.guild, table.channel, "mod", "settings",
                                        focused="setting", options={"setting": "remind"})
        assert names == [{"name": "Reminders", "value": "reminders"}]
        values = await fake.autocomplete(mod, table.guild, table.channel, "mod", "settings",
                                         focused="value",
                                         options={"setting": "rules", "value": ""})
        assert values[0] == {"name": "1971: the printed rulebook, e.g. a fleet to Spain must "
                                     "name its coast", "value": "1971"}

        changed = await table.run("mod", "settings", user=mod, options={
            "setting": "movement_hours", "value": "1d 12h"})
        assert "Time for movement is now 36 h (was 24 h)" in changed.content
        await announced(table, f"the moderator <@{mod.id}> changed a setting. Time for "
                               "movement: 36 h.")
        bad = await table.run("mod", "settings", user=mod, options={
            "setting": "reminders", "value": "tomorrow"})
        assert "Cannot read the duration “tomorrow” (Reminders)" in bad.content
        fixed = await table.run("mod", "settings", user=mod, options={
            "setting": "players", "value": "5"})
        assert "Players cannot change once the game has started" in fixed.content
        log = await table.run("mod", "log", user=mod)
        assert "changed Time for movement from “24 h” to “36 h”" in log.content
        assert "started the game (powers assigned by the moderator)" in log.content

        # /ready with units unordered names them and asks; "Cancel" leaves the mark off
        await table.dm(users["England"], "F LON H")
        asked = await table.run("ready", user=users["England"])
        assert "`F EDI`, `A LVP`" in asked.content and "Mark yourself ready anyway?" in \
            asked.content
        cancelled = await confirm(table, users["England"], asked, button=1)
        assert "nothing was done" in cancelled.content
        asked = await table.run("ready", user=users["England"])
        marked = await confirm(table, users["England"], asked)
        assert "Marked ready" in marked.content

        reminded = await table.run("mod", "remind", user=mod)
        assert "7 players still owing orders were reminded" in reminded.content
        await fake.wait_for_dm(users["Germany"], lambda m: "⏰" in m.content, timeout=20)

        # /mod process with orders missing lists them and waits for the button
        before = table.last_in_channel()
        asked = await table.run("mod", "process", user=mod)
        assert "7 powers have not ordered everything yet" in asked.content
        assert f"**Germany** (<@{users['Germany'].id}>): `F KIE`, `A BER`, `A MUN`" in \
            asked.content
        assert f"**England** (<@{users['England'].id}>): `F EDI`, `A LVP`" in asked.content
        assert not [m for m in fake.messages_in(table.channel)
                    if m.id > before.id and "results of" in m.content]
        done = await confirm(table, mod, asked)
        assert "adjudicated" in done.content
        await announced(table, "results of Spring 1901", after=before)

        # the rollback brings the position's map to the channel
        rolled = await table.run("mod", "rollback", user=mod)
        assert "Spring 1901, movement is open again" in rolled.content
        post = await announced(table, "rolled back Spring 1901, movement")
        assert post.files and post.files[0][0].endswith("S1901M.png")

        # the whole game as a file
        exported = await table.run("game", "export", user=users["France"])
        [(name, data)] = exported.message.files
        record = json.loads(data)
        assert name == "arbitro-game-1.json" and record["settings"]["movement_deadline"] \
            == 129600 and record["phases"] == []

        asked = await table.run("mod", "draw", user=mod,
                                options={"powers": "England, Francia and Russia"})
        assert "a draw between England, France, Russia" in asked.content
        ended = await confirm(table, mod, asked)
        assert "ended in a draw" in ended.content
        final = await announced(table, "declared a draw between England, France, Russia")
        assert "Supply centres" in final.content and "Russia: 4" in final.content
        again = await table.run("mod", "draw", user=mod, options={"powers": "England",
                                                                   "game": 1})
        # refused with how and when it ended (docs/moderation.md, after the end)
        assert again.content.startswith("🏁 **Lepanto** ended on <t:")
        assert "a draw between England, France, Russia" in again.content
        assert not again.message.custom_ids()
        assert len([m for m in fake.messages_in(table.channel)
                    if "declared a draw" in m.content]) == 1


async def test_an_italian_moderator_deletes_concedes_and_reads_settings(fake_discord,
                                                                        tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale="it") as table:
        mara = fake.add_user("Mara", locale="it")
        fake.add_member(table.guild, mara, manage_guild=True)
        await table.run("mod", "create", user=mara, options={"name": "Sbaglio"})
        alone = fake.add_user("Pia", locale="it")
        fake.add_member(table.guild, alone)
        await table.run("game", "join", user=alone)
        early = await table.run("mod", "start", user=mara)
        # was "needs {players} players": the number now reaches the reply
        assert early.content == ("Per sorteggiare le potenze di **Sbaglio** servono 7 "
                                 "partecipanti; iscrizioni: 1.")

        shown = await table.run("mod", "settings", user=mara)
        assert "**Impostazioni di Sbaglio**" in shown.content
        assert "**Tempo per i movimenti**: 24 h" in shown.content
        assert "**Regole**: 1971: il regolamento stampato" in shown.content
        assert "Voto di patta delle potenze assenti" in shown.content
        assert "**Partecipanti**: 7" in shown.content      # not started: no 🔒, all may change
        changed = await table.run("mod", "settings", user=mara, options={
            "setting": "reminders", "value": "24h, 2 ore"})
        assert "Promemoria ora è 24 h, 2 h" in changed.content
        await announced(table, "ha cambiato un'impostazione. Promemoria: 24 h, 2 h.")
        policy = await table.run("mod", "settings", user=mara, options={
            "setting": "draw_policy", "value": "left_out"})
        assert "ora è non richiesto; restano fuori dalla patta" in policy.content

        asked = await table.run("mod", "delete", user=mara)
        assert "Eliminare definitivamente **Sbaglio**?" in asked.content
        deleted = await confirm(table, mara, asked)
        assert "**Sbaglio** è stata eliminata." in deleted.content
        await announced(table, "è stata eliminata da")
        none = await table.run("game", "status", user=alone)
        assert "Sbaglio" not in none.content

        # a real game now: the channel has one game, and nobody is asked which; it was
        # created in English, and Mara makes its channel posts Italian
        mod, users = await seat_everyone(fake, table)
        language = await table.run("mod", "settings", user=mara, options={
            "setting": "language", "value": "it"})
        assert "Lingua del canale ora è Italiano (prima: English)" in language.content
        await announced(table, "ha cambiato un'impostazione. Lingua del canale: Italiano.")
        log = await table.run("mod", "log", user=mara)
        assert "ha avviato la partita (potenze assegnate da chi modera)" in log.content
        process = await process_now(table, mara)
        assert "Lepanto" in process.content
        asked = await table.run("mod", "process", user=mara)
        assert "potenze non hanno ancora dato tutti gli ordini" in asked.content
        assert "**Lepanto**, Autunno 1901, movimenti" in asked.content
        assert "F1901M" not in asked.content
        await confirm(table, mara, asked, button=1)
        asked = await table.run("mod", "concede", user=mara, options={"power": "Russia"})
        assert "le altre potenze che concedono la vittoria (vince Russia)" in asked.content
        done = await confirm(table, mara, asked)
        assert "è finita per concessione" in done.content
        final = await announced(table, "le altre potenze concedono la vittoria e vince Russia")
        assert "**Centri di approvvigionamento**" in final.content
        assert "finished" not in final.content and "concession" not in final.content
