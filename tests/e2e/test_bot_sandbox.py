"""/sandbox (issue 25): a what-if in Italian that dislodges a unit, answered only to the
player with the map attached, leaving no trace in the game's stored orders."""

from __future__ import annotations

from tests.e2e.harness import PNG, arbitro_bot, process_now, seat_everyone


async def test_a_what_if_in_italian_dislodges_a_unit_privately(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        italo = users["Italy"]                              # an Italian Discord client
        await table.dm(italo, "A Ven - Tyr\nA Rom - Ven")
        await process_now(table, mod)
        await table.channel_message(lambda m: "results of Spring 1901" in m.content)
        posted = [m.id for m in fake.messages_in(table.channel) if not m.ephemeral]

        answer = await table.run("sandbox", user=italo, options={
            "orders": "Armata Venezia a Trieste; A Tirolo appoggia A Venezia - Trieste"})
        assert answer.ephemeral                                # only Italo sees it
        text = answer.content
        assert "una prova che vedi solo tu" in text and "Autunno 1901" in text
        assert "`A VEN - TRI`" in text and "`A TYR S A VEN - TRI`" in text
        assert "Trieste" in text and "Austria" in text           # the fleet dislodged
        name, png = answer.message.files[0]
        assert png.startswith(PNG) and name == "sandbox-F1901M.png"
        # a line that does not read is said so, in Italian; the rest is still tried
        again = await table.run("sandbox", user=italo, options={
            "orders": "A Venezia a Trieste; ciao"})
        assert "Non letti:" in again.content and "questo non è un ordine" in again.content

        # nothing stored, nothing said in the channel, the game unchanged
        mine = await table.bot.service.orders.mine(1, italo.id)
        assert all(not p.orders for p in mine)
        assert [m.id for m in fake.messages_in(table.channel) if not m.ephemeral] == posted
        status = await table.bot.service.games.status(1)
        assert status.phase == "F1901M"
        offered = await fake.autocomplete(italo, table.guild, table.channel, "sandbox",
                                          focused="phase", options={"orders": "x",
                                                                    "phase": "1901"})
        assert [c["value"] for c in offered] == ["F1901M", "S1901M"]
        assert offered[0]["name"] == "Autunno 1901, movimenti"
        # a past phase, as people say it
        spring = await table.run("sandbox", user=italo, options={
            "orders": "A Venezia - Trieste", "phase": "primavera 1901"})
        assert "Primavera 1901" in spring.content and "`A VEN - TRI`" in spring.content
