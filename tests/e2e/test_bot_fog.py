"""Fog of war through Discord (issue 23's must-show): a seven-player game created with
`/mod create fog:`, orders sent by DM in English, Italian and Dutch, a movement phase, a fall
with a dislodgement (so a retreat phase) and a winter of builds and removals, several of them
out of some players' sight; players ask for `/game map`, `/game status`, `/game history`,
`/orders show`, `/orders preview` and the `/orders add` menu on the way (answered "sealed" or
with their own view). And the same on a variant: France against Austria, in Italian and
Dutch, through a winter of builds.

Then `tests/e2e/fog_check.py` goes over everything the stand-in recorded that each player
could see (channel posts, their DMs, the ephemeral answers to their own commands, what edited
messages showed before, the menus offered to them, every attachment and its alt text) and
lists every unit, order, dislodged unit, build or removal named, and every unit, order or
centre owner drawn, outside their sight. Images are judged by what the renderer wrote into each
map PNG it drew (`render.svg.contents`: the units, dislodged units, centre owners and orders
of the very scene it painted), and also by their pixels: around where a unit out of sight
stands, no patch of that power's colour such as a unit drawn there makes. With the rule off the
same game and the same check must find leaks, in text and in images."""

from __future__ import annotations

import pytest

from engine.fog import sight
from engine.position import Position
from engine.vocabulary import Power
from render.geometry import geometry_named
from render.palette import STANDARD
from service.notices import fog_notices
from service.storage.repos import phases
from tests.e2e.fog_check import (
    Timeline,
    counts,
    drawn,
    leaks,
    order_leak,
    orders_named,
    seen_by,
    units_named,
)
from tests.e2e.harness import arbitro_bot, delivered, process_now, seat_everyone
from tests.render.png_pixels import read_png

# Spring 1901: each player in their client's language (harness.PLAYERS).
SPRING = {
    "England": "F London - English Channel\nF Edinburgh - North Sea\nA Liverpool - Yorkshire",
    "France": "A Parigi - Borgogna\nA Marsiglia - Spagna\nF Brest - Atlantico Centrale",
    "Germany": "A München - Ruhrgebied\nA Berlijn - München\nF Kiel - Holland",
    "Italy": "A Venezia - Piemonte\nA Roma - Puglia\nF Napoli - Mar Ionio",
    "Austria": "A Vienna - Tyrolia\nA Budapest - Serbia\nF Trieste - Albania",
    "Russia": "A Warschau - Galicië\nA Moskou - Oekraïne\nF Sebastopol - Roemenië\n"
              "F Sint-Petersburg zuidkust - Botnische Golf",
    "Turkey": "F Ankara - Black Sea\nA Constantinople - Bulgaria\nA Smyrna - Armenia"}
# Fall 1901: Germany dislodges France's army from Burgundy; Austria walks into an empty
# Venice, so Italy has a unit too many in the winter.
FALL = {
    "England": "F English Channel holds\nF North Sea - Norway\nA Yorkshire holds",
    "France": "A Borgogna ferma\nA Spagna ferma\nF Atlantico Centrale - Portogallo",
    "Germany": "A Ruhrgebied - Bourgondië\nA München steunt A Ruhrgebied - Bourgondië\n"
               "F Holland blijft staan",
    "Italy": "A Piemonte ferma\nA Puglia ferma\nF Mar Ionio ferma",
    "Austria": "A Tyrolia - Venice\nA Serbia holds\nF Albania - Greece",
    "Russia": "A Galicië houdt\nA Oekraïne houdt\nF Roemenië houdt\nF Botnische Golf - Zweden",
    "Turkey": "F Black Sea holds\nA Bulgaria holds\nA Armenia holds"}
RETREAT = {"France": "A Borgogna si ritira in Piccardia"}
WINTER = {
    "England": "build F London",
    "France": "costruisci A Parigi\ncostruisci F Brest",
    "Germany": "bouw A Berlijn",
    "Italy": "sciogli A Piemonte",
    "Austria": "build A Vienna\nbuild A Budapest\nbuild F Trieste",
    "Russia": "bouw A Moskou\nbouw A Warschau",
    "Turkey": "build F Ankara"}
PHASES = ["S1901M", "F1901M", "F1901R", "W1901A", "S1902M"]
# Who looks at what while each phase is open: (power, command path, options)
LOOKS = [("England", ("game", "map"), {}), ("France", ("game", "status"), {}),
         ("Germany", ("orders", "preview"), {}), ("Italy", ("game", "history"), {}),
         ("Russia", ("game", "history"), {"phase": "S1901M"}), ("Turkey", ("orders", "show"), {}),
         ("Austria", ("orders", "add"), {"order": "A"})]     # its menu of suggestions


@pytest.mark.parametrize(("text", "places"), [
    ("✅ `A PAR - BUR` — succeeds", ["par"]),
    ("✅ `A MUN S A RUH - BUR` — riuscito", ["mun", "ruh"]),
    ("Francia A Borgogna (BUR) (attaccata da Ruhr (RUH)) può ritirarsi in: Piccardia",
     ["bur"]),
    ("bouw F Sint-Petersburg zuidkust", ["stp"]),
    ("de Duitse vloot in München; an army in Paris; l'armata a Roma; F Mar Nero", [
        "mun", "par", "rom", "bla"]),
    ("A power in Vienna has 3 centres; a Parigi e a Roma; Austria: 2", []),
])
def test_the_checker_reads_units_named_in_three_languages(text, places):
    assert units_named(text) == places


# France against Austria (the 1-vs-1 game on the classic board), France in Italian, Austria
# in Dutch: each sees the other only where their armies meet (Tyrolia, Munich).
DUEL = [{"France": "A Parigi - Borgogna\nF Brest - Manica\nA Marsiglia - Spagna",
         "Austria": "A Wenen - Tirol\nA Boedapest - Servië\nF Triëst - Albanië"},
        {"France": "A Borgogna - Monaco\nF Manica - Londra\nA Spagna - Portogallo",
         "Austria": "A Tirol - Venetië\nA Servië houdt\nF Albanië - Griekenland"},
        {"France": "costruisci A Parigi\ncostruisci A Marsiglia\ncostruisci F Brest",
         "Austria": "bouw A Wenen\nbouw A Boedapest\nbouw F Triëst"}]
DUEL_PLAYERS = {"France": ("Francesca", "it"), "Austria": ("Anneke", "nl")}
DUEL_LOOKS = [("France", ("game", "map"), {}), ("Austria", ("orders", "preview"), {}),
              ("Austria", ("game", "status"), {})]


# England at the start: it sees its three home provinces and their neighbours.
@pytest.mark.parametrize(("text", "leak"), [
    ("✅ `F LON - ENG` — succeeds", None),                       # its own
    ("✅ `F BRE - ENG` — bounced", None),                        # came at the Channel
    ("✅ `A PAR - PIC` — succeeds", "its unit in PAR"),          # near, but not into sight
    ("✅ `F NTH S F BRE - ENG`", None),                          # seen; Brest one step out
    ("✅ `F NTH S A MUN - KIE`", "the unit it names in MUN"),
    ("✅ `A BER - KIE` — succeeds", "its unit in BER"),
])
def test_the_checker_tells_an_order_seen_from_one_it_could_not_see(text, leak):
    seen = sight(Position.initial(), Power.ENGLAND)
    near = seen | {t for p in seen for t in Position.initial().board.provinces_touching(p)}
    [order], _ = orders_named(text)
    assert order_leak(order, seen, near) == leak


async def _orders(table, users, orders: dict[str, str]) -> None:
    for power, text in orders.items():
        reply = await table.dm(users[power], text)
        assert "✅" in reply.content and "❌" not in reply.content, (power, reply.content)
        await delivered(table)


async def _look(table, users, looks) -> None:
    """Players ask for the board: in a fog game each answer is "sealed" or their own view
    (fog_check judges what it shows); without fog, the whole board."""
    for power, path, options in looks:
        if path == ("orders", "add"):
            await table.fake.autocomplete(users[power], table.guild, table.channel, *path,
                                          focused="order", options=options)
            continue
        answer = await table.run(*path, user=users[power], options=options)
        assert answer.text or answer.files, (power, path)
    await delivered(table)


async def _play(fake, table, mod, users, rounds, looks):
    """The game's phases, each window marked, players looking on the way: the timeline."""
    marks = [0]
    for orders in rounds:
        await _look(table, users, looks)
        await _orders(table, users, orders)
        marks.append(fake.world.ids.next())     # what follows tells the phase it ends
        await process_now(table, mod)
        await delivered(table)
    await _look(table, users, looks)
    await fake.settle(0.2)
    async with table.bot.service.db.read() as conn:
        played = await phases.history(conn, 1)
    return Timeline([p.position for p in played], marks), [p.name for p in played]


async def _seven(fake, table, fog: bool):
    """The seven-player game: (players, timeline)."""
    mod, users = await seat_everyone(fake, table, "Nebbia", options={"fog": fog})
    timeline, played = await _play(fake, table, mod, users, (SPRING, FALL, RETREAT, WINTER),
                                   LOOKS)
    assert played == PHASES
    return {Power.parse(p): u for p, u in users.items()}, timeline


async def _duel(fake, table, fog: bool):
    """France against Austria: (players, timeline)."""
    mod, users = await seat_everyone(fake, table, "Marengo", players=DUEL_PLAYERS, options={
        "variant": "france_austria", "fog": fog})
    timeline, played = await _play(fake, table, mod, users, DUEL, DUEL_LOOKS)
    assert played == ["S1901M", "F1901M", "W1901A", "S1902M"]
    return {Power.parse(p): u for p, u in users.items()}, timeline


def _pixel_leaks(fake, players, timeline) -> list[str]:
    """Every map a player got, looked at: around the place of each unit out of their sight
    (in the position of the phase being told, or the one before), no patch of that power's
    colour as a unit drawn there makes."""
    geometry = geometry_named("standard")
    found = []
    for power, user in players.items():
        for shown in seen_by(fake, user):
            k = timeline.phase_at(shown.id)
            seen = timeline.sight(power, shown.id)
            hidden = {u for at in {k, max(k - 1, 0)} for u in timeline.positions[at].units
                      if u.province not in seen}
            for name, png in shown.images:
                if drawn(png) is None:
                    continue                # fog_check reports it
                image = read_png(png)
                scale = image.width / geometry.width
                for unit in hidden:
                    x, y = geometry.anchor(unit.location)
                    colour = tuple(bytes.fromhex(STANDARD.colours[unit.power][1:]))
                    # a unit drawn there fills 66-121 of these 169 pixels with its colour
                    painted = sum(image.pixel(x * scale + dx, y * scale + dy) == colour
                                  for dx in range(-6, 7) for dy in range(-6, 7))
                    if painted >= 30:
                        found.append(f"{power.value}: {name} shows {unit} in its colour")
    return found


def _assert_no_leaks(fake, players, timeline) -> None:
    found = leaks(fake, players, timeline)
    assert found == [], "\n".join(found)
    assert _pixel_leaks(fake, players, timeline) == []


def _all_text(fake, user) -> str:
    """Everything `user` could read, in one text."""
    return "\n".join(s.text for s in seen_by(fake, user))


async def test_a_fog_game_through_discord_shows_no_player_a_unit_outside_their_sight(
        fake_discord, tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        players, timeline = await _seven(fake, table, fog=True)
        _assert_no_leaks(fake, players, timeline)
        # the check had something to judge: each player's own results and maps, with units
        for power, user in players.items():
            maps = [drawn(png) for s in seen_by(fake, user) for _, png in s.images]
            assert len([m for m in maps if m and m["Arbitro-units"]]) >= 4, power
        # the menus offered as Austria typed an order were judged too
        assert [s for s in seen_by(fake, players[Power.AUSTRIA])
                if s.where == "autocomplete" and units_named(s.text)]
        # the retreat and the winter were told to those who see them, and only to them
        france = _all_text(fake, players[Power.FRANCE])
        assert "A BUR R PIC" in france and "A PAR B" in france
        assert "A Borgogna (BUR) (attaccata da Ruhr (RUH))" in france     # dislodged
        # each map's alt text names what it shows, in the reader's language, and says fog
        assert "Unità sloggiate — Francia: A Borgogna (BUR)." in france
        assert france.count("Nebbia di guerra: la mappa mostra solo ciò che vedi.") >= 4
        turkey = _all_text(fake, players[Power.TURKEY])
        assert "BUR" not in turkey and "F ANK B" in turkey
        england = _all_text(fake, players[Power.ENGLAND])
        assert "F LON B" in england and "A BUR R PIC" in england    # Picardy borders ENG
        assert "F ANK B" not in england and "A VIE B" not in england
        assert "A PIE D" in france and "A PIE D" not in england     # Piedmont borders Marseilles


async def test_a_france_austria_fog_game_shows_each_player_only_their_side(fake_discord,
                                                                         tmp_path):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        players, timeline = await _duel(fake, table, fog=True)
        _assert_no_leaks(fake, players, timeline)
        france = _all_text(fake, players[Power.FRANCE])
        austria = _all_text(fake, players[Power.AUSTRIA])
        assert "A TYR - VEN" in france          # seen from Munich, where France arrived
        assert "A BUR - MUN" in austria         # seen from Tyrolia, as it arrived
        assert "A PAR B" in france and "A PAR B" not in austria
        assert "A VIE B" in austria and "A VIE B" not in france


@pytest.mark.parametrize("game", ["seven", "duel"])
async def test_without_the_rule_the_same_check_finds_the_leaks(fake_discord, tmp_path, game):
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        players, timeline = await (_seven if game == "seven" else _duel)(fake, table, fog=False)
        found = counts(leaks(fake, players, timeline))
        assert found["text"] > 0 and found["image"] > 0, found
        assert _pixel_leaks(fake, players, timeline)


async def test_a_fog_game_whose_private_results_ignore_sight_is_caught(fake_discord, tmp_path,
                                                                       monkeypatch):
    """The subtler mistake: the channel stays quiet, but each player's own results and map
    are made from the whole board (the service's sight switched for every province)."""
    def everything(position, power, board=None):
        return frozenset((board or position.board).provinces)

    monkeypatch.setattr(fog_notices, "sight", everything)
    fake = fake_discord
    async with arbitro_bot(fake, tmp_path) as table:
        players, timeline = await _seven(fake, table, fog=True)
        found = leaks(fake, players, timeline)
        assert counts(found)["text"] > 0 and counts(found)["image"] > 0, found
        heads = [f.split(":")[0] for f in found]
        assert not [h for h in heads if "#" in h and "only you" not in h]   # none in public
