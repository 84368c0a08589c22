"""Information-set Monte Carlo tree search (ISMCTS): one search agent for every engine.

Written once against the engine protocol (toolkit/sim/engine.py), after OpenSpiel's
ISMCTS (Cowling, Powley and Whitehouse 2012) and TAG's MCTS player. For each decision
the agent runs N simulations; each one:

1. **Determinizes**: draws a full state from the engine's ``determinize(observation,
   seat, rng)``, among those its player cannot tell apart from the real one. The agent
   is given only the observation, never the true state, so it cannot peek.
2. **Selects** down the tree with UCB1, **expands** one new node, then **plays out**
   the rest of the game with the random agent (or the game's own agent, e.g. greedy),
   and **backs up** each player's reward to the choices that player made.

Nodes are information sets: a node is keyed by ``(player, observation)``, what the
player to move observes there. Observations hold everything a player knows (the
``determinize`` contract: a state is built from the observation alone), so the
observation is that player's information state, and every determinization the player
cannot tell apart shares the node; opponents' nodes are keyed by what *they* observe in
each sampled world, so each opponent chooses only from what it could see there. Two
paths reaching one observation share a node (a transposition), as the player's own
knowledge does; a simulation that comes back to a node already on its path stops growing
the tree there and plays out.

- **Chance** (drops, shuffles, dice) is drawn from the search's own stream.
- **Informed playouts, a horizon and an evaluation** (the engine's `SearchSettings`,
  toolkit/sim/engine.py): playouts are played by the game's own agent (``rollout``,
  usually greedy) rather than at random, and cut ``horizon`` length units (turns,
  rounds, battles) after the searched decision, where the engine's ``evaluate(state)``
  scores the position for every seat (toolkit/sim/evaluation.py); in a long game a random
  playout to the end mostly measures luck, and a bad playout policy teaches the search to
  play badly (the "playout policy improvement" of Tesauro and Galperin: one step of search
  over a good policy's playouts plays at least as well as that policy).
- **Progressive bias and widening** (Chaslot et al. 2008; Coulom 2007): the playout
  agent's own choice at a node is tried first and gets ``bias / (n + 1)`` added to its
  value, so a small budget starts from the informed choice and leaves it only when the
  simulations say so; where the branching is large (``widening`` > 0) a node visited n
  times chooses among its first ceil(widening·√n) actions only, the informed choice
  first and then the others by the evaluation one step ahead. With ``prior`` > 0 the
  selection is PUCT's instead (Silver et al. 2017): value + prior·P(a)·√N/(1 + n(a)),
  where P gives the hint its ``hint`` share and the others the rest evenly, a bonus that
  keeps the informed choice ahead as the budget grows rather than fading after a few
  visits as the bias does.
- **Simultaneous** choices (``to_move`` names several players, as WarBadge's secret
  choices do) use decoupled UCT: each mover picks from its own node's statistics, from the
  same state, then the actions are applied in order, as the harness does.
- **Multi-player**: each player maximises its own reward: 1 for a win and 0 for a loss;
  a draw and a game the engine declares unfinishable give each seat 1/seats; a playout
  cut short (at the horizon, the step cap, in a deterministic cycle or with nobody to
  move) gives each seat its evaluation (1/seats without ``evaluate``). An engine where a win is shared (a team) provides
  ``returns(state)``, each seat's reward, and the search uses that.
- **Reproducible**: each decision draws one 64-bit seed from the agent stream the
  harness passes to ``act`` and runs wholly from it, so a game is the same for any
  ``--jobs``. The search neither counts rule coverage nor writes to a playthrough log.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from random import Random
from typing import Any

from .draws import below
from .engine import CHANCE, Action, Agent, Rules, SearchSettings, capabilities_of

EXPLORATION = 0.7
"""UCB1's exploration constant for rewards in [0, 1] (OpenSpiel uses 2 for rewards in
[-1, 1], the same scale)."""

DEFAULT = SearchSettings(simulations=100)
"""The settings of an engine that declares none: 100 random playouts to the end."""


class _Node:
    """An information set of one player: its visits, per action [visits, reward], the
    playout agent's choice there (``hint``) and, under widening, the order in which its
    actions are let in."""

    __slots__ = ("visits", "stats", "stamp", "hint", "order")

    def __init__(self) -> None:
        self.visits = 0
        self.stats: dict[Action, list] = {}
        self.stamp = -1
        """The last simulation that passed here (a return to it is a transposition)."""
        self.hint: Action | None = None
        self.order: list[Action] | None = None


def _hashable(observation: Any) -> Callable[[Any], Hashable]:
    """How to key observations of this engine: themselves when hashable, else repr."""
    try:
        hash(observation)
    except TypeError:
        return repr
    return _identity


def _identity(value: Any) -> Any:
    return value


class MCTSAgent:
    """Information-set MCTS for one seat (see the module docstring).

    ``settings`` are the budget, playout agent, horizon, widening and bias
    (`SearchSettings`); the playout agent ``random`` plays inline, uniformly at random.
    """

    observes = True
    stochastic = True

    def __init__(self, rules: Rules, seat: int, seats: int,
                 settings: SearchSettings = DEFAULT,
                 exploration: float = EXPLORATION) -> None:
        self.rules = rules
        self.seat = seat
        self.seats = seats
        self.settings = settings
        self.simulations = settings.simulations
        self.exploration = exploration
        self.rollout: str | None = None if settings.rollout == "random" else settings.rollout
        self.horizon = settings.horizon
        self.widening = settings.widening
        self.bias = settings.bias
        self.prior = settings.prior
        self.hint_share = settings.hint
        self._rollout_agents: list[Agent] | None = None
        self._key: Callable[[Any], Hashable] | None = None
        self._scratch: dict[str, int] | None = None
        self.cap = rules.max_steps
        hooks = capabilities_of(rules).hooks  # (the optional hooks the engine declares)
        engine: Any = rules
        self._returns: Callable[[Any], Sequence[float]] | None = (
            engine.returns if "returns" in hooks else None)
        self._evaluate: Callable[[Any], Sequence[float]] | None = (
            engine.evaluate if "evaluate" in hooks else None)

    # ------------------------------------------------------------------- acting
    def act(self, observation: Any, legal: Sequence[Action], rng: Random) -> Action:
        """Search from ``observation`` and return the most visited of ``legal``."""
        if len(legal) == 1:
            return legal[0]
        search = Random(rng.getrandbits(64))
        rules = self.rules
        if self._scratch is None:
            self._scratch = dict.fromkeys(rules.coverage_ids(), 0)
            self._key = _hashable(observation)
            if self.rollout is not None:
                factory = rules.agents[self.rollout]
                self._rollout_agents = [factory() for _ in range(self.seats)]
        emit, counts = rules.emit, rules.counts
        rules.emit, rules.counts = None, self._scratch  # the search is not the game
        try:
            root = self._search(observation, search)
        finally:
            rules.emit, rules.counts = emit, counts
        stats = root.stats
        best, most = legal[0], (-1, 0.0)
        for action in legal:
            s = stats.get(action)
            score = (s[0], s[1] / s[0]) if s else (0, 0.0)
            if score > most:
                best, most = action, score
        return best

    # ------------------------------------------------------------------ search
    def _search(self, observation: Any, rng: Random) -> _Node:
        """Run the simulations; return the root node (this player's information set)."""
        rules: Any = self.rules  # (``determinize`` is not in the `Rules` protocol)
        determinize, to_move, observe = rules.determinize, rules.to_move, rules.observe
        legal_actions, apply, chance = rules.legal_actions, rules.apply, rules.chance
        outcome = rules.outcome
        horizon = self.horizon
        length: Callable[[Any], int] | None = rules.length if horizon > 0 else None
        key = self._key
        assert key is not None  # (set by `act` before the first search)
        seat = self.seat
        root = _Node()
        tree: dict[Hashable, _Node] = {(seat, key(observation)): root}
        c = self.exploration
        for sim in range(self.simulations):
            state = determinize(observation, seat, rng)
            limit = length(state) + horizon if length is not None else -1
            path: list[tuple[list, int]] = []  # (the chosen action's stats, its player)
            steps = 0
            growing = True
            while growing and steps < self.cap:
                if outcome(state) is not None:
                    break
                if length is not None and length(state) >= limit:
                    break
                movers = to_move(state)
                if not movers:
                    break
                if movers[0] == CHANCE:
                    state = apply(state, chance(state, rng))
                    steps += 1
                    continue
                nodes: list[_Node] = []
                transposed = False
                for q in movers:
                    k = (q, key(observe(state, q)))
                    node = tree.get(k)
                    if node is None:  # a new leaf: chosen by the tree once, then played out
                        node = tree[k] = _Node()
                        growing = False  # one new node per mover per simulation
                    elif node.stamp == sim:
                        transposed = True  # a transposition back onto this path
                        break
                    nodes.append(node)
                if transposed:
                    break
                chosen = []
                for i, q in enumerate(movers):
                    legal = legal_actions(state, q)
                    if not legal:
                        raise RuntimeError(f"player {q} must decide but has no legal "
                                           "action in a searched position")
                    node = nodes[i]
                    if not node.visits and self._rollout_agents is not None and \
                            len(legal) > 1:  # its first visit (the root's too): the hint
                        node.hint = self._default(state, q, legal, rng)
                    node.stamp = sim
                    action, stats = self._select(node, legal, rng, c, state, q)
                    path.append((stats, q))
                    chosen.append(action)
                for action in chosen:  # decided from one state, applied in order
                    state = apply(state, action)
                    steps += 1
            state, result = self._playout(state, rng, steps, limit)
            rewards = self._rewards(state, result)
            for stats, q in path:
                stats[1] += rewards[q]
        return root

    def _rank(self, node: _Node, state: Any, q: int, legal: Sequence[Action],
              rng: Random) -> list[Action]:
        """The order in which widening lets a node's actions in: the hint, then the others
        by the evaluation one step ahead (ties in a random order). Worked out only when a
        node first lets in a second action: most nodes of a search are visited once."""
        hint = node.hint
        evaluate = self._evaluate
        ranked: list[tuple[float, float, int]] = []
        for i, action in enumerate(legal):
            if action == hint:
                continue
            value = evaluate(self.rules.apply(state, action))[q] if evaluate else 0.0
            ranked.append((-value, rng.random(), i))
        ranked.sort()
        order = [] if hint is None else [hint]
        order.extend(legal[i] for _, _, i in ranked)
        return order

    def _allowed(self, visits: int) -> int:
        """How many actions progressive widening lets a node visited ``visits`` times
        choose among."""
        return math.ceil(self.widening * math.sqrt(visits))

    def _select(self, node: _Node, legal: Sequence[Action], rng: Random, c: float,
                state: Any, q: int) -> tuple[Action, list]:
        """UCB1 at ``node`` (player ``q`` to move in ``state``) over the actions let in: an
        untried one first (the hint, else the next in widening order, else one at random),
        else the best mean plus the exploration bonus plus the hint's progressive bias (or,
        with ``prior``, plus PUCT's bonus alone). Counts the visit; returns (action, stats)."""
        node.visits += 1
        stats = node.stats
        candidates = legal
        hint = node.hint
        if self.widening > 0 and len(legal) > 1:
            allowed = max(1, self._allowed(node.visits))
            if allowed < len(legal):
                if allowed == 1 and hint is not None and node.order is None:
                    candidates = [hint]  # (the ranking is not needed yet)
                else:
                    if node.order is None:
                        node.order = self._rank(node, state, q, legal, rng)
                    here = set(legal)
                    candidates = [a for a in node.order if a in here][:allowed]
        order = node.order
        if hint is not None and hint not in stats and hint in candidates:
            s = stats[hint] = [1, 0.0]
            return hint, s
        untried = [a for a in candidates if a not in stats]
        if untried:
            if order is not None or len(untried) == 1:
                action = untried[0]
            else:
                action = untried[below(rng, len(untried))]
            s = stats[action] = [1, 0.0]
            return action, s
        best, best_s, top = candidates[0], stats[candidates[0]], -math.inf
        prior = self.prior
        if prior > 0:  # PUCT: P is the hint's share, the rest shared evenly
            k = len(candidates)
            if k == 1:
                best_s[0] += 1
                return best, best_s
            scale = prior * math.sqrt(node.visits)
            if hint is not None and hint in stats:
                p_hint = self.hint_share
                p_other = (1.0 - p_hint) / (k - 1)
            else:
                p_hint = p_other = 1.0 / k
            for action in candidates:
                s = stats[action]
                n = s[0]
                value = s[1] / n + scale * (p_hint if action == hint else p_other) / (1 + n)
                if value > top:
                    best, best_s, top = action, s, value
            best_s[0] += 1
            return best, best_s
        log_visits = math.log(node.visits)
        bias = self.bias
        for action in candidates:
            s = stats[action]
            n = s[0]
            value = s[1] / n + c * math.sqrt(log_visits / n)
            if action == hint:
                value += bias / (n + 1)
            if value > top:
                best, best_s, top = action, s, value
        best_s[0] += 1
        return best, best_s

    def _playout(self, state: Any, rng: Random, steps: int, limit: int) -> tuple[Any, Any]:
        """Play the game out from ``state``: (final state, its outcome or None if cut). The
        playout stops at the game's end, at the horizon (``limit`` on ``rules.length``; -1
        for none), at the step cap, or in a cycle: a deterministic playout agent (greedy)
        with no chance between two equal states."""
        rules = self.rules
        to_move, legal_actions, apply = rules.to_move, rules.legal_actions, rules.apply
        outcome, chance = rules.outcome, rules.chance
        length: Callable[[Any], int] | None = rules.length if limit >= 0 else None
        agents = self._rollout_agents
        default = self._default
        seen: set[int] | None = None
        if agents is not None and not any(getattr(a, "stochastic", False) for a in agents):
            seen = set()
        state_key = rules.state_key
        cap = self.cap
        while steps < cap:
            result = outcome(state)
            if result is not None:
                return state, result
            if length is not None and length(state) >= limit:
                return state, None
            movers = to_move(state)
            if not movers:
                return state, None
            if movers[0] == CHANCE:
                state = apply(state, chance(state, rng))
                steps += 1
                if seen is not None:
                    seen.clear()
                continue
            if seen is not None:
                mark = hash(state_key(state))
                if mark in seen:
                    return state, None
                seen.add(mark)
            chosen = []
            for q in movers:
                legal = legal_actions(state, q)
                n = len(legal)
                if n == 1:
                    chosen.append(legal[0])
                elif not n:
                    raise RuntimeError(f"player {q} must decide but has no legal action "
                                       "in a playout")
                elif agents is None:  # the random playout, inline: the hottest loop
                    chosen.append(legal[below(rng, n)])
                else:
                    chosen.append(default(state, q, legal, rng))
            for action in chosen:
                state = apply(state, action)
                steps += 1
        return state, None

    def _default(self, state: Any, q: int, legal: Sequence[Action], rng: Random) -> Action:
        """The playout policy's choice for player ``q``: the rollout agent's, from what
        ``q`` observes in this sampled state, or uniform at random."""
        n = len(legal)
        if n == 1:
            return legal[0]
        agents = self._rollout_agents
        if agents is None:
            return legal[below(rng, n)]
        agent = agents[q]
        return agent.act(self.rules.observe(state, q) if agent.observes else None, legal, rng)

    def _rewards(self, state: Any, result: Any) -> Sequence[float]:
        """Each seat's reward for how the simulation ended (see the module docstring)."""
        if result is not None:
            returns = self._returns
            if returns is not None:
                return returns(state)
            if result.finished and result.winner is not None:
                rewards = [0.0] * self.seats
                rewards[result.winner] = 1.0
                return rewards
        elif self._evaluate is not None:
            return self._evaluate(state)
        return [1.0 / self.seats] * self.seats
