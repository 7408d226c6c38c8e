"""The movement-phase search: guess what the other powers will order (a few samples from the
same heuristic seen from their side, with noise, and one where they all stand still), then
adjudicate candidate order sets of our own against every guess with the engine and keep the
one that does best on average. Candidates: the greedy heuristic, noisy variants of it, then
changes to the best so far (one unit's order, or an attack with a support behind it).

The amount of work is counted in adjudications, not in seconds, so a seed always gives the
same orders; a CPU-time stop guards the `think_ms` bound on a machine much slower than the
one the rate was measured on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from computer.heuristic import heuristic_orders
from computer.options import hold, moves, reaches, support_hold, support_move
from computer.values import Values, province_values, reach_of
from engine.adjudicator import PhaseResult, adjudicate
from engine.board import Board
from engine.orders import Move, Order
from engine.position import Position
from engine.rules import Rules
from engine.vocabulary import Power, Season, province_of

SAMPLES = 6              # guesses of the other powers' orders (the first: all hold)
NOISY_CANDIDATES = 10    # noisy heuristic candidates after the plain one
OPPONENT_NOISE = 1.5     # temperature of the guesses
OWN_NOISE = (0.5, 1.0, 2.0)
ADJUDICATIONS_PER_MS = 1.0   # the work allowed for a think budget (measured on a 2-core VM)
MAX_ADJUDICATIONS = 540      # enough for the search to settle; more rarely helps

# The score of a position after the phase, for the power searching.
CENTRE = 1.0
OWN_DISLODGED = 0.8
ENEMY_DISLODGED = 0.3
POSITION = 0.02
EXPOSED = {Season.SPRING: 0.4, Season.FALL: 0.25}


@dataclass(frozen=True)
class Context:
    position: Position
    power: Power
    board: Board
    rules: Rules
    neutral: frozenset[Power]
    closed: frozenset[str]


def score(result: PhaseResult, ctx: Context, values: Values) -> float:
    power, board = ctx.power, ctx.board
    standing = {u.province: u for u in result.units_after}
    owner = {c: p for p, cs in ctx.position.supply_centers.items() for c in cs}
    centres = 0
    exposed = 0
    for centre in sorted(board.supply_centers):
        unit = standing.get(centre)
        held = unit.power if unit is not None else owner.get(centre)
        if held == power:
            centres += 1
            if unit is None:
                exposed += 1  # counted below only when an enemy can reach it
    if exposed:
        reachable = set()
        for unit in result.units_after:
            if unit.power != power:
                reachable.update(reach_of(unit, board))
        exposed = sum(1 for c in board.supply_centers if owner.get(c) == power
                      and c not in standing and c in reachable)
    lost = sum(1 for d in result.dislodged_after if d.unit.power == power)
    beaten = len(result.dislodged_after) - lost
    placed = sum(values.of(u.type, u.location) for u in result.units_after if u.power == power)
    return (CENTRE * centres - OWN_DISLODGED * lost + ENEMY_DISLODGED * beaten
            + POSITION * placed - EXPOSED.get(ctx.position.phase.season, 0.25) * exposed)


class Search:
    def __init__(self, ctx: Context, rng: random.Random, adjudications: int,
                 deadline: float | None, clock: Callable[[], float] = time.process_time):
        self.ctx = ctx
        self.rng = rng
        self.left = adjudications
        self.deadline = deadline
        self.clock = clock
        self.values = province_values(ctx.position, ctx.power, ctx.board, ctx.closed)
        self.samples = self._samples()

    def _samples(self) -> list[dict[Power, list[Order]]]:
        ctx = self.ctx
        others = sorted({u.power for u in ctx.position.units} - {ctx.power} - ctx.neutral)
        their_values = {q: province_values(ctx.position, q, ctx.board, ctx.closed)
                        for q in others}
        samples: list[dict[Power, list[Order]]] = [
            {q: [hold(u) for u in ctx.position.units_of(q)] for q in others}]
        for _ in range(SAMPLES - 1):
            samples.append({q: heuristic_orders(ctx.position, q, their_values[q], ctx.board,
                                                self.rng, OPPONENT_NOISE, ctx.closed)
                            for q in others})
        return samples

    def _spent(self) -> bool:
        if self.left < len(self.samples):
            return True
        return self.deadline is not None and self.clock() > self.deadline

    def evaluate(self, orders: Sequence[Order]) -> float:
        ctx = self.ctx
        total = 0.0
        for sample in self.samples:
            given = dict(sample)
            given[ctx.power] = list(orders)
            result = adjudicate(ctx.position, given, ctx.rules, ctx.board, ctx.neutral,
                                ctx.closed)
            total += score(result, ctx, self.values)
        self.left -= len(self.samples)
        return total / len(self.samples)

    def run(self) -> list[Order]:
        ctx = self.ctx
        best = heuristic_orders(ctx.position, ctx.power, self.values, ctx.board, self.rng,
                                0.0, ctx.closed)
        if self._spent():
            return best
        best_score = self.evaluate(best)
        for i in range(NOISY_CANDIDATES):
            if self._spent():
                return best
            noise = OWN_NOISE[i % len(OWN_NOISE)]
            candidate = heuristic_orders(ctx.position, ctx.power, self.values, ctx.board,
                                         self.rng, noise, ctx.closed)
            best, best_score = self._keep(best, best_score, candidate)
        while not self._spent():
            candidate = self._mutate(best)
            best, best_score = self._keep(best, best_score, candidate)
        return best

    def _keep(self, best: list[Order], best_score: float, candidate: list[Order]
              ) -> tuple[list[Order], float]:
        if candidate == best:
            return best, best_score
        value = self.evaluate(candidate)
        return (candidate, value) if value > best_score else (best, best_score)

    def _mutate(self, orders: list[Order]) -> list[Order]:
        ctx, rng = self.ctx, self.rng
        mine = sorted(ctx.position.units_of(ctx.power), key=lambda u: u.province)
        by_province = {province_of(o.location): i for i, o in enumerate(orders)}
        changed = list(orders)
        unit = rng.choice(mine)
        if rng.random() < 0.5:
            # An attack with a support behind it.
            targets = moves(unit, ctx.board, ctx.closed)
            if targets:
                move = rng.choice(targets)
                target = province_of(move.target)
                helpers = [u for u in mine if u != unit and reaches(u, target, ctx.board)]
                changed[by_province[unit.province]] = move
                if helpers:
                    helper = rng.choice(helpers)
                    changed[by_province[helper.province]] = support_move(helper, unit, target)
                return changed
        changed[by_province[unit.province]] = rng.choice(self._alternatives(unit, orders, mine))
        return changed

    def _alternatives(self, unit, orders: list[Order], mine) -> list[Order]:
        ctx = self.ctx
        choices: list[Order] = [hold(unit), *moves(unit, ctx.board, ctx.closed)]
        for other in mine:
            if other == unit:
                continue
            if reaches(unit, other.province, ctx.board):
                choices.append(support_hold(unit, other))
        for order in orders:
            if isinstance(order, Move) and province_of(order.location) != unit.province:
                target = province_of(order.target)
                if reaches(unit, target, ctx.board):
                    other = ctx.position.unit_in(order.location)
                    if other is not None:
                        choices.append(support_move(unit, other, target))
        return choices


def search_orders(ctx: Context, rng: random.Random, think_ms: int,
                  clock: Callable[[], float] = time.process_time) -> list[Order]:
    adjudications = min(MAX_ADJUDICATIONS, int(think_ms * ADJUDICATIONS_PER_MS))
    deadline = clock() + 0.9 * think_ms / 1000.0
    return Search(ctx, rng, adjudications, deadline, clock).run()
