"""/standings (issue 25) after three finished games on one server, under both scoring
systems: a solo, a two-way and a three-way draw, France's player in all three."""

from __future__ import annotations

import pytest

from engine import Power
from tests.e2e.harness import arbitro_bot, seat_everyone, second_game


async def test_standings_after_three_finished_games_with_both_systems(fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        mod, users = await seat_everyone(fake, table)
        fra = users["France"]
        await second_game(fake, table, fra, "Trafalgar", power="France")
        await second_game(fake, table, fra, "Austerlitz", power="France")
        service = table.bot.service
        await service.endgame.concede(1, mod.id, Power.FRANCE)                 # a solo
        await service.endgame.declare_draw(2, mod.id, [Power.FRANCE, Power.TURKEY])
        await service.endgame.declare_draw(3, mod.id, [Power.FRANCE, Power.ITALY,
                                                       Power.ENGLAND])

        shown = await table.run("standings", user=users["Austria"])
        assert not shown.ephemeral
        await table.channel_message(lambda m: "Draw-size: a game" in m.content)
        text = answer(fake, table, shown)
        assert "draw-size, over 3 games finished" in text
        first = text.splitlines()[1]
        # 100 + 50 + 33.3 points; one solo, two draws (one of two, one of three)
        assert first.startswith(f"1. <@{fra.id}> — **183.3** points · 3 games · 1 solos")
        assert "2 draws (1×2, 1×3)" in first
        assert "Draw-size: a game is worth 100 points" in text

        # another system, asked once; then kept by a moderator as the server's
        squares = await table.run("standings", user=users["Austria"],
                                  options={"system": "sum-of-squares"})
        first = squares.content.splitlines()[1]
        # at the start every power holds 3 centres, Russia 4: 9 / (6 × 9 + 16) of 100 a draw
        points = 100 + 2 * 100 * 9 / 70
        assert first.startswith(f"1. <@{fra.id}> — **{points:.1f}** points")
        await table.channel_message(lambda m: "Sum-of-squares: a game" in m.content,
                                    after=squares.message)
        refused = await table.run("standings", user=users["Austria"],
                                  options={"system": "sum-of-squares", "keep": True})
        assert "Only the server's moderators" in refused.content
        kept = await table.run("standings", user=mod,
                               options={"system": "sum-of-squares", "keep": True})
        assert "sum-of-squares, over 3 games" in kept.content
        again = await table.run("standings", user=users["Germany"])      # in Dutch
        assert "som van kwadraten" in again.content and f"**{points:.1f}** punten" in again.content
        # /profile points to it
        profile = await table.run("profile", user=fra)
        assert "/standings" in profile.content
        assert points == pytest.approx(125.7, abs=0.05)


def answer(fake, table, shown) -> str:
    """The whole table: a long one comes in several messages."""
    return "\n".join(m.content for m in fake.messages_in(table.channel)
                     if m.id >= shown.message.id and not m.ephemeral)
