"""The rulebook's numbers and the small helpers every part of the Warblitz engine shares.

Tables as the book gives them (the token table, the melee and range tables, dice per
turn, the limits of a turn) and tiny tuple helpers; `game_of` builds a parameters' static
`Game` once, `pay` takes a cost from held tokens (ruling ``payment``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from toolkit.games.warblitz import board as B
from toolkit.games.warblitz import effects as E

from .state import PAY_ORDER, TATK, TDEF, TSPC, Game, WarblitzParams

# The battlefield's geometry (board.py), as constants of the compiled engine.
WIDTH: Final = B.WIDTH
SIZE: Final = B.SIZE
ADJACENT: Final = B.ADJACENT
RAYS: Final = B.RAYS

DIST: Final = tuple(B.distance(a, b) for a in range(SIZE) for b in range(SIZE))
"""`board.distance` of every two spaces: ``DIST[a * SIZE + b]``."""


def distance(a: int, b: int) -> int:
    """Orthogonal steps between two spaces (`board.distance`, from `DIST` on the
    battlefield)."""
    if 0 <= a < SIZE and 0 <= b < SIZE:
        return DIST[a * SIZE + b]
    return B.distance(a, b)


TRIGGER_IDS: Final = tuple(E.trigger_id(t) for t in range(len(E.TRIGGERS)))
"""The coverage id of each trigger (`effects.trigger_id`)."""
VERB_IDS: Final = tuple(E.step_id(E.Step(v, 0)) for v in range(len(E.VERBS)))
"""The coverage id of each verb's step (`effects.step_id`), but a modifier's."""
MODIFIER_IDS: Final = tuple(E.step_id(E.Step(E.MODIFY, 0, None, stat))
                            for stat in range(len(E.STATS)))
"""The coverage id of a modifier of each stat."""


def step_id(step: E.Step) -> str:
    """The coverage id of a step's verb, modifiers by their stat (`effects.step_id`)."""
    return MODIFIER_IDS[step.arg] if step.verb == E.MODIFY else VERB_IDS[step.verb]


STAT: Final = "warblitz.stat."
TOKEN_OF_ROLL: Final = (None, 0, 0, 1, 1, 2, 3)
"""Phase 1 table, by die face: "1-2: Defend (DEF) token, 3-4: Attack (ATK) token,
5: Wildcard (WLD) token, 6: Special (SPC) token" (held index H_DEF .. H_SPC)."""
TOKEN_NAMES: Final = ("DEF", "ATK", "WLD", "SPC", "BST")


def token_of_roll(face: int) -> int:
    """The held token a draw die's face gives (`TOKEN_OF_ROLL`)."""
    token = TOKEN_OF_ROLL[face]
    assert token is not None, "a die has no face 0"
    return token


# Token roles on a unit, by held token: DEF → DEF; ATK → ATK; WLD → DEF or ATK;
# SPC → DEF, ATK or SPC ("The WLD token can be used as either a DEF or ATK token. The SPC
# token can be used as either a DEF or ATK token or consumed to replace one roll").
ROLES: Final = {0: (TDEF,), 1: (TATK,), 2: (TDEF, TATK), 3: (TDEF, TATK, TSPC)}
ROLE_NAMES: Final = {TDEF: "DEF", TATK: "ATK", TSPC: "SPC"}
UPGRADE_COST: Final = 4
"""Upgrades: "All upgrades cost 4 tokens per an upgrade"."""
MAX_DEPLOY: Final = 2
"""Deployment: "Deploy up to two units"."""
MAX_ACTIVATIONS: Final = 3
"""Move & Attack: "Select 3 different units you control on the battlefield"."""
BASE_DICE: Final = (1, 2, 3)
"""Phase 1: "N is 1, 2, 3 on turns 1, 2, 3 respectively and 3 dice thereafter"."""
# Attack tables by face: (hits, specials).
MELEE_TABLE: Final = (None, (0, 1), (1, 0), (1, 0), (1, 0), (1, 0), (1, 1))
"""Melee table: "1: Special, 2-5: Hit, 6: Hit / Special"."""
RANGE_TABLE: Final = (None, (0, 0), (0, 1), (1, 0), (1, 0), (1, 0), (1, 1))
"""Range table: "1: Miss, 2: Special, 3-5: Hit, 6: Hit / Special"."""


def _put(values: tuple, p: int, value: Any) -> tuple:
    return values[:p] + (value,) + values[p + 1:]


def _with(cards: tuple[int, ...], uid: int) -> tuple[int, ...]:
    return tuple(sorted(cards + (uid,)))


def _without(cards: tuple[int, ...], uid: int) -> tuple[int, ...]:
    i = cards.index(uid)
    return cards[:i] + cards[i + 1:]


def _of(name: str) -> str:
    """A possessive: "Ashen Court's", "Tidewardens'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@lru_cache(maxsize=16)
def game_of(params: WarblitzParams) -> Game:
    """The static `Game` of a parameters object (built once)."""
    return Game(params)


def pay(held: tuple[int, ...], cost: int) -> tuple[int, ...] | None:
    """Held tokens after paying ``cost`` (ruling ``payment``), or None if too few."""
    if cost > sum(held):
        return None
    out = list(held)
    for k in PAY_ORDER:
        take = min(cost, out[k])
        out[k] -= take
        cost -= take
    return tuple(out)



KIND_TEXT: Final = ("unit", "event", "relic", "terrain")
