"""How games end: secret draw votes, victory, the end year; maps and history."""

from __future__ import annotations

from engine.vocabulary import Power
from tests.service.conftest import MODERATOR, start_game

PNG = b"\x89PNG\r\n\x1a\n"


async def test_draw_votes_are_secret_until_every_power_with_units_votes_yes(service, notifier):
    game = await start_game(service)
    powers = list(game.user)
    for power in powers[:-1]:
        report = await service.endgame.vote_draw(game.id, game.user[power])
        assert report.vote and not report.passed
    await service.endgame.vote_draw(game.id, game.user[powers[0]], yes=False)
    assert not (await service.endgame.vote_draw(game.id, game.user[powers[-1]])).passed
    assert notifier.posted("game.draw") == []                  # nothing said so far
    assert all("draw" not in m.key for _c, m in notifier.posts)
    report = await service.endgame.vote_draw(game.id, game.user[powers[0]])
    assert report.passed and set(report.powers) == set(Power)
    view = await service.games.status(game.id)
    assert view.status == "finished" and view.outcome["kind"] == "draw"
    assert notifier.posted("game.draw")


async def test_a_power_without_units_is_not_needed_for_a_draw(service):
    game = await start_game(service, players=6)                # Italy neutral: no vote
    for power in list(game.user)[:-1]:
        await service.endgame.vote_draw(game.id, game.user[power])
    report = await service.endgame.vote_draw(game.id, game.user[list(game.user)[-1]])
    assert report.passed and Power.ITALY not in report.powers


async def test_the_end_year_ends_the_game_after_its_last_phase(service, notifier):
    game = await start_game(service, end_year=1901)
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).status == "active"
    await service.moderation.process_now(game.id, MODERATOR)                # F1901M: nobody builds
    view = await service.games.status(game.id)
    assert view.status == "finished" and view.outcome["kind"] == "end_year"
    # announced once: in the results of the last phase, not again in a post of its own
    assert "end year 1901" in notifier.posted("phase.results")[-1].text
    assert notifier.posted("game.finished") == []


async def test_victory_when_a_power_reaches_the_target(service, notifier):
    game = await start_game(service, victory_target=5)
    await service.orders.submit(game.id, game.user[Power.RUSSIA], "F SEV - RUM")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.moderation.process_now(game.id, MODERATOR)                # Russia holds RUM: 5
    view = await service.games.status(game.id)
    assert view.outcome["kind"] == "victory" and view.outcome["winners"] == ["Russia"]
    assert "victory for Russia" in notifier.posted("phase.results")[-1].text
    assert sum("victory" in m.text for m in notifier.posts and [m for _c, m in
                                                                notifier.posts]) == 1
    # after the last results: the replay of every phase, then the chart of the centres
    keys = [m.key for _c, m in notifier.posts]
    assert keys[-2:] == ["game.replay", "game.chart"]
    replay, chart = notifier.posted("game.replay")[0], notifier.posted("game.chart")[0]
    assert replay.image.startswith(b"GIF8") and replay.image_name.endswith(".gif")
    assert chart.image.startswith(b"\x89PNG")


async def test_victory_is_decided_only_when_the_centres_are_counted(service, notifier):
    # Russia starts on four centres: a target of four is reached only when Fall counts them
    # (seed 000 II: centres change hands after Fall), not on reaching Spring 1901.
    game = await start_game(service, victory_target=4)
    await service.moderation.process_now(game.id, MODERATOR)
    view = await service.games.status(game.id)
    assert view.status == "active" and view.phase == "F1901M" and view.outcome is None
    assert notifier.posted("game.finished") == []
    assert "Next: F1901M" in notifier.posted("phase.results")[-1].text
    await service.moderation.process_now(game.id, MODERATOR)
    view = await service.games.status(game.id)
    assert view.status == "finished"
    assert view.outcome["kind"] == "victory" and view.outcome["winners"] == ["Russia"]


async def test_the_end_year_waits_for_the_count_after_the_retreats(service):
    game = await start_game(service, end_year=1901)
    France, Germany = game.user[Power.FRANCE], game.user[Power.GERMANY]
    await service.orders.submit(game.id, France, "A PAR - BUR")
    await service.orders.submit(game.id, Germany, "A MUN - RUH\nA BER - MUN")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, Germany, "A RUH - BUR\nA MUN S A RUH - BUR")
    await service.moderation.process_now(game.id, MODERATOR)               # French army dislodged
    view = await service.games.status(game.id)
    assert view.status == "active" and view.phase == "F1901R"
    await service.orders.submit(game.id, France, "A BUR R PIC")
    await service.moderation.process_now(game.id, MODERATOR)               # counted: the year is over
    view = await service.games.status(game.id)                        # nobody gained: no builds
    assert view.status == "finished" and view.outcome["kind"] == "end_year"


async def test_a_draw_vote_passes_between_counts_even_above_the_victory_target(service):
    game = await start_game(service, victory_target=4)          # Russia holds four already
    for user in list(game.user.values())[:-1]:
        assert not (await service.endgame.vote_draw(game.id, user)).passed
    report = await service.endgame.vote_draw(game.id, list(game.user.values())[-1])
    assert report.passed and set(report.powers) == set(Power)
    assert (await service.games.status(game.id)).outcome["kind"] == "draw"


async def test_maps_current_preview_and_history(service, renderer):
    game = await start_game(service)
    current = await service.maps.current(game.id)
    assert current.phase == "S1901M" and current.png.startswith(PNG)
    user = game.user[Power.FRANCE]
    await service.orders.submit(game.id, user, "A PAR - BUR")
    await service.orders.submit(game.id, game.user[Power.GERMANY], "A MUN - BUR")
    preview = await service.maps.preview(game.id, user)
    assert preview.png.startswith(PNG)
    drawn = renderer.calls[-1]["orders"]
    assert [(p, o.canonical()) for p, o in drawn] == [(Power.FRANCE, "A PAR - BUR")]
    await service.moderation.process_now(game.id, MODERATOR)
    [spring] = await service.history.phases(game.id)
    assert spring.phase == "S1901M" and spring.image is None
    assert {r.order: r.status for r in spring.results} == {"A PAR - BUR": "fails",
                                                            "A MUN - BUR": "fails"}
    report = await service.history.phase(game.id, "s1901m")
    assert report.image.png.startswith(PNG) and "bounced at BUR" in report.text
    results = renderer.calls[-1]["results"]
    assert [r.outcome.status.value for r in results] == ["fails", "fails"]


async def test_the_default_renderer_draws_real_maps_in_worker_processes(db_path):
    from service.game_service import GameService
    async with GameService.open(db_path, scheduler=False, render_processes=1) as service:
        game = await start_game(service)
        image = await service.maps.current(game.id)
        assert service.drawing.processes == 1 and service.drawing._pool is not None
    assert image.png.startswith(PNG) and image.filename == f"game-{game.id}-S1901M.png"


async def test_two_players_a_coin_gives_italy_to_a_side_from_1915(service, notifier,
                                                                 monkeypatch):
    from engine.setups import SETUPS, coin_toss
    from service.games import adjudication as core
    monkeypatch.setattr(core, "toss_seed", lambda: 11)
    game = await start_game(service, players=2, seed=7)
    assert game.view.phase == "S1914M" and Power.ITALY not in game.user
    report = await service.orders.submit(game.id, game.user[Power.FRANCE], "A MAR - PIE")
    assert report.lines[0].reason == "neutral"               # closed Italy cannot be entered
    await service.moderation.process_now(game.id, MODERATOR)
    await service.moderation.process_now(game.id, MODERATOR)
    view = await service.games.status(game.id)
    side = coin_toss(SETUPS["2"], 11)
    holder = game.user[SETUPS["2"].groups[side][0]]
    assert view.phase == "S1915M"
    assert {s.power: s.user_id for s in view.seats}[Power.ITALY] == holder
    [message] = notifier.posted("game.coin_toss")
    assert "Italy joins" in message.text
    report = await service.orders.submit(game.id, holder, "A ROM - TUS")
    assert report.recorded == ("A ROM - TUS",) and report.lines[0].warning is None
    [toss] = [e for e in await service.moderation.audit_log(game.id) if e.action == "coin_toss"]
    assert toss.params["side"] == side and toss.params["power"] == "Italy"


async def test_the_coin_cannot_be_read_in_advance_from_the_export(service, monkeypatch):
    """The export before the toss shows the game's seed; the side must not follow from it
    (nor from anything else stored): the coin is tossed only when due."""
    from engine.setups import SETUPS, coin_toss
    from service.games import adjudication as core
    game = await start_game(service, players=2, seed=7)
    before = await service.exports.game(game.id)
    assert before["rng_seed"] == 7
    assert "coin_toss" not in str(before) and "joined_side" not in str(before)
    predicted = coin_toss(SETUPS["2"], before["rng_seed"])
    other = next(n for n in range(100) if coin_toss(SETUPS["2"], n) != predicted)
    tossed: list[int] = []
    monkeypatch.setattr(core, "toss_seed", lambda: tossed.append(other) or other)
    await service.moderation.process_now(game.id, MODERATOR)
    assert tossed == []                                      # not due yet: not tossed
    await service.moderation.process_now(game.id, MODERATOR)
    assert tossed == [other]                                 # tossed once, when due
    view = await service.games.status(game.id)
    italy = {s.power: s.user_id for s in view.seats}[Power.ITALY]
    assert italy != game.user[SETUPS["2"].groups[predicted][0]]  # the export's guess fails


def test_the_results_name_powers_newly_eliminated():
    from datetime import UTC, datetime

    from engine.position import Position
    from service.models import Game, GameSettings, PhaseRow
    from service.notices.announcing import Announcer
    when = datetime(2024, 1, 1, tzinfo=UTC)
    game = Game(1, 1, None, "g", 1, GameSettings(), "active", 1, None, None, when, when, None)
    start = Position.initial()
    italy = {"ven", "rom", "nap"}
    before = Position(start.phase, tuple(u for u in start.units if u.power != Power.ITALY
                                         or u.province == "ven"),
                      {p: cs - {"rom", "nap"} for p, cs in start.supply_centers.items()})
    phase = PhaseRow(1, 1, 1, "F1901M", before, "done", when, None, when, None)
    after = {"units_after": [u.to_json() for u in before.units if u.power != Power.ITALY],
             "supply_centers_after": {p.value: sorted(cs - italy)
                                      for p, cs in before.supply_centers.items() if cs - italy}}
    assert Announcer._newly_eliminated(game, phase, after) == [Power.ITALY]
    assert Announcer._newly_eliminated(game, phase, {**after, "units_after": [
        u.to_json() for u in before.units]}) == []


async def _story_after(notifier, ending_key: str) -> None:
    """The replay and the chart follow the announcement of the game's end, in its order."""
    keys = [m.key for _c, m in notifier.posts]
    assert ending_key in keys
    assert keys[keys.index(ending_key) + 1:][:2] == ["game.replay", "game.chart"]
    replay, chart = notifier.posted("game.replay")[0], notifier.posted("game.chart")[0]
    assert replay.image.startswith(b"GIF8") and chart.image.startswith(PNG)


async def test_every_ending_posts_its_replay_and_chart(service, notifier):
    voted = await start_game(service)
    for user in voted.user.values():
        await service.endgame.vote_draw(voted.id, user)
    await _story_after(notifier, "game.draw")
    notifier.posts.clear()

    declared = await start_game(service, seed=2)
    await service.endgame.declare_draw(declared.id, MODERATOR, [Power.FRANCE, Power.ITALY])
    await _story_after(notifier, "moderation.draw_declared")
    notifier.posts.clear()

    conceded = await start_game(service, seed=3)
    await service.endgame.concede(conceded.id, MODERATOR, Power.TURKEY)
    await _story_after(notifier, "moderation.conceded")
    notifier.posts.clear()

    ended = await start_game(service, seed=4)
    await service.moderation.end_game(ended.id, MODERATOR, "the club closes")
    await _story_after(notifier, "moderation.end_game")
