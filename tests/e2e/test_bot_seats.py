"""Seats through Discord: the start briefing in each player's language, players the bot cannot
reach reported to the moderator, an offered seat claimed and approved by button (across a
restart), and a player's record."""

from __future__ import annotations

import re

from grammar import parse_line
from tests.e2e.harness import arbitro_bot, process_now, seat_everyone

BRIEFED = "🎺"


def example_of(content: str) -> tuple[str, str]:
    """(the example as written out, its canonical notation) from a briefing."""
    match = re.search(r"\*\*([^*]+)\*\*  \(`([^`]+)`\)", content)
    assert match, content
    return match.group(1), match.group(2)


async def test_the_start_briefing_in_english_italian_and_dutch(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        _, users = await seat_everyone(fake, table)
        english = await fake.wait_for_dm(users["England"], lambda m: BRIEFED in m.content)
        italian = await fake.wait_for_dm(users["France"], lambda m: BRIEFED in m.content)
        dutch = await fake.wait_for_dm(users["Germany"], lambda m: BRIEFED in m.content)
        for name, message in (("en", english), ("it", italian), ("nl", dutch)):
            print(f"\n--- start briefing ({name}) ---\n{message.content}")
        assert "**Lepanto** has started! You play **England**." in english.content
        assert "F London (LON)" in english.content and "Liverpool (LVP)" in english.content
        assert "Spring 1901, movement" in english.content and "<t:" in english.content
        assert "`/orders preview`" in english.content and "**help**" in english.content
        assert "**Lepanto** è iniziata! La tua potenza: **Francia**." in italian.content
        assert "A Parigi (PAR)" in italian.content and "Per esempio" in italian.content
        assert "**aiuto**" in italian.content and "`/ready`" in italian.content
        assert "Je speelt **Duitsland**" in dutch.content and "A Berlijn (BER)" in dutch.content
        assert "**hulp**" in dutch.content and "Bijvoorbeeld" in dutch.content
        # the example is one of the player's units, in their words, and reads back as itself
        for lang, message in (("en", english), ("it", italian), ("nl", dutch)):
            written, canonical = example_of(message.content)
            assert parse_line(written, lang=lang).canonical == canonical
        assert example_of(italian.content) == ("A Marsiglia - Borgogna", "A MAR - BUR")
        # the briefing pings nobody but names nobody either: it is a DM to its reader
        reply = await table.dm(users["France"], example_of(italian.content)[0])
        assert "`A MAR - BUR`" in reply.content


async def test_players_the_bot_cannot_reach_are_reported_to_the_moderator(fake_discord,
                                                                         tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        fake.close_dms(users["Turkey"])
        fake.remove_member(table.guild, users["Austria"])
        await table.pass_deadline(22.5)          # the reminders try to reach everyone
        closed = await fake.wait_for_dm(mod, lambda m: "📵" in m.content
                                        and users["Turkey"].mention in m.content, timeout=20)
        left = await fake.wait_for_dm(mod, lambda m: "📵" in m.content
                                      and users["Austria"].mention in m.content, timeout=20)
        print(f"\n--- to the moderator ---\n{closed.content}\n{left.content}")
        assert "**Lepanto**" in closed.content and "(Turkey)" in closed.content
        assert "DMs are closed" in closed.content and "`/mod offer`" in closed.content
        assert "left the server" in left.content and "(Austria)" in left.content
        status = await table.run("game", "status", user=users["England"])
        turkey = next(line for line in status.content.splitlines() if "Turkey" in line)
        austria = next(line for line in status.content.splitlines() if "Austria" in line)
        assert "📵 DMs closed" in turkey and "📵 left the server" in austria
        # the moderator is told once, not at every reminder
        await table.pass_deadline(1)
        await fake.settle()
        assert len([m for m in fake.dms_to(mod) if "📵" in m.content]) == 2
        # the notice names the player without pinging them
        request = next(r for r in reversed(fake.requests) if r.json and "📵" in
                       str(r.json.get("content")))
        assert request.json["allowed_mentions"]["parse"] == []


async def test_with_the_members_intent_leaving_is_known_at_once(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, members_intent=True) as table:
        mod, users = await seat_everyone(fake, table)
        sent_before = len(fake.dms_to(users["Italy"]))
        fake.remove_member(table.guild, users["Italy"])
        notice = await fake.wait_for_dm(mod, lambda m: "📵" in m.content, timeout=20)
        assert users["Italy"].mention in notice.content and "left the server" in notice.content
        assert len(fake.dms_to(users["Italy"])) == sent_before    # no DM was tried
        # someone who plays nothing here leaving is nobody's business
        fake.remove_member(table.guild, mod)
        await fake.settle()
        assert len([m for m in fake.dms_to(mod) if "📵" in m.content]) == 1


async def test_an_offered_seat_is_claimed_approved_and_the_newcomer_briefed(fake_discord,
                                                                           tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        ruud = users["Russia"]
        await table.dm(ruud, "A Moskou - Oekraïne\nF Sebastopol - Zwarte Zee")
        await process_now(table, mod)
        await table.channel_message(lambda m: "results of Spring 1901" in m.content)

        offered = await table.run("mod", "offer", user=mod, options={"power": "Russia"})
        assert "offered in the channel" in offered.content
        post = await table.channel_message(lambda m: m.content.startswith("🪑"))
        assert "a new player is wanted for **Russia**" in post.content
        nina = fake.add_user("Nina", locale="nl")
        fake.add_member(table.guild, nina)
        [claim_id] = post.custom_ids()
        click = await fake.click(nina, post, claim_id)
        sent = await fake.wait_for_response(click, lambda r: r.kind == "followup", timeout=20)
        assert "Je verzoek voor **Rusland** in **Lepanto**" in sent.content and sent.ephemeral
        asked = await fake.wait_for_dm(mod, lambda m: "🙋" in m.content, timeout=20)
        assert nina.mention in asked.content and "No record yet" in asked.content
        approve = next(c for c in asked.custom_ids() if ":approve:" in c)

    # the buttons outlive the bot: approve after a restart
    async with arbitro_bot(fake, tmp_path, again=table) as table:
        before = table.last_in_channel()
        click = await fake.click(mod, asked, approve)
        await fake.wait_for_response(click, lambda r: r.kind == "edit", timeout=20)
        assert "✅ Done" in fake.world.message(asked.id).content
        briefing = await fake.wait_for_dm(nina, lambda m: BRIEFED in m.content, timeout=20)
        print(f"\n--- replacement briefing (nl) ---\n{briefing.content}")
        assert "Welkom bij **Lepanto**! Vanaf nu speel jij **Rusland**." in briefing.content
        assert "A Oekraïne (UKR)" in briefing.content
        assert "De orders van Rusland in" in briefing.content
        assert "`A MOS - UKR`" in briefing.content and briefing.files   # and the map
        told = await fake.wait_for_dm(ruud, lambda m: nina.mention in m.content, timeout=20)
        print(f"\n--- to the replaced player ---\n{told.content}")
        assert "**Lepanto**: je speelt niet langer **Rusland**" in told.content
        assert "/game join" not in told.content
        await table.channel_message(lambda m: f"Russia is now played by {nina.mention}"
                                    in m.content, after=before)
        reply = await table.dm(nina, "A Oekraïne - Roemenië")
        assert "`A UKR - RUM`" in reply.content
        # the seat is taken: pressing the old button again is refused
        otto = fake.add_user("Otto")
        fake.add_member(table.guild, otto)
        again = await fake.click(otto, post, claim_id)
        refused = await fake.wait_for_response(again, lambda r: r.kind == "followup",
                                               timeout=20)
        assert "is not open" in refused.content


async def test_a_players_record_and_a_game_that_asks_for_one(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        await table.dm(users["England"], "F LON H\nF EDI H\nA LVP H")
        await process_now(table, mod)
        await table.channel_message(lambda m: "results of Spring 1901" in m.content)
        mine = await table.run("profile", user=users["England"])
        print(f"\n--- /profile ---\n{mine.content}")
        assert mine.ephemeral and "Phases ordered on time: 1 of 1 (100%)" in mine.content
        theirs = await table.run("profile", user=users["Germany"],
                                 options={"user": users["Germany"]})
        assert "Gemiste fasen: 1 (één keer in wanorde)" in theirs.content
        other = await table.run("profile", user=users["France"], options={"user": mod})
        assert "non ha ancora giocato nessuna fase" in other.content

        strict = fake.add_channel(table.guild, "strict")
        await table.run("mod", "create", user=mod, channel=strict,
                        options={"name": "Strict", "min_on_time": 80})
        refused = await table.run("game", "join", user=users["Germany"], channel=strict)
        assert "**Strict** vraagt dat je minstens 80%" in refused.content
        assert "bij jou is dat 0%" in refused.content
        joined = await table.run("game", "join", user=users["England"], channel=strict)
        assert "Strict" in joined.content and "80%" not in joined.content


async def test_an_abandoned_seat_gets_a_claim_button(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table, options={"abandon_after": 1})
        for power, order in (("England", "F LON H"), ("France", "A PAR H"),
                             ("Germany", "A BER H"), ("Austria", "A VIE H"),
                             ("Russia", "A MOS H"), ("Turkey", "A CON H")):
            await table.dm(users[power], order)
        await table.pass_deadline(25)          # Italy sends nothing: its seat is abandoned
        post = await table.channel_message(lambda m: any(
            c.startswith("arbitro:claim:") for c in m.custom_ids()), timeout=30)
        [game] = await table.bot.service.games.in_channel(table.channel.id)
        assert post.custom_ids() == [f"arbitro:claim:{game.id}:Italy"]
        # a vacant seat needs no offer: the first to press asks the moderator
        click = await fake.click(users["England"], post, post.custom_ids()[0])
        sent = await fake.wait_for_response(click, lambda r: r.kind == "followup", timeout=20)
        assert "Your request for **Italy**" in sent.content
        asked = await fake.wait_for_dm(mod, lambda m: "🙋" in m.content, timeout=20)
        assert "100% of phases ordered on time" in asked.content     # England's record
        refuse = next(c for c in asked.custom_ids() if ":refuse:" in c)
        click = await fake.click(mod, asked, refuse)
        await fake.wait_for_response(click, lambda r: r.kind == "edit", timeout=20)
        told = await fake.wait_for_dm(users["England"], lambda m: "Italy" in m.content
                                      and "this time" in m.content, timeout=20)
        assert "**Lepanto**" in told.content
        italo = await table.run("profile", user=users["France"], options={"user": users["Italy"]})
        assert "posti lasciati: 1" in italo.content and "in sommossa una volta" in italo.content
