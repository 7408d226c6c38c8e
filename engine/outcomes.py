"""What happened to each order, as values. The engine never writes prose: the bot and the CLI
turn a Reason (and the province it names) into text in the reader's language."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from engine.orders import Order
from engine.vocabulary import Power, made


class Status(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"      # legal, but did not happen (bounced, cut, dislodged, ...)
    ILLEGAL = "illegal"  # understood, but not allowed on this position: ignored, the unit holds
    INVALID = "invalid"  # not understood at all (text that is no order)

    @property
    def contract_word(self) -> str:
        """The word of `arbitro adjudicate`'s order_results: an illegal order is one that
        fails (as the DATC says); only text that is no order at all is "invalid"."""
        return "fails" if self is Status.ILLEGAL else self._value_


class Reason(StrEnum):
    # movement, failed
    BOUNCED = "bounced"                      # province: where the bounce happened
    DISLODGED = "dislodged"                  # province: where the attacker came from
    SUPPORT_CUT = "support_cut"              # province: where the cutting attack came from
    CONVOY_DISRUPTED = "convoy_disrupted"    # province: a convoying fleet that was dislodged
    OWN_UNIT = "own_unit"                    # would dislodge a unit of its own power (province)
    HEAD_TO_HEAD = "head_to_head"            # lost a head-to-head battle with the unit at province
    PARADOX = "paradox"                      # convoy paradox, resolved by the Szykman rule
    NOT_MATCHED = "not_matched"              # supported/convoyed unit did not make that move
    # any phase, illegal
    NO_UNIT = "no_unit"                      # no unit at the ordered location
    WRONG_POWER = "wrong_power"              # the unit belongs to another power
    WRONG_UNIT_TYPE = "wrong_unit_type"      # ordered as an army but is a fleet, or vice versa
    NOT_ADJACENT = "not_adjacent"            # target not reachable (province)
    NO_CONVOY_ROUTE = "no_convoy_route"      # no fleets ordered to convoy along a route
    UNREACHABLE_TARGET = "unreachable_target"  # a support to a province the supporter can't reach
    COAST_REQUIRED = "coast_required"        # fleet move/build to a two-coast province, no coast
    BAD_COAST = "bad_coast"                  # the named coast cannot be reached
    NOT_A_SEA = "not_a_sea"                  # convoy from a coast, or of a fleet
    DUPLICATE = "duplicate"                  # second order for a unit already ordered
    WRONG_PHASE = "wrong_phase"              # this kind of order does not exist in this phase
    SELF_SUPPORT = "self_support"            # support of itself / move to own province
    # retreats
    NOT_DISLODGED = "not_dislodged"          # a retreat order for a unit that was not dislodged
    RETREAT_BLOCKED = "retreat_blocked"      # not a retreat option (province)
    RETREAT_BOUNCED = "retreat_bounced"      # another unit retreated to the same province
    # adjustments
    NO_BUILDS = "no_builds"                  # no builds available (or all used)
    NO_REMOVALS = "no_removals"              # no removals due (or all made)
    NOT_HOME_CENTER = "not_home_center"
    NOT_OWNED = "not_owned"
    OCCUPIED = "occupied"
    CIVIL_DISORDER = "civil_disorder"        # removed by the civil-disorder rule
    # A neutral (unplayed) power cannot order; with the province of a move: that province is
    # the closed territory of a neutral power (Italy in the two-player game, seed 000 XIV.2).
    NEUTRAL = "neutral"
    UNREADABLE = "unreadable"                # invalid: the text is not an order


@dataclass(frozen=True)
class Outcome:
    status: Status
    reason: Reason | None = None
    province: str | None = None

    @property
    def succeeded(self) -> bool:
        return self.status is Status.SUCCEEDS


SUCCESS = Outcome(Status.SUCCEEDS)


# Outcomes are immutable values, and a phase gives the same few again and again (bounced at
# this province, support cut from that one): each is made once (bounded memory).
@lru_cache(maxsize=4096)
def fails(reason: Reason, province: str | None = None) -> Outcome:
    # (made as `vocabulary.made` makes values: the memory is emptied before each bench round)
    return made(Outcome, {"status": Status.FAILS, "reason": reason, "province": province})


@lru_cache(maxsize=4096)
def illegal(reason: Reason, province: str | None = None) -> Outcome:
    return made(Outcome, {"status": Status.ILLEGAL, "reason": reason, "province": province})


@dataclass(frozen=True)
class OrderResult:
    power: Power
    order: Order
    outcome: Outcome
    text: str  # the order as given (DATC/canonical text, or the canonical text if given as value)
