"""A running fog game through Discord (docs/variants.md, "Fog of war"): `/game status`,
`/game map` and `/orders preview` answer a seated player privately with their own view, in
their language; the moderator who plays no power is told the game is sealed, with no map."""

from __future__ import annotations

from tests.e2e.harness import PNG, arbitro_bot, seat_everyone


async def test_each_player_sees_their_own_fog_view_and_the_moderator_the_seal(fake_discord,
                                                                              tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        mod, users = await seat_everyone(fake_discord, table, options={"fog": True})
        status = await table.run("game", "status", user=users["England"])
        assert status.ephemeral and not status.files              # no chart of everyone
        lines = status.content.splitlines()
        [england] = [line for line in lines if f"<@{users['England'].id}>" in line]
        assert "3 centres, 3 units" in england
        assert sum("out of sight" in line for line in lines) == 6
        assert "Fog of war" in status.content
        # France reads it in Italian
        status = await table.run("game", "status", user=users["France"])
        assert status.ephemeral and status.content.count("fuori vista") == 6
        shown = await table.run("game", "map", user=users["Germany"])
        assert shown.ephemeral and "wat je kunt zien" in shown.content
        assert shown.files[0][1].startswith(PNG)
        await table.dm(users["Austria"], "A VIE - GAL")
        preview = await table.run("orders", "preview", user=users["Austria"])
        assert preview.ephemeral and preview.files[0][1].startswith(PNG)
        sealed = await table.run("game", "map", user=mod)
        assert sealed.ephemeral and not sealed.files and "fog of war" in sealed.content
        sealed = await table.run("game", "status", user=mod)
        assert sealed.ephemeral and "fog of war" in sealed.content
        assert f"<@{users['France'].id}>" not in sealed.content
