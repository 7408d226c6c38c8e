"""The buttons that answer "you have no unit in MAO: did you mean F BRE?": one per corrected
order the service offers (service/orders/meant.py), each recording its order when pressed.

They outlive a restart (bot/confirm.py's `Answer`, kind "meant"): the button carries the phase
and the order, and at press time the order is sent for that phase only, as the player's own
(`submit_orders(..., phase=)`), so a button from an earlier phase, or for a unit the player no
longer holds, records nothing and says why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.confirm import Answer, confirmed
from bot.formatting import submission_text

if TYPE_CHECKING:
    from bot.app import ArbitroBot

BUTTONS_AT_MOST = 20  # Discord allows 25 in a message


def encode(phase: str, order: str) -> str:
    """`S1901M`, `F BRE - SPA/NC` -> `S1901M+F_BRE_-_SPA.NC` (what a button may carry)."""
    return f"{phase}+{order.replace(' ', '_').replace('/', '.')}"


def decode(arg: str) -> tuple[str, str]:
    phase, _, order = arg.partition("+")
    return phase, order.replace("_", " ").replace(".", "/")


def meant_view(user_id: int, game_id: int, report: Any) -> discord.ui.View | None:
    """A button per correction offered in the report, labelled with its order."""
    offered = [c for line in report.lines if line.error_key == "orders.not_there"
               for c in line.candidates]
    if not offered:
        return None
    view = discord.ui.View(timeout=None)
    for order in list(dict.fromkeys(offered))[:BUTTONS_AT_MOST]:
        answer = Answer("meant", user_id, game_id, encode(report.phase, order), True, order)
        answer.item.style = discord.ButtonStyle.primary
        view.add_item(answer)
    return view


@confirmed("meant")
async def _record_meant(bot: ArbitroBot, interaction: discord.Interaction, game_id: int,
                        arg: str, lang: str) -> str:
    """The corrected order, recorded for the phase it was offered in (refused otherwise)."""
    phase, order = decode(arg)
    report = await bot.service.orders.submit(game_id, interaction.user.id, order, phase=phase,
                                             reply_lang=lang)
    view = await bot.service.games.status(game_id)
    return submission_text(lang, report, view.name, view.settings.board)
