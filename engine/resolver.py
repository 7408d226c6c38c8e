"""Kruijswijk's guess-and-check resolver ("The Math of Adjudication"), independent of the rules.

Decisions are keys; `adjudicate(key)` computes a decision's value from other decisions, asking
for them through `resolve`. When decisions depend on each other in a cycle, the resolver tries
both guesses for the first decision of the cycle: if both give the same answer that is the
answer; otherwise (two consistent answers, or none) the `backup` policy decides the cycle —
circular movement or a convoy paradox — and resolution continues.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable

log = logging.getLogger(__name__)

Key = Hashable


class Resolver:
    """A decision is unresolved, guessed (in `_guesses`, with the guess it currently stands
    on) or settled (in `settled`, final)."""

    def __init__(self, adjudicate: Callable[[Key], bool],
                 backup: Callable[[Resolver, list[Key]], None],
                 settled: dict[Key, bool] | None = None) -> None:
        self._adjudicate = adjudicate
        self._backup = backup
        self._guesses: dict[Key, bool] = {}
        self._dependencies: list[Key] = []
        # The final answers, for callers to look up before calling `resolve` (most lookups
        # are of settled decisions) and to write the decisions known before any search into
        # (`MovementAdjudicator._settle_the_obvious`, which hands its table in: the resolver
        # is made only when a decision needs the search; adjudication is timed: bench/).
        self.settled: dict[Key, bool] = {} if settled is None else settled

    def settle(self, key: Key, value: bool) -> None:
        """Fix a decision (used by backup policies)."""
        self._guesses.pop(key, None)
        self.settled[key] = value

    def forget(self, key: Key) -> None:
        self._guesses.pop(key, None)
        self.settled.pop(key, None)

    def resolve(self, key: Key) -> bool:
        settled = self.settled.get(key)
        if settled is not None:
            return settled
        guess = self._guesses.get(key)
        if guess is not None:
            if key not in self._dependencies:
                self._dependencies.append(key)
            return guess

        known = len(self._dependencies)
        self._guesses[key] = False
        first = self._adjudicate(key)
        if len(self._dependencies) == known:
            # No guess was used: the answer is final (unless a backup settled it already).
            if key not in self.settled:
                self.settle(key, first)
            return self.settled[key]
        if self._dependencies[known] != key:
            # Depends on someone else's guess: stay a guess; that decision will settle us.
            self._dependencies.append(key)
            self._guesses[key] = first
            return first

        # Our own guess is part of a cycle: try the other guess.
        for other in self._dependencies[known:]:
            self.forget(other)
        del self._dependencies[known:]
        self._guesses[key] = True
        second = self._adjudicate(key)
        if first == second:
            for other in self._dependencies[known:]:
                self.forget(other)
            del self._dependencies[known:]
            self.settle(key, first)
            return first

        cycle = self._dependencies[known:]
        del self._dependencies[known:]
        log.debug("cycle with no unique answer: %s", cycle)
        self._backup(self, cycle)
        return self.resolve(key)
