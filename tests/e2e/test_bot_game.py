"""A whole year of Diplomacy played through Discord: the real bot, service, order reader and
renderer against the stand-in, with a clock moved by hand. Assertions are on what players and
the channel would see."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from tests.e2e.harness import PNG, arbitro_bot, process_now, seat_everyone


async def test_a_year_of_play_through_discord(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        # each player is told their power in private, in their own language
        told = await fake.wait_for_dm(users["Germany"], lambda m: "Lepanto" in m.content)
        assert "Duitsland" in told.content
        told = await fake.wait_for_dm(users["Italy"], lambda m: "Lepanto" in m.content)
        assert "Italia" in told.content

        # --- Spring 1901: orders by DM; Russia sends none -------------------------------
        # free text in English, Italian and Dutch; echoed in the canonical notation
        reply = await table.dm(users["England"], "F London - North Sea\n"
                                                 "F Edinburgh - Norwegian Sea\n"
                                                 "A Liverpool - Yorkshire")
        assert "`F LON - NTH`" in reply.content and "`A LVP - YOR`" in reply.content
        assert "Every unit has an order" in reply.content
        reply = await table.dm(users["France"], "A Parigi - Borgogna\nF Brest - Medio Atlantico")
        assert "Ordini per **Lepanto**" in reply.content and "`A PAR - BUR`" in reply.content
        assert "Ancora senza ordini" in reply.content and "A MAR" in reply.content
        reply = await table.dm(users["France"], "A Marsiglia ferma")   # adds to the others
        assert "Ogni unità ha un ordine" in reply.content
        reply = await table.dm(users["Germany"], "A München - Ruhr\nF Kiel - Denemarken\n"
                                                 "A Berlijn - Silezië")
        assert "`F KIE - DEN`" in reply.content
        assert "Orders voor **Lepanto**" in reply.content
        # a later message replaces a unit's earlier order
        reply = await table.dm(users["Germany"], "A Berlijn naar München")
        assert "`A BER - MUN`" in reply.content and "`A BER - SIL`" not in reply.content
        reply = await table.dm(users["Turkey"], "F ANK - BLA\nA CON - BUL\nA SMY - ARM\n"
                                                "A SMY - XYZ fly")
        assert "❌" in reply.content and "A SMY - XYZ fly" in reply.content
        reply = await table.dm(users["Italy"], "A VEN H\nA ROM H\nF NAP H")
        reply = await table.dm(users["Austria"], "A VIE H\nA BUD H\nF TRI H")

        # status: who has sent orders, never what
        status = await table.run("game", "status", user=users["England"])
        assert "Russia" in status.content and "⏳" in status.content
        assert "NTH" not in status.content and "BUR" not in status.content

        # an order for a unit of another power is refused: only the seated player orders it
        reply = await table.dm(users["Austria"], "F LON - ENG")
        assert "❌" in reply.content and "belongs to England, which you do not play" in reply.content
        assert "NTH" not in reply.content and "`F LON - ENG`" not in reply.content

        # the deadline passes: results in the channel, with the map, Russia in civil disorder
        before = table.last_in_channel()
        await table.pass_deadline(25)
        results = await table.channel_message(lambda m: "results of Spring 1901" in m.content,
                                              after=before)
        text = "\n".join(m.content for m in fake.messages_in(table.channel)
                         if m.id >= results.id)
        assert "`A PAR - BUR` — succeeds" in text
        assert "`F LON - NTH` — succeeds" in text       # Austria's line for it was refused
        assert "F LON - ENG" not in text
        assert "**Russia** — civil disorder" in text
        assert "Next: Fall 1901, movement" in text
        with_map = await table.channel_message(lambda m: bool(m.files), after=before)
        name, png = with_map.files[0]
        assert name.endswith(".png") and png.startswith(PNG)
        _keep_for_the_readme(text, name, png)

        # --- Fall 1901: a moderator extends, then forces processing ----------------------
        await table.dm(users["England"], "F NTH - NWY\nF NWG H\nA YOR H")
        await table.dm(users["Germany"], "A RUH - BUR\nA MUN S A RUH - BUR\nF DEN H")
        await table.dm(users["France"], "A BUR H\nF MAO - POR\nA MAR H")
        await table.dm(users["Turkey"], "F BLA - SEV\nA ARM S F BLA - SEV\nA BUL H")
        refused = await table.run("mod", "extend", user=users["Italy"], options={"hours": 12.0},
                                  granted=True)   # shown by an admin: still refused
        assert "Solo chi modera" in refused.content      # Italo's client is in Italian
        extended = await table.run("mod", "extend", user=mod, options={"hours": 12.0})
        assert "deadline is now" in extended.content
        await table.channel_message(lambda m: "extended" in m.content)
        before = table.last_in_channel()
        forced = await process_now(table, mod)
        assert "adjudicated" in forced.content
        await table.channel_message(lambda m: "processes" in m.content, after=before)
        results = await table.channel_message(lambda m: "results of Fall 1901" in m.content,
                                              after=before)
        text = "\n".join(m.content for m in fake.messages_in(table.channel)
                         if m.id >= results.id)
        assert "Dislodged units" in text
        assert ("France A Burgundy (BUR) (attacked from Ruhr (RUH)) may retreat to: "
                "Belgium (BEL), Gascony (GAS), Paris (PAR), Picardy (PIC)") in text
        assert "**Austria** — civil disorder" in text      # sent nothing this time

        # --- the retreat ---------------------------------------------------------------------
        reply = await table.dm(users["France"], "A BUR R PAR")
        assert "`A BUR R PAR`" in reply.content
        before = table.last_in_channel()
        await table.pass_deadline(13)
        results = await table.channel_message(lambda m: "results of Fall 1901, retreats" in
                                              m.content, after=before)
        text = "\n".join(m.content for m in fake.messages_in(table.channel)
                         if m.id >= results.id)
        assert "`A BUR R PAR` — succeeds" in text
        # centres change after the fall retreats: Turkey took BUL and SEV, England NWY
        assert "Supply centres" in text
        assert "Turkey: 5 (+2)" in text and "England: 4 (+1)" in text and "Russia: 3 (-1)" in text

        # --- the builds ----------------------------------------------------------------------
        # each player who builds is told so privately first
        turn = await fake.wait_for_dm(users["England"], lambda m: "your move" in m.content,
                                      after=before)
        assert "you may build one unit" in turn.content
        reply = await table.dm(users["England"], "F LON B")
        assert "`F LON B`" in reply.content
        await table.dm(users["France"], "F BRE B")
        await table.dm(users["Germany"], "A BER B")
        await table.dm(users["Turkey"], "F ANK B\nA SMY B")
        before = table.last_in_channel()
        await table.pass_deadline(13)
        results = await table.channel_message(lambda m: "results of Winter 1901" in m.content,
                                              after=before)
        assert "`F LON B` — succeeds" in results.content

        # --- a secret draw vote ----------------------------------------------------------------
        before = table.last_in_channel()
        for power, user in users.items():
            vote = await table.run("draw", user=user, options={"vote": True})
            assert vote.ephemeral and "Lepanto" in vote.content
            if power != "Turkey":
                assert not [m for m in fake.messages_in(table.channel) if m.id > before.id
                            and not m.ephemeral and "draw" in m.content.lower()]
        drawn = await table.channel_message(
            lambda m: not m.ephemeral and "draw" in m.content.lower(), after=before)
        assert "Turkey" in drawn.content or "Turchia" in drawn.content
        assert not fake.unexpected_requests()


async def test_a_restart_keeps_the_game_and_runs_a_deadline_missed_while_down(fake_discord,
                                                                            tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        _, users = await seat_everyone(fake, table)
        await table.dm(users["France"], "A PAR - BUR")
    first = table
    first.clock.advance(timedelta(hours=30))          # the deadline passes while it is down
    async with arbitro_bot(fake, tmp_path, again=first) as table:
        results = await table.channel_message(lambda m: "results of Spring 1901" in m.content)
        text = "\n".join(m.content for m in fake.messages_in(table.channel)
                         if m.id >= results.id)
        assert "`A PAR - BUR` — succeeds" in text
        status = await table.run("game", "status", user=users["France"])
        assert "Fall 1901" in status.content         # public: the game's language


async def test_the_game_menu_still_works_after_a_restart(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        _, users = await seat_everyone(fake, table, "Lepanto")
        other = fake.add_channel(table.guild, "trafalgar")
        mod = fake.add_user("Moe")
        fake.add_member(table.guild, mod, manage_guild=True)
        emma = users["England"]
        await table.run("mod", "create", user=mod, channel=other,
                        options={"name": "Trafalgar", "players": 2})
        await table.run("game", "join", user=emma, channel=other)
        await table.run("game", "join", user=mod, channel=other)
        await table.run("mod", "start", user=mod, channel=other)
        # England's fleet and Austria's army: in neither game are both hers, so she is asked
        menu = await table.dm(emma, "F LON - NTH\nA VIE - TRI")
        assert "several games" in menu.content
    async with arbitro_bot(fake, tmp_path, again=table) as table:
        picked = await fake.click(emma, menu, menu.custom_ids()[0], values=["1"])
        await fake.wait_for_response(picked)
        reply = await fake.wait_for_dm(emma, lambda m: "`F LON - NTH`" in m.content, after=menu)
        assert "Lepanto" in reply.content
        mine = await table.run("orders", "show", user=emma, options={"game": 1})
        assert "`F LON - NTH`" in mine.content


def _keep_for_the_readme(text: str, name: str, png: bytes) -> None:
    """With ARBITRO_E2E_ARTIFACTS set to a folder, keep the first results post and its map as
    the channel received them (the README shows them)."""
    folder = os.environ.get("ARBITRO_E2E_ARTIFACTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / "results_message.txt").write_text(text, encoding="utf-8")
        (Path(folder) / name).write_bytes(png)
