"""A quick order set for one power in a movement phase, from its province values: each unit,
most valuable decision first, goes to the best province it can reach that no unit of its own
has taken yet (staying put is one of the choices); units that stay then support a move of
their own side into a contested province, or a threatened neighbour, when they can.

`temperature` adds Gumbel noise to the values (0: the plain greedy choice), so that the same
code gives both the search's first candidates and its guesses of the other powers' orders.
"""

from __future__ import annotations

import math
import random

from computer.options import hold, moves, reaches, support_hold, support_move
from computer.values import Values, threats
from engine.board import Board
from engine.orders import Hold, Move, Order
from engine.position import Position
from engine.vocabulary import Power, Unit, province_of

OCCUPIED = 0.6


def _noise(rng: random.Random, temperature: float) -> float:
    if temperature <= 0:
        return 0.0
    return -temperature * math.log(-math.log(rng.random() or 1e-12))


def destinations(position: Position, power: Power, values: Values, board: Board,
                 rng: random.Random, temperature: float,
                 closed: frozenset[str] = frozenset()) -> dict[str, Order]:
    """Each unit of `power` (by province): a move, or a hold where it stays."""
    units = sorted(position.units_of(power), key=lambda u: u.province)
    held = {u.province for u in position.units if u.power != power}
    options: dict[str, list[tuple[float, Order]]] = {}
    for unit in units:
        choices: list[tuple[float, Order]] = [(values.of(unit.type, unit.location), hold(unit))]
        # A province another power stands in is worth less: alone, the move mostly bounces.
        choices += [(values.of(unit.type, m.target) * (OCCUPIED if province_of(m.target) in held
                                                       else 1.0), m)
                    for m in moves(unit, board, closed)]
        options[unit.province] = [(v + _noise(rng, temperature), o) for v, o in choices]
    # The units with the most at stake decide first.
    order = sorted(units, key=lambda u: -max(v for v, _o in options[u.province]))
    taken: set[str] = set()
    chosen: dict[str, Order] = {}
    for unit in order:
        best: tuple[float, Order] | None = None
        for value, choice in options[unit.province]:
            where = province_of(choice.target) if isinstance(choice, Move) else unit.province
            if where in taken:
                value -= 1000.0
            there = chosen.get(where)
            if isinstance(there, Move) and province_of(there.target) == unit.province:
                value -= 1000.0   # two units of one power swapping places only bounce
            if best is None or value > best[0]:
                best = (value, choice)
        assert best is not None
        choice = best[1]
        taken.add(province_of(choice.target) if isinstance(choice, Move) else unit.province)
        chosen[unit.province] = choice
    return chosen


def with_supports(position: Position, power: Power, chosen: dict[str, Order], values: Values,
                  board: Board, rng: random.Random) -> list[Order]:
    """Units left holding support a move of their own side into a contested province (the
    most valuable first), else a threatened neighbour of their own side, else hold."""
    mine = {u.province: u for u in position.units_of(power)}
    enemies = {u.province for u in position.units if u.power != power}
    danger = threats(position, power, board)
    attacks = sorted(((values.of(mine[p].type, o.target), p, province_of(o.target))
                      for p, o in chosen.items() if isinstance(o, Move)), reverse=True)
    backing: dict[str, int] = {}
    result: list[Order] = []
    for province in sorted(chosen):
        order = chosen[province]
        unit = mine[province]
        if isinstance(order, Hold):
            order = _support_for(unit, mine, chosen, attacks, enemies, danger, backing, board,
                                 rng) or order
        result.append(order)
    return result


def _support_for(unit: Unit, mine: dict[str, Unit], chosen: dict[str, Order],
                 attacks: list[tuple[float, str, str]], enemies: set[str],
                 danger: dict[str, int], backing: dict[str, int], board: Board,
                 rng: random.Random) -> Order | None:
    for _value, origin, target in attacks:
        contested = target in enemies or danger.get(target, 0) > 0
        if contested and reaches(unit, target, board) and backing.get(target, 0) < 2:
            backing[target] = backing.get(target, 0) + 1
            return support_move(unit, mine[origin], target)
    neighbours = [p for p, o in sorted(chosen.items()) if isinstance(o, Hold) and p != unit.province
                  and danger.get(p, 0) > 0 and reaches(unit, p, board)]
    if neighbours:
        return support_hold(unit, mine[rng.choice(neighbours)])
    return None


def heuristic_orders(position: Position, power: Power, values: Values, board: Board,
                     rng: random.Random, temperature: float = 0.0,
                     closed: frozenset[str] = frozenset()) -> list[Order]:
    chosen = destinations(position, power, values, board, rng, temperature, closed)
    return with_supports(position, power, chosen, values, board, rng)
