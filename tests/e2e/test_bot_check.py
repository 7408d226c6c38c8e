"""`arbitro bot --check` against the Discord stand-in: the token, the shards and each running
game's channel, asked by REST without connecting to the gateway."""

from __future__ import annotations

from dataclasses import replace

import discord

from bot.check import online_findings
from ops.settings import Settings
from tests.e2e.harness import arbitro_bot


def texts(findings) -> dict[str, tuple[str, bool]]:
    return {f.topic: (f.text, f.problem) for f in findings}


async def test_the_check_finds_the_token_the_shards_and_a_channel_it_may_not_post_in(
        fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        mod = fake_discord.add_user("Mara")
        fake_discord.add_member(table.guild, mod, manage_guild=True)
        await table.run("mod", "create", user=mod, options={"name": "Lepanto"})
        settings = Settings(db_path=str(tmp_path / "arbitro.sqlite"),
                            discord_token=fake_discord.token,
                            discord_api_base=fake_discord.api_base)

        found = texts(await online_findings(settings))
        assert found["discord"][0].startswith("the token is accepted: the bot is ")
        assert found["shards"] == ("Discord recommends 1 shard; this process runs it", False)
        assert found["game 1"] == ("Lepanto in #lepanto: the bot may post results there", False)

        # a moderator takes Attach Files away from the bot in the game's channel
        fake_discord.set_overwrite(table.channel, fake_discord.bot,
                                   deny=discord.Permissions(attach_files=True).value)
        found = texts(await online_findings(settings))
        assert found["game 1"] == ("Lepanto in #lepanto: the bot lacks attach_files there", True)

    refused = texts(await online_findings(replace(settings, discord_token="not-the-token")))
    assert refused == {"discord": ("Discord refused DISCORD_TOKEN: reset the bot's token in the "
                                   "developer portal and put the new one in .env", True)}
