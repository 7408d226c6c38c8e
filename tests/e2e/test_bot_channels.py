"""A game's own channels through Discord (docs/channels.md): a category with a private channel
and a role per power, orders through the channel's form (and typed there, with the Message
Content intent), a replacement moving the channel's permissions, the end of the game opening
the archive (and deleting it after the days chosen), and the permissions the bot lacks said in
the moderator's language."""

from __future__ import annotations

from bot.permissions import INVITE_PERMISSIONS
from tests.e2e.fakediscord.models import (
    GUILD_CATEGORY,
    MANAGE_CHANNELS,
    MANAGE_ROLES,
    SEND_MESSAGES,
    VIEW_CHANNEL,
)
from tests.e2e.harness import arbitro_bot, seat_everyone

# What the invite link asks for, plus the two permissions a game's channels need (docs/channels.md)
LAYOUT = INVITE_PERMISSIONS | MANAGE_CHANNELS | MANAGE_ROLES


def category_of(table):
    found = [c for c in table.guild.channels.values() if c.type == GUILD_CATEGORY]
    return found[0] if found else None


def rooms(table) -> dict:
    """The power channels, by name."""
    category = category_of(table)
    return {c.name: c for c in table.guild.channels.values()
            if category is not None and c.parent_id == category.id}


def sees(table, user, channel) -> bool:
    return bool(table.guild.permissions_in(user, channel) & VIEW_CHANNEL)


def writes(table, user, channel) -> bool:
    return bool(table.guild.permissions_in(user, channel) & SEND_MESSAGES)


def role_named(table, name):
    return next((r for r in table.guild.roles.values() if r.name == name), None)


def has_role(table, user, name) -> bool:
    role = role_named(table, name)
    return role is not None and role.id in table.guild.members[user.id].role_ids


async def laid_out(table, users) -> dict:
    """Waits until every seated player sees their power's channel; the channels."""
    def done():
        found = rooms(table)
        return found if len(found) == 7 and all(
            sees(table, users[p], found[p.lower()]) for p in users) else None
    return await table.fake.world.wait_until(done, timeout=20, what="the power channels")


async def test_a_game_with_its_channels_orders_by_form_replacement_and_archive(fake_discord,
                                                                              tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, bot_permissions=LAYOUT) as table:
        mod, users = await seat_everyone(fake, table, options={"channels": True})
        found = await laid_out(table, users)
        category = category_of(table)
        assert category.name == "Lepanto"
        assert sorted(found) == ["austria", "england", "france", "germany", "italy",
                                 "russia", "turkey"]
        outsider = fake.add_user("Olga")
        fake.add_member(table.guild, outsider)
        france = found["france"]
        # private: its player, the moderator and the bot see it; other players and @everyone
        # do not
        assert sees(table, users["France"], france) and writes(table, users["France"], france)
        assert sees(table, mod, france)
        assert not sees(table, users["England"], france)
        assert not sees(table, outsider, france) and not sees(table, outsider, category)
        assert has_role(table, users["France"], "Lepanto · France")
        assert not has_role(table, users["England"], "Lepanto · France")
        # the channel's Orders button opens a form; the answer is the DM echo, for the player
        intro = next(m for m in fake.messages_in(france) if m.custom_ids())
        assert "**Lepanto** · **France**" in intro.content and "**Orders**" in intro.content
        click = await fake.click(users["France"], intro, intro.custom_ids()[0])
        form = await fake.wait_for_response(click, lambda r: r.modal is not None)
        assert form.modal["title"] == "Ordini — Francia"     # Francesca reads Italian
        submitted = await fake.submit_modal(users["France"], click,
                                            {"orders": "A Parigi - Borgogna\nF BRE - MAO"})
        echo = await fake.wait_for_response(submitted, lambda r: r.kind == "followup",
                                            timeout=20)
        assert echo.ephemeral and "`A PAR - BUR`" in echo.content
        assert "`F BRE - MAO`" in echo.content
        mine = await table.run("orders", "show", user=users["France"])
        assert "A PAR - BUR" in mine.content
        # only the player of the power: the moderator sees the button but may not order
        click = await fake.click(mod, intro, intro.custom_ids()[0])
        refused = await fake.wait_for_response(click)
        assert refused.ephemeral and refused.modal is None
        assert refused.content == "Only the player of France may send orders here."
        # a replacement moves the channel to the new player, and the role with it
        newcomer = fake.add_user("Nadia", locale="nl")
        fake.add_member(table.guild, newcomer)
        replaced = await table.run("mod", "replace", user=mod,
                                   options={"power": "France", "player": newcomer})
        assert "France" in replaced.content
        await fake.world.wait_until(
            lambda: sees(table, newcomer, france) and not sees(table, users["France"], france)
            and has_role(table, newcomer, "Lepanto · France")
            and not has_role(table, users["France"], "Lepanto · France"),
            timeout=20, what="France's channel to move to Nadia")
        # her briefing comes to the channel once she can see it (docs/channels.md), in the
        # game's language: the bot has never seen her
        welcome = await fake.wait_for_message(
            lambda m: f"<@{newcomer.id}>" in m.content and "you play **France**" in m.content,
            channel=france, timeout=20)
        assert newcomer in welcome.mentions and welcome.attachments    # with the map
        assert "**Orders** button of this channel" in welcome.content
        assert not [m for m in fake.dms_to(newcomer) if "France" in m.content]
        click = await fake.click(newcomer, intro, intro.custom_ids()[0])
        form = await fake.wait_for_response(click, lambda r: r.modal is not None)
        assert form.modal["title"] == "Orders voor Frankrijk"
        # /mod check: everything in place
        check = await table.run("mod", "check", user=mod)
        assert check.ephemeral and "Everything is in place." in check.content
        assert f"✅ France: <#{france.id}>" in check.content and newcomer.mention in check.content
        # the end of the game opens the archive: everyone reads, nobody writes
        ended = await table.run("mod", "end", user=mod, options={"reason": "test"})
        assert "Lepanto" in ended.content
        await fake.world.wait_until(
            lambda: all(sees(table, outsider, c) for c in found.values())
            and sees(table, outsider, category),
            timeout=20, what="the archive to open")
        for channel in found.values():
            assert not writes(table, outsider, channel) and not writes(table, newcomer, channel)
            assert sees(table, users["England"], channel)
        check = await table.run("mod", "check", user=mod)
        assert "📚 The game is over" in check.content
        assert fake.unexpected_requests() == []


async def test_orders_typed_in_the_channel_with_the_message_content_intent(fake_discord,
                                                                          tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, bot_permissions=LAYOUT,
                           message_content=True) as table:
        mod, users = await seat_everyone(fake, table)
        setup = await table.run("mod", "setup", user=mod)
        assert setup.content.startswith("🗂️ **Lepanto** has its own channels: 7 private")
        found = await laid_out(table, users)
        typed = await fake.post_in_channel(users["Germany"], found["germany"],
                                           "A Berlijn - Kiel\nF KIE - HOL")
        answer = await fake.wait_for_message(
            lambda m: m.reference_id == typed.id, channel=found["germany"], timeout=20)
        assert "`A BER - KIE`" in answer.content and "`F KIE - HOL`" in answer.content
        # the moderator's words in a power's channel are not orders
        await fake.post_in_channel(mod, found["germany"], "A BER - KIE is a good idea")
        await fake.settle()
        assert [m for m in fake.messages_in(found["germany"]) if m.reference_id] == [answer]
        mine = await table.run("orders", "show", user=users["Germany"])
        assert "A BER - KIE" in mine.content
        # a removed player loses the channel and the role; the check says it is vacant
        turkey = found["turkey"]
        await table.run("mod", "remove", user=mod, options={"player": users["Turkey"]})
        await fake.world.wait_until(
            lambda: not sees(table, users["Turkey"], turkey)
            and not has_role(table, users["Turkey"], "Lepanto · Turkey"),
            timeout=20, what="Turkey's channel to close to its removed player")
        check = await table.run("mod", "check", user=mod)
        assert f"➖ Turkey: <#{turkey.id}>" in check.content and "nobody plays it" in check.content
        assert "Everything is in place." in check.content
    # the Orders button outlives the bot: the form opens after a restart
    async with arbitro_bot(fake, tmp_path, again=table, bot_permissions=LAYOUT) as table:
        intro = next(m for m in fake.messages_in(found["germany"]) if m.custom_ids())
        click = await fake.click(users["Germany"], intro, intro.custom_ids()[0])
        form = await fake.wait_for_response(click, lambda r: r.modal is not None, timeout=20)
        assert form.modal["title"] == "Orders voor Duitsland"
        assert fake.unexpected_requests() == []


async def test_missing_permissions_are_named_before_anything_is_made(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:    # an ordinary invite: no Manage ...
        mod = fake.add_user("Mara", locale="it")
        fake.add_member(table.guild, mod, manage_guild=True)
        refused = await table.run("mod", "create", user=mod,
                                  options={"name": "Lepanto", "channels": True})
        assert refused.content == (
            "🔒 Non posso creare i canali di **Lepanto**. Permessi del server che mi mancano: "
            "**Gestisci canali**, **Gestisci ruoli**. Assegnali al mio ruolo (Impostazioni "
            "server → Ruoli), poi usa `/mod setup`.")
        assert await table.bot.service.games.in_channel(table.channel.id) == []
        created = await table.run("mod", "create", user=mod, options={"name": "Lepanto"})
        assert "Lepanto" in created.content
        later = await table.run("mod", "setup", user=mod)
        assert "**Gestisci canali**, **Gestisci ruoli**" in later.content
        check = await table.run("mod", "check", user=mod)
        assert "non ha canali propri" in check.content
        assert category_of(table) is None and not [
            r for r in fake.requests if r.method in ("POST", "PUT")
            and "/guilds/" in r.path and ("/channels" in r.path or "/roles" in r.path)]


async def test_the_archive_is_deleted_after_the_days_chosen(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, bot_permissions=LAYOUT) as table:
        mod, users = await seat_everyone(fake, table)
        await table.run("mod", "setup", user=mod, options={"delete_after_days": 2})
        found = await laid_out(table, users)
        await table.run("mod", "end", user=mod)
        await fake.world.wait_until(
            lambda: all(sees(table, users["England"], c) for c in found.values()),
            timeout=20, what="the archive to open")
        await fake.settle(0.5)                            # the opening is recorded
        await table.pass_deadline(24)
        await fake.settle(0.5)
        assert rooms(table) and role_named(table, "Lepanto · France") is not None
        await table.pass_deadline(25)                     # two days after the end
        await fake.world.wait_until(lambda: category_of(table) is None and not rooms(table),
                                    timeout=20, what="the archive to be deleted")
        assert role_named(table, "Lepanto · France") is None
        assert table.channel.id in table.guild.channels      # the game's own channel stays
        assert fake.unexpected_requests() == []
