"""What a newcomer meets by DM, on a server whose locale is English, in each player's own
language: `ciao` (not an order), `help` (the guide, with their own units and deadline), a
misspelt order (read, with a note); a game that has not started; a unit of another power; a
burst of one-order messages."""

from __future__ import annotations

import pytest

from tests.e2e.harness import arbitro_bot, process_now, seat_everyone, second_game

ENGLISH_ONLY = ("does not look like an order", "How to play", "Your orders", "Commands",
                "read as", "belongs to")

# power, small talk, help word, a misspelt order, and what each reply must say
NEWCOMERS = {
    "en": ("England", "thanks!", "help", "F Londn - Nrth",
           "does not look like an order", "How to play", "`F LON - NTH`",
           "“Londn” read as London (LON)"),
    "it": ("France", "ciao", "aiuto", "A Parigii - Borgogna",
           "non sembra un ordine", "Come si gioca", "`F BRE - GAS`",
           "«Parigii» letto come Parigi (PAR)"),
    "nl": ("Germany", "hoi, bedankt", "hulp", "A Berlijnn - Kiel",
           "lijkt geen order", "Zo speel je", "`A BER - SIL`",
           "„Berlijnn” gelezen als Berlijn (BER)"),
}


# orders sent ahead (issue 25), written with the player's own fleet
AHEAD = {"en": "• `if F Edinburgh is dislodged, retreat to ",
         "it": "• `se F Brest viene sloggiata, si ritira in ",
         "nl": "• `als F Kiel verdreven wordt, trek terug naar "}


@pytest.mark.parametrize("lang", ["en", "it", "nl"])
async def test_a_newcomer_says_hello_asks_for_help_and_misspells_an_order(
        fake_discord, tmp_path, lang):
    power, hello, help_word, misspelt, not_order, title, example, note = NEWCOMERS[lang]
    async with arbitro_bot(fake_discord, tmp_path) as table:     # the server is English
        _, users = await seat_everyone(fake_discord, table)
        player = users[power]
        answer = (await table.dm(player, hello)).content
        assert not_order in answer and "(" not in answer          # no province suggestions
        guide = (await table.dm(player, help_word)).content
        assert title in guide and example in guide                # their own units
        assert AHEAD[lang] in guide
        assert "<t:" in guide and "/orders preview" in guide and "/ready" in guide
        assert "/mod" not in guide
        read = (await table.dm(player, misspelt)).content
        assert "✅" in read and note in read
        if lang != "en":
            for english in ENGLISH_ONLY:
                assert english not in answer + guide + read
        mine = await table.run("orders", "show", user=player)
        assert mine.content.count("•") == 1                       # only the misspelt order


async def test_a_lone_province_stop_and_a_question_are_not_orders(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        emma = users["England"]
        for text in ("Belgium", "stop", "when is the deadline?", "ok\nthanks", "?!"):
            answer = (await table.dm(emma, text)).content
            assert "does not look like an order" in answer or "How to play" in answer, text
            assert "Something went wrong" not in answer
        answer = (await table.dm(emma, "F LON - NTH\nstop")).content
        assert "✅ `F LON - NTH`" in answer and "STP" not in answer
        assert "does not look like an order" in answer
        mine = await table.run("orders", "show", user=emma)
        assert "`F LON - NTH`" in mine.content and "STP" not in mine.content
        status = await table.run("game", "status", user=users["Russia"])
        assert "STP" not in status.content


async def test_help_for_a_moderator_lists_the_mod_commands(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        mod, users = await seat_everyone(fake_discord, table)
        shown = await table.run("help", user=mod)
        assert shown.ephemeral and "Moderator commands" in shown.content
        assert "`/mod process` — Adjudicate the current phase now" in shown.content
        assert "not in a game yet" in shown.content
        player = await table.run("help", user=users["Italy"])
        assert "Comandi per chi modera" not in player.content and "/mod" not in player.content
        assert "Italia" in player.content and "Come si gioca" in player.content


async def test_a_joined_player_of_a_game_not_started_is_told_so(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        mod = fake_discord.add_user("Mara")
        fake_discord.add_member(table.guild, mod, manage_guild=True)
        await table.run("mod", "create", user=mod, options={"name": "Lepanto"})
        joined = []
        for name, locale in (("Ilaria", "it"), ("Noor", "nl"), ("Ed", "en-GB")):
            user = fake_discord.add_user(name, locale=locale)
            fake_discord.add_member(table.guild, user)
            await table.run("game", "join", user=user)
            joined.append(user)
        ilaria, noor, ed = joined
        assert "Lepanto** non è ancora cominciata (3/7" in (await table.dm(ilaria, "A PAR - BUR")
                                                           ).content
        assert "Lepanto** is nog niet begonnen (3/7" in (await table.dm(noor, "A PAR - BUR")
                                                         ).content
        answer = (await table.dm(ed, "A PAR - BUR")).content
        assert "Lepanto** has not started yet (3/7" in answer and "/game join" not in answer
        guide = (await table.dm(ed, "help me")).content
        assert "has not started yet (3/7" in guide and "`A PAR - BUR`" in guide


async def test_a_unit_of_another_power_is_refused_and_never_published_as_holding(
        fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        mod, users = await seat_everyone(fake_discord, table)
        italo = users["Italy"]                                    # an Italian client
        answer = (await table.dm(italo, "A Venezia - Piemonte\nA Parigi - Borgogna")).content
        assert "✅ `A VEN - PIE`" in answer
        assert "❌" in answer and "Francia" in answer and "A PAR" in answer
        mine = await table.run("orders", "show", user=italo)
        assert "PAR" not in mine.content
        await process_now(table, mod)
        results = await table.channel_message(lambda m: "results of Spring 1901" in m.content)
        italy = results.content.split("**Italy**")[1].split("\n\n")[0]
        assert "A PAR" not in italy and "`A VEN - PIE`" in italy


async def test_a_burst_of_ten_one_order_messages_is_all_recorded_in_order(fake_discord,
                                                                          tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        emma = users["England"]
        burst = ["F LON - NTH", "A LVP - YOR", "F EDI - NWG", "F LON - ENG", "A LVP - WAL",
                 "F EDI - NTH", "A LVP H", "F LON H", "F EDI - NWG", "A LVP - EDI"]
        first = None
        for order in burst:                      # sent without waiting for the answers
            sent = await fake_discord.send_dm(emma, order)
            first = first or sent
        await fake_discord.wait_for_dm(emma, lambda m: "`A LVP - EDI`" in m.content
                                       and "✅" in m.content, after=first)
        replies = [m.content for m in fake_discord.dms_to(emma) if m.id > first.id]
        echoed = [next(o for o in dict.fromkeys(burst) if f"✅ `{o}`" in r) for r in replies]
        assert echoed == burst                   # one reply per message, in order
        mine = (await table.run("orders", "show", user=emma)).content
        assert "`F LON H`" in mine and "`F EDI - NWG`" in mine and "`A LVP - EDI`" in mine
        assert "All your units have orders" in mine or "Still without" not in mine


async def test_small_talk_from_a_player_in_two_games_needs_no_game_chosen(fake_discord,
                                                                          tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, first = await seat_everyone(fake_discord, table, "Lepanto")
        francesca = first["France"]                               # an Italian client
        await second_game(fake_discord, table, francesca, "Trafalgar", power="Turkey")
        answer = await table.dm(francesca, "grazie, a dopo")
        assert "non sembra un ordine" in answer.content and not answer.custom_ids()
        guide = (await table.dm(francesca, "aiuto")).content
        assert "**Lepanto** (Francia)" in guide and "**Trafalgar**" in guide
        sent = await table.dm(francesca, "A Parigi - Borgogna")   # her army in Lepanto only
        assert "Lepanto" in sent.content and not sent.custom_ids()
        menu = await table.dm(francesca, "A Vienna - Trieste")   # hers in neither: which game?
        assert menu.custom_ids()
