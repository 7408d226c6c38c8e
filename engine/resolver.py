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

_UNRESOLVED, _GUESSING, _RESOLVED = 0, 1, 2

Key = Hashable


class Resolver:
    def __init__(self, adjudicate: Callable[[Key], bool],
                 backup: Callable[[Resolver, list[Key]], None]) -> None:
        self._adjudicate = adjudicate
        self._backup = backup
        self._state: dict[Key, int] = {}
        self._value: dict[Key, bool] = {}
        self._dependencies: list[Key] = []
        # The final answers alone, for callers to look up before calling `resolve`: most
        # lookups are of settled decisions (adjudication is timed: bench/engine.py).
        self.settled: dict[Key, bool] = {}

    def settle(self, key: Key, value: bool) -> None:
        """Fix a decision (used by backup policies)."""
        self._state[key] = _RESOLVED
        self._value[key] = value
        self.settled[key] = value

    def settle_all(self, keys: list[Key], value: bool) -> None:
        """Fix many decisions known before any search."""
        for key in keys:
            self._state[key] = _RESOLVED
            self._value[key] = value
            self.settled[key] = value

    def forget(self, key: Key) -> None:
        self._state[key] = _UNRESOLVED
        self.settled.pop(key, None)

    def is_settled(self, key: Key) -> bool:
        return self._state.get(key, _UNRESOLVED) == _RESOLVED

    def resolve(self, key: Key) -> bool:
        state = self._state.get(key, _UNRESOLVED)
        if state == _RESOLVED:
            return self._value[key]
        if state == _GUESSING:
            if key not in self._dependencies:
                self._dependencies.append(key)
            return self._value[key]

        known = len(self._dependencies)
        self._value[key], self._state[key] = False, _GUESSING
        first = self._adjudicate(key)
        if len(self._dependencies) == known:
            # No guess was used: the answer is final (unless a backup settled it already).
            if self._state[key] != _RESOLVED:
                self.settle(key, first)
            return self._value[key]
        if self._dependencies[known] != key:
            # Depends on someone else's guess: stay a guess; that decision will settle us.
            self._dependencies.append(key)
            self._value[key] = first
            return first

        # Our own guess is part of a cycle: try the other guess.
        for other in self._dependencies[known:]:
            self.forget(other)
        del self._dependencies[known:]
        self._value[key], self._state[key] = True, _GUESSING
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
