"""Movement phase: the rules of strength (DATC 5.B) as decisions for the Kruijswijk resolver.

Decisions: ("move", p) the unit in p moves; ("support", p) the support from p is given (not
cut); ("path", p) the convoyed army in p has an undisrupted convoy route. Dislodgement and
strengths are derived from them.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from engine.board import Board
from engine.outcomes import SUCCESS, Outcome, Reason, fails
from engine.resolver import Key, Resolver
from engine.rules import Rules
from engine.validation import Effective

log = logging.getLogger(__name__)

_SUPPORTS = frozenset({"support_hold", "support_move"})
_BOUNCED, _OWN_UNIT, _HEAD_TO_HEAD = Reason.BOUNCED, Reason.OWN_UNIT, Reason.HEAD_TO_HEAD


class MovementResolution(NamedTuple):
    """The search's answers (a named tuple: made every phase, read by the adjudicator and the
    computer player's judge; adjudication is timed: bench/)."""

    moved: dict[str, bool]                # province -> the move from it succeeded
    dislodged_by: dict[str, str]          # province -> province the dislodging attack came from
    outcomes: dict[str, Outcome]          # province -> outcome of the unit's (effective) order
    # Provinces where a standoff happened. Only retreats need them: empty when no unit is
    # dislodged.
    contested: frozenset[str]
    convoyed_attack: dict[str, bool]      # province dislodged -> the attack came by convoy


class MovementAdjudicator:
    # Convoyed armies whose route is in a paradox (Szykman rule): a new set when one is found
    # (`_backup`), none made in the usual phase.
    paradoxes: frozenset[str] | set[str] = frozenset()
    # Moves that follow another (`_settle_the_obvious`): province -> the province its unit
    # leaves. A new table when one is found, none made in a phase without.
    follows: Mapping[str, str] = MappingProxyType({})

    def __init__(self, orders: dict[str, Effective], board: Board, rules: Rules) -> None:
        self.orders = orders
        self.board = board
        self.rules = rules
        # Who moves and who supports (in the orders' order), who moves where, which supports
        # match which order, which moves meet head to head (neither by convoy): what the
        # phase's orders say, found once (adjudication is timed: bench/).
        self.moves: list[str] = []
        self.supports: list[str] = []
        self.stays: list[str] = []  # holds and convoys
        self.moves_into: dict[str, list[str]] = {}
        self.head_to_head: dict[str, str] = {}  # province -> the province of the unit it meets
        self.supports_for: dict[tuple[str, str | None], list[str]] = {}
        self.matched: set[str] = set()  # supports that match the order they support
        for province, order in orders.items():
            kind = order.kind
            if kind == "move":
                self.moves.append(province)
                self.moves_into.setdefault(order.target, []).append(province)
                other = orders.get(order.target)
                if (other is not None and other.kind == "move" and other.target == province
                        and not order.convoyed and not other.convoyed):
                    self.head_to_head[province] = order.target
            elif kind in _SUPPORTS:
                self.supports.append(province)
                # It matches a unit that stays (support to hold) or the very move it
                # supports, to the coast it names if it names one (support to move).
                supported = orders.get(order.supported)
                if supported is None:
                    continue
                if kind == "support_hold":
                    if supported.kind == "move":
                        continue
                    key = (order.supported, None)
                elif supported.kind != "move" or supported.target != order.target or (
                        order.support_coast is not None
                        and order.support_coast != supported.target_location):
                    continue
                else:
                    key = (order.supported, order.target)
                self.matched.add(province)
                self.supports_for.setdefault(key, []).append(province)
            else:
                self.stays.append(province)
        # The decisions settled, up front or by the search; the resolver is made when the
        # first decision needs the search (`_searcher`): about half the phases need none.
        self._settled: dict[Key, bool] = {}
        self.resolver: Resolver | None = None
        # Each unit's outcome: those of the moves settled up front as failed first (why they
        # fail), the others' found by `resolve`.
        self.outcomes: dict[str, Outcome] = {}
        self._settle_the_obvious()

    def _settle_the_obvious(self) -> None:
        """Most decisions of a phase are known from the orders alone (some moves from the
        supports so settled too), without the search: it would settle them at once, with
        the same answer, so they are settled up front and cost no resolution (adjudication
        is timed: bench/). A move settled as failed keeps its outcome too (in `outcomes`:
        `_move_failure` would say it).

        - A move by land into an empty province nobody else enters succeeds (attack 1
          against hold 0, nothing to prevent it); moves by land into an empty province that
          several enter, none of them supported, all fail (attack 1 against prevent 1: a
          standoff, "bounced").
        - A move by land into a province whose unit stays fails when that unit is of its
          own power (attack 0), or when neither the move nor the stay has support (attack 1
          against hold 1); alone there, the stay unsupported, it succeeds when a support of
          it settled as given (last rule) is of another power than that unit (attack 2 at
          least against hold 1; `_given_support`).
        - Moves by land into a province whose unit moves that several enter, none of them
          supported (nor that unit's move when one of them meets it head to head), all fail
          too: a standoff if that unit leaves, else attack 1 against hold 1 (or attack 0
          against a unit of its own power: then the outcome is left to `_move_failure`); one
          that meets it head to head is settled as the next rule says.
        - Two units moving into each other's province by land (head to head) both fail when
          they are of one power (attack 0), or when neither move has support (attack 1
          against defend 1).
        - A move by land, unsupported, alone into a province whose unit moves (not head to
          head) follows that move (`follows`): it succeeds exactly when that one does
          (attack 1 against hold 0 or 1, or attack 0 against a unit of its own power that
          stays), and `resolve` asks that move's decision for it (`_followed`); supported
          instead, by a support settled as given of another power than that unit's
          (`_given_support`), it succeeds, the unit being of another power too (attack 2 at
          least against hold 0 or 1).
        - A support is given when no other power attacks it; it is cut when the first
          attack of another power (in the order of `moves_into`) comes by land, from
          elsewhere than where the support goes (`_support_given`). (Supports are settled
          first: the moves ask them.)
        """
        orders, moves_into, supports_for = self.orders, self.moves_into, self.supports_for
        if not moves_into and not self.supports:
            return  # every unit stays: nothing to decide
        settled, failed, head_to_head = self._settled, self.outcomes, self.head_to_head
        for province in self.supports:
            support = orders[province]
            given: bool | None = True
            for attacker in moves_into.get(province, ()):
                move = orders[attacker]
                if move.unit.power == support.unit.power:
                    continue
                given = None if move.convoyed or (support.kind == "support_move"
                                                   and attacker == support.target) else False
                break
            if given is not None:
                settled[("support", province)] = given
        for target, movers in moves_into.items():
            defender = orders.get(target)
            if len(movers) > 1 and (defender is None or defender.kind == "move"):
                for mover in movers:
                    if orders[mover].convoyed or (mover, target) in supports_for or (
                            head_to_head.get(mover) == target and (target, mover) in supports_for):
                        break
                else:  # several by land, none supported: all fail (one met head to head below)
                    bounced = fails(_BOUNCED, target)
                    for mover in movers:
                        if head_to_head.get(mover) != target:
                            settled[("move", mover)] = False
                            if defender is None or orders[mover].unit.power != defender.unit.power:
                                failed[mover] = bounced
            if defender is None:
                if len(movers) == 1 and not orders[movers[0]].convoyed:
                    settled[("move", movers[0])] = True
                continue
            if defender.kind == "move":
                for mover in movers:
                    if head_to_head.get(mover) == target:
                        if orders[mover].unit.power == defender.unit.power:
                            settled[("move", mover)] = False
                            failed[mover] = fails(_OWN_UNIT, target)
                        elif (mover, target) not in supports_for \
                                and (target, mover) not in supports_for:
                            settled[("move", mover)] = False
                            failed[mover] = fails(_HEAD_TO_HEAD, target)
                    elif len(movers) == 1 and not orders[mover].convoyed:
                        if (mover, target) not in supports_for:
                            if not self.follows:
                                self.follows = {}
                            self.follows[mover] = target
                        elif orders[mover].unit.power != defender.unit.power \
                                and self._given_support(mover, target, defender.unit.power):
                            settled[("move", mover)] = True
                continue
            unsupported_stay = (target, None) not in supports_for
            for mover in movers:
                move = orders[mover]
                if move.convoyed:
                    continue
                if move.unit.power == defender.unit.power:
                    settled[("move", mover)] = False
                    failed[mover] = fails(_OWN_UNIT, target)
                elif unsupported_stay and (mover, target) not in supports_for:
                    settled[("move", mover)] = False
                    failed[mover] = fails(_BOUNCED, target)
                elif unsupported_stay and len(movers) == 1 \
                        and self._given_support(mover, target, defender.unit.power):
                    settled[("move", mover)] = True

    def _given_support(self, mover: str, target: str, power: object) -> bool:
        """Whether a support of the move from `mover` to `target` is settled as given and is
        of another power than `power` (the unit's in `target`): the attack is 2 at least."""
        for support in self.supports_for[(mover, target)]:
            if self._settled.get(("support", support)) and self.orders[support].unit.power != power:
                return True
        return False

    # -- matching --------------------------------------------------------------------------
    def convoy_matches(self, convoy: Effective) -> bool:
        army = self.orders.get(convoy.supported)
        return bool(army and army.kind == "move" and army.convoyed
                    and army.target == convoy.target and convoy.province in army.route_fleets)

    # -- decisions -------------------------------------------------------------------------
    def _adjudicate(self, key: Key) -> bool:
        kind, province = key
        if kind == "move":
            return self._move_succeeds(province)
        if kind == "support":
            return self._support_given(province)
        return self._path_open(province)

    def _resolve(self, kind: str, province: str) -> bool:
        key = (kind, province)
        settled = self._settled.get(key)
        return (self.resolver or self._searcher()).resolve(key) if settled is None else settled

    def _searcher(self) -> Resolver:
        """The resolver, made at the first decision not settled up front."""
        self.resolver = Resolver(self._adjudicate, self._backup, self._settled)
        return self.resolver

    def _is_dislodged(self, province: str) -> bool:
        order = self.orders.get(province)
        if order is None:
            return False
        if order.kind == "move" and self._resolve("move", province):
            return False
        return any(self._resolve("move", attacker)
                   for attacker in self.moves_into.get(province, ()))

    def _support_count(self, supported: str, target: str | None,
                       excluding_power: object = None) -> int:
        supports = self.supports_for.get((supported, target))
        if not supports:  # the usual case, and adjudication is timed (bench/engine.py)
            return 0
        count = 0
        for support in supports:
            if (excluding_power is None or self.orders[support].unit.power != excluding_power) \
                    and self._resolve("support", support):
                count += 1
        return count

    def attack_strength(self, province: str) -> int:
        order = self.orders[province]
        if order.convoyed and not self._resolve("path", province):
            return 0
        defender = self.orders.get(order.target)
        if defender is None or (defender.kind == "move" and province not in self.head_to_head
                                and self._resolve("move", order.target)):
            return 1 + self._support_count(province, order.target)
        if defender.unit.power == order.unit.power:
            return 0
        return 1 + self._support_count(province, order.target, defender.unit.power)

    def hold_strength(self, province: str) -> int:
        order = self.orders.get(province)
        if order is None:
            return 0
        if order.kind == "move":
            return 0 if self._resolve("move", province) else 1
        return 1 + self._support_count(province, None)

    def defend_strength(self, province: str) -> int:
        return 1 + self._support_count(province, self.orders[province].target)

    def prevent_strength(self, province: str) -> int:
        order = self.orders[province]
        if order.convoyed and not self._resolve("path", province):
            return 0
        opponent = self.head_to_head.get(province)
        if opponent is not None and self._resolve("move", opponent):
            return 0
        return 1 + self._support_count(province, order.target)

    def _move_succeeds(self, province: str) -> bool:
        order = self.orders[province]
        attack = self.attack_strength(province)
        if attack == 0:
            return False
        opponent = self.head_to_head.get(province)
        if opponent is not None:
            if attack <= self.defend_strength(opponent):
                return False
        elif attack <= self.hold_strength(order.target):
            return False
        for other in self.moves_into[order.target]:
            if other != province and attack <= self.prevent_strength(other):
                return False
        return True

    def _support_given(self, province: str) -> bool:
        support = self.orders[province]
        for attacker in self.moves_into.get(province, ()):
            move = self.orders[attacker]
            if move.unit.power == support.unit.power:
                continue
            if move.convoyed and (self._spares(move, support)
                                  or not self._resolve("path", attacker)):
                continue
            if support.kind == "support_move" and attacker == support.target:
                # An attack from where the support goes cuts it only by dislodging it.
                if self._resolve("move", attacker):
                    return False
                continue
            return False
        return True

    def _spares(self, move: Effective, support: Effective) -> bool:
        return (self.rules.convoyed_army_spares_support_against_convoy
                and support.kind == "support_move" and support.target in move.route_fleets)

    def _path_open(self, province: str) -> bool:
        order = self.orders[province]
        alive = {f for f in order.route_fleets if not self._is_dislodged(f)}
        if self.rules.convoy_disrupted_by_any_route:
            return bool(order.route_fleets) and alive == set(order.route_fleets)
        return _chain_exists(province, order.target, alive, self.board)

    def _backup(self, resolver: Resolver, cycle: list[Key]) -> None:
        paths = [k for k in cycle if k[0] == "path"]
        if paths:  # convoy paradox: Szykman rule, the convoys in the paradox fail
            self.paradoxes = set(self.paradoxes)
            for key in cycle:
                if key[0] == "path":
                    resolver.settle(key, False)
                    self.paradoxes.add(key[1])
                else:
                    resolver.forget(key)
            return
        for key in cycle:  # circular movement: every move in the circle succeeds
            if key[0] == "move":
                resolver.settle(key, True)
            else:
                resolver.forget(key)

    def _followed(self, province: str) -> bool:
        """The decision of a move that follows another (`follows`): that move's, asked along
        the moves that follow one another to the first not following (its decision found as
        `_resolve` finds it), or every move succeeds when they close a circle (circular
        movement, as `_backup` settles it); each move on the way settled with it, and when
        they fail, each one's outcome said too (the unit it follows stays: attack 0 against
        a unit of its own power, else attack 1 against hold 1)."""
        settled, follows = self._settled, self.follows
        chain: list[str] = []
        while True:
            value = settled.get(("move", province))
            if value is not None:
                break
            if province in chain:  # a circle of moves
                value = True
                break
            target = follows.get(province)
            if target is None:
                value = (self.resolver or self._searcher()).resolve(("move", province))
                break
            chain.append(province)
            province = target
        orders, outcomes = self.orders, self.outcomes
        for province in chain:
            settled[("move", province)] = value
            if not value:
                target = follows[province]
                outcomes[province] = fails(
                    _OWN_UNIT if orders[province].unit.power == orders[target].unit.power
                    else _BOUNCED, target)
        return value

    # -- results ---------------------------------------------------------------------------
    def resolve(self) -> MovementResolution:
        """Each move's decision and outcome, then the units the moves that succeed dislodge,
        then the supports' decisions and outcomes and the others' outcomes (holds and
        convoys): each group in one pass, the usual outcomes said as `_outcome` says them
        (adjudication is timed: bench/)."""
        orders, settled, outcomes = self.orders, self._settled, self.outcomes
        # (`_resolve` inline: most of these decisions are settled already.)
        moved: dict[str, bool] = {}
        arrived: list[str] = []  # the moves that succeed
        for province in self.moves:
            key = ("move", province)
            value = settled.get(key)
            if value is None:
                value = self._followed(province) if province in self.follows else \
                    (self.resolver or self._searcher()).resolve(key)
            moved[province] = value
            if value:
                outcomes[province] = SUCCESS
                arrived.append(province)
            elif province not in outcomes:  # (not settled up front as failed)
                outcomes[province] = self._move_failure(province)
        # A unit that stays is dislodged by the move into its province that succeeds (one at
        # most succeeds into a province).
        dislodged_by: dict[str, str] = {}
        convoyed_attack: dict[str, bool] = {}
        for attacker in arrived:
            move = orders[attacker]
            target = move.target
            if target in orders and not moved.get(target, False):
                dislodged_by[target] = attacker
                convoyed_attack[target] = move.convoyed
        matched = self.matched
        for province in self.supports:
            key = ("support", province)
            given = settled.get(key)
            if given is None:
                given = (self.resolver or self._searcher()).resolve(key)
            outcomes[province] = SUCCESS if given and province in matched \
                and province not in dislodged_by else self._outcome(province, moved, dislodged_by)
        for province in self.stays:
            outcomes[province] = SUCCESS if province not in dislodged_by \
                and orders[province].kind == "hold" else \
                self._outcome(province, moved, dislodged_by)
        # A standoff leaves a province contested; a unit dislodged by the unit coming from
        # that very province does not (it has no effect there: seed 000 IX.7, DATC 6.H.9).
        # (Loops, not generators: a frame less each.)
        contested: frozenset[str] = frozenset()
        if dislodged_by:
            standoffs = []
            for target, attackers in self.moves_into.items():
                if target in orders and not moved.get(target, False):
                    continue  # its unit stayed there
                for attacker in attackers:
                    if moved[attacker]:
                        break
                else:  # nobody entered: a standoff when someone was strong enough to try
                    for attacker in attackers:
                        if self.prevent_strength(attacker) > 0:
                            standoffs.append(target)
                            break
            contested = frozenset(standoffs)
        if log.isEnabledFor(logging.DEBUG):
            self._trace(outcomes, dislodged_by, contested)
        # (the named tuple made without its `__new__`, a Python function: one call less)
        return tuple.__new__(MovementResolution,
                             (moved, dislodged_by, outcomes, contested, convoyed_attack))

    def _trace(self, outcomes: dict[str, Outcome], dislodged_by: dict[str, str],
               contested: frozenset[str]) -> None:
        for province, order in sorted(self.orders.items()):
            strength = ""
            if order.kind == "move":
                strength = (f" attack={self.attack_strength(province)}"
                            f" prevent={self.prevent_strength(province)}")
            elif province in self.orders:
                strength = f" hold={self.hold_strength(province)}"
            log.debug("%s %s %s->%s%s: %s", order.unit.power.value, order.unit.label(),
                      order.kind, order.target, strength, outcomes[province])
        log.debug("dislodged: %s; contested: %s; paradoxes: %s", dislodged_by,
                  sorted(contested), sorted(self.paradoxes))

    def _outcome(self, province: str, moved: dict[str, bool],
                 dislodged_by: dict[str, str]) -> Outcome:
        order = self.orders[province]
        if order.kind == "move":
            if moved[province]:
                return SUCCESS
            return self._move_failure(province)
        if order.kind in _SUPPORTS:
            if province in dislodged_by:
                return fails(Reason.DISLODGED, dislodged_by[province])
            if province not in self.matched:
                return fails(Reason.NOT_MATCHED, order.supported)
            if not self._resolve("support", province):
                cutter = next((a for a in self.moves_into.get(province, ())
                               if self.orders[a].unit.power != order.unit.power), None)
                return fails(Reason.SUPPORT_CUT, cutter)
            return SUCCESS
        if province in dislodged_by:
            return fails(Reason.DISLODGED, dislodged_by[province])
        if order.kind == "convoy":
            if not self.convoy_matches(order):
                army = self.orders.get(order.supported)
                if (army and army.kind == "move" and army.convoyed
                        and army.target == order.target and not army.route_fleets):
                    # the army does go there by sea, but no route of fleets exists
                    return fails(Reason.NO_CONVOY_ROUTE, order.target)
                return fails(Reason.NOT_MATCHED, order.supported)
            if order.supported in self.paradoxes:
                return fails(Reason.PARADOX, province)
            if not self._resolve("path", order.supported):
                return fails(Reason.CONVOY_DISRUPTED, order.supported)
        return SUCCESS

    def _move_failure(self, province: str) -> Outcome:
        order = self.orders[province]
        if order.convoyed and not self._resolve("path", province):
            if province in self.paradoxes:
                return fails(Reason.PARADOX, order.target)
            lost = next((f for f in sorted(order.route_fleets) if self._is_dislodged(f)), None)
            if lost is None:  # no fleet lost: the fleets ordered never made a route
                return fails(Reason.NO_CONVOY_ROUTE, order.target)
            return fails(Reason.CONVOY_DISRUPTED, lost)
        defender = self.orders.get(order.target)
        attack = self.attack_strength(province)
        if attack == 0 and defender is not None and defender.unit.power == order.unit.power:
            return fails(Reason.OWN_UNIT, order.target)
        opponent = self.head_to_head.get(province)
        if opponent is not None and attack <= self.defend_strength(opponent):
            return fails(Reason.HEAD_TO_HEAD, opponent)
        return fails(Reason.BOUNCED, order.target)


def _chain_exists(start: str, end: str, fleets: set[str], board: Board) -> bool:
    frontier = [f for f in fleets if start in board.provinces_touching(f)]
    seen = set(frontier)
    while frontier:
        here = frontier.pop()
        if end in board.provinces_touching(here):
            return True
        for there in board.provinces_touching(here):
            if there in fleets and there not in seen:
                seen.add(there)
                frontier.append(there)
    return False
