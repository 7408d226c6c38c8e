"""The movement-phase search: guess what the other powers will order (one guess where they
all stand still, one where they all come at our centres, and a few from the same heuristic
seen from their side, plain and with noise), then adjudicate candidate order sets of our own
against every guess with the engine and keep the one that does best (mostly on average,
partly in its worst guess). Candidates: the greedy heuristic, noisy variants of it, then hill
climbing from the best: changes of one unit's order, an attack with a support behind it, or
an army convoyed by one of our fleets, the most valuable targets first.

The amount of work is counted in adjudications, not in seconds, so a seed always gives the
same orders; a CPU-time stop (the calling thread's CPU time, so that other threads of a busy
process do not count) guards the `think_ms` bound on a machine much slower than the one the
rate was measured on.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from computer.heuristic import heuristic_orders
from computer.judge import given_orders, judge
from computer.options import hold, moves, reaches, support_hold, support_move
from computer.values import Values, province_values, reach_of
from engine.board import Board
from engine.legality import NecessaryFleets
from engine.orders import Convoy, Move, Order
from engine.position import Position
from engine.rules import Rules
from engine.vocabulary import Power, Season, Unit, UnitType, province_of

SAMPLES = 6              # guesses of the others' orders: all hold, all at us, plain, noisy
NOISY_CANDIDATES = 10    # noisy heuristic candidates after the plain one
STAY = 0.7               # how often a guessed unit on its own centre is made to stay
OPPONENT_NOISE = 1.0     # temperature of the guesses
OWN_NOISE = (0.5, 1.0, 2.0)
ADJUDICATIONS_PER_MS = 1.0   # the work allowed for a think budget (measured on a 2-core VM)
MAX_ADJUDICATIONS = 720      # enough for the search to settle; more rarely helps

BOUNCED = 0.1            # a move of ours that fails (a wasted unit, most often)
CAUTION = 0.25           # the worst guess's share in a candidate's value
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


def score(after: list[Unit], dislodged: list[Unit], ctx: Context, values: Values) -> float:
    """How good the position after the phase is for the power searching: its centres (a
    centre goes to the unit standing on it), its units lost and the enemies' units lost, how
    well placed its units are, and how many of its centres an enemy could walk into."""
    power, board = ctx.power, ctx.board
    standing = {u.province: u for u in after}
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
        for unit in after:
            if unit.power != power:
                reachable.update(reach_of(unit, board))
        exposed = sum(1 for c in board.supply_centers if owner.get(c) == power
                      and c not in standing and c in reachable)
    lost = sum(1 for u in dislodged if u.power == power)
    beaten = len(dislodged) - lost
    placed = sum(values.of(u.type, u.location) for u in after if u.power == power)
    return (CENTRE * centres - OWN_DISLODGED * lost + ENEMY_DISLODGED * beaten
            + POSITION * placed - EXPOSED.get(ctx.position.phase.season, 0.25) * exposed)


class Search:
    def __init__(self, ctx: Context, rng: random.Random, adjudications: int,
                 deadline: float | None, clock: Callable[[], float] = time.thread_time):
        self.ctx = ctx
        self.rng = rng
        self.left = adjudications
        self.deadline = deadline
        self.clock = clock
        self.values = province_values(ctx.position, ctx.power, ctx.board, ctx.closed)
        self.samples = self._samples()
        self.given = [given_orders(sample) for sample in self.samples]
        self.seen: dict[tuple[Order, ...], float] = {}
        self.necessary = NecessaryFleets({u.province: u for u in ctx.position.units}, ctx.board)

    def _samples(self) -> list[dict[Power, list[Order]]]:
        ctx = self.ctx
        others = sorted({u.power for u in ctx.position.units} - {ctx.power} - ctx.neutral)
        their_values = {q: province_values(ctx.position, q, ctx.board, ctx.closed)
                        for q in others}
        samples: list[dict[Power, list[Order]]] = [
            {q: [hold(u) for u in ctx.position.units_of(q)] for q in others},
            {q: self._onslaught(q) for q in others}]
        for i in range(SAMPLES - 2):
            noise = 0.0 if i == 0 else OPPONENT_NOISE
            samples.append({q: self._sticky(q, heuristic_orders(
                ctx.position, q, their_values[q], ctx.board, self.rng, noise, ctx.closed))
                for q in others})
        return samples

    def _sticky(self, power: Power, orders: list[Order]) -> list[Order]:
        """Most units standing on a centre of their own stay there: players keep what they
        hold more often than a heuristic that sees only values would guess."""
        ctx = self.ctx
        owned = ctx.position.supply_centers.get(power, frozenset())
        result = []
        for order in orders:
            province = province_of(order.location)
            if isinstance(order, Move) and province in owned and self.rng.random() < STAY:
                unit = ctx.position.unit_in(province)
                order = hold(unit) if unit is not None else order
            result.append(order)
        return result

    def _onslaught(self, power: Power) -> list[Order]:
        """The worst case: each unit of `power` that can reach one of our centres moves into
        one (the one worth most to us that no other unit of its power goes to); the others
        hold."""
        ctx = self.ctx
        ours = ctx.position.supply_centers.get(ctx.power, frozenset())
        orders: list[Order] = []
        taken: set[str] = set()
        for unit in sorted(ctx.position.units_of(power), key=lambda u: u.province):
            targets = [m for m in moves(unit, ctx.board, ctx.closed)
                       if province_of(m.target) in ours]
            if targets:
                move = max(targets, key=lambda m: (province_of(m.target) not in taken,
                                                   self.values.base[province_of(m.target)],
                                                   m.target))
                taken.add(province_of(move.target))
                orders.append(move)
            else:
                orders.append(hold(unit))
        return orders

    def _spent(self) -> bool:
        if self.left < len(self.samples):
            return True
        return self.deadline is not None and self.clock() > self.deadline

    def evaluate(self, orders: Sequence[Order]) -> float:
        key = tuple(orders)
        if key in self.seen:
            return self.seen[key]
        ctx = self.ctx
        mine = [(ctx.power, order, "") for order in orders]
        moving = {province_of(o.location) for o in orders if isinstance(o, Move)}
        scores = []
        for sample in self.given:
            after, dislodged = judge(ctx.position, sample + mine, ctx.board, ctx.rules,
                                     ctx.closed)
            value = score(after, dislodged, ctx, self.values)
            if moving:
                stayed = sum(1 for u in after if u.power == ctx.power and u.province in moving)
                value -= BOUNCED * stayed
            scores.append(value)
        self.left -= len(self.samples)
        # Mostly the average, partly the worst case: a gamble that loses a centre in one
        # guess costs more than its average says.
        self.seen[key] = (1 - CAUTION) * sum(scores) / len(scores) + CAUTION * min(scores)
        return self.seen[key]

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
            if tuple(candidate) not in self.seen:
                value = self.evaluate(candidate)
                if value > best_score:
                    best, best_score = candidate, value
        # Hill climbing: the first change of the neighbourhood (most promising first) that
        # does better becomes the new best, until none does or the work is spent.
        while not self._spent():
            for candidate in self._neighbours(best):
                if self._spent():
                    return best
                if tuple(candidate) in self.seen:
                    continue
                value = self.evaluate(candidate)
                if value > best_score + 1e-9:
                    best, best_score = candidate, value
                    break
            else:
                return best
        return best

    def _neighbours(self, orders: list[Order]) -> list[list[Order]]:
        """The order sets one change away from `orders`: one unit's order replaced, or a
        supported attack (a move and a support of it), the most valuable targets first."""
        ctx, values = self.ctx, self.values
        mine = sorted(ctx.position.units_of(ctx.power), key=lambda u: u.province)
        index = {province_of(o.location): i for i, o in enumerate(orders)}
        changes: list[tuple[float, float, list[tuple[str, Order]]]] = []
        for unit in mine:
            for alternative in self._alternatives(unit, orders, mine):
                if alternative == orders[index[unit.province]]:
                    continue
                target = getattr(alternative, "target", unit.location)
                changes.append((values.of(unit.type, target), self.rng.random(),
                                [(unit.province, alternative)]))
            for move in moves(unit, ctx.board, ctx.closed):
                target = province_of(move.target)
                for helper in mine:
                    if helper != unit and reaches(helper, target, ctx.board):
                        changes.append((values.of(unit.type, target) + 1.0, self.rng.random(),
                                        [(unit.province, move),
                                         (helper.province, support_move(helper, unit, target))]))
        changes += self._convoys(mine)
        changes.sort(key=lambda c: (-c[0], c[1]))
        result = []
        for _value, _tie, change in changes:
            candidate = list(orders)
            for province, order in change:
                candidate[index[province]] = order
            result.append(candidate)
        return result

    def _convoys(self, mine: list[Unit]) -> list[tuple[float, float, list[tuple[str, Order]]]]:
        """An army carried by one fleet of its own to a coast across the water: the move and
        the convoy order together (only where the engine finds that fleet necessary to a
        route, which makes the convoy order legal: DATC 6.G.19)."""
        ctx, board = self.ctx, self.ctx.board
        changes = []
        fleets = [u for u in mine
                  if u.type is UnitType.FLEET and board.provinces[u.province].is_sea]
        for army in mine:
            if army.type is not UnitType.ARMY or board.provinces[army.province].kind != "coast":
                continue
            for fleet in fleets:
                if fleet.province not in board.provinces_touching(army.province):
                    continue
                for target in sorted(board.provinces_touching(fleet.province)):
                    if target == army.province or target in ctx.closed or \
                            board.provinces[target].kind != "coast" or \
                            fleet.province not in self.necessary(army.province, target):
                        continue
                    changes.append((self.values.of(UnitType.ARMY, target) + 0.5,
                                    self.rng.random(),
                                    [(army.province, Move(UnitType.ARMY, army.location, target)),
                                     (fleet.province, Convoy(UnitType.FLEET, fleet.location,
                                                             army.location, target))]))
        return changes

    def _alternatives(self, unit: Unit, orders: list[Order], mine: list[Unit]) -> list[Order]:
        ctx = self.ctx
        choices: list[Order] = [hold(unit), *moves(unit, ctx.board, ctx.closed)]
        for other in mine:
            if other != unit and reaches(unit, other.province, ctx.board):
                choices.append(support_hold(unit, other))
        for order in orders:
            if isinstance(order, Move) and province_of(order.location) != unit.province:
                target = province_of(order.target)
                other = ctx.position.unit_in(order.location)
                if other is not None and reaches(unit, target, ctx.board):
                    choices.append(support_move(unit, other, target))
        return choices


def search_orders(ctx: Context, rng: random.Random, think_ms: int,
                  clock: Callable[[], float] = time.thread_time) -> list[Order]:
    adjudications = min(MAX_ADJUDICATIONS, int(think_ms * ADJUDICATIONS_PER_MS))
    deadline = clock() + 0.9 * think_ms / 1000.0
    return Search(ctx, rng, adjudications, deadline, clock).run()
