"""Arbitro's computer player: pure, deterministic for a seed, no I/O (like `engine/`).

Public API: `choose_orders(position, power, ...)`, the orders a power needs in the phase of
`position` (movement, retreats, adjustments), every one legal on that position. How it plays
is in docs/computer.md: a heuristic values every province (centres to take or defend, spread
to their neighbours), and in movement phases a search adjudicates candidate order sets against
sampled orders of the other powers with the engine and keeps the best on average.
"""

from computer.player import DEFAULT_THINK_MS, choose_orders

__all__ = ["DEFAULT_THINK_MS", "choose_orders"]
