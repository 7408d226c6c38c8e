"""A child process for the outbox's kill tests (tests/service/test_owed_kills.py): opens the
service on a database the parent prepared, does one action whose messages are owed after its
commit, and stops dead at a chosen point (the parent kills it with SIGKILL when it says where
it is):

    python -m tests.service.owed_child DB TIMESTAMP MODE JSON_ARGS

`MODE` is the action and where it stops: `start:game.started` (starting a game, at the start
post), `start:game.briefing` (at the first briefing), `due:turn.notice` (a deadline passed at
start-up, at the first "your turn" notice), `due:reminder` (a reminder due at start-up), `end:game.identities` (ending an anonymous game,
at the reveal), `press:press.received` (a press message, at its delivery), `replace:game.briefing`
(a replacement, at its briefing), `press:accepted` (the press message accepted by Discord,
stopped before it is marked sent), `pause:moderation.pause` (a moderator's pause, at its
post), `join:game.joined` (a player joining, at the post), `end:game.replay` (ending a game,
at its replay), `draw:game.chart` (a draw voted by everyone, at its chart)."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from datetime import UTC, datetime

from engine.vocabulary import Power
from service.game_service import GameService
from service.maps.images import stand_in_png
from service.notices import outbox
from service.notices.notifier import MemoryNotifier
from service.timing.clock import ManualClock

MODERATOR = 900


def stop_here(where: str) -> None:
    print(where, flush=True)
    time.sleep(120)            # blocks everything: the parent kills the process now


class StoppingNotifier(MemoryNotifier):
    """Keeps what it is sent, but stops dead when asked to send `key`."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key

    async def post(self, channel_id, message) -> None:
        if message.key == self.key:
            stop_here("posting")
        await super().post(channel_id, message)

    async def send_private(self, user_id, message) -> None:
        if message.key == self.key:
            stop_here("posting")
        await super().send_private(user_id, message)


async def main(db: str, when: float, mode: str, args: dict) -> None:
    action, key = mode.split(":")
    if key == "accepted":                  # Discord took it; the kill comes before the mark
        async def stop_before_mark(conn, owed_id, at):
            stop_here("posting")

        outbox.rows.mark_sent = stop_before_mark
        key = "-"
    notifier = StoppingNotifier(key)
    clock = ManualClock(datetime.fromtimestamp(when, UTC))
    async with GameService.open(db, notifier=notifier, clock=clock, renderer=stand_in_png,
                                scheduler=False) as service:   # start-up runs what is due
        game = args.get("game")
        if action == "start":
            await service.games.start(game, MODERATOR, seed=1)
        elif action == "end":
            await service.moderation.end_game(game, MODERATOR, "over")
        elif action == "press":
            await service.press.send(game, args["sender"], Power(args["to"]), "Peace?")
        elif action == "pause":
            await service.moderation.pause(game, MODERATOR)
        elif action == "join":
            await service.games.join(game, args["user"])
        elif action == "draw":
            for user in args["users"]:
                await service.endgame.vote_draw(game, user, True)
        elif action == "replace":
            await service.seating.replace_player(game, MODERATOR, Power(args["power"]), args["user"])
    print("finished without stopping", flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), sys.argv[3], json.loads(sys.argv[4])))
