"""Orders sent ahead by DM (issue 25): echoed as kept for the retreats or the winter, in the
player's language, beside the phase's own orders; what cannot be kept said why."""

from __future__ import annotations

from tests.e2e.harness import arbitro_bot, seat_everyone


async def test_orders_sent_ahead_are_echoed_as_kept(fake_discord, tmp_path):
    async with arbitro_bot(fake_discord, tmp_path) as table:
        _, users = await seat_everyone(fake_discord, table)
        reply = await table.dm(users["Italy"], "A Venezia - Tirolo\nse F Napoli viene "
                                               "sloggiata, si ritira in Tirreno o sciogli\n"
                                               "costruisci A Roma\ncostruisci A Serbia")
        text = reply.content
        assert "✅ `A VEN - TYR`" in text
        assert "⏩ `F NAP R TYS` — tenuto per le ritirate" in text
        assert "⏩ `F NAP D` — tenuto per le ritirate" in text
        assert "⏩ `A ROM B` — tenuto per l'inverno" in text
        assert "non tenuto per l'inverno" in text and "Serbia" in text
        mine = await table.bot.service.orders.mine(1, users["Italy"].id)
        assert mine[0].orders == ("A VEN - TYR",)
        # /orders show: "for later", in order; /orders clear withdraws them too
        shown = await table.run("orders", "show", user=users["Italy"])
        assert "Per dopo" in shown.content
        assert shown.content.index("`F NAP R TYS`") < shown.content.index("`F NAP D`") \
            < shown.content.index("`A ROM B`")
        await table.run("orders", "clear", user=users["Italy"])
        shown = await table.run("orders", "show", user=users["Italy"])
        assert "Per dopo" not in shown.content and "`F NAP R TYS`" not in shown.content
