"""The end of a game through Discord, and whose language each answer is in.

A game played to its end year, which ends on a winter with a build and a removal: afterwards
every command in its channel says how and when it ended and where to see it; the commands that
show it keep working and show the position after the winter (the export's `final` checked
against `arbitro adjudicate`). Public answers are in the game's language whoever asks;
ephemeral ones in the caller's. A player seated by a moderator, never seen by the bot, is
briefed in the game's language (else the server's)."""

from __future__ import annotations

import json

from arbitro.cli import main
from tests.e2e.harness import announced, arbitro_bot, confirm, process_now, seat_everyone


def _units(units: list[dict]) -> list[tuple[str, str, str]]:
    return sorted((u["power"], u["type"], u["location"]) for u in units)


async def test_an_ended_game_answers_with_how_it_ended_in_the_games_language(
        fake_discord, tmp_path, capsys):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:            # an en-US server
        mod, users = await seat_everyone(fake, table, options={"end_year": 1901})
        francesca = users["France"]                              # reads Italian
        await table.dm(users["Austria"], "F TRI - ALB")
        await process_now(table, mod)
        await announced(table, "results of Spring 1901")
        await table.dm(users["Italy"], "A VEN - TRI")
        await process_now(table, mod)
        await announced(table, "results of Fall 1901")
        await table.dm(users["Italy"], "BUILD A VEN")
        await table.dm(users["Austria"], "REMOVE F ALB")
        await process_now(table, mod)
        await announced(table, "its last year, 1901, has been played")

        # public answers about this English game are in English, for an Italian caller too
        status = await table.run("game", "status", user=francesca)
        assert not status.ephemeral
        assert "**Lepanto** (#1): finished" in status.content
        assert "terminata" not in status.content
        # how and when it ended, where to see it
        assert "🏁 **Lepanto** ended on <t:" in status.content
        assert "its last year, 1901, has been played" in status.content
        assert "`/game history`, `/game replay`, `/game map` and `/game export`" in status.content
        # the position after the winter: Italy's build, Austria's removal
        seats = {line.split(":")[0].split()[-1]: line for line in status.content.splitlines()
                 if "centres," in line}
        assert seats["Italy"].endswith("4 centres, 4 units")
        assert seats["Austria"].endswith("2 centres, 2 units")

        history = await table.run("game", "history", user=francesca)
        assert not history.ephemeral and "results of Winter 1901" in history.content
        shown = await table.run("game", "map", user=francesca)
        assert not shown.ephemeral and "**Lepanto**: the map, Winter 1901" in shown.content
        assert shown.files
        replay = await table.run("game", "replay", user=francesca)
        assert not replay.ephemeral and "the whole game, phase by phase" in replay.content

        # the export is ephemeral: in the caller's language; its final is after the winter
        export = await table.run("game", "export", user=francesca)
        assert export.ephemeral and "l'intera partita, 3 fasi" in export.content
        record = json.loads(export.files[0][1])
        source = tmp_path / "phases.json"
        source.write_text(json.dumps(record["phases"]))
        capsys.readouterr()
        assert main(["adjudicate", str(source)]) == 0
        winter = json.loads(capsys.readouterr().out)[-1]
        assert record["final"]["phase"] == "S1902M"
        assert _units(record["final"]["units"]) == _units(winter["units_after"])
        assert record["final"]["centers"] == winter["supply_centers_after"]
        assert ("Italy", "A", "ven") in _units(record["final"]["units"])

        # commands that would change it: refused with how it ended, in the caller's language
        for path in (("orders", "show"), ("game", "join"), ("draw",), ("ready",)):
            options = {"vote": True} if path == ("draw",) else {}
            refused = await table.run(*path, user=francesca, options=options)
            assert refused.ephemeral, path
            assert "🏁 **Lepanto** è finita <t:" in refused.content, path
            assert "è stato giocato l'ultimo anno, il 1901" in refused.content, path
            assert "nessuna partita" not in refused.content, path
        helped = await table.run("help", user=francesca)      # the guide, and the end first
        assert helped.content.startswith("🏁 **Lepanto** è finita")
        paused = await table.run("mod", "pause", user=mod)
        assert "🏁 **Lepanto** ended on <t:" in paused.content
        assert "can no longer change" in paused.content
        named = await table.run("orders", "show", user=francesca, options={"game": 1})
        assert "🏁 **Lepanto** è finita" in named.content
        assert not fake.unexpected_requests()


async def test_public_answers_and_a_new_players_briefing_are_in_the_games_language(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:            # an en-US server
        mod, users = await seat_everyone(fake, table, options={"language": "it"})
        emma = users["England"]                                  # reads English
        status = await table.run("game", "status", user=emma)
        assert not status.ephemeral and "Primavera 1901" in status.content
        assert "Spring 1901" not in status.content
        mine = await table.run("orders", "show", user=emma)    # ephemeral: her language
        assert mine.ephemeral and "orders that count now (Spring 1901" in mine.content

        # a player the bot has never seen, seated by the moderator: briefed in Italian
        newcomer = fake.add_user("Nina", locale="nl")
        fake.add_member(table.guild, newcomer)
        await table.run("mod", "replace", user=mod,
                        options={"power": "Russia", "player": newcomer})
        briefing = await fake.wait_for_dm(newcomer, lambda m: "Lepanto" in m.content)
        assert "Da ora la tua potenza è **Russia**" in briefing.content
        # once she uses a command, the bot knows her language (Dutch) for what it tells her
        await table.run("orders", "show", user=newcomer)
        asked = await table.run("mod", "replace", user=mod,
                                options={"power": "Turkey", "player": newcomer})
        await confirm(table, mod, asked)          # she plays Russia already: asked first
        again = await fake.wait_for_dm(newcomer, lambda m: "Turkije" in m.content,
                                       after=briefing)
        assert "Lepanto" in again.content


async def test_a_new_players_briefing_falls_back_to_the_servers_language(fake_discord,
                                                                        tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path, guild_locale="nl") as table:
        mod, _users = await seat_everyone(fake, table)
        cleared = await table.run("mod", "settings", user=mod,
                                  options={"setting": "language", "value": "-"})
        assert "Language" in cleared.content                   # the game has none now
        newcomer = fake.add_user("Ugo", locale="it")
        fake.add_member(table.guild, newcomer)
        await table.run("mod", "replace", user=mod,
                        options={"power": "Russia", "player": newcomer})
        briefing = await fake.wait_for_dm(newcomer, lambda m: "Lepanto" in m.content)
        assert "Rusland" in briefing.content                   # Dutch, the server's
