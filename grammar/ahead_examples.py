"""Examples of orders sent ahead written with the player's own units, for `/help`: a
conditional retreat of one of their units with two places it could reach, a build on one of
their home centres, a removal of one of their units, and the waive, in their language. Each
example reads back through `grammar.ahead.read_with_ahead` as orders kept for later
(tests/grammar/test_ahead_examples.py)."""

from __future__ import annotations

from engine import Build, Disband, Position, Power, Unit, UnitType, standard_board
from engine.vocabulary import province_of
from grammar.lexicon import vocabulary
from grammar.writing import place, written


def ahead_examples(position: Position, power: Power, language: str) -> dict[str, str]:
    """`retreat` (the sentence), `retreat_short` (`F Trieste R Albania`), `build`, `removal`,
    `waive`: each present when the power has what it takes (a unit with two places to go, a
    home centre)."""
    board = standard_board()
    templates = vocabulary(language)["ahead_words"]["examples"]
    out: dict[str, str] = {}
    mine = sorted(position.units_of(power), key=lambda u: (u.type is UnitType.ARMY,
                                                            u.location))
    for unit in mine:
        options = _places(unit, position, board)
        if len(options) >= 2:
            name = f"{unit.type.value} {place(unit.location, language)}"
            first, second = (place(o, language) for o in options[:2])
            out["retreat"] = templates["retreat"].format(unit=name, first=first, second=second)
            out["retreat_short"] = templates["retreat_short"].format(unit=name, first=first)
            break
    homes = sorted(board.home_centers[power])
    if homes:
        out["build"] = written(Build(UnitType.ARMY, homes[0]), language)
    if mine:
        out["removal"] = written(Disband(mine[-1].type, mine[-1].location), language)
    out["waive"] = vocabulary(language)["keywords"]["waive"][0]  # waive, rinuncia, geen bouw
    return out


def _places(unit: Unit, position: Position, board) -> list[str]:
    """Where the unit could retreat to, empty places first, as whole provinces (a fleet's
    coast only where the place has two)."""
    if unit.type is UnitType.ARMY:
        near = sorted(board.army_neighbours(unit.province))
    else:
        near = sorted(board.fleet_neighbours(unit.location))
    taken = {u.province for u in position.units}
    near.sort(key=lambda loc: province_of(loc) in taken)
    return near


__all__ = ["ahead_examples"]
