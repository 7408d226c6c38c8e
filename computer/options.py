"""The legal orders of one unit in a movement phase (convoys aside), on any board.

Every order made here passes the engine's own legality rules (`engine/legality.py`): moves to
a neighbouring place of the right terrain, fleets to an exact coast where a province has
several, supports only to provinces the supporter itself could enter.
"""

from __future__ import annotations

from engine.board import Board
from engine.orders import Hold, Move, SupportHold, SupportMove
from engine.vocabulary import Unit, UnitType, province_of


def moves(unit: Unit, board: Board, closed: frozenset[str] = frozenset()) -> list[Move]:
    """The unit's moves over land or sea (never by convoy), in a fixed order."""
    if unit.type is UnitType.ARMY:
        return [Move(UnitType.ARMY, unit.location, p)
                for p in sorted(board.army_neighbours(unit.province))
                if p not in closed and not board.provinces[p].is_sea]
    return [Move(UnitType.FLEET, unit.location, loc)
            for loc in sorted(board.fleet_neighbours(unit.location))
            if province_of(loc) not in closed and board.provinces[province_of(loc)].kind != "land"]


def reaches(unit: Unit, province: str, board: Board) -> bool:
    """Could the unit support into (or move to) `province` without a convoy?"""
    if province == unit.province:
        return False
    if unit.type is UnitType.ARMY:
        return province in board.army_neighbours(unit.province) and \
            not board.provinces[province].is_sea
    return bool(board.reachable_coasts(unit.location, province)) and \
        board.provinces[province].kind != "land"


def hold(unit: Unit) -> Hold:
    return Hold(unit.type, unit.location)


def support_hold(unit: Unit, other: Unit) -> SupportHold:
    return SupportHold(unit.type, unit.location, other.type, other.location)


def support_move(unit: Unit, other: Unit, target: str) -> SupportMove:
    return SupportMove(unit.type, unit.location, other.type, other.location,
                       province_of(target))
