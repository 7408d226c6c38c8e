"""The game a player's command means when no game is named and they play in several
(docs/bot.md, "A player in several games").

`/orders show`, `/ready` and `/draw` without `game:` go to the game of the channel (a power's
own channel counts as its game's, see bot.choosing), else to the caller's only running game,
else to the only one of them still waiting for the caller; otherwise the bot asks once, with a
button per game. The buttons are questions of bot.confirm (kinds `game_show`, `game_ready`,
`game_draw`, registered by bot/cogs/orders.py): they outlive a restart, and whoever presses is
checked again at press time (the asker, still seated in that game).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.choosing import ended_error, resolve_game, seated_games, visible_games
from bot.confirm import Answer, ask
from bot.formatting import phase_label
from bot.i18n import tr
from service.errors import NotAllowed, ServiceError

if TYPE_CHECKING:
    from bot.app import ArbitroBot
    from service.models import GameView, PowerOrders

# The commands that pick a game this way, by the kind of their question, and how the
# question names them.
COMMANDS = {"game_show": "/orders show", "game_ready": "/ready", "game_draw": "/draw"}
MAX_BUTTONS = 24          # Discord: 25 buttons a message, one of them "cancel"


def waits_for(kind: str, arg: str, powers: Sequence[PowerOrders]) -> bool:
    """Whether a game waits for the caller as the command `kind` (with `arg`) understands
    it: `/ready` for the powers with something to do not yet marked ready (`/ready
    ready:false`: marked), the others for units (or builds) still without orders."""
    if kind == "game_ready":
        return any(p.ready != (arg == "1") for p in powers if _has_duty(p))
    return any(p.missing for p in powers)


def _has_duty(orders: PowerOrders) -> bool:
    """Whether the power has anything to order in the phase (a retreat phase without a
    dislodged unit of its own does not wait for it)."""
    owed = orders.duty
    return owed is None or any(owed.get(k) for k in ("units", "dislodged", "builds", "removals"))


def meant_game(running: Sequence[GameView], waiting: set[int]) -> GameView | None:
    """The game a command can only mean among the caller's running games: the only one, or
    the only one waiting for them (`waiting`: game ids); None when it could mean several."""
    if len(running) == 1:
        return running[0]
    candidates = [g for g in running if g.id in waiting]
    return candidates[0] if len(candidates) == 1 else None


async def game_meant(bot: ArbitroBot, interaction: discord.Interaction, game_id: int | None,
                     kind: str, arg: str = "") -> tuple[GameView | None, bool]:
    """(the game the command means, whether it was chosen among several of the caller's);
    (None, False) when the caller was asked which one, with buttons. Errors as resolve_game
    when the caller plays in none of the games it could mean."""
    try:
        return await resolve_game(bot, interaction, game_id), False
    except ServiceError as error:
        if error.key != "game.choose":
            raise
        several = error
    user = interaction.user.id
    running = seated_games(await visible_games(bot, interaction), user)
    if not running:
        raise several
    waiting = {g.id for g in running if await _waits(bot, g.id, user, kind, arg)}
    game = meant_game(running, waiting)
    if game is not None:
        return game, True
    lang = await bot.language_of_interaction(interaction)
    await ask(interaction, tr(lang, "game.which", command=COMMANDS[kind]),
              game_buttons(user, lang, kind, arg, running))
    return None, False


async def _waits(bot: ArbitroBot, game_id: int, user_id: int, kind: str, arg: str) -> bool:
    try:
        return waits_for(kind, arg, await bot.service.orders.mine(game_id, user_id))
    except ServiceError:
        return False        # no phase in play (or no longer seated): nothing waits


def game_buttons(user_id: int, lang: str, kind: str, arg: str,
                 games: Sequence[GameView]) -> discord.ui.View:
    """One button per game (its name and phase, in the reader's language), then cancel."""
    view = discord.ui.View(timeout=None)
    for game in games[:MAX_BUTTONS]:
        label = f"{game.name} · {phase_label(lang, game.phase)}" if game.phase else game.name
        view.add_item(Answer(kind, user_id, game.id, arg, True, label[:80],
                             style=discord.ButtonStyle.primary))
    view.add_item(Answer(kind, user_id, 0, arg, False, tr(lang, "confirm.cancel")))
    return view


async def still_seated(bot: ArbitroBot, user_id: int, game_id: int) -> GameView:
    """The game picked by a button, checked when it is pressed: still running, and the
    presser still holds a seat in it."""
    game = await bot.service.games.status(game_id)
    if game.status == "finished":
        raise ended_error(game)
    if not seated_games([game], user_id):
        raise NotAllowed("orders.not_seated", f"you do not play a power in {game.name}",
                         game=game.name)
    return game
