"""Arbitro's rules engine: pure, data-driven Diplomacy adjudication.

Public API: `adjudicate`, `PhaseResult`, `Position`, `DislodgedUnit`, the order values, the
vocabulary types, `standard_board`, the rule presets.
"""

from engine.adjudicator import PhaseResult, adjudicate, next_position
from engine.board import Board, standard_board
from engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderSyntaxError,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    parse_order,
)
from engine.outcomes import OrderResult, Outcome, Reason, Status
from engine.position import DislodgedUnit, Position
from engine.rules import DEFAULT_RULES, PRESETS, RULES_1971, RULES_2023, Rules, rules_named
from engine.vocabulary import Phase, PhaseKind, Power, Season, Unit, UnitType

__all__ = [
    "DEFAULT_RULES", "PRESETS", "RULES_1971", "RULES_2023", "Board", "Build", "Convoy",
    "Disband", "DislodgedUnit", "Hold", "Move", "Order", "OrderResult", "OrderSyntaxError",
    "Outcome", "Phase", "PhaseKind", "PhaseResult", "Position", "Power", "Reason", "Retreat",
    "Rules", "Season", "Status", "SupportHold", "SupportMove", "Unit", "UnitType", "Waive",
    "adjudicate", "next_position", "parse_order", "rules_named", "standard_board",
]
