"""Sample WarBadge teams in plain Python: two standard and two quick teams.

Together the four teams use all nineteen abilities (the bundled workbook's teams use
eighteen: none has Resurrect). Their deck names (Dragon Host, Lich Court, Phoenix Wing,
Hydra Den) differ from the bundled teams' so logs never mix them up. They stand in for bundled decks in
the game's PlaySpec (`setups`), the tests and the benchmark.
Standard teams: 1 Gold + 2 Silver + 3 Bronze, total value 10; quick teams: 1 Gold +
1 Silver + 2 Bronze, total value 7.
"""

from __future__ import annotations

from .state import QUICK, STANDARD, BadgeSpec, FormatSpec, WarBadgeParams


def _b(name: str, rank: str, value: int, types: str, strengths: str = "",
       weaknesses: str = "", abilities: str = "") -> BadgeSpec:
    def split(text: str) -> tuple[str, ...]:
        return tuple(t.strip() for t in text.split(",") if t.strip())

    return BadgeSpec(name, rank, value, split(types), split(strengths), split(weaknesses),
                     split(abilities))


SUN: tuple[BadgeSpec, ...] = (
    _b("Sun Dragon", "Gold", 3, "Flying, Magic", "Blade", "Ranged", "Rage"),
    _b("Knight", "Silver", 2, "Blade, Armor", "Abomination", "Magic", "Charge"),
    _b("Cleric", "Silver", 2, "Holy", "Abomination", "Stealth", "Heal"),
    _b("Archer", "Bronze", 1, "Ranged", "Flying", "Blade", "Fast"),
    _b("Warhorse", "Bronze", 1, "Armor", "", "", "Mount"),
    _b("Herald", "Bronze", 1, "Holy", "", "", "Lead"),
)
"""Standard team: Rage, Charge, Heal, Fast, Mount, Lead."""

MOON: tuple[BadgeSpec, ...] = (
    _b("Lich", "Gold", 3, "Abomination, Magic", "Holy", "Blade", "Resurrect"),
    _b("Assassin", "Silver", 2, "Stealth, Blade", "Magic", "Armor", "Death Curse"),
    _b("Wraith", "Silver", 2, "Abomination, Stealth", "Holy", "Holy", "Enervate"),
    _b("Rat", "Bronze", 1, "Abomination", "", "", "Swarm"),
    _b("Rat", "Bronze", 1, "Abomination", "", "", "Swarm"),
    _b("Ghoul", "Bronze", 1, "Abomination", "", "Holy", "Feed"),
)
"""Standard team: Resurrect, Death Curse, Enervate, Swarm, Feed."""

DAWN: tuple[BadgeSpec, ...] = (
    _b("Phoenix", "Gold", 3, "Flying, Holy", "Abomination", "Ranged", "Altruism"),
    _b("Mage", "Silver", 2, "Magic", "Armor", "Stealth", "Illusion"),
    _b("Squire", "Bronze", 1, "Blade", "", "Magic", "Protect"),
    _b("Troll", "Bronze", 1, "Armor", "", "", "Regenerate"),
)
"""Quick team: Altruism, Illusion, Protect, Regenerate."""

DUSK: tuple[BadgeSpec, ...] = (
    _b("Hydra", "Gold", 3, "Abomination", "Blade", "Magic", "Inspire"),
    _b("Viper", "Silver", 2, "Blade", "", "", "Poison"),
    _b("Thief", "Bronze", 1, "Stealth", "", "", "Hide"),
    _b("Wolf", "Bronze", 1, "Blade", "", "", "Revenge"),
)
"""Quick team: Inspire, Poison, Hide, Revenge."""


CATALOG: tuple[BadgeSpec, ...] = SUN + MOON + DAWN + DUSK
"""The catalog the sample teams are chosen from: their badges (a Rat listed twice counts
once). Each player knows it, and the format, but not the enemy's team."""


def standard_params() -> WarBadgeParams:
    """Dragon Host (SUN) against Lich Court (MOON), standard format."""
    return WarBadgeParams((SUN, MOON), ("Dragon Host", "Lich Court"), STANDARD,
                          (CATALOG, CATALOG))


def quick_params() -> WarBadgeParams:
    """Phoenix Wing (DAWN) against Hydra Den (DUSK), quick format."""
    return WarBadgeParams((DAWN, DUSK), ("Phoenix Wing", "Hydra Den"), QUICK,
                          (CATALOG, CATALOG))


def mixed_params() -> WarBadgeParams:
    """A custom format mixing all four teams (10 badges, 3 rounds, any ranks and total
    value): every ability at once."""
    fmt = FormatSpec("custom", 10, 3)
    return WarBadgeParams((SUN + DAWN, MOON + DUSK), ("Dragon Host+Phoenix Wing",
                                                       "Lich Court+Hydra Den"), fmt,
                          (CATALOG, CATALOG))


SETUPS = {"standard": standard_params, "quick": quick_params, "mixed": mixed_params}
"""Named sample setups: name -> params factory."""
