"""Fixture teams and scenario helpers for the WarBadge engine tests.

`STANDARD_TEAM` (Sun) and `QUICK_TEAM` (Dawn) with their opponents (Moon, Dusk) come from
the engine's samples; together the four use every one of the nineteen abilities.
`badge` builds one-off badges for scenarios, `position` a game at the start of a battle,
`act` applies actions after checking that each one is legal.
"""

from __future__ import annotations

from tests.helpers import act  # noqa: F401  (re-exported for the scenario tests)
from toolkit.games.warbadge.engine import BadgeSpec, FormatSpec, WarBadgeParams, WarBadgeRules
from toolkit.games.warbadge.engine.rulings import ABILITY_NAMES, ability_key
from toolkit.games.warbadge.engine.samples import DAWN, DUSK, MOON, SUN
from toolkit.games.warbadge.engine.state import State

STANDARD_TEAM = SUN
STANDARD_OPPONENT = MOON
QUICK_TEAM = DAWN
QUICK_OPPONENT = DUSK
ALL_TEAMS = (SUN, MOON, DAWN, DUSK)


def abilities_used() -> set[str]:
    """The ability keys used by the fixture teams."""
    return {ability_key(a) for team in ALL_TEAMS for b in team for a in b.abilities}


assert abilities_used() == {ability_key(a) for a in ABILITY_NAMES}


def badge(name: str, value: int = 1, types: str = "Blade", strong: str = "", weak: str = "",
          abilities: str = "", rank: str = "Bronze") -> BadgeSpec:
    """A badge for a scenario (comma-separated types, strengths, weaknesses, abilities)."""
    def split(text: str) -> tuple[str, ...]:
        return tuple(t.strip() for t in text.split(",") if t.strip())

    return BadgeSpec(name, rank, value, split(types), split(strong), split(weak),
                     split(abilities))


def params(team0, team1, rounds: int = 3) -> WarBadgeParams:
    """Parameters for two scenario teams (a custom format)."""
    size = max(len(team0), len(team1))
    return WarBadgeParams((tuple(team0), tuple(team1)), ("A", "B"),
                          FormatSpec("test", size, rounds))


def position(rules: WarBadgeRules, team0, team1, places: tuple[str, str], *,
             round: int = 1, rounds: int = 3, battle: int = 0, seen: bool = False) -> State:
    """A game at the start of a battle (see `WarBadgeRules.position`; ``seen``: each
    player has seen every enemy badge face up before)."""
    return rules.position(params(team0, team1, rounds), places, round=round, battle=battle,
                          seen=seen)




def names(state: State, player: int, status: int) -> list[str]:
    """Names of the player's badges with that status."""
    return [c.name for c, x in zip(state.teams[player].cards, state.status[player], strict=True)
            if x == status]
