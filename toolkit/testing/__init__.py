"""The shared conformance tests of a game, for the built-in games and for add-ons.

Every check is a plain function of a registered game (a `toolkit.core.registry.Game`)
that raises `AssertionError` with a sentence naming what is wrong; none needs pytest. A
game's own test suite runs them all with

    from toolkit.testing import conformance_cases
    import pytest

    @pytest.mark.parametrize(("check", "game_id"), conformance_cases(["highcard"]))
    def test_conformance(check, game_id, tmp_path):
        check.run(game_id, tmp_path)

(tests/games/test_all_games.py does the same for every registered game). The checks
follow the contract documented in toolkit/core/registry.py and toolkit/sim/engine.py:

- `check_package`: the package holds `content/`, `layouts/` and (a game that plays)
  `rulebook.md`, the
  bundled and default decks exist, every catalog card has `.fields()` and a layout;
- `check_template`: the starter workbook validates clean and loads as exactly one deck
  with `.name` and `.cards`;
- `check_capabilities`: the engine is an `Engine`, every optional hook it has is
  declared in its `Capabilities`, it has sample set-ups;
- `check_playthroughs` (per set-up): random games end or are reported unfinished, with
  no broken invariant, and keep to the declared flags (chance, simultaneous choices,
  hidden information);
- `check_same_seed_same_game`, `check_jobs_do_not_change_results`: seeded games repeat;
- `check_determinize`: ``observe(determinize(obs, p, rng), p) == obs`` and one seed
  gives one state (only for engines that declare ``determinize``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from toolkit.core.registry import Game, PlaySpec, ValidateRequest, get_game
from toolkit.sim.engine import CHANCE, OPTIONAL_HOOKS, Engine, capabilities_of
from toolkit.sim.harness import agent_stream, chance_stream, play_game
from toolkit.sim.run import run_play

SEEDS = 200
"""Random games per line-up and set-up in `check_playthroughs`."""


def _playing(game: Game) -> PlaySpec:
    assert game.playing is not None, f"{game.id} has no PlaySpec (it cannot be played)"
    return game.playing


def default_params(game: Game) -> Any:
    """The parameters of the game's first sample set-up."""
    setups = _playing(game).setups()
    assert setups, f"{game.id}: PlaySpec.setups names no sample set-up"
    return next(iter(setups.values()))()


def seats_of(rules: Any, params: Any) -> int:
    """How many seats a game of these parameters has (its result columns, at least 2)."""
    return len(rules.describe_params(params).get("decks", [])) or 2


# ------------------------------------------------------------------ the game's package

def check_package(game: Game, tmp_path: Path | None = None) -> None:
    """The package's files: content, layouts, rulebook, the bundled and default decks,
    and a layout for every catalog card (which has `.fields()`)."""
    assert game.package, f"{game.id}: Game.package is empty"
    wanted = [("content folder", game.content), ("layouts folder", game.layouts)]
    if game.playing is not None:  # (the rules its engine implements)
        wanted.append(("rulebook", game.rulebook))
    for what, path in wanted:
        assert path.exists(), f"{game.id}: its {what} {path} is missing from its package"
    for name in game.bundled_decks:
        assert (game.content / name).is_file(), \
            f"{game.id}: bundled deck {name} is not in {game.content}"
    if game.playing is not None:
        for deck in game.playing.default_decks:
            name = deck.split("#", 1)[0]
            assert (game.content / name).is_file(), \
                f"{game.id}: default deck {deck} is not in {game.content}"
    if game.printing is not None:
        cards = game.printing.catalog_cards(None)
        assert cards, f"{game.id}: PrintSpec.catalog_cards(None) gives no card"
        for card in cards:
            assert callable(getattr(card, "fields", None)), \
                f"{game.id}: card model {type(card).__name__} has no .fields() method"
            assert isinstance(card.fields(), dict), \
                f"{game.id}: {type(card).__name__}.fields() is not a dict of column → value"
            layout = game.layouts / f"{game.printing.layout_of(card)}.toml"
            assert layout.is_file(), f"{game.id}: no layout {layout} for {card!r}"


def check_template(game: Game, tmp_path: Path) -> None:
    """The starter workbook validates clean and loads as exactly one deck with `.name`
    (a str) and `.cards` (each with `.fields()` when the game prints)."""
    path = tmp_path / f"{game.id}-template.xlsx"
    game.write_template(path)
    assert path.is_file(), f"{game.id}: write_template wrote nothing at {path}"
    result = game.validate(ValidateRequest(path))
    assert result.valid, f"{game.id}: its template does not validate: {result.to_json()}"
    if game.load_decks is None:
        return
    loaded, decks = game.load_decks(ValidateRequest(path))
    assert loaded.valid, f"{game.id}: its template does not load: {loaded.to_json()}"
    assert len(decks) == 1, f"{game.id}: its template holds {len(decks)} decks, not one"
    deck = decks[0]
    assert isinstance(getattr(deck, "name", None), str), \
        f"{game.id}: a loaded deck ({type(deck).__name__}) has no .name string"
    cards = getattr(deck, "cards", None)
    assert cards is not None and len(list(cards)) > 0, \
        f"{game.id}: a loaded deck ({type(deck).__name__}) has no .cards"
    if game.printing is not None:
        for card in cards:
            assert callable(getattr(card, "fields", None)), \
                f"{game.id}: card model {type(card).__name__} has no .fields() method"


# ------------------------------------------------------------------ the engine

def check_capabilities(game: Game, tmp_path: Path | None = None) -> None:
    """The engine is an `Engine`; every optional hook it defines is declared in its
    ``capabilities`` (and `Engine` has checked every declared one exists); it names at
    least one sample set-up."""
    spec = _playing(game)
    rules = spec.rules()
    assert isinstance(rules, Engine), \
        f"{game.id}: its engine {type(rules).__name__} does not subclass toolkit.sim.engine.Engine"
    declared = capabilities_of(rules)
    assert any("capabilities" in vars(k) for k in type(rules).__mro__ if k is not Engine), \
        f"{game.id}: {type(rules).__name__} declares no capabilities (Engine's default)"
    found = {hook for hook in OPTIONAL_HOOKS if getattr(rules, hook, None) is not None}
    undeclared = sorted(found - declared.hooks)
    assert not undeclared, (f"{game.id}: {type(rules).__name__} has the optional hook(s) "
                            f"{', '.join(undeclared)} but does not declare them in its "
                            "capabilities (they would never be used)")
    assert spec.setups(), f"{game.id}: PlaySpec.setups names no sample set-up"
    low, high = spec.players
    assert 1 <= low <= high, f"{game.id}: PlaySpec.players {spec.players} is not (fewest, most)"


def walk(rules: Any, params: Any, seed: int, steps: int,
         visit: Callable[[Any, tuple[int, ...], int], None]) -> None:
    """Play one game of random choices from seed ``seed`` for at most ``steps`` steps,
    calling ``visit(state, movers, step)`` at every step (``movers`` is ``(CHANCE,)`` at
    a chance node)."""
    chance, arng = chance_stream(seed), agent_stream(seed)
    state = rules.setup(params, chance)
    for step in range(steps):
        if rules.outcome(state) is not None:
            return
        movers = rules.to_move(state)
        visit(state, movers, step)
        if movers[0] == CHANCE:
            state = rules.apply(state, rules.chance(state, chance))
            continue
        chosen = []
        for player in movers:  # a simultaneous choice: all decide from one state
            legal = rules.legal_actions(state, player)
            chosen.append(legal[arng.randrange(len(legal))])
        for action in chosen:
            state = rules.apply(state, action)


def check_flags(game: Game, setup: str, games: int = 20) -> None:
    """Random games keep to the declared flags: no chance node without ``chance``, one
    player at a time without ``simultaneous``, one observation for all without
    ``hidden_information``."""
    rules = _playing(game).rules()
    params = _playing(game).setups()[setup]()
    caps = capabilities_of(rules)
    seats = seats_of(rules, params)

    def visit(state: Any, movers: tuple[int, ...], step: int) -> None:
        if movers[0] == CHANCE:
            assert caps.chance, f"{game.id}: a chance node, but its capabilities say chance=False"
            return
        assert caps.simultaneous or len(movers) == 1, \
            f"{game.id}: players {movers} decide at once, but simultaneous=False"
        if not caps.hidden_information and step % 5 == 0:
            seen = {repr(rules.observe(state, p)) for p in range(seats)}
            assert len(seen) == 1, \
                f"{game.id}: players observe different things, but hidden_information=False"

    for seed in range(1, games + 1):
        walk(rules, params, seed, 2000, visit)


def check_playthroughs(game: Game, setup: str, seeds: int = SEEDS) -> None:
    """Random games of one set-up (all-random, and the game's first agent against random):
    every game ends or is reported unfinished with a reason, and no invariant breaks."""
    spec = _playing(game)
    rules = spec.rules()
    params = spec.setups()[setup]()
    agents = sorted(rules.agents)
    seats = seats_of(rules, params)
    for lineup in (["random"] * seats, [agents[0]] + ["random"] * (seats - 1)):
        result = run_play(rules, params, lineup, games=seeds, seed=1)
        st = result.stats
        assert result.violations == [], f"{game.id} {setup}: {result.violations[:5]}"
        assert sum(st.wins) + st.draws + st.unfinished == seeds, \
            f"{game.id} {setup}: {seeds} games were played but not all were counted"
        for unfinished in result.unfinished:  # reported, with a reason and a seed
            assert unfinished.reason and unfinished.seed in range(1, seeds + 1), \
                f"{game.id} {setup}: an unfinished game without a reason: {unfinished}"
    check_flags(game, setup)


def check_same_seed_same_game(game: Game, tmp_path: Path | None = None) -> None:
    """The same seed plays the same game (the same playthrough log)."""
    rules = _playing(game).rules()
    params = default_params(game)
    lineup = sorted(rules.agents)[:1] + ["random"] * (seats_of(rules, params) - 1)
    for seed in (1, 17, 123):
        first = play_game(rules, params, lineup, seed, log=True)
        second = play_game(rules, params, lineup, seed, log=True)
        assert first.log, f"{game.id}: seed {seed} wrote no playthrough log"
        assert first.log == second.log, f"{game.id}: seed {seed} played two different games"


def _json(result: Any) -> dict:
    doc = result.to_json()
    doc.pop("games_per_second")
    return doc


def check_jobs_do_not_change_results(game: Game, tmp_path: Path | None = None) -> None:
    """Games played by two processes give the same report as by one."""
    rules = _playing(game).rules()
    params = default_params(game)
    lineup = ["random"] * seats_of(rules, params)
    one = run_play(rules, params, lineup, games=100, seed=3, jobs=1)
    two = run_play(rules, params, lineup, games=100, seed=3, jobs=2)
    assert _json(one) == _json(two), f"{game.id}: --jobs 2 changed the results"


def check_determinize(game: Game, tmp_path: Path | None = None) -> None:
    """toolkit/sim/engine.py: ``observe(determinize(obs, p, rng), p) == obs``, and one
    observation with one rng seed gives one state (a search never peeks). Engines that
    do not declare ``determinize`` pass (they cannot seat the search agent)."""
    rules = _playing(game).rules()
    if not capabilities_of(rules).provides("determinize"):
        return
    params = default_params(game)
    checked = 0

    def visit(state: Any, movers: tuple[int, ...], step: int) -> None:
        nonlocal checked
        if step % 7 or movers[0] == CHANCE:
            return
        for player in movers:
            obs = rules.observe(state, player)
            one = rules.determinize(obs, player, Random(step))
            two = rules.determinize(obs, player, Random(step))
            assert rules.observe(one, player) == obs, \
                f"{game.id}: observe(determinize(obs)) differs from obs at step {step}"
            assert rules.observe(two, player) == obs
            assert rules.state_key(one) == rules.state_key(two), \
                f"{game.id}: one observation and one seed gave two states at step {step}"
            checked += 1

    for seed in range(1, 21):
        walk(rules, params, seed, 400, visit)
    assert checked > 20, f"{game.id}: only {checked} decisions reached to check determinize"


# ------------------------------------------------------------------ running them

@dataclass(frozen=True)
class Check:
    """One conformance check, for pytest's parametrize: its name and how to run it."""

    name: str
    function: Callable[..., None]
    setup: str | None = None
    """The sample set-up it plays (checks run once per set-up), else None."""

    def run(self, game_id: str, tmp_path: Path) -> None:
        """Run the check on the registered game ``game_id`` (a scratch folder given)."""
        game = get_game(game_id)
        if self.setup is not None:
            self.function(game, self.setup)
        else:
            self.function(game, tmp_path)

    def __str__(self) -> str:  # (pytest's test id)
        return self.name if self.setup is None else f"{self.name}[{self.setup}]"


GAME_CHECKS = (check_package, check_template)
"""Checks of every game."""
ENGINE_CHECKS = (check_capabilities, check_same_seed_same_game,
                 check_jobs_do_not_change_results, check_determinize)
"""Checks of every game that plays (besides `check_playthroughs`, once per set-up)."""


def checks_for(game: Game) -> list[Check]:
    """Every conformance check that applies to ``game``."""
    out = [Check(f.__name__, f) for f in GAME_CHECKS]
    if game.playing is not None:
        out += [Check(f.__name__, f) for f in ENGINE_CHECKS]
        out += [Check("check_playthroughs", check_playthroughs, setup)
                for setup in game.playing.setups()]
    return out


def conformance_cases(game_ids: Iterable[str]) -> list[tuple[Check, str]]:
    """``(check, game id)`` pairs for ``pytest.mark.parametrize`` over these games."""
    return [(check, game_id) for game_id in game_ids for check in checks_for(get_game(game_id))]


def run_all(game_id: str, tmp_path: Path) -> None:
    """Run every conformance check on one game, in order (the first failure raises)."""
    for check in checks_for(get_game(game_id)):
        check.run(game_id, tmp_path)
