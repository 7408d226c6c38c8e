"""DiplomacyGM habits met helpfully, in Italian and in Dutch: `.order` opening a paste, other
bots' commands pointed to the slash command, a convoy's route after `via`, and one unit's
order withdrawn with /orders withdraw."""

from __future__ import annotations

from tests.e2e.harness import arbitro_bot, process_now, seat_everyone


async def test_diplomacygm_habits_in_italian_and_dutch(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        _, users = await seat_everyone(fake, table)
        italy, germany = users["Italy"], users["Germany"]          # it, nl

        # `.order` on the first line is a header: the orders below are recorded
        reply = await table.dm(italy, ".order\nA Ven - Tri\nF Nap - Ion")
        assert "`A VEN - TRI`" in reply.content and "`F NAP - ION`" in reply.content
        assert "❌" not in reply.content and ".order" not in reply.content
        reply = await table.dm(germany, ".order\nleger München naar Ruhr\nF Kie - Den")
        assert "`A MUN - RUH`" in reply.content and "`F KIE - DEN`" in reply.content
        assert "❌" not in reply.content

        # other bots' commands: pointed to the slash command, in the reader's words
        reply = await table.dm(italy, "!orders")
        assert "comando di un altro bot" in reply.content and "`/ordini mostra`" in reply.content
        reply = await table.dm(germany, ".view_map")
        assert "commando van een andere bot" in reply.content and "`/spel kaart`" in reply.content
        reply = await table.dm(germany, ".remove_order A Mun")
        assert "`/orders intrekken`" in reply.content
        shown = await table.run("orders", "show", user=germany)    # nothing recorded by them
        assert "`A MUN - RUH`" in shown.content and "`F KIE - DEN`" in shown.content

        # a route after `via`: a move by convoy, the route noted
        reply = await table.dm(italy, "A Rom - Tun via Tir")
        assert "`A ROM - TUN VIA`" in reply.content and "Mar Tirreno" in reply.content
        reply = await table.dm(germany, "leger Berlijn naar Zweden via Oostzee")
        assert "`A BER - SWE VIA`" in reply.content and "Oostzee" in reply.content

        # one order withdrawn: offered by autocomplete in the reader's language
        offered = await fake.autocomplete(italy, table.guild, table.channel, "orders",
                                          "withdraw", focused="unit", options={"unit": "ven"})
        assert offered == [{"name": "A VEN - TRI · Venezia → Trieste", "value": "A VEN - TRI"}]
        done = await table.run("orders", "withdraw", user=italy, options={"unit": "A VEN - TRI"})
        assert done.ephemeral and "Ordine ritirato: `A VEN - TRI`" in done.content
        assert "`F NAP - ION`" in done.content and "Ancora senza ordini: `A VEN`" in done.content
        again = await table.run("orders", "withdraw", user=italy, options={"unit": "A VEN"})
        assert "Nessuno dei tuoi ordini riguarda A VEN" in again.content

        offered = await fake.autocomplete(germany, table.guild, table.channel, "orders",
                                          "withdraw", focused="unit", options={"unit": ""})
        assert {c["value"] for c in offered} == {"A MUN - RUH", "F KIE - DEN", "A BER - SWE VIA"}
        assert any(c["name"] == "F KIE - DEN · Kiel → Denemarken" for c in offered)
        done = await table.run("orders", "withdraw", user=germany, options={"unit": "F KIE"})
        assert "Order ingetrokken: `F KIE - DEN`" in done.content
        shown = await table.run("orders", "show", user=germany)
        assert "`F KIE - DEN`" not in shown.content and "`A MUN - RUH`" in shown.content


async def test_an_order_for_a_unit_not_there_offers_the_units_it_could_mean(fake_discord,
                                                                           tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        italy, germany = users["Italy"], users["Germany"]          # it, nl
        asked_it = await table.dm(italy, "A Tus - Pie")             # armies in Venice, Rome
        assert "non hai nessuna unità in Toscana (TUS)" in asked_it.content
        assert "intendevi: `A VEN - PIE`, `A ROM - PIE`?" in asked_it.content
        assert asked_it.custom_ids() and len(asked_it.custom_ids()) == 2
        shown = await table.run("orders", "show", user=italy)       # nothing recorded
        assert "TUS" not in shown.content and "PIE" not in shown.content
        asked_nl = await table.dm(germany, "F Hel - Hol")           # the fleet is in Kiel
        assert "je hebt geen eenheid in" in asked_nl.content and "(HEL)" in asked_nl.content
        assert "`F KIE - HOL`" in asked_nl.content
    first = table
    async with arbitro_bot(fake, tmp_path, again=first) as table:
        # pressed after a restart: the order meant is recorded
        click = await fake.click(italy, asked_it, asked_it.custom_ids()[0])
        done = await fake.wait_for_response(click, lambda r: r.kind == "followup", timeout=20)
        assert "`A VEN - PIE`" in done.content and "❌" not in done.content
        shown = await table.run("orders", "show", user=italy)
        assert "`A VEN - PIE`" in shown.content
        # a button from a phase that has passed records nothing, and says why, in Dutch
        await process_now(table, mod)
        click = await fake.click(germany, asked_nl, asked_nl.custom_ids()[0])
        late = await fake.wait_for_response(click, lambda r: r.kind == "followup", timeout=20)
        assert "er is niets vastgelegd" in late.content
        shown = await table.run("orders", "show", user=germany)
        assert "F KIE - HOL" not in shown.content
