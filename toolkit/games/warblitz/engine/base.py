"""The base of `WarblitzRules`' parts: what each part uses of the others, declared once.

The rules engine is one class built in layers, each a module: `Invariants`
(invariants.py) on this base, `Narrator` (narrate.py) on it, `EffectResolver`
(resolve.py) on that and `WarblitzRules` (rules.py) on top. A lower layer calls methods
that only `WarblitzRules` defines (moving, targeting, damage, counting a card); they are
declared here with their types, so every layer is checked (and compiled) on its own.
"""

from __future__ import annotations

from toolkit.sim.engine import EmitHook, Engine

from .state import Game, State


class RulesBase(Engine):
    """The methods `WarblitzRules` defines that its lower layers call (see the module
    docstring); each raises NotImplementedError here. `fire` is `Instrumented.fire`
    again, here so that the compiled engine calls it natively; ``counts`` and ``emit``
    (`Instrumented`'s) are declared here, so that the compiled engine keeps them in its
    own fields, read without a lookup by name."""

    counts: dict[str, int]
    emit: EmitHook | None

    def fire(self, rule_id: str) -> None:
        """Count one firing of a rule, ability or ruling (`Instrumented.fire`)."""
        self.counts[rule_id] += 1
        if self.emit is not None:
            self.emit("fired", rule_id)

    def card_fired(self, g: Game, uid: int) -> None:
        """Count one firing of a card's own effect (`WarblitzRules.card_fired`)."""
        raise NotImplementedError

    def draw_dice(self, s: State, p: int) -> int:
        """Dice the player rolls this Beginning phase (`WarblitzRules.draw_dice`)."""
        raise NotImplementedError

    def moves_of(self, s: State, uid: int, count: bool = False) -> int:
        """How far the unit moves (`WarblitzRules.moves_of`)."""
        raise NotImplementedError

    def destinations(self, s: State, uid: int, steps: int | None = None) -> list[int]:
        """Spaces the unit can move to (`WarblitzRules.destinations`)."""
        raise NotImplementedError

    def targets(self, s: State, uid: int) -> list[int]:
        """The cards ``uid`` may target (`WarblitzRules.targets`)."""
        raise NotImplementedError

    def _relocate(self, s: State, uid: int, dest: int) -> None:
        raise NotImplementedError

    def _damage(self, s: State, uid: int, n: int, source: int, how: str) -> None:
        raise NotImplementedError
