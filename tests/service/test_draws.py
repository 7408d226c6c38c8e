"""The draw vote (service/games/draw_vote.py, docs/moderation.md "Draws"): a draw passes only when
every active power (seated, not in civil disorder, not eliminated) voted for it; powers in
civil disorder or vacant do not vote and never pass a draw on their own; a power eliminated
mid-vote drops out; the first proposal is told privately to the other active players, without
the proposer."""

from __future__ import annotations

import json

from engine.vocabulary import Power
from tests.service.conftest import MODERATOR, start_game

A, E, F, G, IT, R, T = (Power.AUSTRIA, Power.ENGLAND, Power.FRANCE, Power.GERMANY,
                        Power.ITALY, Power.RUSSIA, Power.TURKEY)
HOLD = {A: "A VIE H", E: "F LON H", F: "A PAR H", G: "A BER H", IT: "A ROM H", R: "A MOS H",
        T: "A CON H"}


async def order_all_but(service, game, *missing: Power) -> None:
    """Everyone but `missing` sends an order, then the phase is processed: `missing` fall
    into civil disorder."""
    for power, order in HOLD.items():
        if power not in missing:
            await service.orders.submit(game.id, game.user[power], order)
    await service.moderation.process_now(game.id, MODERATOR)


async def test_a_draw_passes_when_every_power_votes_for_it(service, notifier):
    game = await start_game(service)
    powers = sorted(game.user)
    for power in powers[:-1]:
        report = await service.endgame.vote_draw(game.id, game.user[power])
        assert not report.passed and report.counted
        assert set(report.active) == set(Power) and report.excluded == ()
    assert notifier.posted("game.draw") == []
    report = await service.endgame.vote_draw(game.id, game.user[powers[-1]])
    assert report.passed and set(report.powers) == set(Power)
    [post] = notifier.posted("game.draw")
    outcome = post.params["outcome"]
    assert outcome["voted"] == sorted(p.value for p in Power) and outcome["excluded"] == []
    assert "voted by every power still playing" in post.text
    assert (await service.games.status(game.id)).outcome == outcome


async def test_two_real_votes_of_seven_are_refused(service, notifier):
    game = await start_game(service)
    for power in (E, F):
        assert not (await service.endgame.vote_draw(game.id, game.user[power])).passed
    view = await service.games.status(game.id)
    assert view.status == "active" and view.outcome is None
    assert notifier.posted("game.draw") == []
    # nor does the deadline pass it when the five others miss their orders: falling into
    # civil disorder never completes a draw
    await order_all_but(service, game, A, G, IT, R, T)
    view = await service.games.status(game.id)
    assert view.status == "active" and view.phase == "F1901M"
    assert {s.power for s in view.seats if s.civil_disorder} == {A, G, IT, R, T}
    # a vote from a power in civil disorder is void and completes nothing
    report = await service.endgame.vote_draw(game.id, game.user[G])
    assert not report.counted and not report.passed
    assert (await service.games.status(game.id)).status == "active"
    # the two real votes stand: once one of them is cast again, every active power (England
    # and France) voted for it, and the others in civil disorder share it (policy "agree")
    report = await service.endgame.vote_draw(game.id, game.user[E])
    assert report.passed and set(report.powers) == set(Power)
    assert (await service.games.status(game.id)).outcome["voted"] == ["England", "France"]


async def test_powers_in_disorder_or_vacant_are_excluded_but_share_under_agree(service,
                                                                               notifier):
    game = await start_game(service)                          # draw policy "agree"
    await service.moderation.remove_player(game.id, MODERATOR, game.user[T])          # vacant
    await order_all_but(service, game, T, A)                  # Austria in civil disorder
    report = await service.endgame.vote_draw(game.id, game.user[E])
    assert set(report.active) == {E, F, G, IT, R} and set(report.excluded) == {A, T}
    for power in (F, G, IT):
        assert not (await service.endgame.vote_draw(game.id, game.user[power])).passed
    # Austria's player, in civil disorder, votes against: not counted while in disorder
    report = await service.endgame.vote_draw(game.id, game.user[A], yes=False)
    assert not report.counted and not report.passed
    report = await service.endgame.vote_draw(game.id, game.user[R])
    assert report.passed and set(report.powers) == set(Power)
    outcome = (await service.games.status(game.id)).outcome
    assert outcome["voted"] == ["England", "France", "Germany", "Italy", "Russia"]
    assert outcome["excluded"] == ["Austria", "Turkey"]
    [post] = notifier.posted("game.draw")
    assert "not counted (in civil disorder or without a player): Austria, Turkey" in post.text


async def test_left_out_powers_do_not_share_the_draw(service):
    game = await start_game(service, draw_policy="left_out")
    await order_all_but(service, game, A)
    for power in (E, F, G, IT, R):
        assert not (await service.endgame.vote_draw(game.id, game.user[power])).passed
    report = await service.endgame.vote_draw(game.id, game.user[T])
    assert report.passed and set(report.powers) == {E, F, G, IT, R, T}
    assert (await service.games.status(game.id)).outcome["excluded"] == ["Austria"]


async def test_excluded_powers_never_pass_a_draw_on_their_own(service, notifier):
    game = await start_game(service)
    await service.moderation.process_now(game.id, MODERATOR)             # everyone in civil disorder
    report = await service.endgame.vote_draw(game.id, game.user[E])
    assert not report.counted and not report.passed and report.active == ()
    assert (await service.games.status(game.id)).status == "active"
    # one player back (orders sent): the only active power, whose vote passes it
    await service.orders.submit(game.id, game.user[E], "F LON H")
    report = await service.endgame.vote_draw(game.id, game.user[E])
    assert report.passed and report.active == (E,)


async def _austria_about_to_fall(service, game_id: int) -> None:
    """The open phase becomes Fall 1901 with Austria holding Vienna only, and no unit; a
    Russian army in Galicia next to it."""
    async with service.db.transaction() as conn:
        rows = await conn.fetch("SELECT id, position_json FROM phases WHERE game_id = ? "
                                "AND status = 'open'", (game_id,))
        record = json.loads(rows[0][1])
        record["phase"] = "F1901M"
        record["units"] = [u for u in record["units"] if u["power"] != "Austria"]
        for unit in record["units"]:
            if unit["location"] == "war":
                unit["location"] = "gal"
        record["supply_centers"]["Austria"] = ["vie"]
        await conn.execute("UPDATE phases SET position_json = ?, name = 'F1901M' "
                           "WHERE id = ?", (json.dumps(record), rows[0][0]))


async def test_a_power_eliminated_mid_vote_drops_out_and_the_draw_passes(service, notifier):
    game = await start_game(service)
    await _austria_about_to_fall(service, game.id)
    for power in (E, F, G, IT, R, T):
        assert not (await service.endgame.vote_draw(game.id, game.user[power])).passed
    await service.endgame.vote_draw(game.id, game.user[A], yes=False)   # Austria refuses
    for power, order in HOLD.items():
        if power is not A:
            await service.orders.submit(game.id, game.user[power],
                                        "A GAL - VIE" if power is R else order)
    await service.moderation.process_now(game.id, MODERATOR)              # Russia takes Vienna
    view = await service.games.status(game.id)
    assert view.status == "finished"
    outcome = view.outcome
    assert outcome["kind"] == "draw" and A.value not in outcome["powers"]
    assert outcome["voted"] == ["England", "France", "Germany", "Italy", "Russia", "Turkey"]
    assert outcome["excluded"] == [] and outcome["centers"]["Russia"] == 5
    assert "voted by every power still playing" in notifier.posted("phase.results")[-1].text


async def test_an_elimination_does_not_pass_a_draw_some_active_power_refused(service):
    game = await start_game(service)
    await _austria_about_to_fall(service, game.id)
    for power in (E, F, G, IT, R):
        await service.endgame.vote_draw(game.id, game.user[power])
    await service.endgame.vote_draw(game.id, game.user[T], yes=False)
    for power, order in HOLD.items():
        if power is not A:
            await service.orders.submit(game.id, game.user[power],
                                        "A GAL - VIE" if power is R else order)
    await service.moderation.process_now(game.id, MODERATOR)
    assert (await service.games.status(game.id)).status == "active"
    # Austria, out of the game, votes: void, and it is no longer among the voters
    report = await service.endgame.vote_draw(game.id, game.user[A])
    assert report.out and not report.counted and not report.passed
    assert A not in report.active and A not in report.excluded


async def test_the_first_proposal_is_told_once_to_each_other_active_player(service, notifier):
    game = await start_game(service)
    await order_all_but(service, game, T)                     # Turkey in civil disorder
    proposer = game.user[E]
    report = await service.endgame.vote_draw(game.id, proposer)
    assert report.told == 5
    others = [game.user[p] for p in (A, F, G, IT, R)]
    for user in others:
        [notice] = notifier.sent_to(user, "draw.proposed")
        assert notice.params["active"] == ["Austria", "England", "France", "Germany",
                                           "Italy", "Russia"]
        assert notice.params["excluded"] == ["Turkey"]
        # the secret vote: nothing in it names the proposer, as a user or as a power
        assert str(proposer) not in json.dumps(dict(notice.params)) + notice.text
        assert "England" not in notice.text.split("every power still playing")[0]
    assert notifier.sent_to(proposer, "draw.proposed") == []
    assert notifier.sent_to(game.user[T], "draw.proposed") == []   # not active
    # further votes, for or against, tell nobody again
    await service.endgame.vote_draw(game.id, game.user[F])
    await service.endgame.vote_draw(game.id, game.user[G], yes=False)
    for user in others:
        assert len(notifier.sent_to(user, "draw.proposed")) == 1
    assert all("draw" not in m.key for _c, m in notifier.posts)   # nothing public yet


async def test_a_seat_that_changes_hands_loses_its_vote(service):
    game = await start_game(service)
    for power in (A, E, F, G, IT, R):
        await service.endgame.vote_draw(game.id, game.user[power])
    await service.seating.replace_player(game.id, MODERATOR, E, 4242)   # England's new player
    assert not (await service.endgame.vote_draw(game.id, game.user[T])).passed
    report = await service.endgame.vote_draw(game.id, 4242)
    assert report.passed


async def test_an_anonymous_game_hears_of_powers_never_players(service, notifier):
    game = await start_game(service, anonymous=True)
    await service.endgame.vote_draw(game.id, game.user[E])
    for notice in [m for u in game.user.values() for m in notifier.sent_to(u, "draw.proposed")]:
        assert not any(str(u) in notice.text for u in game.user.values())
    for power in (A, F, G, IT, R, T):
        await service.endgame.vote_draw(game.id, game.user[power])
    [post] = notifier.posted("game.draw")
    assert post.anonymous and "<@" not in post.text
    shown = json.dumps(dict(post.params))
    assert not any(str(u) in shown for u in game.user.values())
    assert post.params["outcome"]["voted"] == sorted(p.value for p in Power)
