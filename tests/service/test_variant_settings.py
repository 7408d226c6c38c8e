"""Every setting a club combines, on every variant (issue 23), through the service on SQLite
and PostgreSQL: anonymous gunboat games name powers and never users, the game's language names
the variant's powers, the computer fills empty and abandoned seats, fixed schedules, grace for
missing orders, the end year in the variant's years, the victory target, draws of every power,
press and its channels between the variant's powers, the colour-blind palette with the chart and
the replay drawn for real, `/mod settings` on a variant, and each player's briefing.

Each test is one table over `engine.VARIANT_IDS` and plays a phase or a few."""

from __future__ import annotations

import io
import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from PIL import Image

from bot.formatting import submission_text
from bot.i18n import tr
from bot.messages import render_message
from engine import VARIANT_IDS, board_of
from engine.variants import variant_power_name
from engine.vocabulary import PhaseKind, Power
from render.palette import palette_named
from render.variants import map_variant
from service.errors import InvalidRequest, ServiceError
from service.models import GameSettings
from service.storage.repos import phases
from service.timing.when import zone
from tests.service.conftest import CHANNEL, MODERATOR, start_game
from tests.service.test_variant_games import orders_for

MENTION = re.compile(r"<@!?\d+>")
THINK_MS = 40                   # small: what is tested is the seat, not the play
EVERY = pytest.mark.parametrize("vid", VARIANT_IDS)


def powers_of(vid: str) -> tuple[Power, ...]:
    return tuple(board_of(vid).powers)


async def open_phase(service, game_id: int):
    async with service.db.read() as conn:
        return await phases.latest(conn, game_id)


async def variant_game(service, vid: str, **settings):
    return await start_game(service, players=len(powers_of(vid)), board=vid,
                            name=f"A {vid} game", channel=CHANNEL + VARIANT_IDS.index(vid),
                            **settings)


async def send_orders(service, game, vid: str, rng: random.Random, *, leave_out=()) -> None:
    """Valid orders for every power but `leave_out` in the open phase (random moves, the
    computer's retreats and adjustments: tests/service/test_variant_games.py)."""
    phase = await open_phase(service, game.id)
    for power, texts in orders_for(phase.position, board_of(vid), rng).items():
        if power in leave_out:
            continue
        report = await service.orders.submit(game.id, game.user[power], "\n".join(texts))
        assert all(line.ok for line in report.lines), texts


# -- anonymous and gunboat ----------------------------------------------------------------------

@EVERY
async def test_an_anonymous_gunboat_game_names_powers_and_never_users(service, notifier, vid):
    game = await variant_game(service, vid, anonymous=True, press="gunboat")
    users = set(game.user.values())
    first, second = powers_of(vid)[:2]
    await send_orders(service, game, vid, random.Random(vid), leave_out={second})
    await service.moderation.process_now(game.id, MODERATOR)
    posts = notifier.posted(channel_id=CHANNEL + VARIANT_IDS.index(vid))
    assert {"game.started", "phase.results"} <= {m.key for m in posts}
    for message in posts:
        assert message.anonymous and not message.ping, message.key
        for lang in ("en", "it", "nl"):
            text = "\n".join([message.text, *await render_message(None, message, lang)])
            # the moderator's acts stay named (bot/params.py); the players never are
            assert set(MENTION.findall(text)) <= {f"<@{MODERATOR}>"}, (message.key, text)
            assert not [u for u in users if str(u) in text], (message.key, lang)
    # the results name the variant's powers, and who sent nothing among them
    [results] = [m for m in posts if m.key == "phase.results"]
    [report] = await service.history.phases(game.id)
    assert second in report.missed
    assert {r["power"] for r in results.params["results"]} <= {p.value for p in powers_of(vid)}
    # no press between powers, nor channels for it
    with pytest.raises(ServiceError) as refused:
        await service.press.send(game.id, game.user[first], second, "shall we?")
    assert refused.value.key == "press.gunboat"
    with pytest.raises(ServiceError) as no_room:
        await service.press.room_for(game.id, game.user[first], [second])
    assert no_room.value.key in ("press.gunboat", "press.anonymous_channels")
    assert not notifier.sent_to(game.user[second], "press.received")


# -- the game's language -----------------------------------------------------------------------

@EVERY
@pytest.mark.parametrize("lang", ["it", "nl"])
async def test_the_games_language_names_the_variants_powers_in_it(service, notifier, vid, lang):
    game = await variant_game(service, vid, language=lang)
    # each player's briefing gives an order they can send (Pure's capitals all border each
    # other and are all held: it gave none, and told every player they had nothing to order)
    for power, user in game.user.items():
        [briefing] = notifier.sent_to(user, "game.briefing")
        example = briefing.params["example"]
        assert example, power
        shown = "".join(await render_message(None, briefing, lang))
        assert tr(lang, "briefing.nothing_to_order") not in shown, power
        if power in powers_of(vid)[:2]:
            report = await service.orders.submit(game.id, user, example)
            assert [line.ok for line in report.lines] == [True], (power, example)
    await service.moderation.process_now(game.id, MODERATOR)       # two powers ordered
    posts = notifier.posted(channel_id=CHANNEL + VARIANT_IDS.index(vid))
    assert posts and all(m.lang == lang for m in posts)
    [started] = [m for m in posts if m.key == "game.started"]
    text = "\n".join(await render_message(None, started, lang))
    # the classic seven as the catalogue names them, the others as their variant does
    names = {p: tr(lang, f"power.{p.value}", fallback=variant_power_name(p.value, lang))
             for p in powers_of(vid)}
    for power, name in SPOT_CHECKS.get((vid, lang), {}).items():
        assert names[Power.parse(power, vid)] == name
    assert [p for p, name in names.items() if name not in text] == []
    english = {p: p.value for p, name in names.items() if name != p.value}
    assert [name for name in english.values() if re.search(rf"\b{name}\b", text)] == []
    [results] = [m for m in posts if m.key == "phase.results"]
    shown = "\n".join(await render_message(None, results, lang))
    named = {r["power"] for r in results.params["results"]} | set(
        results.params["civil_disorder"])
    assert named and all(names[Power.parse(p, vid)] in shown for p in named)


@pytest.mark.parametrize(("lang", "thapsus", "spain"), [("it", "Tapso", "Spagna"),
                                                         ("nl", "Thapsus", "Spanje")])
async def test_an_ancient_mediterranean_games_notices_name_its_own_provinces(
        service, notifier, lang, thapsus, spain):
    """Its ids are not the classic map's (`spa` is Sparta, not Spain; `tha` Thapsus): the
    notices carry the game's board, and the bot names the provinces on it."""
    game = await variant_game(service, "ancmed", language=lang)
    carthage = game.user[Power("Carthage")]
    [briefing] = notifier.sent_to(carthage, "game.briefing")
    assert briefing.params["board"] == "ancmed"
    text = "".join(await render_message(None, briefing, lang))
    assert f"F {thapsus} (THA)" in text
    report = await service.orders.submit(game.id, game.user[Power("Greece")], "A ATH - SPA")
    # the reply to the DM glosses the codes on the game's board (bot/formatting.py)
    echo = submission_text(lang, report, game.view.name, game.view.settings.board)
    assert "Sparta" in echo and spain not in echo
    await service.moderation.process_now(game.id, MODERATOR)
    [results] = notifier.posted("phase.results")
    shown = "\n".join(await render_message(None, results, lang))
    assert "Sparta" in shown and spain not in shown


SPOT_CHECKS = {("ancmed", "it"): {"Carthage": "Cartagine", "Egypt": "Egitto"},
               ("ancmed", "nl"): {"Carthage": "Carthago", "Egypt": "Egypte"},
               ("chaos", "it"): {"Paris": "Parigi", "St Petersburg": "San Pietroburgo"},
               ("chaos", "nl"): {"Paris": "Parijs", "St Petersburg": "Sint-Petersburg"},
               ("standard", "it"): {"England": "Inghilterra"},
               ("france_austria", "nl"): {"France": "Frankrijk", "Austria": "Oostenrijk"}}


# -- the computer's seats ----------------------------------------------------------------------

def owed(position, power: Power) -> int:
    """How many orders `power` owes in the open phase (a movement: one per unit)."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return sum(u.power == power for u in position.units)
    return -1                  # retreats, adjustments: checked by the results instead


@EVERY
async def test_the_computer_fills_the_seats_nobody_joined_for(service, notifier, clock, vid):
    service.computer.think_ms = THINK_MS
    powers = powers_of(vid)
    game = await service.games.create(
        channel_id=CHANNEL + VARIANT_IDS.index(vid), moderator_id=MODERATOR, name=vid,
        settings=GameSettings(players=len(powers), board=vid, computer_fills=True))
    human = 4242
    await service.games.join(game.id, human)
    view = await service.games.start(game.id, MODERATOR, seed=5)
    computers = {s.power for s in view.seats if s.computer}
    assert len(computers) == len(powers) - 1 and all(s.user_id in (None, human)
                                                      for s in view.seats)
    for _ in range(2):                          # two phases, the player sending nothing
        phase = await open_phase(service, game.id)
        clock.set(phase.deadline_at - timedelta(minutes=5))    # within the computer's lead
        await service.deadlines.run_due()
        given = await service.computer.given(game.id)
        owing = {p for p in computers if p in await phases_owing(service, game.id)}
        assert set(given) == owing, phase.name
        for power, orders in given.items():
            if owed(phase.position, power) >= 0:
                assert len(orders) == owed(phase.position, power), (power, orders)
        clock.set(phase.deadline_at)
        assert await service.deadlines.run_due() == 1
        report = (await service.history.phases(game.id))[-1]
        assert report.phase == phase.name
        assert not computers & set(report.civil_disorder), report.phase
        assert not computers & set(report.missed), report.phase
        bad = [r for r in report.results if r.power in computers
               and r.status not in ("succeeds", "fails")]
        assert bad == [], report.phase
        assert (await open_phase(service, game.id)).name != phase.name


async def phases_owing(service, game_id: int) -> set[Power]:
    """The powers that owe orders in the open phase (the upkeep's list), the computer's
    included once it has given them."""
    view = await service.games.status(game_id)
    return {s.power for s in view.seats if s.needs_orders}


@EVERY
async def test_an_abandoned_seat_goes_to_the_computer(service, notifier, vid):
    service.computer.think_ms = THINK_MS
    game = await variant_game(service, vid, abandon_after=1, computer_takes_abandoned=True)
    gone = powers_of(vid)[-1]
    await send_orders(service, game, vid, random.Random(vid), leave_out={gone})
    await service.moderation.process_now(game.id, MODERATOR)
    [abandoned] = notifier.posted("seat.abandoned")
    assert abandoned.params["power"] == gone.value
    assert await service.computer.powers(game.id) == [gone]
    given = await service.computer.play(game.id)
    phase = await open_phase(service, game.id)
    if gone in await phases_owing(service, game.id) or given:
        assert list(given) == [gone] and given[gone], phase.name
    await service.moderation.process_now(game.id, MODERATOR)
    report = (await service.history.phases(game.id))[-1]
    assert gone not in report.civil_disorder and gone not in report.missed


# -- a fixed schedule --------------------------------------------------------------------------

def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


ROME = zone("Europe/Rome")


@EVERY
async def test_a_fixed_schedule_sets_each_phases_deadline(service, clock, vid):
    """Movement deadlines at 21:00 in Rome, every day; retreats and adjustments two hours
    after the phase before; the game's first phase (Chaos opens on a winter, W1900A) on a
    slot, as players who just joined need the time."""
    clock.set(utc(2026, 11, 25, 6, 0))                          # 07:00 in Rome
    game = await variant_game(service, vid, timezone="Europe/Rome", schedule_time="21:00",
                              schedule_followup=timedelta(hours=2))
    rng = random.Random(vid)
    kinds, previous = set(), None
    for _ in range(5):
        phase = await open_phase(service, game.id)
        kind = phase.position.phase.kind
        kinds.add(kind)
        local = phase.deadline_at.astimezone(ROME)
        if kind is PhaseKind.MOVEMENT or previous is None:
            assert (local.hour, local.minute) == (21, 0), (phase.name, local)
            assert phase.deadline_at - phase.opened_at >= timedelta(hours=12), phase.name
        else:
            assert phase.deadline_at == previous + timedelta(hours=2), phase.name
        await send_orders(service, game, vid, rng)
        clock.set(phase.deadline_at)
        assert await service.deadlines.run_due() == 1
        previous = phase.deadline_at
    assert {PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENT} <= kinds


# -- missed orders, the end year, the victory target -------------------------------------------

@EVERY
async def test_grace_for_missing_orders_and_the_end_year_in_the_variants_years(
        service, notifier, clock, vid):
    board = board_of(vid)
    first_year = board.first_year
    with pytest.raises(InvalidRequest) as early:
        GameSettings(players=len(board.powers), board=vid, end_year=first_year - 1).validate()
    assert early.value.key == "settings.bad_end_year"
    game = await variant_game(service, vid, nmr_policy="grace",
                              nmr_grace=timedelta(hours=6), end_year=first_year)
    late = powers_of(vid)[0]
    rng = random.Random(vid)
    await send_orders(service, game, vid, rng, leave_out={late})
    phase = await open_phase(service, game.id)
    clock.set(phase.deadline_at)
    assert await service.deadlines.run_due() == 0                       # held for the late one
    [grace] = notifier.posted("nmr.grace")
    assert grace.params["powers"] == [late.value]
    clock.advance(timedelta(hours=6))
    assert await service.deadlines.run_due() == 1
    [results] = notifier.posted("phase.results")
    assert results.params["civil_disorder"] == ([late.value] if phase.position.phase.kind
                                                is PhaseKind.MOVEMENT else [])
    for _ in range(4):                                          # the rest of the first year
        if (await service.games.status(game.id)).status == "finished":
            break
        await send_orders(service, game, vid, rng)
        await service.moderation.process_now(game.id, MODERATOR)
    view = await service.games.status(game.id)
    assert view.status == "finished" and view.outcome["kind"] == "end_year"
    assert view.outcome["year"] == first_year
    assert all(str(first_year) == p.phase[1:-1] for p in await service.history.phases(game.id))


# -- press, its channels, draws --------------------------------------------------------------

@EVERY
async def test_press_its_channels_and_a_draw_between_the_variants_powers(service, notifier, vid):
    powers = powers_of(vid)
    created = await service.games.create(
        channel_id=CHANNEL + VARIANT_IDS.index(vid), moderator_id=MODERATOR, name=vid,
        settings=GameSettings(players=len(powers), board=vid), guild_id=42)
    for user in range(1, len(powers) + 1):
        await service.games.join(created.id, user)
    view = await service.games.start(created.id, MODERATOR, seed=1)
    users = {s.power: s.user_id for s in view.seats}
    plan = await service.game_channels.enable(created.id, MODERATOR)
    assert {r.power for r in plan.rooms} == set(powers)
    await service.game_channels.record_category(created.id, 6000)
    for i, power in enumerate(powers):
        await service.game_channels.record_room(created.id, power, 6001 + i, 7000 + i)
    sender, *others = powers
    room = await service.press.room_for(created.id, users[sender], others[:2])
    assert room.powers == (sender, *others[:2])
    assert room.role_ids == tuple(7000 + powers.index(p) for p in room.powers)
    named = Power.parse(others[0].value, vid)            # "St Petersburg", "Carthage"
    sent = await service.press.send(created.id, users[sender], named, "an alliance?")
    assert (sent.from_power, sent.to_power) == (sender, others[0])
    [received] = notifier.sent_to(users[others[0]], "press.received")
    assert received.params["power"] == sender.value
    # a draw voted by every power (Chaos's 34, the 1-vs-1 games' two)
    for power in powers[:-1]:
        report = await service.endgame.vote_draw(created.id, users[power])
        assert not report.passed and set(report.active) == set(powers)
    assert notifier.posted("game.draw") == []
    report = await service.endgame.vote_draw(created.id, users[powers[-1]])
    assert report.passed and set(report.powers) == set(powers)
    [post] = notifier.posted("game.draw")
    assert post.params["outcome"]["voted"] == sorted(p.value for p in powers)
    assert (await service.games.status(created.id)).status == "finished"


# -- the colour-blind palette ------------------------------------------------------------------

def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


@EVERY
async def test_the_chart_and_the_replay_are_drawn_in_the_variants_colours(service, renderer,
                                                                          vid):
    """Drawn for real, in the colour-blind palette: the chart has a line and a legend entry in
    each of the variant's powers' colours, and the replay's colours are its variant's (own
    colours on Chaos, Okabe-Ito's on the Ancient Mediterranean: docs/variants.md)."""
    game = await variant_game(service, vid, palette="colourblind", language="nl")
    await send_orders(service, game, vid, random.Random(vid))
    await service.moderation.process_now(game.id, MODERATOR)
    assert renderer.calls and all(c.get("palette") == "colourblind" for c in renderer.calls)
    drawn = map_variant(vid)
    palette = drawn.palette("colourblind") if drawn.own_palette else palette_named("colourblind")
    wanted = {hex_rgb(palette.colours[p]) for p in powers_of(vid)}
    chart = await service.replays.chart(game.id)
    with Image.open(io.BytesIO(chart.png)) as image:
        assert wanted <= {c for _n, c in image.convert("RGB").getcolors(1 << 20)}
    replay = await service.replays.replay(game.id)
    with Image.open(io.BytesIO(replay.png)) as image:
        table = image.getpalette()
        assert wanted <= {tuple(table[i:i + 3]) for i in range(0, len(table), 3)}


# -- /mod settings on a variant ------------------------------------------------------------------

@EVERY
async def test_mod_settings_moves_a_forming_game_to_the_variant_and_its_players(service, vid):
    """`/mod settings board` before the start: the variant's own number of players comes with
    it (Chaos's 34 could not be reached in two steps: no standard set-up has 34 players)."""
    game = await service.games.create(channel_id=CHANNEL, moderator_id=MODERATOR, name=vid,
                                      settings=GameSettings(players=3))
    change = await service.game_config.change(game.id, MODERATOR, "board", vid)
    assert (change.old, change.new) == ("standard", vid)
    view = await service.games.status(game.id)
    count = len(powers_of(vid)) if vid != "standard" else 3     # the standard board's own
    assert (view.settings.board, view.settings.players) == (vid, count)
    for user in range(1, count + 1):
        await service.games.join(game.id, user)
    started = await service.games.start(game.id, MODERATOR, seed=2)
    assert started.phase == board_of(vid).start
    assert {s.power for s in started.seats} == set(powers_of(vid))
    if vid != "standard":                       # and back: the full seven
        other = await service.games.create(channel_id=CHANNEL + 1, moderator_id=MODERATOR,
                                           name="back", settings=GameSettings(
                                               players=count, board=vid))
        await service.game_config.change(other.id, MODERATOR, "board", "standard")
        assert (await service.games.status(other.id)).settings.players == 7


VICTORY = {"standard": 18, "ancmed": 18, "chaos": 18, "fleet_rome": 18,
           "france_austria": 18, "germany_italy": 18, "pure": 4}


@EVERY
async def test_mod_settings_after_the_start_read_the_variants_years_and_target(service, vid):
    board = board_of(vid)
    assert set(VICTORY) == set(VARIANT_IDS)
    with pytest.raises(InvalidRequest) as bad:
        GameSettings(players=len(board.powers), board=vid, victory_target=35).validate()
    assert bad.value.key == "settings.bad_target"
    game = await variant_game(service, vid)
    # the victory target is the variant's unless set
    assert game.view.settings.target == VICTORY[vid] == board.victory_target
    year = board.first_year
    with pytest.raises(InvalidRequest) as past:
        await service.game_config.change(game.id, MODERATOR, "end_year", str(year - 1))
    assert past.value.key == "settings.end_year_past"
    await service.game_config.change(game.id, MODERATOR, "end_year", str(year + 1))
    await service.game_config.change(game.id, MODERATOR, "victory_centres", "3")
    view = await service.games.status(game.id)
    assert (view.settings.end_year, view.settings.target) == (year + 1, 3)
    with pytest.raises(InvalidRequest) as fixed:
        await service.game_config.change(game.id, MODERATOR, "board", "standard")
    assert fixed.value.key == "settings.fixed_after_start"
