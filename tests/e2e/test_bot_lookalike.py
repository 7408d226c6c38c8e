"""A game named like another running game of its channel is asked to confirm, in the
moderator's language (issue 27); "go ahead" creates it, "cancel" creates nothing."""

from __future__ import annotations

from tests.e2e.harness import arbitro_bot, confirm


async def test_a_look_alike_name_is_asked_in_italian_and_created_on_go_ahead(
        fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        mod = fake_discord.add_user("Mara", locale="it")
        fake_discord.add_member(table.guild, mod, manage_guild=True)
        await table.run("mod", "create", user=mod, options={"name": "Lepanto"})
        asked = await table.run("mod", "create", user=mod, options={"name": "LEPANTÓ"})
        assert "In questo canale c'è già una partita che si chiama **Lepanto**" \
            in asked.message.content
        assert len(asked.message.custom_ids()) == 2
        cancelled = await confirm(table, mod, asked, button=1)
        assert cancelled.type == 7
        assert [g.name for g in await table.bot.service.games.in_channel(table.channel.id)] \
            == ["Lepanto"]

        asked = await table.run("mod", "create", user=mod, options={"name": "Lepant0"})
        done = await confirm(table, mod, asked)
        assert "Partita **Lepant0**" in done.message.content
        assert [g.name for g in await table.bot.service.games.in_channel(table.channel.id)] \
            == ["Lepanto", "Lepant0"]
        # a name that differs is not asked about
        plain = await table.run("mod", "create", user=mod, options={"name": "Trafalgar"})
        assert "Partita **Trafalgar**" in plain.message.content
