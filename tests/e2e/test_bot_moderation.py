"""Moderators' commands through Discord, each announced in the game's channel."""

from __future__ import annotations

from tests.e2e.harness import announced, arbitro_bot, confirm, seat_everyone


async def test_every_moderator_action_is_announced(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        paused = await table.run("mod", "pause", user=mod)
        assert "paused" in paused.content
        await announced(table, "the clock stopped with 24 h left")
        # a paused game's deadline does not pass
        before = table.last_in_channel()
        await table.pass_deadline(48)
        resumed = await table.run("mod", "resume", user=mod)
        assert "runs again" in resumed.content
        await announced(table, "resumes", after=before)
        assert not [m for m in fake.messages_in(table.channel)
                    if m.id > before.id and "results of" in m.content]

        moved = await table.run("mod", "deadline", user=mod,
                                options={"when": "2030-01-01 18:00"})
        assert "<t:1893520800:F>" in moved.content
        await announced(table, "set the deadline of Spring 1901, movement to <t:1893520800:F>")
        bad = await table.run("mod", "deadline", user=mod, options={"when": "tomorrow-ish"})
        assert "Cannot read the time" in bad.content

        newcomer = fake.add_user("Nina", locale="nl")
        fake.add_member(table.guild, newcomer)
        await table.run("mod", "replace", user=mod,
                        options={"power": "Russia", "player": newcomer})
        await announced(table, f"Russia is now played by <@{newcomer.id}>")
        reply = await table.dm(newcomer, "A Moskou - Oekraïne")
        assert "Orders voor **Lepanto**" in reply.content and "`A MOS - UKR`" in reply.content
        # the player who was replaced can no longer order Russia
        gone = await table.dm(users["Russia"], "A MOS - STP")
        assert "geen enkel spel" in gone.content      # Ruud reads Dutch

        await table.run("mod", "remove", user=mod, options={"player": users["Italy"]})
        await announced(table, f"<@{users['Italy'].id}> was removed")

        asked = await table.run("mod", "process", user=mod)   # orders missing: it asks first
        assert "Process the phase now anyway?" in asked.content
        processed = await confirm(table, mod, asked)
        assert "adjudicated" in processed.content
        await announced(table, "results of Spring 1901")
        rolled = await table.run("mod", "rollback", user=mod)
        assert "undone" in rolled.content
        await announced(table, "rolled back Spring 1901, movement")
        status = await table.run("game", "status", user=users["England"])
        assert "Spring 1901" in status.content

        role = fake.add_role(table.guild, "Arbiters")
        helper = fake.add_user("Hal")
        fake.add_member(table.guild, helper, roles=[role])
        refused = await table.run("mod", "pause", user=helper, granted=True)
        assert "Only moderators" in refused.content
        await table.run("mod", "role", user=mod, options={"role": role})
        allowed = await table.run("mod", "pause", user=helper, granted=True)
        assert "paused" in allowed.content
        not_owner = await table.run("mod", "role", user=helper, options={"role": role},
                                    granted=True)
        assert "Only moderators" in not_owner.content

        ended = await table.run("mod", "end", user=mod, options={"reason": "the club closes"})
        assert "ended" in ended.content
        await announced(table, "the club closes")


async def test_ready_from_everyone_runs_the_phase_early(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        _, users = await seat_everyone(fake, table)
        for power, user in users.items():
            # every unit ordered: /ready asks nothing
            await table.dm(user, {"England": "F LON H\nF EDI H\nA LVP H",
                                  "France": "A PAR H\nA MAR H\nF BRE H",
                                  "Germany": "A BER H\nA MUN H\nF KIE H",
                                  "Italy": "A ROM H\nA VEN H\nF NAP H",
                                  "Austria": "A VIE H\nA BUD H\nF TRI H",
                                  "Russia": "A MOS H\nA WAR H\nF SEV H\nF STP/SC H",
                                  "Turkey": "A CON H\nA SMY H\nF ANK H"}[power])
        answers = [await table.run("ready", user=user) for user in users.values()]
        assert "Marked ready" in answers[0].content
        assert "Everyone was ready" in answers[-1].content
        await announced(table, "results of Spring 1901")


async def test_players_owing_orders_are_reminded_in_their_language(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        _, users = await seat_everyone(fake, table)
        await table.dm(users["England"], "F LON H\nF EDI H\nA LVP H")
        await table.pass_deadline(22.5)        # the reminder is due two hours before
        reminder = await fake.wait_for_dm(users["Germany"], lambda m: "⏰" in m.content,
                                          timeout=20)
        assert "Nog zonder orders" in reminder.content and "A BER" in reminder.content
        assert not [m for m in fake.dms_to(users["England"]) if "⏰" in m.content]
        # the channel is told too, mentioning everyone who still owes orders (not England)
        post = await announced(table, "Still owing orders")
        assert f"<@{users['Germany'].id}>" in post.content
        assert f"<@{users['England'].id}>" not in post.content
        assert len([m for m in fake.messages_in(table.channel) if "⏰" in m.content]) == 1
