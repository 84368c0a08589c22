"""How Valiant Wars plays: the validated pool becomes the engine's plain-data parameters,
one seat per `--players`."""

from __future__ import annotations

from toolkit.core.errors import InputError
from toolkit.core.registry import PlaySpec
from toolkit.games.valiantwars.engine import SETUPS, CardSpec, ValiantWarsRules, VWParams
from toolkit.games.valiantwars.models import CardRow


def card_spec(card: CardRow) -> CardSpec:
    """A validated, settled pool card as the engine's frozen plain data."""
    code, amount = card.penalty or (0, 0)
    return CardSpec(card.name, card.kind, card.type or "", card.cost or 0, card.swords or 0,
                    card.gold or 0, card.vp or 0, code, amount, card.effect or "",
                    card.role or "")


def params(decks: list, fmt: str | None) -> VWParams:
    """The pool, once per seat (`pnp play --players N`) → VWParams for N players (the
    pool was checked against `fmt` when it was loaded).

    A pool that cannot deal N players (a custom pool short of starting cards or
    Locations) is refused with the reason (exit 2).
    """
    pool = decks[0]
    if any(d is not pool for d in decks):
        raise InputError("Valiant Wars seats every player on one pool; give it once")
    players = len(decks)
    if players not in pool.seats:
        can = ", ".join(map(str, pool.seats)) or "no player count"
        raise InputError(f"the pool '{pool.name}' cannot seat {players} players (it seats "
                         f"{can}); see pnp validate valiantwars {pool.file}")
    if not pool.cards:
        raise InputError(f"the pool '{pool.name}' is too large to deal")
    return VWParams(tuple(card_spec(c) for c in pool.cards), players,
                    pool_name=pool.name, format=pool.format)


PLAYING = PlaySpec(rules=ValiantWarsRules, params=params, default_decks=("pool.xlsx",),
                   players=(2, 5), pooled=True, demo_players=(2, 4), setups=lambda: SETUPS)
