"""Nothing leaked through Discord (issue 27): an anonymous game's export, a player's words
echoed in a post (no ping, no masked link), reminders that ping only who owes orders, and
buttons that ask again, when pressed, whether the presser still moderates."""

from __future__ import annotations

import json
import logging

from tests.e2e.harness import PLAYERS, arbitro_bot, delivered, process_now, seat_everyone

CHATTER = "Germany promised me Belgium, keep it quiet"


async def _table(fake, table, name="Lepanto", **options):
    """A started game (not `seat_everyone`, which reads the roster and the name as given)."""
    mod = fake.add_user("Mara")
    fake.add_member(table.guild, mod, manage_guild=True)
    users = {}
    for power, (user_name, locale) in PLAYERS.items():
        users[power] = fake.add_user(user_name, locale=locale)
        fake.add_member(table.guild, users[power])
    await table.run("mod", "create", user=mod, options={
        "name": name(users) if callable(name) else name, "movement_hours": 24.0, **options})
    for user in users.values():
        await table.run("game", "join", user=user)
    assignments = ", ".join(f"{p} <@{u.id}>" for p, u in users.items())
    await table.run("mod", "start", user=mod, options={"assignments": assignments})
    await table.channel_message(lambda m: not m.ephemeral and m.content.startswith("🏁"))
    await delivered(table)                      # every briefing out before the test reads DMs
    return mod, users


def _ids(record) -> str:
    return json.dumps(record)


async def test_an_anonymous_games_export_hides_players_and_keeps_only_orders(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await _table(fake, table, anonymous=True)
        await table.dm(users["France"], f"A PAR - BUR\n{CHATTER}")
        await process_now(table, mod)
        exported = await table.run("game", "export", user=users["England"])
        [(name, data)] = exported.message.files
        text = data.decode()
        assert name == "arbitro-game-1.json"
        assert not [u for u in users.values() if str(u.id) in text]
        assert CHATTER not in text and "Belgium" not in text
        [sent] = json.loads(text)["phases"][0]["orders_sent"]
        assert (sent["power"], sent["user"], sent["text"]) == ("France", None, "A PAR - BUR")
        # the moderator's export names the players
        own = await table.run("game", "export", user=mod)
        assert str(users["France"].id) in own.message.files[0][1].decode()
        # /profile: nothing of the running anonymous game tells France's player apart
        profiles = {p: (await table.run("profile", user=users["England"],
                                        options={"user": u})).content.replace(
            u.mention, "X") for p, u in users.items()}
        assert len(set(profiles.values())) == 1, profiles


async def test_an_extension_reason_pings_nobody_and_links_nowhere(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        _, users = await seat_everyone(fake, table, options={"extensions": "players"})
        outsider = fake.add_user("Olga")
        fake.add_member(table.guild, outsider)
        reason = f"<@{outsider.id}> read [the rules](https://evil.example/x) @everyone"
        await table.run("extend", user=users["France"],
                        options={"hours": 6.0, "reason": reason})
        vote = await table.channel_message(lambda m: "⌛" in m.content and m.components)
        assert outsider not in vote.mentions
        assert set(vote.mentions) == set(users.values())     # the voters and who asked
        assert f"<@{outsider.id}>" not in vote.content          # shown, not a mention
        assert "[the rules](" not in vote.content and "evil.example" in vote.content
        assert "@everyone" not in vote.content


async def test_the_reminder_pings_only_who_owes_orders_whatever_the_games_name(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        # a name that mentions a player who owes nothing must not ping them either
        mod, users = await _table(fake, table, lambda users: f"Lepanto <@{users['Italy'].id}>")
        await table.dm(users["Italy"], "A ROM H\nA VEN H\nF NAP H")
        await table.dm(users["Turkey"], "A CON H\nA SMY H\nF ANK H")
        await table.dm(users["England"], "F LON H")          # still owes two
        def last_public():
            return [m for m in fake.messages_in(table.channel) if not m.ephemeral][-1]

        before = last_public()
        await table.run("mod", "remind", user=mod)
        notice = await table.channel_message(
            lambda m: not m.ephemeral and m.content.startswith("⏰"), after=before)
        owing = {u for p, u in users.items() if p not in ("Italy", "Turkey")}
        assert set(notice.mentions) == owing


async def test_a_moderator_who_left_the_server_cannot_answer_from_old_buttons(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        fake.add_member(table.guild, fake.add_user("Keeper"), manage_guild=True)
        await table.run("extend", user=users["Italy"],
                        options={"hours": 12.0, "reason": "matrimonio"})
        ask = await fake.wait_for_dm(mod, lambda m: "⌛" in m.content and m.components,
                                     timeout=20)
        await table.run("absence", user=users["England"],
                        options={"from": "today", "to": "2024-01-03"})
        away = await fake.wait_for_dm(mod, lambda m: "🏖️" in m.content and m.components,
                                      timeout=20)
        status = (await table.run("game", "status", user=users["Turkey"])).content
        fake.remove_member(table.guild, mod)
        agree = next(c for c in ask.custom_ids() if c.endswith(":yes"))
        answer = await fake.wait_for_response(await fake.click(mod, ask, agree))
        assert "Only the moderator of **Lepanto**" in answer.content
        [refuse] = away.custom_ids()
        answer = await fake.wait_for_response(await fake.click(mod, away, refuse))
        assert "Only the game's moderator" in answer.content
        await fake.settle()
        assert (await table.run("game", "status", user=users["Turkey"])).content == status
        assert not [m for m in fake.messages_in(table.channel)
                    if "is granted" in m.content or "refused the absence" in m.content]
        # back on the server with the right to moderate, the same button works again
        fake.add_member(table.guild, mod, manage_guild=True)
        answer = await fake.wait_for_response(await fake.click(mod, ask, agree))
        assert "is granted" in answer.content


async def test_a_game_logged_at_debug_holds_no_text_and_no_token(fake_discord, tmp_path,
                                                                  caplog):
    """At DEBUG (ours and the root's), a game with orders, small talk, press, a rejected line
    and a moderator's commands: the log has ids and lengths, never what was written, nor the
    bot's token, nor an interaction's."""
    caplog.set_level(logging.DEBUG)
    fake = fake_discord
    written = {"England": "F Lon-Nth\nsee you in the North Sea, Mara-Bagel",
               "France": "A Par-Bur\nA Mar hold\nPineapple-Quorum confidential",
               "Germany": "A Mun - Ruh\nXylophone Zebra move"}
    press = "Walrus-Orchestra proposal for you"
    async with arbitro_bot(fake, tmp_path, log_level="DEBUG") as table:
        mod, users = await seat_everyone(fake, table)
        for power, text in written.items():
            await table.dm(users[power], text)
        await table.run("press", "send", user=users["France"], dm=True,
                        options={"to": "England", "text": press})
        await fake.wait_for_dm(users["England"], lambda m: "Walrus" in m.content, timeout=20)
        await table.run("extend", user=users["Italy"],
                        options={"hours": 6.0, "reason": "Kumquat-Lantern wedding"})
        await process_now(table, mod)
        await fake.settle()
        assert logging.getLogger("bot.cogs.orders").isEnabledFor(logging.DEBUG)
    # the bot's process logs; the stand-in's server (its access log) is not the bot
    ours = [r for r in caplog.records if not r.name.startswith(("aiohttp.access", "tests."))]
    log = "\n".join(f"{r.levelname} {r.name} {r.getMessage()} {r.args!r} {r.exc_text}"
                     for r in ours)
    assert "bot.notifier" in log and "orders from user" in log     # the bot's lines are in
    secrets = [line.strip() for text in written.values() for line in text.splitlines()]
    secrets += [press, "Kumquat-Lantern", fake.token]
    secrets += [i.token for i in fake.world.interactions.values()]
    assert len(fake.world.interactions) > 5
    secrets += ["A PAR - BUR", "F LON - NTH", "A MUN - RUH"]      # and as read
    assert not [r for r in ours if r.name.startswith(("engine", "grammar"))
                and r.levelno < logging.INFO]                  # the engine traces orders
    leaked = [s for s in secrets if s in log]
    where = {r.name for r in ours for s in secrets if s in r.getMessage() + repr(r.args)}
    assert not leaked, (leaked, where)


async def test_a_seat_claim_is_not_approved_by_a_moderator_who_left_the_server(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        await table.run("mod", "offer", user=mod, options={"power": "Russia"})
        post = await table.channel_message(lambda m: m.content.startswith("🪑"))
        nina = fake.add_user("Nina")
        fake.add_member(table.guild, nina)
        await fake.wait_for_response(await fake.click(nina, post, post.custom_ids()[0]),
                                     lambda r: r.kind == "followup", timeout=20)
        asked = await fake.wait_for_dm(mod, lambda m: "🙋" in m.content, timeout=20)
        approve = next(c for c in asked.custom_ids() if ":approve:" in c)
        fake.remove_member(table.guild, mod)
        refused = await fake.wait_for_response(await fake.click(mod, asked, approve),
                                               lambda r: r.kind == "followup", timeout=20)
        assert "Only the moderator of **Lepanto** can answer" in refused.content
        status = await table.run("game", "status", user=users["Turkey"])
        assert f"<@{users['Russia'].id}>" in status.content and nina.mention not in \
            status.content


async def test_a_moderators_confirmation_asks_their_rights_again_when_pressed(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, _users = await seat_everyone(fake, table)
        asked = await table.run("mod", "process", user=mod)
        assert asked.message.custom_ids()
        table.guild.members[mod.id].role_ids.clear()        # no longer Manage Server
        def last_public():
            return [m for m in fake.messages_in(table.channel) if not m.ephemeral][-1]

        before = last_public()
        click = await fake.click(mod, asked.message, asked.message.custom_ids()[0])
        answer = await fake.wait_for_response(click, timeout=20)
        assert "Only moderators may do this" in answer.content
        await fake.settle()
        assert last_public().id == before.id        # nothing adjudicated nor posted
