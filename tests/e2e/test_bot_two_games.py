"""A player in two games, by DM: `/orders show`, `/ready` and `/draw` without `game:` go to the
game they can only mean, else ask once with a button per game; the buttons outlive a restart
and check the presser's seat when pressed (bot/game_meant.py)."""

from __future__ import annotations

import pytest

from tests.e2e.fakediscord.models import iter_components
from tests.e2e.harness import arbitro_bot, seat_everyone, second_game

TEXTS = {
    "it": {"player": "France", "lepanto": "Francia", "trafalgar": "Turchia", "which": "per quale partita è `{}`?",
           "ready": "Hai dichiarato definitivi i tuoi ordini in **{}**",
           "anyway": "Conferma comunque", "cancel": "Annulla", "spring": "Primavera 1901",
           "orders": "ordini validi ora", "not_seated": "Non giochi nessuna potenza in **{}**",
           "meant": "🎲 **Lepanto** (delle tue partite"},
    "nl": {"player": "Germany", "lepanto": "Duitsland", "trafalgar": "Turkije", "which": "voor welk spel is `{}`?",
           "ready": "Je hebt je klaar gemeld in **{}**",
           "anyway": "Toch klaar", "cancel": "Annuleren", "spring": "Voorjaar 1901",
           "orders": "orders die nu gelden", "not_seated": "Je speelt geen land in **{}**",
           "meant": "🎲 **Lepanto** (van je spellen"},
}


def labels(message) -> list[str]:
    return [c["label"] for c in iter_components(message.components) if "label" in c]


async def press(table, user, message, index: int):
    """Press the button `index` of `message`; the first answer that is not "on it…"."""
    click = await table.fake.click(user, message, message.custom_ids()[index])
    return await table.fake.wait_for_response(click, lambda r: r.kind == "followup",
                                              timeout=20)


@pytest.mark.parametrize("lang", ["it", "nl"])
async def test_a_player_in_two_games_is_answered_for_the_game_meant_or_asked_once(
        fake_discord, tmp_path, lang):
    fake, t = fake_discord, TEXTS[lang]
    async with arbitro_bot(fake, tmp_path, guild_locale=lang) as table:
        mod, users = await seat_everyone(fake, table, "Lepanto")
        player = users[t["player"]]
        trafalgar = await second_game(fake, table, player, "Trafalgar", power="Turkey")
        # both games wait for the player's orders: /ready asks once, a button per game
        asked = await table.run("ready", user=player, dm=True)
        assert t["which"].format("/ready") in asked.content
        names = labels(asked.message)
        assert [n.split(",")[0] for n in names] == [
            f"Lepanto · {t['spring']}", f"Trafalgar · {t['spring']}", t["cancel"]]
        assert all(i.startswith("arbitro:ask:game_ready:") for i in asked.message.custom_ids())
        # pressed: Lepanto's units are still without orders, so /ready asks as always
        unordered = await press(table, player, asked.message, 0)
        assert t["lepanto"] in unordered.content and labels(unordered.message)[0] == t["anyway"]
        done = await press(table, player, unordered.message, 0)
        assert t["ready"].format("Lepanto") in done.content
        assert [p.ready for p in await table.bot.service.orders.mine(1, player.id)] == [True]
        assert not any(p.ready for p in await table.bot.service.orders.mine(2, player.id))
        # a second question, answered only after a restart
        shown = await table.run("orders", "show", user=player, dm=True)
        assert t["which"].format("/orders show") in shown.content
        assert len(shown.message.custom_ids()) == 3
    async with arbitro_bot(fake, tmp_path, again=table) as table:
        answer = await press(table, player, shown.message, 1)           # Trafalgar
        assert answer.content.startswith("🎲 **Trafalgar**\n") and t["orders"] in answer.content
        assert "Lepanto" not in answer.content
        # /draw while both still wait for orders: asked (the answer comes later)
        vote = await table.run("draw", user=player, dm=True, options={"vote": True})
        assert t["which"].format("/draw") in vote.content
        # Trafalgar's orders all given: /orders show can only mean Lepanto, no question
        mine = await table.bot.service.orders.mine(2, player.id)
        holds = "\n".join(f"{unit} H" for p in mine for unit in p.missing)
        # orders naming no game, for units that are the player's only in Trafalgar: no menu
        echoed = await table.dm(player, holds)
        assert "Trafalgar" in echoed.content and not echoed.custom_ids()
        assert not any(p.missing for p in await table.bot.service.orders.mine(2, player.id))
        shown = await table.run("orders", "show", user=player, dm=True)
        assert not shown.message.custom_ids()
        assert shown.content.startswith(t["meant"]) and "Trafalgar" not in shown.content
        assert f"**{t['lepanto']}**" in shown.content
        # /orders add by DM, naming no game: the only game where the unit is the player's
        added = await table.run("orders", "add", user=player, dm=True,
                                options={"order": "A SMY - ARM"})
        assert "Trafalgar" in added.content and "`A SMY - ARM`" in added.content
        assert "A SMY - ARM" in (await table.bot.service.orders.mine(2, player.id))[0].orders
        # in a game's channel the command means that game, waiting or not
        here = await table.run("orders", "show", user=player, channel=trafalgar)
        assert f"**{t['trafalgar']}**" in here.content and not here.message.custom_ids()
        assert "🎲" not in here.content
        # a question whose game the player no longer sits in: refused when pressed
        await table.run("mod", "remove", user=mod, channel=trafalgar,
                        options={"player": player})
        gone = await press(table, player, vote.message, 1)
        assert t["not_seated"].format("Trafalgar") in gone.content
