"""The map posted with the results: the new position with what happened drawn on it, in the
game's language, its centre counts those of the text it is posted with."""

from __future__ import annotations

from engine.vocabulary import Power
from tests.service.conftest import MODERATOR, start_game


async def test_the_results_map_is_the_new_position_in_the_games_language(service, notifier,
                                                                       renderer):
    game = await start_game(service, language="it")
    await service.orders.submit(game.id, game.user[Power.FRANCE], "A PAR - BUR")
    await service.orders.submit(game.id, game.user[Power.RUSSIA], "F SEV - RUM")
    await service.moderation.process_now(game.id, MODERATOR)
    await service.orders.submit(game.id, game.user[Power.RUSSIA], "F RUM H")
    renderer.calls.clear()
    await service.moderation.process_now(game.id, MODERATOR)
    (call,) = [c for c in renderer.calls if c.get("after") is not None]
    assert call["language"] == "it"
    after = call["after"]
    # drawn: Fall's orders with their results, over the position they left
    assert any(r.order.canonical() == "F RUM H" for r in call["results"])
    assert after.unit_in("rum") is not None and after.unit_in("bur") is not None
    # its centres are those the results text counts: Russia took Rumania
    (post,) = [m for m in notifier.posted("phase.results") if m.params["phase"] == "F1901M"]
    assert len(post.params["supply_centers"]["Russia"]) == 5
    assert after.center_counts()[Power.RUSSIA] == 5
    assert post.image is not None


async def test_a_game_without_a_language_draws_its_maps_in_english(service, renderer):
    game = await start_game(service)
    await service.maps.current(game.id)
    assert renderer.calls[-1]["language"] == "en"


async def test_the_large_map_is_asked_of_the_renderer_only_when_wanted(service, renderer):
    """`/game map large:` asks for the 1440 px map, of the open phase and of a phase done;
    the posted maps never pass `size`, so a renderer without it still draws them."""
    game = await start_game(service, language="nl")
    image = await service.maps.current(game.id, "large")
    assert renderer.calls[-1]["size"] == "large"
    assert image.filename.endswith("-large.png")
    normal = await service.maps.current(game.id)
    assert "size" not in renderer.calls[-1] and not normal.filename.endswith("-large.png")
    await service.moderation.process_now(game.id, MODERATOR)
    assert all("size" not in c for c in renderer.calls[2:])
    await service.maps.current(game.id, "large")
    assert renderer.calls[-1]["size"] == "large"
    assert renderer.calls[-1]["language"] == "nl"
