"""Fog of war through a retreat and a winter (docs/variants.md): a French army dislodged in
Burgundy, in sight of France and Germany only, retreats (or is disbanded); then every power
builds, waives or is waived. Every notice the stand-in recorded (results, dislodged units,
centres, the notices of the phases that open, reminders, a rollback's post, a replacement's
briefing) is checked against its reader's sight (`tests/service/fog_check.py`), and the check
is shown to fail with the rule off and when the private reports ignore sight."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest

from engine.position import Position
from engine.vocabulary import Power
from service.games import sealed
from service.notices import fog_notices
from tests.service.conftest import CHANNEL, MODERATOR, start_game
from tests.service.fog_check import TaggedRenderer, board_of, leaks

E, F, G, IT, A, R, T = (Power.ENGLAND, Power.FRANCE, Power.GERMANY, Power.ITALY, Power.AUSTRIA,
                       Power.RUSSIA, Power.TURKEY)
SPRING = {E: "F LON - NTH\nF EDI - NWG\nA LVP - YOR",
          F: "A PAR - BUR\nF BRE - MAO\nA MAR H",
          G: "A MUN - RUH\nA BER - MUN\nF KIE - DEN",
          IT: "A VEN - TYR\nF NAP - ION\nA ROM - APU",
          A: "A VIE - GAL\nF TRI - ALB\nA BUD - SER",
          R: "A MOS - UKR\nF SEV - BLA\nA WAR - GAL\nF STP/SC - BOT",
          T: "F ANK - BLA\nA CON - BUL\nA SMY - ARM"}
FALL = {E: "F NTH H\nF NWG - NWY\nA YOR H",
        F: "A BUR H\nF MAO - POR\nA MAR H",
        G: "A RUH - BUR\nA MUN S A RUH - BUR\nF DEN H",
        IT: "A TYR H\nF ION - TUN\nA APU H",
        A: "A VIE H\nF ALB - GRE\nA SER H",
        R: "A UKR - RUM\nF SEV H\nA WAR H\nF BOT - SWE"}        # Turkey sends nothing
WINTER = {E: "F LON B", F: "A PAR B", G: "A BER B", IT: "WAIVE",
          A: "A BUD B\nF TRI B", R: "A MOS B\nF STP/NC B"}     # Turkey's build is waived
NEWCOMER = 77_001


@pytest.fixture
def renderer():
    return TaggedRenderer()


async def _remind(service, clock, game_id):
    """The reminder two hours before the open phase's deadline."""
    view = await service.games.status(game_id)
    clock.set(view.deadline - timedelta(hours=1))
    assert await service.deadlines.run_due() == 0


async def _order(service, game, orders):
    for power, text in orders.items():
        report = await service.orders.submit(game.id, game.user[power], text)
        assert all(line.ok for line in report.lines), (power, report.lines)


async def play(service, clock, *, fog: bool, retreat: str | None):
    """Spring, fall (France's army in Burgundy dislodged), the retreat (`retreat`, or none:
    disbanded), the winter, a rollback of it and a replacement for France."""
    game = await start_game(service, fog=fog, reminders=(timedelta(hours=2),))
    await _order(service, game, SPRING)
    await service.moderation.process_now(game.id, MODERATOR)
    await _order(service, game, FALL)
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).phase == "F1901R"
    await _remind(service, clock, game.id)
    if retreat:
        await service.orders.submit(game.id, game.user[F], retreat)
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).phase == "W1901A"
    await _orders_winter(service, game, retreat)
    await _remind(service, clock, game.id)
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).phase == "S1902M"
    await service.moderation.rollback(game.id, MODERATOR)         # the winter opens again
    await service.seating.replace_player(game.id, MODERATOR, F, NEWCOMER)
    return game


async def _orders_winter(service, game, retreat):
    winter = dict(WINTER)
    if not retreat:                   # one unit fewer: a second build
        winter[F] = "A PAR B\nF BRE B"
    await _order(service, game, winter)


def _results(notifier, user, phase):
    return [m for m in notifier.sent_to(user, "phase.results") if m.params["phase"] == phase]


@pytest.mark.parametrize("retreat", ["A BUR - BEL", None])
async def test_retreats_and_winters_tell_each_player_only_what_they_see(
        service, notifier, renderer, clock, retreat):
    renderer.calls.clear()
    game = await play(service, clock, fog=True, retreat=retreat)
    board = await board_of(service, game.id)
    seated = SimpleNamespace(id=game.id, user={**game.user, F: NEWCOMER})
    old = SimpleNamespace(id=game.id, user=game.user)
    assert leaks(old, notifier, renderer, board, channel=CHANNEL) == []
    assert leaks(seated, notifier, renderer, board, channel=CHANNEL) == []
    # the channel: only that each phase is over, and reminders naming nobody out of spring
    over = [m.params["phase"] for m in notifier.posted("phase.over_fog")]
    assert over == ["S1901M", "F1901M", "F1901R", "W1901A"]
    assert not notifier.posted("phase.results")
    assert [m.params["phase"] for m in notifier.posted("reminder.channel_fog")] \
        == ["F1901R", "W1901A"]
    assert not notifier.posted("reminder.channel")
    [rollback] = notifier.posted("moderation.rollback")
    assert rollback.image is None
    # the fall: Burgundy's fall told to France and Germany, not to England nor Italy
    dislodged = {p: [d["location"] for d in _results(notifier, game.user[p], "F1901M")[0]
                     .params["dislodged"]] for p in (E, F, G, IT)}
    assert dislodged == {E: [], F: ["bur"], G: ["bur"], IT: []}
    [french] = _results(notifier, game.user[F], "F1901M")[0].params["dislodged"]
    assert set(french["retreat_options"]) == {"par", "pic", "gas", "bel"}
    [seen_by_germany] = _results(notifier, game.user[G], "F1901M")[0].params["dislodged"]
    assert "retreat_options" not in seen_by_germany
    italy = [r["order"] for r in _results(notifier, game.user[IT], "F1901M")[0].params["results"]]
    assert "A MUN S A RUH - BUR" in italy and "A BUR H" not in italy   # Munich borders Tyrolia
    # the retreat: told to who sees Burgundy or Belgium; a disband to France alone
    told = {p: [r["order"] for r in _results(notifier, game.user[p], "F1901R")[0]
                .params["results"] if r["power"] == "France"] for p in (E, G, IT, T)}
    if retreat:
        assert told == {E: ["A BUR R BEL"], G: ["A BUR R BEL"], IT: [], T: []}
    else:
        assert told == {E: [], G: [], IT: [], T: []}
        [notice] = [m for m in notifier.sent_to(game.user[F], "turn.notice")
                    if m.params["previous_phase"] == "F1901R"]
        assert notice.params["disbanded"] == ["A BUR"]
    assert [m.params["missing"] for m in notifier.sent_to(game.user[F], "reminder")
            if m.params["phase"] == "F1901R"] == [{"France": ["A BUR"]}]
    # the winter: a build told where it is seen, a waive to its own player only
    winter = {p: {r["order"] for r in _results(notifier, game.user[p], "W1901A")[0]
                  .params["results"]} for p in Power}
    assert "WAIVE" in winter[IT] and not any("WAIVE" in w for p, w in winter.items()
                                               if p is not IT)
    assert "A BER B" in winter[G] and "A BER B" not in winter[E] | winter[IT] | winter[T]
    assert "A MOS B" in winter[R] and "A MOS B" not in winter[E] | winter[F]
    [turkey] = [m for m in notifier.sent_to(game.user[T], "turn.notice")
                if m.params["previous_phase"] == "W1901A"]
    assert turkey.params["waived"] == 1
    # each player's centres in words: their own, with the change (the others' in sight
    # are on their map: a count of them would read as the whole)
    fall = _results(notifier, game.user[E], "F1901R")[0].params
    assert {p: sorted(cs) for p, cs in fall["supply_centers"].items()} \
        == {"England": ["edi", "lon", "lvp", "nwy"]}
    assert fall["centres_before"] == {"England": 3}
    # the newcomer's briefing: the map of what France sees
    [briefing] = notifier.sent_to(NEWCOMER, "game.briefing")
    assert briefing.image is not None
    [drawn] = [c for c in renderer.calls if c.get("png") == briefing.image]
    assert drawn["visible"] and "mos" not in drawn["visible"] and "par" in drawn["visible"]


async def test_the_check_finds_the_leaks_without_the_rule(service, notifier, renderer, clock):
    renderer.calls.clear()
    game = await play(service, clock, fog=False, retreat="A BUR - BEL")
    board = await board_of(service, game.id)
    found = leaks(game, notifier, renderer, board, channel=CHANNEL, fog=False)
    assert any("phase.results tells results" in f for f in found)
    assert any("phase.results tells dislodged" in f for f in found)
    assert any("phase.results carries a map" in f for f in found)
    assert any("moderation.rollback carries a map" in f for f in found)
    assert any("reminder of F1901R names who owes" in f for f in found)
    assert any("a map of the whole board" in f for f in found)


async def test_the_check_finds_private_reports_that_ignore_sight(service, notifier, renderer,
                                                                 clock, monkeypatch):
    everything = frozenset(Position.initial().board.provinces)
    monkeypatch.setattr(fog_notices, "sight", lambda position, power, board=None: everything)
    monkeypatch.setattr(sealed, "seen_position", lambda position, power, board=None: position)
    renderer.calls.clear()
    game = await play(service, clock, fog=True, retreat="A BUR - BEL")
    board = await board_of(service, game.id)
    found = leaks(game, notifier, renderer, board, channel=CHANNEL)
    assert "England (phase.results, F1901M) told France A BUR H" in found
    assert any("dislodged in bur" in f for f in found)
    assert any("beyond their sight" in f for f in found)
