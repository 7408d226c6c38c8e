"""Any text a player sends by DM gets an answer, never the internal-error text, and leaves the
stored orders consistent: the Orders cog's DM handling (the real bot object, its cogs and
queue) on a real GameService over a SQLite file with the real migrations."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from bot.app import ArbitroBot
from bot.i18n import LANGUAGES, tr
from engine.orders import parse_order
from engine.vocabulary import PhaseKind, Power
from ops.settings import Settings
from service.game_service import GameService
from service.maps.images import stand_in_png
from service.storage.repos import orders as order_rows
from service.storage.repos import phases
from service.timing.clock import ManualClock
from tests.service.conftest import start_game

ENGLAND, FRANCE = Power.ENGLAND, Power.FRANCE


@dataclass
class Author:
    id: int
    bot: bool = False


@dataclass
class Channel:
    sent: list[str] = field(default_factory=list)

    async def send(self, text: str, **_kwargs: object) -> None:
        self.sent.append(text)


@dataclass
class DirectMessage:
    """What the Orders cog reads of a discord.Message in a DM."""

    author: Author
    content: str
    channel: Channel = field(default_factory=Channel)
    guild: None = None
    id: int = 1

    async def reply(self, text: str, **_kwargs: object) -> None:
        await self.channel.send(text)


class World:
    """One event loop holding the bot, the service and a started game for every example."""

    def __init__(self, path: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.run(self._open(path))

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    async def _open(self, path: Path) -> None:
        self.service = GameService.open(path, clock=ManualClock(), scheduler=False,
                                        renderer=stand_in_png)
        await self.service.__aenter__()
        self.bot = ArbitroBot(Settings(discord_token="unused"))
        await self.bot.__aenter__()
        self.bot.serve(self.service)
        for extension in ("bot.cogs.orders", "bot.cogs.help"):
            await self.bot.load_extension(extension)
        self.game = await start_game(self.service)
        await self.bot.set_language(self.game.user[FRANCE], "it")   # England's is not known
        self.cog = self.bot.get_cog("Orders")

    async def close(self) -> None:
        await self.bot.__aexit__(None, None, None)
        await self.service.__aexit__(None, None, None)

    async def submissions(self) -> int:
        async with self.service.db.read() as conn:
            phase = await phases.latest(conn, self.game.id)
            return len(await order_rows.submissions(conn, phase.id))

    async def last_submission_orders(self) -> int:
        async with self.service.db.read() as conn:
            return await conn.fetchval("SELECT COUNT(*) FROM orders WHERE submission_id = "
                                       "(SELECT MAX(id) FROM submissions)")

    async def position(self):
        async with self.service.db.read() as conn:
            return (await phases.latest(conn, self.game.id)).position


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    made = World(tmp_path_factory.mktemp("dm") / "arbitro.sqlite")
    yield made
    made.run(made.close())
    made.loop.close()


PIECES = ["A", "F", "a", "army", "flotta", "leger", "PAR", "Parigi", "Londen", "LON", "NTH",
          "Mare del Nord", "Belgio", "stop", "help", "aiuto", "hulp", "?", "ciao", "ok", "-",
          "->", "H", "S", "C", "VIA", "B", "D", "R", "holds", "sostiene", "naar", "WAIVE",
          "England:", "Francia:", "game:", "#1", "Lepanto", "STP/SC", "/", "(", ")", "`", ",",
          ";", "\n", "\u202e", "\x00", "@everyone", "Xyzzy", "Edi", "Liverpool", "Yor", "Brest",
          "Gascogna", "sc", "nc", "costa nord", "1901", "🙂", "**", "* ", "1."]
ORDERS = ["F LON - NTH", "A LVP - YOR", "F EDI H", "F Londra - Manica", "A PAR - BUR",
          "F BRE - MAO", "A MAR S A PAR - BUR", "A Parigi - Borgogna", "Nth - Par", "A Nth H",
          "A MUN - RUH", "F KIE - HOL", "A LVP S F LON - NTH", "F LON C A LVP - BEL"]
NOISE = st.lists(st.sampled_from(PIECES), min_size=1, max_size=14).map(" ".join)
MESSAGES = st.one_of(
    st.text(max_size=120),
    NOISE,
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=14).map("".join),
    st.lists(st.one_of(st.sampled_from(ORDERS), NOISE), min_size=1, max_size=6).map("\n".join),
)


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=MESSAGES, power=st.sampled_from([ENGLAND, FRANCE]))
def test_any_dm_gets_an_answer_never_an_internal_error_and_keeps_orders_consistent(
        world, text, power):
    user = world.game.user[power]
    before = world.run(world.submissions())
    message = DirectMessage(Author(user), text)
    world.run(world.cog.on_message(message))
    answers = message.channel.sent
    assert answers, f"no answer to {text!r}"
    for lang in LANGUAGES:
        assert tr(lang, "error.unexpected") not in answers
    # an order was recorded exactly when the reply shows an order read
    after = world.run(world.submissions())
    # a line read is echoed ✅ (counts), ⚠️ (recorded, cannot succeed) or ↪️ (replaced by a
    # later line of the message)
    read = any(mark + " `" in a for a in answers for mark in ("✅", "⚠️", "↪️"))
    event("an order read" if read else "nothing read")
    # (lines read as orders and refused, another power's unit or none there, leave a word
    # that orders came, none valid: a submission with no order)
    if read or after > before:
        assert after - before == 1, (text, answers)
        assert bool(world.run(world.last_submission_orders())) == read, (text, answers)
    # what counts reads back as orders of the player's own power: one per place, never for
    # another power's unit (an order for an empty place is kept, and warned about)
    [mine] = world.run(world.service.orders.mine(world.game.id, user))
    assert mine.power == power
    units = {u.province: u for u in world.run(world.position()).units}
    for text_given in mine.orders:
        order = parse_order(text_given, PhaseKind.MOVEMENT)
        standing = units.get(order.location.split("/")[0])
        assert standing is None or standing.power == power, (text, text_given)
    assert len({o.split()[1] for o in mine.orders}) == len(mine.orders)
