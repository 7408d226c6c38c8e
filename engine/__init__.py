"""Arbitro's rules engine: pure, data-driven Diplomacy adjudication.

Public API: `adjudicate`, `PhaseResult`, `Position`, `DislodgedUnit`, the order values, the
vocabulary types, `standard_board`, the rule presets; the set-ups for two to seven players
(`engine.setups`) and the end of a game (`game_status`, `engine.game_end`); the variants
(`engine.variants`: `variant_named`, `board_of`, `VARIANT_IDS`).
"""

from engine.adjudicator import PhaseResult, adjudicate, forget, next_position
from engine.board import Board, standard_board
from engine.game_end import GameOver, GameStatus, game_status
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
from engine.setups import (
    SETUPS,
    Setup,
    closed_provinces,
    coin_toss,
    coin_toss_due,
    neutral_powers,
    setup_named,
    sides,
    variant_setup,
)
from engine.variants import VARIANT_IDS, Variant, board_of, variant_named
from engine.vocabulary import Phase, PhaseKind, Power, Season, Unit, UnitType

__all__ = [
    "DEFAULT_RULES", "PRESETS", "RULES_1971", "RULES_2023", "SETUPS", "Board", "Build",
    "Convoy", "Disband", "DislodgedUnit", "GameOver", "GameStatus", "Hold", "Move", "Order",
    "OrderResult", "OrderSyntaxError", "Outcome", "Phase", "PhaseKind", "PhaseResult",
    "Position", "Power", "Reason", "Retreat", "Rules", "Season", "Setup", "Status",
    "SupportHold", "SupportMove", "Unit", "UnitType", "Waive", "adjudicate", "closed_provinces",
    "coin_toss", "coin_toss_due", "forget", "game_status", "neutral_powers", "next_position",
    "parse_order", "rules_named", "setup_named", "sides", "standard_board",
    "VARIANT_IDS", "Variant", "board_of", "variant_named", "variant_setup",
]
