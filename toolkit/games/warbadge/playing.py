"""How WarBadge plays: validated teams become the engine's plain-data parameters."""

from __future__ import annotations

from toolkit.core.errors import InputError
from toolkit.core.registry import PlaySpec
from toolkit.games.warbadge.engine import (
    SETUPS,
    BadgeSpec,
    FormatSpec,
    WarBadgeParams,
    WarBadgeRules,
)
from toolkit.games.warbadge.models import RANKS
from toolkit.games.warbadge.sweep import sweep_decks


def badge_spec(badge) -> BadgeSpec:
    """A validated catalog badge as the engine's frozen plain data."""
    return BadgeSpec(badge.name, badge.rank, badge.value, tuple(badge.types),
                     tuple(badge.strengths), tuple(badge.weaknesses), tuple(badge.abilities))


def params(decks: list, fmt: str | None) -> WarBadgeParams:
    """Two validated teams of one format → WarBadgeParams (the format's badges and rounds)."""
    if len(decks) != 2:
        raise InputError(f"WarBadge is played by 2 players; got {len(decks)} teams")
    formats = {deck.format.name.casefold() for deck in decks}
    if len(formats) != 1:
        names = " and ".join(f"{d.name} ({d.format.name})" for d in decks)
        raise InputError(f"the teams are of different formats: {names}; "
                         "pass --format to check both against one")
    chosen = decks[0].format
    return WarBadgeParams(
        teams=(tuple(badge_spec(b) for b in decks[0].badges),
               tuple(badge_spec(b) for b in decks[1].badges)),
        deck_names=(decks[0].name, decks[1].name),
        format=FormatSpec(chosen.name, chosen.badges, chosen.rounds,
                          tuple((rank, chosen.rank_count(rank)) for rank in RANKS),
                          chosen.total_value),
        catalogs=(catalog_specs(decks[0]), catalog_specs(decks[1])))


_CATALOGS: dict[int, tuple[object, tuple[BadgeSpec, ...]]] = {}
"""id(catalog) → (the catalog, its badges as specs): one tuple per catalog shared by every
table of a sweep (9,900 seat orders of 100 teams would otherwise copy it 19,800 times)."""


def catalog_specs(deck) -> tuple[BadgeSpec, ...]:
    """The valid badges of the catalog a team was checked against: what its enemy may
    assume of the badges it has not seen (the team was chosen in secret)."""
    catalog = deck.catalog
    kept = _CATALOGS.get(id(catalog))
    if kept is None or kept[0] is not catalog:
        kept = _CATALOGS[id(catalog)] = (catalog, tuple(badge_spec(b) for b in
                                                        catalog.badges.values()))
    return kept[1]


COMPILED = tuple(f"toolkit.games.warbadge.engine.{name}" for name in (
    "rulings", "state", "features", "rules", "agents"))
"""The engine's modules compiled with mypyc (toolkit/sim/native.py)."""

PLAYING = PlaySpec(rules=WarBadgeRules, params=params,
                   default_decks=("badges.xlsx#Sun", "badges.xlsx#Moon"), players=(2, 2),
                   setups=lambda: SETUPS, sweep=sweep_decks, compiled=COMPILED)
