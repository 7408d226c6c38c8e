"""What each player is told, privately and in the channel, in their language: the game's own
language in its channel (on a server whose locale is English), the notice when a phase opens
(the units to order, a retreat with its options, the builds allowed), the notice after a
missed deadline and the welcome back, echoes that name provinces, results that account for
every unit, and names that do not ping."""

from __future__ import annotations

from tests.e2e.harness import arbitro_bot, process_now, seat_everyone


async def process(table, mod, results_word):
    before = table.last_in_channel()
    await process_now(table, mod)
    return await table.channel_message(lambda m: results_word in m.content, after=before)


async def test_an_italian_game_on_an_english_server_tells_everyone_what_concerns_them(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        # the moderator's Discord is Italian: the game's language is Italian by default
        mod, users = await seat_everyone(fake, table, mod_locale="it")
        created = [m for m in fake.messages_in(table.channel) if m.content.startswith("🎲")]
        assert "Nuova partita **Lepanto**" in created[0].content
        started = [m for m in fake.messages_in(table.channel) if m.content.startswith("🏁")]
        assert "è iniziata" in started[0].content and "Primavera 1901" in started[0].content
        francesca, gert, italo, ruud = (users[p] for p in ("France", "Germany", "Italy",
                                                           "Russia"))

        # an echo names the provinces in the player's language, and marks what cannot succeed
        echo = await table.dm(francesca, "A Par - Pic\nA Mar - Gas\nF Bre - Spa")
        assert "✅ `A PAR - PIC`" in echo.content and "Parigi → Piccardia" in echo.content
        assert "⚠️ `F BRE - SPA`" in echo.content
        assert "Spagna (SPA) non è raggiungibile da Brest (BRE)" in echo.content
        assert "?" not in echo.content and "cannot" not in echo.content
        # the same unit ordered again: the replaced order is marked, the new one counts
        echo = await table.dm(francesca, "F Bre - Mid\nF Bre - Mao")
        assert "sostituito dalla riga 2" in echo.content
        await table.dm(gert, "A Mun - Bur")
        await table.dm(ruud, "F Sev H")
        results = await process(table, mod, "risultati di Primavera 1901")
        # every unit is accounted for, in Italian; the English server changes nothing
        assert "nessun ordine: resta ferma" in results.content or any(
            "nessun ordine: resta ferma" in m.content for m in fake.messages_in(table.channel))
        assert "results of" not in results.content

        # Italy sent nothing: its player is told privately what happened, in Italian
        missed = await fake.wait_for_dm(italo, lambda m: "sommossa" in m.content)
        assert "non è arrivato nessun tuo ordine" in missed.content
        # and every player who must act hears their units and the deadline (Dutch for Gert)
        turn = await fake.wait_for_dm(gert, lambda m: "je bent aan zet" in m.content)
        assert "Najaar 1901" in turn.content and "A Bourgondië (BUR)" in turn.content
        assert "Deadline: <t:" in turn.content

        # Italy comes back: the echo says so
        back = await table.dm(italo, "A Ven H")
        assert "Di nuovo in gioco" in back.content and "Italia" in back.content

        # Fall: France dislodges the German army; Russia takes Rumania
        await table.dm(francesca, "A Pic - Bur\nA Gas S A Pic - Bur\nF Mao - Por")
        await table.dm(gert, "A Bur H")
        await table.dm(ruud, "F Sev - Rum")
        await process(table, mod, "risultati di Autunno 1901")
        retreat = await fake.wait_for_dm(gert, lambda m: "verdreven" in m.content)
        assert "A Bourgondië (BUR)" in retreat.content
        assert "aanval vanuit Picardië (PIC)" in retreat.content
        options = retreat.content.split("terugtrekken naar")[1]
        assert "München (MUN)" in options and "Ruhrgebied (RUH)" in options
        assert "Picardië" not in options          # not where the attack came from
        # a player with nothing to do in the retreats is not told anything about them
        assert not [m for m in fake.dms_to(ruud) if "terugtochten" in m.content]
        await table.dm(gert, "A Bur - Mun")
        await process(table, mod, "risultati di Autunno 1901, ritirate")
        # the winter: builds told privately with the free home centres
        build = await fake.wait_for_dm(ruud, lambda m: "bouwen" in m.content)
        assert "je mag één eenheid bouwen" in build.content
        assert "Sebastopol (SEV)" in build.content
        builds_it = await fake.wait_for_dm(francesca, lambda m: "costruire" in m.content)
        assert "puoi costruire un'unità" in builds_it.content
        # more builds than allowed: the echo says which do not count
        echo = await table.dm(ruud, "F Sev B\nA Mos B")
        assert "tellen niet mee" in echo.content
        import os
        if os.environ.get("ARBITRO_DUMP"):
            with open(os.environ["ARBITRO_DUMP"], "w") as out:
                for m in fake.messages_in(table.channel):
                    out.write(f"## CHANNEL\n{m.content}\n\n")
                for who in (francesca, gert, italo, ruud):
                    for m in fake.dms_to(who):
                        out.write(f"## DM {who.name} {m.author.name}\n{m.content}\n\n")


async def test_status_and_rosters_name_players_without_pinging_them_but_reminders_ping(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        status = await table.run("game", "status", user=users["Austria"])
        assert f"<@{users['England'].id}>" in status.content and status.message.mentions == []
        await table.pass_deadline(hours=22.5)     # two hours before the deadline
        reminder = await table.channel_message(lambda m: "still" in m.content.lower()
                                               or "Still" in m.content)
        assert {u.id for u in reminder.mentions} == {u.id for u in users.values()}


async def test_the_end_of_a_game_posts_its_replay_and_chart_after_the_last_results(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table, options={"victory_centres": 5})
        status = await table.run("game", "status", user=users["Austria"])
        assert status.message.files[0][0].endswith("centres.png")     # the chart beside it
        await process_now(table, mod)
        await table.channel_message(lambda m: "results of Spring 1901" in m.content)
        await table.dm(users["Russia"], "F Sev - Rum")
        before = table.last_in_channel()
        await process_now(table, mod)
        results = await table.channel_message(lambda m: "results of Fall 1901" in m.content,
                                              after=before)
        # the results post carries the new position (a PNG), and says the game is over once
        with_map = await table.channel_message(lambda m: bool(m.files), after=before)
        assert with_map.files[0][1].startswith(b"\x89PNG")
        replay = await table.channel_message(lambda m: "phase by phase" in m.content,
                                             after=results)
        name, gif = replay.files[0]
        assert name.endswith(".gif") and gif.startswith(b"GIF8")
        chart = await table.channel_message(lambda m: "year by year" in m.content, after=replay)
        assert chart.files[0][1].startswith(b"\x89PNG")
        posts = [m.content for m in fake.messages_in(table.channel)
                 if m.id > before.id and not m.ephemeral]
        assert sum("victory" in p.lower() for p in posts) == 1
        # and anyone may watch it again
        again = await table.run("game", "replay", user=users["Italy"])
        assert again.message.files[0][1].startswith(b"GIF8")


async def test_a_players_language_seen_in_a_command_lasts_across_a_restart(fake_discord,
                                                                          tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        gert = users["Germany"]                         # a Dutch Discord client
        await table.run("game", "status", user=gert)    # Discord tells the locale here
    async with arbitro_bot(fake, tmp_path, again=table) as table:
        # a DM carries no locale: the one seen before the restart is remembered
        reply = await table.dm(gert, "A Mun - Ruh")
        assert "Orders voor" in reply.content and "Orders for" not in reply.content
        # and what the bot sends on its own (a phase's notice) is Dutch as well
        await process_now(table, mod)
        turn = await fake.wait_for_dm(gert, lambda m: "je bent aan zet" in m.content)
        assert "Najaar 1901" in turn.content
