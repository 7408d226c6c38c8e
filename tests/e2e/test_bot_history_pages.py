"""/game history (issue 25): a phase as people say it, the phases played offered while typing,
and ◀ ▶ buttons that page through the phases, still working after the bot restarts."""

from __future__ import annotations

from tests.e2e.harness import PNG, arbitro_bot, process_now, seat_everyone

NOT_DEFERRAL = (lambda r: not (r.kind == "callback" and r.type == 5))  # noqa: E731


async def test_history_read_as_people_say_it_and_paged_by_buttons_after_a_restart(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as first:
        mod, users = await seat_everyone(fake, first)
        italy = users["Italy"]
        await first.dm(users["France"], "A PAR - BUR")
        await process_now(first, mod)
        await first.channel_message(lambda m: "results of Spring 1901" in m.content)
        await first.dm(users["France"], "A BUR - MUN")
        await process_now(first, mod)
        await first.channel_message(lambda m: "results of Fall 1901" in m.content)

        # the phases played, offered in the player's language as they type
        offered = await fake.autocomplete(italy, first.guild, first.channel, "game", "history",
                                          focused="phase", options={"phase": "aut"})
        assert [c["value"] for c in offered] == ["F1901M"]
        assert offered[0]["name"] == "Autunno 1901, movimenti"
        offered = await fake.autocomplete(italy, first.guild, first.channel, "game", "history",
                                          focused="phase", options={"phase": ""})
        assert [c["value"] for c in offered][:2] == ["F1901M", "S1901M"]

        # a phase as people say it, in Italian; a phase that is not one, said why
        past = await first.run("game", "history", user=italy,
                               options={"phase": "primavera 1901"})
        assert "Spring 1901" in past.content and "`A PAR - BUR` — succeeds" in past.content
        assert past.message.files[0][1].startswith(PNG)
        ids = past.message.custom_ids()
        assert len(ids) == 2
        wrong = await first.run("game", "history", user=italy, options={"phase": "autunno"})
        assert wrong.ephemeral and "di che anno?" in wrong.content
    # after a restart, ▶ under the old post still pages to the next phase
    async with arbitro_bot(fake, tmp_path, again=first):
        forward = next(i for i in ids if i.endswith(":>"))
        click = await fake.click(italy, past.message, forward)
        page = await fake.wait_for_response(click, NOT_DEFERRAL, timeout=20)
        assert "Fall 1901" in page.content and "`A BUR - MUN`" in page.content
        assert not page.ephemeral and page.message.files[0][1].startswith(PNG)
        back = next(i for i in page.message.custom_ids() if i.endswith(":<"))
        click = await fake.click(users["Austria"], page.message, back)
        again = await fake.wait_for_response(click, NOT_DEFERRAL, timeout=20)
        assert "Spring 1901" in again.content and "`A PAR - BUR`" in again.content
