"""Press and anonymous games against the Discord stand-in (docs/press.md): an anonymous game
where nothing a player can see (channel posts, their own ephemeral answers, their private
messages, the maps' files) names another player until the reveal at the end; press relayed
signed and grey, and refused by the rules in the player's language."""

from __future__ import annotations

import re

from tests.e2e.harness import PLAYERS, announced, arbitro_bot, process_now


def leaks(text: str, user, others) -> list[str]:
    """Who else `text` names: another player's mention or user name."""
    found = []
    for other in others:
        if other is user:
            continue
        if f"<@{other.id}>" in text or f"<@!{other.id}>" in text or \
                re.search(rf"\b{re.escape(other.name)}\b", text):
            found.append(other.name)
    return found


def everything_seen_by(fake, table, user) -> list:
    """Every bot message `user` can see: the game channel (public posts and their own
    ephemeral answers) and their private messages."""
    return fake.visible_to(user, table.channel) + fake.dms_to(user)


async def test_an_anonymous_game_hides_players_and_relays_press_by_its_rules(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod = fake.add_user("Mara")
        fake.add_member(table.guild, mod, manage_guild=True)
        users = {}
        for power, (name, locale) in PLAYERS.items():
            users[power] = fake.add_user(name, locale=locale)
            fake.add_member(table.guild, users[power])
        players = list(users.values())
        created = await table.run("mod", "create", user=mod, options={
            "name": "Lepanto", "movement_hours": 24.0, "reminders": "2h",
            "anonymous": True, "grey_press": True})
        assert "Lepanto" in created.content
        for user in players:
            await table.run("game", "join", user=user)
        assignments = ", ".join(f"{p} <@{u.id}>" for p, u in users.items())
        await table.run("mod", "start", user=mod, options={"assignments": assignments})
        start = await announced(table, "An anonymous game")
        assert "<@" not in start.content and start.mentions == []
        # each player learns their own power privately
        briefing = await fake.wait_for_dm(users["France"], lambda m: "Francia" in m.content,
                                          timeout=20)
        assert briefing is not None

        # /game status, public in the channel: no player named
        status = await table.run("game", "status", user=users["Turkey"])
        assert not status.ephemeral and "<@" not in status.content
        assert "hidden (anonymous game)" in status.content

        # press: signed by the power, in the recipient's language
        sent = await table.run("press", "send", user=users["France"], dm=True, options={
            "to": "England", "text": "Channel demilitarised?"})
        assert sent.content == "Mandato in **Lepanto** — a: Inghilterra; firma: Francia."
        got = await fake.wait_for_dm(users["England"], lambda m: "✉️" in m.content, timeout=20)
        assert "a message from **France**" in got.content
        assert "Channel demilitarised?" in got.content
        # grey press: no power named
        sent = await table.run("press", "send", user=users["Germany"], dm=True, options={
            "to": "Italy", "text": "Watch your back", "anonymous_sender": True})
        assert "zonder handtekening" in sent.content
        got = await fake.wait_for_dm(users["Italy"], lambda m: "✉️" in m.content, timeout=20)
        assert "senza firma" in got.content and "Germania" not in got.content
        # refused by the rules, in the sender's language
        mine = await table.run("press", "send", user=users["France"], dm=True, options={
            "to": "France", "text": "hello me"})
        assert mine.content == "Francia la giochi tu: scegli un'altra potenza a cui scrivere."
        changed = await table.run("mod", "settings", user=mod, options={
            "setting": "press", "value": "public"})
        assert changed.ephemeral
        public = await table.run("press", "send", user=users["France"], dm=True, options={
            "to": "Austria", "text": "secret"})
        assert "ammette solo messaggi pubblici" in public.content
        public = await table.run("press", "send", user=users["Austria"], dm=True, options={
            "to": "France", "text": "secret"})
        assert "allows only public press" in public.content
        await table.run("mod", "settings", user=mod, options={
            "setting": "press", "value": "gunboat"})
        gunboat = await table.run("press", "send", user=users["Germany"], dm=True, options={
            "to": "Russia", "text": "hoi"})
        assert "gunboat-spel" in gunboat.content
        assert not [m for m in fake.dms_to(users["Austria"]) + fake.dms_to(users["Russia"])
                    if "✉️" in m.content]                     # nothing was relayed

        # the channel reminder names powers, pings nobody; each player's DM reminder
        await table.pass_deadline(22.5)
        reminder = await announced(table, "Still owing orders")
        assert "France" in reminder.content and "<@" not in reminder.content
        assert reminder.mentions == []
        await fake.wait_for_dm(users["Russia"], lambda m: "⏰" in m.content, timeout=20)

        # results with the map: still nobody named
        await process_now(table, mod)
        results = await table.channel_message(lambda m: not m.ephemeral and m.files,
                                              after=reminder)
        assert results.files[0][1].startswith(b"\x89PNG") and all(leaks(name, None, players) == []
                                     for name, _ in results.files)

        # everything any player saw so far names no other player
        for user in players:
            for message in everything_seen_by(fake, table, user):
                assert not leaks(message.content, user, players), message.content
                for name, _data in message.files:
                    assert not leaks(name, user, players)

        # the end reveals who played whom
        await table.run("mod", "end", user=mod, options={"reason": "time"})
        reveal = await announced(table, "who played whom")
        for power, user in users.items():
            assert f"{power}: <@{user.id}>" in reveal.content
        assert reveal.mentions == []                     # named, not pinged


async def test_press_open_makes_a_private_channel_for_the_powers_named(fake_discord, tmp_path):
    from tests.e2e.harness import seat_everyone
    from tests.e2e.test_bot_channels import LAYOUT, category_of, laid_out, sees, writes

    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, bot_permissions=LAYOUT) as table:
        mod, users = await seat_everyone(fake, table, options={"channels": True})
        await laid_out(table, users)
        opened = await table.run("press", "open", user=users["England"],
                                 options={"with": "France", "also": "Russia"})
        assert opened.ephemeral and "Your private channel in **Lepanto**" in opened.content
        channel = next(c for c in table.guild.channels.values()
                       if c.name == "press-england-france-russia")
        assert channel.parent_id == category_of(table).id
        for power in ("England", "France", "Russia"):
            assert sees(table, users[power], channel) and writes(table, users[power], channel)
        assert sees(table, mod, channel)
        assert not sees(table, users["Germany"], channel)
        intro = await fake.wait_for_message(lambda m: "🤝" in m.content, channel=channel,
                                            timeout=20)
        assert "England, France, Russia" in intro.content
        # refused by the rules, in the player's language (Francesca's client is Italian)
        await table.run("mod", "settings", user=mod, options={
            "setting": "press_channels", "value": "no"})
        refused = await table.run("press", "open", user=users["France"],
                                  options={"with": "Italy"})
        assert refused.content == ("**Lepanto** non prevede canali privati per i messaggi: "
                                   "usa invece /press send.")
        # the end of the game opens it with the rest of the archive: everyone reads it
        await table.run("mod", "end", user=mod, options={"reason": "test"})
        await fake.world.wait_until(
            lambda: sees(table, users["Germany"], channel)
            and not writes(table, users["England"], channel),
            timeout=20, what="the press channel to join the archive, read-only")


async def test_press_discord_answers_503_to_is_kept_and_the_sender_told_only_when_sent(
        fake_discord, tmp_path, monkeypatch):
    """A 503 from Discord on the reader's DM: one is tried again at once and the sender hears
    "sent"; when Discord keeps refusing, the sender hears it is kept (not "sent"), and when it
    goes later, that it went. The reader gets each message once."""
    from datetime import timedelta

    from service.press import press
    from tests.e2e.harness import seat_everyone
    monkeypatch.setattr(press, "PRESS_TRIES", (0.0, 0.1, 0.2))
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        _mod, users = await seat_everyone(fake, table)
        france, england = users["France"], users["England"]
        reader = rf"/channels/{fake.world.dm_channel(england).id}/messages"

        def relayed(text: str) -> list:
            return [m for m in fake.dms_to(england) if "✉️" in m.content and text in m.content]

        fake.fail_next("POST", reader, status=503, message="Service Unavailable")
        sent = await table.run("press", "send", user=france, dm=True, options={
            "to": "England", "text": "First try fails"})
        assert sent.content == "Mandato in **Lepanto** — a: Inghilterra; firma: Francia."
        assert len(relayed("First try fails")) == 1

        fake.fail_next("POST", reader, status=503, message="Service Unavailable", times=3)
        kept = await table.run("press", "send", user=france, dm=True, options={
            "to": "England", "text": "Discord is down"})
        assert "Discord non ha accettato" in kept.content and "Mandato" not in kept.content
        assert relayed("Discord is down") == []
        table.clock.advance(timedelta(minutes=10))         # the deadline tick tries again
        await fake.wait_for_dm(england, lambda m: "Discord is down" in m.content, timeout=20)
        told = await fake.wait_for_dm(france, lambda m: "è stato consegnato" in m.content,
                                      timeout=20)
        assert "Inghilterra" in told.content
        assert len(relayed("Discord is down")) == 1 and len(relayed("First try fails")) == 1
