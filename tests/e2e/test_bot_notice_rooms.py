"""A game with its own channels through the real discord.py client and the stand-in (docs/
channels.md): the power's channel is where its player plays. Their briefing, "your turn", the
retreat and build prompts and what a missed phase did come there, naming them, in their
language (Italian for Francesca, Dutch for Gert), with the Orders button and where the
results are; a player who asked for direct messages (`/notices`) gets them by DM; every game
command works in a power's channel; typed orders there without the Message Content intent get
a hint, once."""

from __future__ import annotations

from tests.e2e.harness import arbitro_bot, process_now, seat_everyone
from tests.e2e.test_bot_channels import LAYOUT, laid_out


def in_room(fake, room, user, text: str):
    """The bot's first post in `room` naming `user` and containing `text`."""
    return fake.wait_for_message(
        lambda m: f"<@{user.id}>" in m.content and text in m.content, channel=room, timeout=20)


async def phase_done(table, mod, title: str) -> None:
    """`/mod process` and the results of the phase in the game's channel."""
    before = table.last_in_channel()
    await process_now(table, mod)
    await table.channel_message(lambda m: not m.ephemeral and title in m.content, after=before)


async def test_the_power_s_channel_carries_its_notices_and_prompts(fake_discord, tmp_path,
                                                                   caplog):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, bot_permissions=LAYOUT) as table:
        mod, users = await seat_everyone(fake, table, options={"channels": True})
        found = await laid_out(table, users)
        francesca, gert, ruud = users["France"], users["Germany"], users["Russia"]
        france, germany, russia = found["france"], found["germany"], found["russia"]
        # the start post says where orders go
        started = await table.channel_message(lambda m: m.content.startswith("🏁"))
        assert "Send your orders in your power's channel (its **Orders** button) or to me " \
            "in a private message." in started.content
        # the briefing comes to the power's channel, naming its player, in their language,
        # with the Orders button; not by DM
        briefing = await in_room(fake, france, francesca, "La tua potenza: **Francia**")
        assert francesca in briefing.mentions
        assert "Manda gli ordini con il pulsante **Ordini** di questo canale" \
            in briefing.content
        assert briefing.custom_ids() == ["arbitro:room-orders:1:France"]
        briefing = await in_room(fake, germany, gert, "Je speelt **Duitsland**")
        assert "Stuur je orders met de knop **Orders** van dit kanaal" in briefing.content
        await in_room(fake, russia, ruud, "Je speelt **Rusland**")
        assert not [m for m in fake.dms_to(francesca) if "Francia" in m.content]

        # Ruud asks for direct messages (in Dutch)
        chosen = await table.run("notices", user=ruud, options={"where": "dm"})
        assert chosen.ephemeral and "krijg je in een privébericht" in chosen.content

        # every game command works in the power's channel, for its game
        intro = next(m for m in fake.messages_in(france) if m.custom_ids())
        click = await fake.click(francesca, intro, intro.custom_ids()[0])
        await fake.wait_for_response(click, lambda r: r.modal is not None)
        submitted = await fake.submit_modal(francesca, click, {"orders": "A Parigi - Borgogna"})
        await fake.wait_for_response(submitted, lambda r: r.kind == "followup", timeout=20)
        shown = await table.run("orders", "show", user=francesca, channel=france)
        assert shown.ephemeral and "A PAR - BUR" in shown.content
        assert "nessuna partita" not in shown.content
        await table.dm(gert, "A Mun - Ruh\nA Ber - Mun\nF Kie - Hol")
        shown = await table.run("orders", "show", user=gert, channel=germany)
        assert "A MUN - RUH" in shown.content and "F KIE - HOL" in shown.content
        status = await table.run("game", "status", user=gert, channel=germany)
        assert "Lepanto" in status.content
        opened = await table.run("press", "open", user=francesca, channel=france,
                                 options={"with": "Germany"})
        assert opened.content.startswith("Il tuo canale privato in **Lepanto**: <#")

        # typed orders without the Message Content intent: a hint, once, in Dutch
        typed = await fake.post_in_channel(gert, germany, "A Mun - Ruh")
        hint = await fake.wait_for_message(lambda m: m.reference_id == typed.id,
                                           channel=germany, timeout=20)
        assert hint.content == (
            f"📝 <@{gert.id}>, ik kan berichten die hier getypt worden niet lezen. Stuur je "
            "orders met de knop **Orders** van dit kanaal, of naar mij in een privébericht.")
        again = await fake.post_in_channel(gert, germany, "F Kie - Hol")
        await fake.post_in_channel(mod, germany, "good luck")      # not the player: nothing
        await fake.settle()
        assert [m for m in fake.messages_in(germany) if m.reference_id] == [hint]
        assert again.id > hint.id
        # a message naming the bot in the game's channel is no command, and no error
        await fake.post_in_channel(gert, table.channel, f"<@{table.bot.user.id}> hallo")
        await fake.settle()

        # Spring: "your turn" in the channel with where the results are; Ruud's by DM
        await phase_done(table, mod, "results of Spring 1901")
        turn = await in_room(fake, france, francesca, "Autunno 1901")
        assert "tocca a te" in turn.content and turn.custom_ids()
        assert f"sono in <#{table.channel.id}>" in turn.content
        assert [a.filename for a in turn.attachments] == ["game-1-F1901M.png"]
        missed = await fake.wait_for_dm(ruud, lambda m: "wanorde" in m.content)
        assert "je bent aan zet" in missed.content
        await fake.settle()
        assert not [m for m in fake.messages_in(russia) if "aan zet" in m.content]

        # Fall: Germany dislodges France's army in Burgundy: the retreat prompt, in Italian
        await table.dm(francesca, "A Bur H")
        await table.dm(gert, "A Ruh - Bur\nA Mun S A Ruh - Bur\nF Hol H")
        await phase_done(table, mod, "results of Fall 1901")
        retreat = await in_room(fake, france, francesca, "è stata sloggiata")
        assert "A Borgogna" in retreat.content and retreat.custom_ids()
        assert [a.filename for a in retreat.attachments] == ["game-1-F1901R.png"]
        assert not [m for m in fake.dms_to(francesca) if "sloggiata" in m.content]

        # France gives no retreat: disbanded, said in her channel; Germany's build prompt
        # in Dutch in its channel
        await phase_done(table, mod, "results of Fall 1901")
        disbanded = await in_room(fake, france, francesca, "Non è una *sommossa*")
        assert "Borgogna" in disbanded.content
        build = await in_room(fake, germany, gert, "je mag één eenheid bouwen")
        assert "Winter 1901" in build.content and build.custom_ids()
        assert f"staan in <#{table.channel.id}>" in build.content
        assert not [m for m in fake.dms_to(gert) if "bouwen" in m.content]
        assert fake.unexpected_requests() == []
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
