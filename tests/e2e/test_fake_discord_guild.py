"""The stand-in's guild layout routes (tests/e2e/fakediscord/guild_routes.py) with the real
discord.py client: categories, channels with overwrites, roles and members' roles, refused as
Discord refuses them and announced so the client's cache follows."""

from __future__ import annotations

import discord
import pytest

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.fakediscord.models import (
    BOT_PERMISSIONS,
    GUILD_CATEGORY,
    MANAGE_CHANNELS,
    MANAGE_ROLES,
    VIEW_CHANNEL,
)
from tests.e2e.test_fake_discord import MiniBot, running


@pytest.fixture
async def laid_out(fake_discord: FakeDiscord):
    """A guild whose bot may manage channels and roles, a member, and the bot connected."""
    guild = fake_discord.add_guild("Club",
                                   bot_permissions=BOT_PERMISSIONS | MANAGE_CHANNELS | MANAGE_ROLES)
    ada = fake_discord.add_user("Ada")
    fake_discord.add_member(guild, ada)
    async with running(fake_discord, MiniBot()) as bot:
        yield fake_discord, guild, ada, bot


async def test_a_private_category_a_channel_a_role_and_a_member_given_it(laid_out) -> None:
    fake, guild, ada, bot = laid_out
    seen = bot.get_guild(guild.id)
    hidden = {seen.default_role: discord.PermissionOverwrite(view_channel=False),
              seen.me: discord.PermissionOverwrite(view_channel=True, send_messages=True)}
    category = await seen.create_category("Lepanto", overwrites=hidden)
    role = await seen.create_role(name="Lepanto · France")
    channel = await seen.create_text_channel("France Room", category=category,
                                             overwrites={**hidden, role: discord.PermissionOverwrite(
                                                 view_channel=True)})
    stored = guild.channels[channel.id]
    assert stored.name == "france-room" and stored.parent_id == category.id
    assert guild.channels[category.id].type == GUILD_CATEGORY
    assert not guild.permissions_in(ada, stored) & VIEW_CHANNEL
    member = await seen.fetch_member(ada.id)
    await member.add_roles(role)
    assert role.id in guild.members[ada.id].role_ids
    assert guild.permissions_in(ada, stored) & VIEW_CHANNEL
    # the client's cache followed the gateway events
    await fake.world.wait_until(lambda: seen.get_channel(channel.id) and seen.get_role(role.id)
                                and role in seen.get_member(ada.id).roles,
                                timeout=2, what="the cache to follow")
    assert seen.get_channel(channel.id).category_id == category.id
    # an overwrite for a member, then taken away; the role removed, then deleted
    await channel.set_permissions(seen.get_member(ada.id), send_messages=False)
    assert guild.channels[channel.id].overwrites[ada.id][0] == 1
    await channel.set_permissions(seen.get_member(ada.id), overwrite=None)
    assert ada.id not in guild.channels[channel.id].overwrites
    await seen.get_member(ada.id).remove_roles(role)
    assert role.id not in guild.members[ada.id].role_ids
    await role.delete()
    await channel.delete()
    assert role.id not in guild.roles and channel.id not in guild.channels
    names = [e for e, _ in fake.events]
    for event in ("CHANNEL_CREATE", "GUILD_ROLE_CREATE", "GUILD_MEMBER_UPDATE", "CHANNEL_UPDATE",
                  "GUILD_ROLE_DELETE", "CHANNEL_DELETE"):
        assert event in names
    assert fake.unexpected_requests() == []


async def test_what_the_bot_may_not_do_is_refused_as_discord_refuses_it(fake_discord) -> None:
    guild = fake_discord.add_guild("Club")          # the usual invite: no Manage ...
    above = fake_discord.add_role(guild, "Admins", permissions=MANAGE_ROLES)
    async with running(fake_discord, MiniBot()) as bot:
        seen = bot.get_guild(guild.id)
        with pytest.raises(discord.Forbidden) as refused:
            await seen.create_category("Lepanto")
        assert refused.value.code == 50013
        with pytest.raises(discord.Forbidden):
            await seen.create_role(name="Lepanto · France")
    # with Manage Roles, still not a role above its own, nor a permission it lacks itself
    guild = fake_discord.add_guild("Other", bot_permissions=BOT_PERMISSIONS | MANAGE_ROLES)
    ada = fake_discord.add_user("Ada")
    fake_discord.add_member(guild, ada)
    above = fake_discord.add_role(guild, "Admins", permissions=MANAGE_ROLES)
    async with running(fake_discord, MiniBot()) as bot:
        seen = bot.get_guild(guild.id)
        with pytest.raises(discord.Forbidden):
            await bot.http.add_role(guild.id, ada.id, above.id)
        with pytest.raises(discord.Forbidden):
            await seen.create_role(name="Gods", permissions=discord.Permissions(administrator=True))
        with pytest.raises(discord.NotFound) as unknown:
            await bot.http.add_role(guild.id, ada.id, 12345)
        assert unknown.value.code == 10011
    assert [r.status for r in fake_discord.requests if r.method != "GET"][-3:] == [403, 403, 404]
