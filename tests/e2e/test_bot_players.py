"""What single players meet: private commands, several games, other servers, bad input."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta

import pytest

from tests.e2e.fakediscord import FakeDiscordError
from tests.e2e.harness import PNG, arbitro_bot, process_now, seat_everyone, second_game


async def test_a_dm_from_someone_in_no_game_gets_a_short_explanation(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        stranger = fake_discord.add_user("Walter")
        reply = await table.dm(stranger, "A PAR - BUR")
        assert "not playing in any game" in reply.content and "/game join" in reply.content


async def test_huge_and_rapid_messages_are_refused_politely(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        england = users["England"]
        reply = await table.dm(england, "A LVP H\n" * 600)
        assert "too long" in reply.content and "4000" in reply.content
        # a flood of 200 DMs sent without waiting for the answers: the last one is the
        # order meant to stand
        table.bot.dm_queues.limit = 5          # 20 in production; a flood is far beyond it
        first = await fake_discord.send_dm(england, "A LVP H")
        for _ in range(198):
            await fake_discord.send_dm(england, "A LVP H")
        await fake_discord.send_dm(england, "A LVP - YOR")
        full = await fake_discord.wait_for_dm(england, lambda m: "Too many messages" in m.content,
                                              after=first, timeout=60)
        assert "more than 5 waiting" in full.content and "`A LVP H`" in full.content
        # the newest order was read and stands
        await fake_discord.wait_for_dm(england, lambda m: "`A LVP - YOR`" in m.content,
                                       after=first, timeout=60)
        mine = await table.run("orders", "show", user=england)
        assert "`A LVP - YOR`" in mine.content and "`A LVP H`" not in mine.content
        # one notice, and every message either answered or named in it (10 by their words,
        # the rest counted)
        dms = [m for m in fake_discord.dms_to(england) if m.id > first.id]
        notices = [m for m in dms if "Too many messages" in m.content]
        answered = [m for m in dms if "Too many messages" not in m.content]
        assert len(notices) == 1
        named = notices[0].content.count("• `A LVP H`")
        more = int(re.search(r"• … \+(\d+)", notices[0].content).group(1))
        assert named == 10 and len(answered) + named + more == 200, (len(answered), more)


async def test_private_commands_show_only_ones_own_orders(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        await table.dm(users["England"], "F LON - NTH")
        shown = await table.run("orders", "show", user=users["England"])
        assert shown.ephemeral and "`F LON - NTH`" in shown.content
        assert "Still without orders" in shown.content and "F EDI" in shown.content
        other = await table.run("orders", "show", user=users["Austria"])
        assert "F LON" not in other.content and "no orders yet" in other.content
        preview = await table.run("orders", "preview", user=users["England"])
        assert preview.ephemeral and preview.message.files[0][1].startswith(PNG)
        cleared = await table.run("orders", "clear", user=users["England"])
        assert "withdrawn" in cleared.content and "`F LON - NTH`" not in cleared.content
        shown_map = await table.run("game", "map", user=users["Austria"])
        assert not shown_map.ephemeral and shown_map.message.files[0][1].startswith(PNG)
        large = await table.run("game", "map", user=users["Austria"],
                                options={"large": True})
        name, png = large.message.files[0]
        assert png.startswith(PNG) and name.endswith("-large.png")
        assert int.from_bytes(png[16:20], "big") == 1440          # the PNG's width
        assert int.from_bytes(shown_map.message.files[0][1][16:20], "big") == 720


async def test_history_shows_an_earlier_phase_with_its_map(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        mod, users = await seat_everyone(fake_discord, table)
        await table.dm(users["France"], "A PAR - BUR")
        await process_now(table, mod)
        await table.channel_message(lambda m: "results of Spring 1901" in m.content)
        past = await table.run("game", "history", user=users["Italy"],
                               options={"phase": "S1901M"})
        text = past.content       # public: in the game's language (English), not Italo's
        assert "Spring 1901" in text and "`A PAR - BUR` — succeeds" in text
        assert past.message.files[0][1].startswith(PNG)


async def test_language_command_changes_the_replies(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        austria = users["Austria"]
        assert "Orders for" in (await table.dm(austria, "A VIE H")).content
        changed = await table.run("language", user=austria, options={"language": "nl"})
        assert "Nederlands" in changed.content
        assert "Orders voor" in (await table.dm(austria, "A BUD H")).content


async def test_a_line_for_a_power_one_does_not_play_is_refused_in_the_players_language(
        fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        francesca = users["France"]                      # an Italian Discord client
        reply = await table.dm(francesca, "Inghilterra:\nF Londra - Mare del Nord\n"
                                          "Francia:\nA Parigi - Borgogna")
        assert "non giochi Inghilterra: questa riga non è stata registrata" in reply.content
        assert "you do not play" not in reply.content
        assert "✅ `A PAR - BUR`" in reply.content
        mine = await table.run("orders", "show", user=francesca)
        assert "`A PAR - BUR`" in mine.content and "NTH" not in mine.content


async def test_a_player_in_two_games_names_one_or_picks_from_a_menu(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, first = await seat_everyone(fake_discord, table, "Lepanto")
        fake = fake_discord
        await second_game(fake, table, first["England"], "Trafalgar", power="Turkey")
        emma = first["England"]
        # a first line naming the game
        reply = await table.dm(emma, "game: Trafalgar\nA SMY H")
        assert "Trafalgar" in reply.content and "✅ `A SMY H`" in reply.content
        # no game named, units that are hers in one game only: that game, no menu
        reply = await table.dm(emma, "A LVP - YOR")
        assert "Lepanto" in reply.content and "✅ `A LVP - YOR`" in reply.content
        assert not reply.custom_ids()
        # orders that fit neither game (England's fleet and Austria's army): a select menu,
        # and the choice records the orders
        menu = await table.dm(emma, "F LON - NTH\nA VIE - TRI")
        assert "several games" in menu.content
        custom_id = menu.custom_ids()[0]
        picked = await fake.click(emma, menu, custom_id, values=["1"])
        await fake.wait_for_response(picked)
        reply = await fake.wait_for_dm(emma, lambda m: "`F LON - NTH`" in m.content, after=menu)
        assert "Lepanto" in reply.content
        mine = await table.run("orders", "show", user=emma, options={"game": 1})
        assert "`F LON - NTH`" in mine.content


async def test_games_of_another_server_are_not_found(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        await seat_everyone(fake_discord, table)
        elsewhere = fake_discord.add_guild("Other club")
        room = fake_discord.add_channel(elsewhere, "general")
        visitor = fake_discord.add_user("Vic")
        fake_discord.add_member(elsewhere, visitor)
        answer = await table.run("game", "status", user=visitor, guild=elsewhere, channel=room,
                                 options={"game": 1})
        assert "no game number 1 here" in answer.content and "Lepanto" not in answer.content
        choices = await fake_discord.autocomplete(visitor, elsewhere, room, "game", "status",
                                                  focused="game", options={"game": ""})
        assert choices == []


async def test_only_moderators_may_moderate(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        player = fake_discord.add_user("Pat")
        fake_discord.add_member(table.guild, player)
        # /mod is hidden from members without Manage Server: Discord does not offer it
        synced = next(c for c in fake_discord.commands["global"] if c["name"] == "mod")
        assert synced["default_member_permissions"] == str(1 << 5)      # MANAGE_GUILD
        with pytest.raises(FakeDiscordError, match="lacks the permissions"):
            await table.run("mod", "create", user=player, options={"name": "X"})
        # a server admin may show it to others (Integrations); the bot still checks rights
        refused = await table.run("mod", "create", user=player, options={"name": "X"},
                                  granted=True)
        assert refused.ephemeral and "Only moderators" in refused.content
        assert not [m for m in fake_discord.messages_in(table.channel)
                    if not m.ephemeral and "New game" in m.content]


async def test_orders_add_suggests_the_players_own_units_moves(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        emma = users["England"]
        choices = await fake_discord.autocomplete(emma, table.guild, table.channel, "orders",
                                                  "add", focused="order",
                                                  options={"order": "f lon"})
        names = [c["name"] for c in choices]
        assert "F LON H" in names and "F LON - NTH" in names and "F LON - ENG" in names
        assert not [n for n in names if not n.startswith("F LON")]
        added = await table.run("orders", "add", user=emma, options={"order": "F LON - NTH"})
        assert added.ephemeral and "`F LON - NTH`" in added.content
        # someone with no seat gets no suggestions, and a clear refusal
        walter = fake_discord.add_user("Walter")
        fake_discord.add_member(table.guild, walter)
        assert await fake_discord.autocomplete(walter, table.guild, table.channel, "orders",
                                               "add", focused="order",
                                               options={"order": "A"}) == []
        refused = await table.run("orders", "add", user=walter, options={"order": "A PAR H"})
        assert "do not play a power" in refused.content


async def test_malformed_orders_get_a_precise_answer_and_change_nothing(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        emma = users["England"]
        await table.dm(emma, "F LON - NTH")
        reply = await table.dm(emma, "hello there")
        assert reply.content.startswith("🤔 This does not look like an order")
        reply = await table.dm(emma, "A LVP - Xyzzy")
        assert "❌ “A LVP - Xyzzy”: unknown word “Xyzzy” at column 9" in reply.content
        # control and right-to-left override characters are never echoed back
        reply = await table.dm(emma, "\u0000\u202eA LVP ```")
        assert "❌" in reply.content
        assert "\u0000" not in reply.content and "\u202e" not in reply.content
        mine = await table.run("orders", "show", user=emma)
        assert "`F LON - NTH`" in mine.content


async def test_a_player_who_refuses_dms_does_not_stop_the_game(fake_discord, tmp_path,
                                                               caplog):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        fake_discord.close_dms(users["Russia"])   # Discord answers 403 to the bot's DMs
        await table.pass_deadline(22.5)           # reminders: Russia's cannot be delivered
        await fake_discord.wait_for_dm(users["Turkey"], lambda m: "⏰" in m.content, timeout=20)
        await table.pass_deadline(2)
        await table.channel_message(lambda m: "results of Spring 1901" in m.content)
        assert f"user {users['Russia'].id} does not accept direct messages" in caplog.text


async def test_discord_failing_once_does_not_lose_the_results(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        await seat_everyone(fake_discord, table)
        fake_discord.fail_next("POST", r"/channels/\d+/messages", status=500)
        await table.pass_deadline(25)
        await table.channel_message(lambda m: "results of Spring 1901" in m.content)


async def test_results_a_channel_refuses_reach_the_moderator_and_follow_once_it_is_fixed(
        fake_discord, tmp_path, caplog):
    import discord

    async with arbitro_bot(fake_discord, tmp_path) as table:
        mod, users = await seat_everyone(fake_discord, table)
        fake_discord.set_overwrite(table.channel, fake_discord.bot,
                                   deny=discord.Permissions(send_messages=True).value)
        await table.pass_deadline(25)
        # the deadline tick adjudicates, the channel refuses: the moderator hears it by DM
        told = await fake_discord.wait_for_dm(mod, lambda m: "could not be posted" in m.content,
                                              timeout=20)
        assert "Spring 1901" in told.content and f"<#{table.channel.id}>" in told.content
        assert "Send Messages" in told.content
        assert "the bot needs View Channel, Send Messages and Attach Files" in caplog.text
        status = await table.run("game", "status", user=users["England"])
        assert "Fall 1901" in status.content                # play goes on
        fake_discord.set_overwrite(table.channel, fake_discord.bot)   # permission given back
        table.clock.advance(timedelta(minutes=6))           # the next retry is due
        await table.channel_message(lambda m: "results of Spring 1901" in m.content)
        await asyncio.sleep(0.3)                            # a few more ticks: posted once
        assert len([m for m in fake_discord.messages_in(table.channel)
                    if "results of Spring 1901" in m.content]) == 1
        assert len([m for m in fake_discord.dms_to(mod)
                    if "could not be posted" in m.content]) == 1


async def test_an_unexpected_failure_is_answered_and_logged_with_context(fake_discord, tmp_path,
                                                                        caplog):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        await table.bot.service.db.conn.close()      # the database goes away under the bot
        answer = await table.run("game", "status", user=users["England"])
        assert answer.ephemeral and "Something went wrong on my side" in answer.content
        assert f"command /game status by user {users['England'].id}" in caplog.text
        reply = await table.dm(users["England"], "F LON H")
        assert "Something went wrong on my side" in reply.content
        assert f"DM from user {users['England'].id}" in caplog.text
