"""Variants through Discord: a France–Austria game set up and played in Italian (the 1-vs-1
game on the classic board: two players, the other powers absent)."""

from __future__ import annotations

from tests.e2e.harness import arbitro_bot, process_now


async def test_a_france_austria_game_in_italian(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod = fake.add_user("Mara", locale="it")
        fake.add_member(table.guild, mod, manage_guild=True)
        francesca, anna = fake.add_user("Francesca", locale="it"), fake.add_user("Anna",
                                                                                   locale="it")
        for user in (francesca, anna):
            fake.add_member(table.guild, user)
        # the variants offered in the moderator's language, each with its line
        offered = await fake.autocomplete(mod, table.guild, table.channel, "mod", "create",
                                          focused="variant",
                                          options={"name": "Marengo", "variant": "Francia"})
        assert [o["value"] for o in offered] == ["france_austria"]
        assert offered[0]["name"].startswith("Francia contro Austria: Due giocatori")
        created = await table.run("mod", "create", user=mod, options={
            "name": "Marengo", "variant": "france_austria", "language": "it"})
        assert "Marengo" in created.content and created.ephemeral
        for user in (francesca, anna):
            assert "Marengo" in (await table.run("game", "join", user=user)).content
        started = await table.run("mod", "start", user=mod, options={
            "assignments": f"France <@{francesca.id}>, Austria <@{anna.id}>"})
        assert "Marengo" in started.content
        # the game's powers, and only those, are offered where a power is named
        powers = await fake.autocomplete(mod, table.guild, table.channel, "mod", "replace",
                                         focused="power", options={"power": ""})
        assert sorted(p["value"] for p in powers) == ["Austria", "France"]
        told = await fake.wait_for_dm(francesca, lambda m: "Marengo" in m.content)
        assert "Francia" in told.content and "Inghilterra" not in told.content

        reply = await table.dm(francesca, "A Parigi - Borgogna\nF Brest - Manica\n"
                                          "A Marsiglia ferma")
        assert "`A PAR - BUR`" in reply.content and "`F BRE - ENG`" in reply.content
        assert "Ogni unità ha un ordine" in reply.content
        reply = await table.dm(anna, "A Vienna - Tirolo\nA Budapest - Serbia\n"
                                     "F Trieste - Albania")
        assert "`A BUD - SER`" in reply.content
        # England is absent: an order for its fleet names no unit, and is said to fail
        reply = await table.dm(francesca, "F Londra - Mare del Nord")
        assert "⚠️ `F LON - NTH`" in reply.content and "accettato, ma" in reply.content

        before = table.last_in_channel()
        await process_now(table, mod)
        results = await table.channel_message(
            lambda m: not m.ephemeral and "Marengo" in m.content and "1901" in m.content
            and "`A PAR - BUR`" in m.content, after=before)
        assert "Inghilterra" not in results.content and "sommossa" not in results.content


async def test_an_ancient_mediterranean_game_with_orders_in_three_languages(fake_discord,
                                                                             tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod = fake.add_user("Mara", locale="en-US")
        fake.add_member(table.guild, mod, manage_guild=True)
        players = {"Rome": ("Livia", "it"), "Carthage": ("Hanno", "en-US"),
                   "Greece": ("Daan", "nl"), "Egypt": ("Nefer", "en-US"),
                   "Persia": ("Cyrus", "en-US")}
        users = {}
        for power, (name, locale) in players.items():
            users[power] = fake.add_user(name, locale=locale)
            fake.add_member(table.guild, users[power])
        created = await table.run("mod", "create", user=mod, options={
            "name": "Actium", "variant": "ancmed"})
        assert "Actium" in created.content
        for user in users.values():
            await table.run("game", "join", user=user)
        assignments = ", ".join(f"{p} <@{u.id}>" for p, u in users.items())
        started = await table.run("mod", "start", user=mod,
                                  options={"assignments": assignments})
        assert "Actium" in started.content
        told = await fake.wait_for_dm(users["Rome"], lambda m: "Actium" in m.content)
        assert "Roma" in told.content
        # Italian, English and Dutch names of the map's provinces
        reply = await table.dm(users["Rome"], "F Napoli - Mar Tirreno\nA Roma - Etruria\n"
                                              "A Ravenna ferma")
        assert "`F NEA - TYN`" in reply.content and "`A ROM - ETR`" in reply.content
        assert "`A RAV H`" in reply.content            # "ferma", the map's own Ravenna
        reply = await table.dm(users["Carthage"], "A Carthago - Mauretania\nA Cirta holds\n"
                                                  "F Thapsus - Punic Sea")
        assert "`A CAR - MAU`" in reply.content and "`F THA - PUN`" in reply.content
        assert "`A CIR H`" in reply.content
        reply = await table.dm(users["Greece"], "A Athene - Epirus\nF Sparta - Ionische Zee\n"
                                                "A Macedonië - Byzantium")
        assert "`A ATH - EPI`" in reply.content and "`F SPA - ION`" in reply.content
        # the orders offered to withdraw are named on the game's map: Sparta, not Spain
        offered = await fake.autocomplete(users["Greece"], None, None, "orders", "withdraw",
                                          focused="unit", options={"unit": "SPA"})
        assert [o["value"] for o in offered] == ["F SPA - ION"]
        assert "Sparta" in offered[0]["name"] and "Spanje" not in offered[0]["name"]
        before = table.last_in_channel()
        await process_now(table, mod)
        results = await table.channel_message(
            lambda m: not m.ephemeral and "Actium" in m.content and "`F NEA - TYN`" in m.content,
            after=before)
        assert "Spring 1, movement" in results.content and "S1M" not in results.content
