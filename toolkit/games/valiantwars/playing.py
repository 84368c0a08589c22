"""How Valiant Wars plays: the validated pool becomes the engine's plain-data parameters,
one seat per `--players`; the balance commands' starts (`sweep.py`) add each seat's
starting Champions."""

from __future__ import annotations

from toolkit.core.errors import InputError
from toolkit.core.registry import PlaySpec
from toolkit.games.valiantwars.engine import SETUPS, CardSpec, ValiantWarsRules, VWParams
from toolkit.games.valiantwars.models import CardRow
from toolkit.games.valiantwars.sweep import Start, sweep_decks


def card_spec(card: CardRow) -> CardSpec:
    """A validated, settled pool card as the engine's frozen plain data."""
    code, amount = card.penalty or (0, 0)
    return CardSpec(card.name, card.kind, card.type or "", card.cost or 0, card.swords or 0,
                    card.gold or 0, card.vp or 0, code, amount, card.effect or "",
                    card.role or "")


def params(decks: list, fmt: str | None) -> VWParams:
    """The pool, once per seat (`pnp play --players N`) → VWParams for N players (the
    pool was checked against `fmt` when it was loaded). A balance run gives one `Start`
    per seat instead, all of one pool: each seat's starting Champions are added to the
    pool as copies of their own and dealt into its starting deck (`sweep.py`).

    A pool that cannot deal N players (a custom pool short of starting cards or
    Locations) is refused with the reason (exit 2).
    """
    starts = decks if isinstance(decks[0], Start) else None
    pool = starts[0].pool if starts else decks[0]
    if any((d.pool if starts else d) is not pool for d in decks):
        raise InputError("Valiant Wars seats every player on one pool; give it once")
    players = len(decks)
    if players not in pool.seats:
        can = ", ".join(map(str, pool.seats)) or "no player count"
        raise InputError(f"the pool '{pool.name}' cannot seat {players} players (it seats "
                         f"{can}); see pnp validate valiantwars {pool.file}")
    if not pool.cards:
        raise InputError(f"the pool '{pool.name}' is too large to deal")
    cards = tuple(card_spec(c) for c in pool.cards)
    if not starts:
        return VWParams(cards, players, pool_name=pool.name, format=pool.format)
    seats: list[tuple[int, ...]] = []
    for start in starts:
        seats.append(tuple(range(len(cards), len(cards) + len(start.cards))))
        cards += tuple(card_spec(c) for c in start.cards)
    return VWParams(cards, players, tuple(s.name for s in starts), pool_name=pool.name,
                    format=pool.format, starts=tuple(seats))


COMPILED = tuple(f"toolkit.games.valiantwars.engine.{name}" for name in (
    "rulings", "state", "lines", "rules", "agents"))
"""The engine's modules compiled with mypyc (toolkit/sim/native.py)."""

PLAYING = PlaySpec(rules=ValiantWarsRules, params=params, default_decks=("pool.xlsx",),
                   players=(2, 5), pooled=True, demo_players=(2, 4), setups=lambda: SETUPS,
                   sweep=sweep_decks, compiled=COMPILED)
