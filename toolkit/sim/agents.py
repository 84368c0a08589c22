"""Agents by name, for any game: the game's own agents and the search agent.

Every place that seats agents (the harness, `pnp play`, the skill ladder, balance runs)
looks names up here. A name is, in this order:

- one of the game's own agents: any name its ``rules.agents`` Mapping holds (``random``,
  ``greedy``, and any parameterised names a game accepts through that Mapping);
- ``mcts``, ``mcts:N`` or ``mcts:N:ROLLOUT``: information-set MCTS (toolkit/sim/mcts.py).
  ``mcts`` plays with the engine's default search settings (its ``search``, a
  `SearchSettings`: budget, playout agent, horizon, widening); ``mcts:N`` with N
  simulations per decision and the other defaults; ``mcts:N:ROLLOUT`` also has its
  playouts played by the game's agent ROLLOUT (``random`` or ``greedy``, say). It needs
  the engine to declare the ``determinize`` hook (toolkit/sim/engine.py), because it
  samples what its player cannot see.

A name no game can seat is an `AgentError`: one sentence, exit 2 at the CLI edge.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from toolkit.core.errors import InputError

from .engine import Agent, Rules, SearchSettings, capabilities_of

SEARCH = "mcts"
"""The search agent's name: ``mcts``, ``mcts:N`` or ``mcts:N:ROLLOUT``."""
MAX_SIMULATIONS = 1_000_000
"""The most simulations per decision a name may ask for."""


class AgentError(InputError, ValueError):
    """An agent name this game cannot seat (exit 2 at the CLI edge)."""


def can_search(rules: Rules) -> bool:
    """True if the engine declares the ``determinize`` hook, so the search agent can play
    it (toolkit/sim/engine.py: `Capabilities`)."""
    return capabilities_of(rules).provides("determinize")


def search_defaults(rules: Rules) -> SearchSettings:
    """The engine's default search settings (its ``search``), or the search's own."""
    from .mcts import DEFAULT  # noqa: PLC0415 - the search is loaded only when asked for

    if not capabilities_of(rules).provides("search"):
        return DEFAULT
    settings = rules.search  # type: ignore[attr-defined]
    return settings if isinstance(settings, SearchSettings) else DEFAULT


def agent_choices(rules: Rules) -> list[str]:
    """The names to offer in messages: the game's agents, then the search agent's forms
    when the engine can seat it."""
    names = list(rules.agents)
    if can_search(rules):
        names += [SEARCH, f"{SEARCH}:N", f"{SEARCH}:N:greedy" if "greedy" in rules.agents
                  else f"{SEARCH}:N:random"]
    return names


def _search_spec(rules: Rules, name: str) -> SearchSettings:
    """The settings of ``mcts``, ``mcts:N`` or ``mcts:N:ROLLOUT``, or an `AgentError`."""
    game = rules.game_id
    parts = name.split(":", 2)
    if len(parts) < 2 and parts[0].strip().lower() != SEARCH:
        raise AgentError(f"search agent '{name}' is not of the form mcts, mcts:N or "
                         "mcts:N:ROLLOUT, as in mcts:200 or mcts:200:greedy")
    if not can_search(rules):
        raise AgentError(
            f"the {game} engine cannot sample what a player does not see yet (it has no "
            f"determinize hook), so it cannot seat the search agent '{name}'; its agents "
            f"are: {', '.join(rules.agents)}")
    settings = search_defaults(rules)
    if len(parts) == 1:
        return settings
    count = parts[1].strip()
    if not (count.isascii() and count.isdigit() and len(count) <= 9) \
            or not 1 <= int(count) <= MAX_SIMULATIONS:
        raise AgentError(f"search agent '{name}': the simulations per decision must be a "
                         f"whole number from 1 to {MAX_SIMULATIONS:,}, as in mcts:200")
    rollout = parts[2].strip() if len(parts) == 3 else settings.rollout
    if rollout.startswith(SEARCH) or rollout not in rules.agents:
        raise AgentError(f"search agent '{name}': its playouts are played by one of "
                         f"{game}'s agents ({', '.join(rules.agents)}), as in "
                         f"mcts:{count}:{'greedy' if 'greedy' in rules.agents else 'random'}")
    return replace(settings, simulations=int(count), rollout=rollout)


def agent_problem(rules: Rules, name: str) -> str | None:
    """Why this game cannot seat agent ``name`` (one sentence), or None if it can."""
    try:
        check_agent(rules, name)
    except AgentError as error:
        return str(error)
    return None


def known_agent(rules: Rules, name: str) -> bool:
    """True if this game can seat agent ``name``."""
    return agent_problem(rules, name) is None


def check_agent(rules: Rules, name: str) -> None:
    """Raise `AgentError` (one sentence) unless this game can seat agent ``name``."""
    if name in rules.agents:
        return
    if name.split(":", 1)[0].strip().lower() == SEARCH:
        _search_spec(rules, name)
        return
    raise AgentError(f"unknown agent '{name}' for {rules.game_id}; known agents: "
                     f"{', '.join(agent_choices(rules))}")


def check_agents(rules: Rules, names: Sequence[str]) -> None:
    """Raise `AgentError` for the first name this game cannot seat."""
    for name in names:
        check_agent(rules, name)


def make_agent(rules: Rules, name: str, seat: int, seats: int) -> Agent:
    """A fresh agent for ``seat`` (of ``seats``) from its name; `AgentError` if unknown.

    The game's own agents ignore the seat; the search agent needs it, to ask
    ``determinize`` for its own player's view and to score a draw (1/seats each).
    """
    registry = rules.agents
    if name in registry:
        return registry[name]()
    check_agent(rules, name)
    from .mcts import MCTSAgent  # noqa: PLC0415 - the search is loaded only when seated

    return MCTSAgent(rules, seat, seats, _search_spec(rules, name))


def make_agents(rules: Rules, names: Sequence[str]) -> list[Agent]:
    """One fresh agent per seat, in seat order, from the lineup's names."""
    return [make_agent(rules, name, seat, len(names)) for seat, name in enumerate(names)]
