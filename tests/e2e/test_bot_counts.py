"""Counts read correctly in Italian and Dutch through Discord: a winter with one build owed
(the confirmation says "1" in words of the language and what happens to builds not
ordered, never "1 build" or "units will hold"), one power left owing ("1 potenza non ha"), and
a game deleted with nobody, one or two players joined."""

from __future__ import annotations

import re

from tests.e2e.harness import arbitro_bot, confirm, process_now, seat_everyone


async def _to_winter(table, mod, users):
    """France takes Portugal and Russia Rumania: one build each in the winter of 1901."""
    francesca, gert, ruud = users["France"], users["Germany"], users["Russia"]
    await table.dm(francesca, "A Par - Pic\nA Mar - Gas\nF Bre - Mao")
    await table.dm(gert, "A Mun - Bur")
    await table.dm(ruud, "F Sev H")
    await process_now(table, mod)
    await table.dm(francesca, "A Pic - Bur\nA Gas S A Pic - Bur\nF Mao - Por")
    await table.dm(gert, "A Bur H")
    await table.dm(ruud, "F Sev - Rum")
    await process_now(table, mod)
    await table.dm(gert, "A Bur - Mun")
    await process_now(table, mod)
    await table.fake.wait_for_dm(ruud, lambda m: "bouwen" in m.content)


async def test_one_build_owed_reads_right_in_italian_and_dutch(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table, mod_locale="it")
        francesca, ruud = users["France"], users["Russia"]
        await _to_winter(table, mod, users)

        # /ready with a build still owed: in words, and what happens to a build not ordered
        asked = await table.run("ready", user=francesca)
        assert "costruzioni ancora da dare: 1" in asked.content
        assert "le costruzioni non ordinate vanno perse" in asked.content
        assert "build" not in asked.content and "resterebbero ferme" not in asked.content
        await confirm(table, francesca, asked, button=1)
        asked = await table.run("ready", user=ruud)
        assert "nog te geven bouworders: 1" in asked.content
        assert "niet gegeven bouworders vervallen" in asked.content
        assert "build" not in asked.content and "blijven staan" not in asked.content
        await confirm(table, ruud, asked, button=1)

        # Russia builds; only France still owes: one power, in the singular
        await table.dm(ruud, "F Sev B")
        asked = await table.run("mod", "process", user=mod)
        assert "1 potenza non ha ancora dato tutti gli ordini:" in asked.content
        assert f"**Francia** (<@{francesca.id}>): costruzioni ancora da dare: 1" in \
            asked.content
        assert "Le costruzioni non ordinate andranno perse" in asked.content
        assert not re.search(r"\b1 (potenze|build)\b", asked.content)
        assert "resteranno ferme" not in asked.content
        await confirm(table, mod, asked, button=1)


async def test_a_deleted_game_counts_who_joined_in_italian_and_dutch(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale="nl") as table:
        mara = fake.add_user("Mara", locale="it")
        mart = fake.add_user("Mart", locale="nl")
        for user in (mara, mart):
            fake.add_member(table.guild, user, manage_guild=True)
        players = [fake.add_user(name, locale="nl") for name in ("Pim", "Saar")]
        for user in players:
            fake.add_member(table.guild, user)

        await table.run("mod", "create", user=mara, options={"name": "Niente"})
        asked = await table.run("mod", "delete", user=mara)
        assert "Non è ancora iniziata e non si è iscritto ancora nessuno." in asked.content
        assert "0 persone" not in asked.content
        await confirm(table, mara, asked, button=1)

        await table.run("game", "join", user=players[0])
        asked = await table.run("mod", "delete", user=mara)
        assert "l'unica persona iscritta lo saprà dal canale" in asked.content
        asked = await table.run("mod", "delete", user=mart)
        assert "de enige aangemelde speler hoort het in het kanaal" in asked.content
        await confirm(table, mart, asked, button=1)

        await table.run("game", "join", user=players[1])
        asked = await table.run("mod", "delete", user=mart)
        assert "de 2 aangemelde spelers horen het in het kanaal" in asked.content
        deleted = await confirm(table, mart, asked)
        assert "**Niente** is verwijderd." in deleted.content
