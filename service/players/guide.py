"""A player's guide to their game: their powers, the phase, their units and a few orders those
units could be given now (for `/help`). Read-only; composed into `GameService` as `guide`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.adjustments import adjustment_counts, build_sites
from engine.board import Board
from engine.position import Position
from engine.vocabulary import PhaseKind, Power, Unit, UnitType, province_of
from grammar.ahead_examples import ahead_examples
from grammar.lexicon import LANGUAGES
from service.games.lookups import game_or_fail, open_phase_or_fail, powers_or_fail
from service.storage.db import Database


@dataclass(frozen=True)
class PlayerGuide:
    game_id: int
    game: str
    powers: tuple[Power, ...]
    phase: str                        # the open phase (S1901M)
    units: tuple[str, ...]            # the player's units that take orders now (`A PAR`)
    examples: tuple[str, ...]         # canonical orders those units could be given now
    # Orders sent ahead written with the player's own units, per language (a movement phase
    # only; grammar/ahead_examples.py): {"it": {"retreat": ..., "build": ..., ...}}
    ahead: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


class Guides:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def of_player(self, game_id: int, user_id: int) -> PlayerGuide:
        """The guide of a seated player in a game with an open phase (NotAllowed when not
        seated, InvalidRequest when no phase is open)."""
        async with self.db.read() as conn:
            game = await game_or_fail(conn, game_id)
            current = await open_phase_or_fail(conn, game)
            mine = await powers_or_fail(conn, game, user_id)
        position = current.position
        units = [u for u in _units_to_order(position) if u.power in mine]
        examples = example_orders(position, mine, units,
                                  game.neutral_in(position.phase))
        ahead = {lang: ahead_examples(position, mine[0], lang) for lang in LANGUAGES} \
            if position.phase.kind is PhaseKind.MOVEMENT and mine else {}
        return PlayerGuide(game.id, game.name, tuple(mine), current.name,
                           tuple(u.label() for u in units), tuple(examples), ahead)


def _units_to_order(position: Position) -> list[Unit]:
    if position.phase.kind is PhaseKind.RETREAT:
        return [d.unit for d in position.dislodged if d.retreat_options != ()]
    return list(position.units)


def example_orders(position: Position, powers: list[Power], units: list[Unit],
                   neutral: frozenset[Power] = frozenset(),
                   board: Board | None = None) -> list[str]:
    """Up to three orders the units could be given now: a move, a hold and a support in a
    movement phase; a retreat and a disband; builds (or removals) in adjustments."""
    board = board or position.board
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return _movement_examples(board, units)
    if kind is PhaseKind.RETREAT:
        found = []
        for d in position.dislodged:
            if d.unit in units and d.retreat_options:
                found += [f"{d.unit.label()} R {d.retreat_options[0].upper()}",
                          f"{d.unit.label()} D"]
        return found[:3]
    found = []
    counts = adjustment_counts(position.units, position.supply_centers, neutral)
    for power in powers:
        due = counts.get(power, 0)
        if due > 0:
            for site in build_sites(power, position.units, position.supply_centers, board):
                kind_of = "A" if board.unit_locations(UnitType.ARMY, site) else "F"
                found.append(f"{kind_of} {site.upper()} B")
            found.append("WAIVE")
        elif due < 0:
            found += [f"{u.label()} D" for u in position.units if u.power == power]
    return found[:3]


def _movement_examples(board: Board, units: list[Unit]) -> list[str]:
    if not units:
        return []
    taken = {u.province for u in units}

    def reach(unit: Unit) -> list[str]:
        if unit.type is UnitType.ARMY:
            return sorted(board.army_neighbours(unit.province))
        return sorted({province_of(loc) for loc in board.fleet_neighbours(unit.location)})

    # a move into a province none of the player's units stands in, with a support for it
    # when one of their units can give it; else a move and a hold
    moves = [(mover, t) for mover in units for t in reach(mover) if t not in taken]
    for mover, target in moves:
        helper = next((u for u in units if u != mover and target in reach(u)), None)
        if helper is not None:
            move = f"{mover.label()} - {target.upper()}"
            holder = next((u for u in units if u not in (mover, helper)), None)
            return [move, *([f"{holder.label()} H"] if holder else []),
                    f"{helper.label()} S {move}"]
    if moves:
        mover, target = moves[0]
        rest = [u for u in units if u != mover]
        return [f"{mover.label()} - {target.upper()}", *(f"{u.label()} H" for u in rest[:1])]
    return [f"{u.label()} H" for u in units[:2]]
