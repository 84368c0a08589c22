"""The Battle of Banners rules engine: a small pure state machine over `state.State`.

A game, as the rulebook sets it out, split into small decisions and chance steps:

- **Set-up** (M1): a chance step rolls for the side that goes first. Pieces start on
  their drawbridges (ruling ``setup-placement``); the item deck is shuffled (a draw is a
  chance step over the cards left, which is the same as drawing from a shuffled deck).
- **A turn** belongs to one side; in 2v2 both players of the side take their part one
  after the other (D2). A player's part: an item before moving, or pass (``item``); the
  movement roll (chance: one die, two with Horse, doubles with Horse bringing a
  reinforcement); a move of one piece the full roll (``move``), or an attack when the
  last step meets an enemy (``attack``); then any item a keep gives (chance).
- **Combat** (C1-C5): the attacker's player may play a combat card, then the
  defender's; both roll two dice (chance); the higher wins, a tie lets either side play
  Hidden Knife (attacker first) and otherwise places the attacker next to the defender.
- **The end**: the enemy flag landed on its captor's castle, or a team with no piece
  left; `Outcome.winner` is the winning side (0 for side 1, 1 for side 2), the index of
  its column in `play`'s results (toolkit/sim/engine.py: a team game counts wins per
  side).

Actions are small tuples whose second item is the acting seat (`CHANCE` for chance):
``("pass", q)``, ``("item", q, kind, *target)``, ``("reinforce", q, piece, cell)``,
``("move", q, piece, cell)``, ``("attack", q, piece, target cell, from cell)``,
``("combat", q, kind)``, ``("knife", q, kind)``, ``("place", q, cell)``; chance:
``("first", -1, roll 1, roll 2)``, ``("roll", -1, die[, die])``, ``("dice", -1, a, a, d,
d)``, ``("draw", -1, kind)``, ``("steal", -1, kind)``. A decision whose only choice is to
pass (no item to play, no combat card, no full-length move) is skipped.

Where the rulebook is silent the engine follows a named ruling (`rulings.py`) and counts
it. Game statistics (first side, win reasons, items drawn and played and the games they
were played in, flags, combats) are added to ``counts`` under ``banners.stat.*`` keys
(report.py reads them).

Speed (a random game is hundreds of steps, and the search plays thousands): a step
copies the state's fields (never a deep copy) and changes the copy; a move decision's
options are a lazy `Moves` list; coverage is tallied by index (counting.py); the
invariants return at once when the state's parts are those last found clean
(checks.py); the loop key carries the card fields as one cached hash. In the compiled
build (mypyc) module constants are ``Final`` (no dictionary lookups), the dice are drawn
with ``getrandbits`` exactly as ``randrange`` draws them, and the search takes a piece's
masks in three words small enough for unboxed ints (see `reach_words`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from random import Random
from typing import Any, Final

from toolkit.sim.draws import below
from toolkit.sim.engine import CHANCE, Capabilities, Outcome, SearchSettings

from ..book import EFFECT_NAMES
from .agents import odds
from .checks import Checker
from .counting import COVERAGE_INDEX, STAT, Counting
from .features import FEATURE_NAMES, features, side_values
from .moves import Moves, bits, blocked_in_ends, locust_end, reach_words
from .report import game_stats, stats_tables
from .rulings import COVERAGE_IDS, ITEM_IDS, RULINGS, item_id
from .state import (
    ATT_CARD,
    ATT_KNIFE,
    DEF_CARD,
    DEF_KNIFE,
    DICE,
    DIRECTION_NAMES,
    DRAW,
    E_AID,
    E_DEFENSE,
    E_FAMINE,
    E_GHOST,
    E_HORSE,
    E_KNIFE,
    E_LOCUST,
    E_POISON,
    E_RAIN,
    E_REAPER,
    E_REINFORCE,
    E_SABOTEUR,
    E_SAFEGUARD,
    E_STRENGTH,
    E_THIEF,
    E_WIND,
    FIRST,
    ITEM,
    MOVE,
    OVER,
    PHASE_NAMES,
    POISON_PENALTY,
    RAIN_PENALTY,
    REAPED,
    REINFORCE,
    REMOVED,
    RESERVE,
    ROLL,
    S_KEEP,
    STEAL,
    TIE,
    BannersParams,
    Observation,
    State,
    Static,
    cell_name,
    closed_keeps,
    joined,
    new_state,
    static_of,
    words,
)

WIN_FLAG: Final = "flag brought home"
WIN_DEFEAT: Final = "enemy team defeated"
_CHANCE: Final = (CHANCE,)
_NONE: Final[tuple[int, ...]] = ()
SIDE_NAMES: Final = ("Side 1", "Side 2")

# Who decides in each phase: the seat whose part it is, chance, the defender, nobody.
_SEAT: Final = 0
_DICE: Final = 1
_DEFENDER: Final = 2
_NOBODY: Final = 3
_DECIDER: Final = tuple(_DICE if ph in (FIRST, STEAL, ROLL, DICE, DRAW) else
                 _DEFENDER if ph in (DEF_CARD, DEF_KNIFE) else _NOBODY if ph == OVER else
                 _SEAT for ph in range(len(PHASE_NAMES)))

# Dice that settle a fight either way whatever the modifiers (at most 5 either way):
# 12 against 2, and 2 against 12.
_ATTACKER_WINS: Final = ("dice", CHANCE, 6, 6, 1, 1)
_DEFENDER_WINS: Final = ("dice", CHANCE, 1, 1, 6, 6)

# The movement rolls, made once: one die, or two with Horse.
_ROLL1: Final = tuple(("roll", CHANCE, a) for a in range(7))
_ROLL2: Final = tuple(tuple(("roll", CHANCE, a, b) for b in range(7)) for a in range(7))


def _ix(rule_id: str) -> int:
    return COVERAGE_INDEX[rule_id]


# Tally indices of the rules, rulings and items the engine fires.
R_FIRST_ROLL: Final = _ix("banners.rule.first-roll")
R_MOVE: Final = _ix("banners.rule.move")
R_SCOUT_MOVE: Final = _ix("banners.rule.scout-move")
R_NO_BACKTRACK: Final = _ix("banners.rule.no-backtrack")
R_COMBAT: Final = _ix("banners.rule.combat")
R_ATTACK_BONUS: Final = _ix("banners.rule.attack-bonus")
R_SCOUT_NO_BONUS: Final = _ix("banners.rule.scout-no-bonus")
R_ATTACKER_WINS: Final = _ix("banners.rule.attacker-wins")
R_TIE: Final = _ix("banners.rule.tie")
R_FLAG_DROP: Final = _ix("banners.rule.flag-drop")
R_FLAG_PICKUP: Final = _ix("banners.rule.flag-pickup")
R_KEEP_ITEM: Final = _ix("banners.rule.keep-item")
R_KEEP_CLOSED: Final = _ix("banners.rule.keep-closed")
R_CASTLE_GRAB: Final = _ix("banners.rule.castle-grab")
R_CASTLE_LEAVE: Final = _ix("banners.rule.castle-leave")
R_CASTLE_BLOCKED: Final = _ix("banners.rule.castle-blocked-in")
R_WIN_FLAG: Final = _ix("banners.rule.win-flag")
R_WIN_DEFEAT: Final = _ix("banners.rule.win-defeat")
R_ITEM_WAIT: Final = _ix("banners.rule.item-wait")
R_RED_SAME_TURN: Final = _ix("banners.rule.red-same-turn")
R_DECK_EMPTY: Final = _ix("banners.rule.deck-empty")
R_REINFORCEMENT: Final = _ix("banners.rule.reinforcement")
R_TEAM_TURN: Final = _ix("banners.rule.team-turn")
R_SHARED_ITEMS: Final = _ix("banners.rule.shared-items")
G_SETUP: Final = _ix("banners.ruling.setup-placement")
G_SEATS: Final = _ix("banners.ruling.seats")
G_FIRST_ROLL: Final = _ix("banners.ruling.first-roll")
G_NO_FULL_MOVE: Final = _ix("banners.ruling.no-full-move")
G_CASTLE_MUST_LEAVE: Final = _ix("banners.ruling.castle-must-leave")
G_CASTLE_BLOCKED: Final = _ix("banners.ruling.castle-blocked-in")
G_KEEP_CLOSED: Final = _ix("banners.ruling.keep-closed")
G_LANDING: Final = _ix("banners.ruling.landing")
G_FLAG_HOME: Final = _ix("banners.ruling.flag-home")
G_ATTACK_ON_LANDING: Final = _ix("banners.ruling.attack-on-landing")
G_ITEM_TIMING: Final = _ix("banners.ruling.item-timing")
G_KNIFE_ORDER: Final = _ix("banners.ruling.knife-order")
G_TIE_PLACEMENT: Final = _ix("banners.ruling.tie-placement")
G_FLAG_DROP_KILLER: Final = _ix("banners.ruling.flag-drop-killer")
G_DEFENDER_WINS: Final = _ix("banners.ruling.defender-wins")
G_FLAG_DROP_HOME: Final = _ix("banners.ruling.flag-drop-home")
G_TEAM_DEFEATED: Final = _ix("banners.ruling.team-defeated")
G_ITEM_NEEDS_EFFECT: Final = _ix("banners.ruling.item-needs-effect")
G_CARD_MOVES: Final = _ix("banners.ruling.card-moves")
G_GHOST: Final = _ix("banners.ruling.ghost-magic")
G_THIEF: Final = _ix("banners.ruling.thief")
G_REAPER: Final = _ix("banners.ruling.reaper-targets")
G_LOCUST: Final = _ix("banners.ruling.locust-swarm")
G_RAIN: Final = _ix("banners.ruling.rain-storm")
G_REINFORCEMENTS: Final = _ix("banners.ruling.reinforcements")
G_ITEM_COLOURS: Final = _ix("banners.ruling.item-colours")
G_TEAM_ITEMS: Final = _ix("banners.ruling.team-items")
I_ITEM: Final = tuple(_ix(item) for item in ITEM_IDS)
G_CARD_MOVE_KIND: Final = {E_AID: _ix("banners.ruling.providing-aid"),
                    E_SAFEGUARD: _ix("banners.ruling.safeguard-behind")}
"""The ruling each card move follows where the card's text leaves the space open
(Saboteur's "onto a drawbridge space" is any drawbridge: no ruling)."""

_SHAPING: Final = (_ix("banners.ruling.one-per-space"), _ix("banners.rule.keep-safe"),
                   G_GHOST, _ix("banners.rule.flag-no-keep"))
"""Rules that leave a move out of the options (counted, not logged), by bit of `_shaped`."""
_SHAPING_OF: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(rule for k, rule in enumerate(_SHAPING) if bits >> k & 1) for bits in range(16))
"""The rules of `_SHAPING` named by each value of its bits."""

# Game statistics (``banners.stat.*``).
S_FLAG_GRABS: Final = STAT + "flag.grabs"
S_FLAG_PICKUPS: Final = STAT + "flag.pickups"
S_FLAG_DROPS: Final = STAT + "flag.drops"
S_FLAG_HOME: Final = STAT + "flag.home"
S_FLAG_WIND: Final = STAT + "flag.wind"
S_FIGHTS: Final = STAT + "combat.fights"
S_ATTACKER: Final = STAT + "combat.attacker"
S_DEFENDER: Final = STAT + "combat.defender"
S_TIES: Final = STAT + "combat.ties"
S_KNIVES: Final = STAT + "combat.knives"
S_REMOVED: Final = STAT + "pieces.removed"
S_REAPED: Final = STAT + "pieces.reaped"
S_REINFORCEMENTS: Final = STAT + "reinforcements"



_new_tuple: Final = tuple.__new__
"""``tuple.__new__(cls, values)``: a named tuple from its fields, as its class makes it."""


def _put(values: tuple, i: int, value: Any) -> tuple:
    return values[:i] + (value,) + values[i + 1:]


def _add(counts: tuple[int, ...], k: int, n: int = 1) -> tuple[int, ...]:
    return counts[:k] + (counts[k] + n,) + counts[k + 1:]


class BannersRules(Counting):
    """The Battle of Banners rules engine (see the module docstring)."""

    game_id = "banners"
    coverage = COVERAGE_IDS
    rulings = RULINGS
    length_unit = "turns"
    max_steps = 40_000
    capabilities = Capabilities(
        chance=True, hidden_information=True, simultaneous=False,
        hooks=frozenset(("determinize", "search", "returns", "evaluate", "features", "first_player", "offered", "state_hash", "absent_ids", "game_stats", "stats_tables")))
    """What the engine provides (toolkit/sim/engine.py: `Capabilities`)."""
    search = SearchSettings(simulations=400, rollout="greedy", horizon=3, widening=0.5,
                            bias=0.5)
    """The search agent's defaults (``--agent mcts``): 400 simulations, each played out by
    the greedy agent (random playouts wander for hundreds of turns here and lost 39 of 40
    games to greedy) and cut three turns ahead, where `evaluate` scores it; a move's fifty
    to a hundred options are let in a few at a time, greedy's first (widening), and
    greedy's choice is kept unless the simulations say otherwise (bias). It beat greedy
    in 66.5% of 200 games (seeds 1 and 1001; 40 simulations won 58.5%), at a median
    decision of about 36 ms compiled; bench/README.md has the ladder."""
    feature_names = FEATURE_NAMES
    """The evaluation's features (features.py)."""

    def __init__(self) -> None:
        super().__init__()
        self._checker = Checker()

    # ----------------------------------------------------------------- metadata
    @property
    def agents(self) -> Mapping[str, Callable[[], Any]]:
        """The agent registry: name -> factory."""
        from .agents import AGENTS

        return AGENTS

    def describe_params(self, params: BannersParams) -> dict[str, Any]:
        """The `play --json` header: the format (1v1, 2v2) and the two sides (FORMATS.md:
        `decks` lists the sides and `results.wins` counts wins per side); ``sides`` maps
        each seat to its side's column."""
        st = static_of(params)
        return {"format": "2v2" if st.team else "1v1", "decks": list(SIDE_NAMES),
                "sides": list(st.seat_side)}

    def absent_ids(self, params: BannersParams) -> list[str]:
        """Coverage ids these parameters cannot fire: items not in the deck, scout rules in
        2v2, team rules in 1v1."""
        st = static_of(params)
        present = {EFFECT_NAMES[e] for e in st.kind_effect}
        out = [item_id(name) for name in EFFECT_NAMES if name not in present]
        scouts = any(st.piece_scout)
        if not scouts:
            out += ["banners.rule.scout-move", "banners.rule.scout-no-bonus"]
        if not st.team:
            # In 1v1 a card obtained before moving (Thief) is never offered again that
            # turn, so T2's wait never shows.
            out += ["banners.rule.team-turn", "banners.rule.shared-items",
                    "banners.rule.item-wait", "banners.ruling.team-items"]
        if not any(st.kind_color_off):
            out.append("banners.ruling.item-colours")
        return [k for k in self.coverage if k in out]

    def game_stats(self, counters: dict[str, int], deck_names: list[str] | tuple[str, ...],
                   finished: int) -> dict[str, Any]:
        """The Battle of Banners statistics of a run (see the function `game_stats`)."""
        return game_stats(counters, deck_names, finished)

    def stats_tables(self, stats: dict[str, Any]) -> list[tuple[str, list[str], list[list]]]:
        """`game_stats` as tables for the terminal report (see the function)."""
        return stats_tables(stats)

    # -------------------------------------------------------------------- setup
    def setup(self, params: BannersParams, rng: Random) -> State:
        """A new game: pieces on their drawbridges, the deck whole, the first roll next."""
        st = static_of(params)
        zeros = st.zero_kinds
        s = new_state(st, st.start, (-1, -1), (-1, -1), (0,) * len(st.keeps), st.zero_pair,
                      st.zero_pair, st.zero_pair, st.kind_counts, zeros, st.zero_seats,
                      st.zero_seats)
        if self.emit:
            self.emit("round", "Set-up")
            self.emit("info", f"Board: {params.name} ({st.w} × {st.h})")
            for side in (0, 1):
                where = ", ".join(f"{st.piece_label[i]} {cell_name(st, s.pos[i])}"
                                  for i in st.side_pieces[side])
                self.emit("info", f"{SIDE_NAMES[side]}: {where}")
        self._fire(G_SETUP)
        self._fire(G_SEATS)
        return s

    def position(self, params: BannersParams, pos: dict[int, int] | None = None, *,
                 side: int = 0, member: int = 0, phase: int = ITEM, turn: int = 1,
                 hands: tuple[dict[int, int], dict[int, int]] = ({}, {}),
                 deck: dict[int, int] | None = None, **fields: Any) -> State:
        """A game set up in a given position (for tests): pieces at ``pos`` (piece → cell,
        the rest where set-up puts them), ``side``'s part of ``turn`` at ``phase``, the
        hands given by kind, the deck the rest of the cards (or ``deck``)."""
        s = self.setup(params, Random(0))
        st = s.st
        placed = list(s.pos)
        for piece, cell in (pos or {}).items():
            placed[piece] = cell
        s.pos = tuple(placed)
        s.hands = (tuple(hands[0].get(k, 0) for k in range(st.kinds)),
                   tuple(hands[1].get(k, 0) for k in range(st.kinds)))
        if deck is None:
            s.deck = tuple(st.kind_counts[k] - s.hands[0][k] - s.hands[1][k]
                           for k in range(st.kinds))
        else:
            s.deck = tuple(deck.get(k, 0) for k in range(st.kinds))
            s.discard = tuple(st.kind_counts[k] - s.deck[k] - s.hands[0][k] - s.hands[1][k]
                              for k in range(st.kinds))
        s.first, s.side, s.member, s.turn, s.phase = 0, side, member, turn, phase
        for name, value in fields.items():
            setattr(s, name, value)
        s.sync()
        if phase == ITEM:
            self._settle(s)
        return s

    # ------------------------------------------------------------ the protocol
    def to_move(self, s: State) -> tuple[int, ...]:
        """Who decides now: chance, the acting seat, or the defender's seat in combat."""
        who = _DECIDER[s.phase]
        if who == _SEAT:
            return s.st.seat_mover[s.side][s.member]
        if who == _DICE:
            return _CHANCE
        if who == _DEFENDER:
            return s.st.piece_mover[s.combat[1]]  # type: ignore[index]
        return _NONE

    def legal_actions(self, s: State, player: int) -> Sequence[tuple]:
        """The legal actions of ``player`` in a stable order (computed once per state)."""
        legal = s.legal
        if legal is None:
            legal = s.legal = self._options(s)
        return legal

    def chance(self, s: State, rng: Random) -> tuple:
        """Roll the dice, draw or steal a card."""
        ph = s.phase
        if ph == ROLL:
            if s.horse:
                return _ROLL2[_die(rng)][_die(rng)]
            return _ROLL1[_die(rng)]
        if ph == DICE:
            return ("dice", CHANCE, _die(rng), _die(rng), _die(rng), _die(rng))
        if ph == DRAW:
            return ("draw", CHANCE, _pick(s.deck, rng))
        if ph == STEAL:
            return ("steal", CHANCE, _pick(s.hands[1 - s.side], rng))
        # M1: "Roll to see who goes first." (ruling first-roll: ties roll again)
        while True:
            a, b = _die(rng), _die(rng)
            if a != b:
                return ("first", CHANCE, a, b)

    def apply(self, state: State, action: tuple) -> State:
        """The state after ``action`` (the given state is left untouched)."""
        s = state.copy()
        kind = action[0]
        if kind == "move":
            self._move(s, action[2], action[3])
        elif kind == "roll":
            self._rolled(s, action)
        elif kind == "attack":
            self._attack(s, action[2], action[3], action[4])
        elif kind == "draw":
            self._drawn(s, action[2])
        elif kind == "pass":
            self._pass(s)
        elif kind == "item":
            self._play_item(s, action[1], action[2], action[3:])
        elif kind == "dice":
            self._dice(s, action[2:])
        elif kind == "combat":
            self._combat_card(s, action[1], action[2])
        elif kind == "knife":
            self._knife(s, action[1], action[2])
        elif kind == "place":
            self._place(s, action[2])
        elif kind == "reinforce":
            self._reinforce(s, action[2], action[3], "doubles")
            s.phase = MOVE
            self._settle(s)
        elif kind == "steal":
            self._steal(s, action[2])
        elif kind == "first":
            self._first(s, action[2], action[3])
        else:
            raise ValueError(f"unknown action {action!r}")
        return s

    def outcome(self, s: State) -> Outcome | None:
        """The game's end, or None while it runs."""
        return s.outcome

    def returns(self, s: State) -> list[float]:
        """Each seat's reward once the game is over (the search's hook): 1 for every seat
        of the winning side, 0 for the others; half each if the game did not end."""
        st = s.st
        winner = s.outcome.winner if s.outcome is not None else None
        if winner is None:
            return [0.5] * st.players
        return [1.0 if side == winner else 0.0 for side in st.seat_side]

    def features(self, s: State) -> tuple[tuple[float, ...], ...]:
        """Each side's features in the game's own terms (features.py): the flag race, the
        pieces in play, the guards on an enemy carrier, the cards, the turn."""
        return features(s)

    def evaluate(self, s: State) -> list[float]:
        """Each seat's chance of winning from here, by the fitted evaluation
        (toolkit/sim/evaluation.py): the logistic of the weights times the difference of
        the two sides' `features`, each seat taking its side's; a finished game scores
        its result (`returns`)."""
        if s.outcome is not None:
            return self.returns(s)
        combat = s.combat
        if combat is not None and (s.phase == ATT_CARD or s.phase == DEF_CARD
                                   or s.phase == DICE):
            return self._fight_value(s, combat[3] - combat[4])
        return side_values(s)

    def _fight_value(self, s: State, mod: int) -> list[float]:
        """A fight declared and not rolled yet (C2, C3): each seat's value after the
        attacker wins and after it loses (the position one roll of the dice makes of
        it), weighed by the odds of the two dice with the modifiers so far; a tie (C4)
        counts as the position now."""
        win, tie, lose = odds(mod)
        rolled = s.copy()
        rolled.phase = DICE
        values = side_values(s)
        out = [tie * v for v in values]
        for chance, dice in ((win, _ATTACKER_WINS), (lose, _DEFENDER_WINS)):
            after = self.apply(rolled, dice)
            scored = self.returns(after) if after.outcome is not None else side_values(after)
            for q in range(len(out)):
                out[q] += chance * scored[q]
        return out

    def first_player(self, s: State) -> int:
        """The side that won the first roll (M1), the result column that went first."""
        return s.first

    def offered(self, s: State, player: int, legal: Sequence[tuple]) -> tuple[str, ...]:
        """The coverage ids of the optional rules and items one of ``legal`` would use by
        the player's choice: an item or combat card played (its item id; a red card
        obtained this turn, `red-same-turn`), Hidden Knife, an attack (C1), and a move
        ending where a rule acts (a keep's item or the empty deck, the enemy castle's
        flag, a dropped flag picked up, the flag brought home). One pass over ``legal``
        (a move decision read from its masks)."""
        st = s.st
        found: set[int] = set()
        if isinstance(legal, Moves):
            if legal.hits:
                found.add(R_COMBAT)
            ends = 0
            home = 0
            side = s.side
            enemy = 1 - side
            carrier = s.flag_carrier[enemy]
            for j in range(len(legal.pieces)):
                ends |= legal.found[j]
                if legal.pieces[j] == carrier:
                    home = legal.found[j] & st.castle_bit[side]
            if ends & st.keeps_mask:
                found.add(R_KEEP_ITEM if any(s.deck) else R_DECK_EMPTY)
            if ends & st.castle_bit[enemy] and s.flag_carrier[enemy] < 0 \
                    and s.flag_drop[enemy] < 0:
                found.add(R_CASTLE_GRAB)
            drop = s.flag_drop[enemy]
            if drop >= 0 and ends >> drop & 1:
                found.add(R_FLAG_PICKUP)
            if home:
                found.add(R_WIN_FLAG)
        else:
            combat = s.combat
            # The side whose card a combat or knife decision plays.
            side = s.side if combat is None else st.piece_side[
                combat[0] if s.phase == ATT_CARD or s.phase == ATT_KNIFE else combat[1]]
            for a in legal:
                kind = a[0]
                if kind == "item" or kind == "combat" or kind == "knife":
                    k = a[2]
                    found.add(I_ITEM[st.kind_effect[k]])
                    if kind != "item" and s.fresh[side][k] >= s.hands[side][k]:
                        found.add(R_RED_SAME_TURN)  # T2: a red card obtained this turn
        return tuple(COVERAGE_IDS[i] for i in sorted(found))

    def length(self, s: State) -> int:
        """Turns begun (a turn is one side's, both players' in 2v2)."""
        return s.turn

    def state_key(self, s: State) -> tuple:
        """The canonical key of a position (loop detection): `State.key`."""
        return s.key()

    def state_hash(self, s: State) -> int:
        """``hash(state_key(s))``, asked of the engine directly (the harness's hook)."""
        return hash(s.key())

    def invariants(self, s: State) -> Iterable[tuple[str, str]]:
        """Conservation and placement checks after every step (checks.py): one piece a
        space, pieces on spaces, the occupancy masks matching the positions, the item
        cards adding up to the deck, fresh and known cards held, flags carried by enemies
        out of keeps or lying on free spaces, no piece inside a closed keep, and a team
        with no piece left having lost. Returns at once when the state's parts are
        those last found clean."""
        return self._checker.check(s)

    # ----------------------------------------------------------------- options
    def _options(self, s: State) -> Sequence[tuple]:
        ph = s.phase
        if ph == MOVE:
            return self._move_options(s)
        if ph == ITEM:
            return self._item_options(s)
        if ph == ATT_CARD or ph == DEF_CARD:
            return self._card_options(s, ph)
        if ph == ATT_KNIFE or ph == DEF_KNIFE:
            return self._knife_options(s, ph)
        if ph == TIE:
            return [("place", s.seat, cell) for cell in self._tie_cells(s)]
        if ph == REINFORCE:
            return [("reinforce", s.seat, p, c) for p, c in self._reinforcements(s)]
        return []

    def _settle(self, s: State) -> None:
        """Skip decisions whose only choice is to pass; cache the options of the next."""
        s.legal = None
        while True:
            ph = s.phase
            if ph == ITEM:
                # (No card to play, or one played already: nothing to decide.)
                if any(s.hands[s.side]) and not s.used_item[s.st.side_seats[s.side][s.member]]:
                    if self._can_play_item(s):
                        return  # (its options are listed when asked: `legal_actions`)
                    self._item_options(s)  # (counts the rules that left each card out)
                self._after_item(s)
            elif ph == MOVE:
                moves = self._move_options(s)
                if moves.n:
                    s.legal = moves
                    return
                # Ruling no-full-move: no piece can move the full roll; no move.
                self._fire(G_NO_FULL_MOVE)
                if self.emit:
                    what, parts = _steps(s)
                    self.emit("info", f"no piece can move {what}"
                              + (f" ({parts})" if parts else "") + ": no move")
                self._end_part(s)
            elif ph == ATT_CARD or ph == DEF_CARD:
                opts = self._card_options(s, ph)
                if len(opts) > 1:
                    s.legal = opts
                    return
                s.phase = DEF_CARD if ph == ATT_CARD else DICE
            elif ph == ATT_KNIFE or ph == DEF_KNIFE:
                opts = self._knife_options(s, ph)
                if len(opts) > 1:
                    s.legal = opts
                    return
                if ph == ATT_KNIFE:
                    s.phase = DEF_KNIFE
                else:
                    self._tie(s)
            elif ph == REINFORCE:
                opts = [("reinforce", s.seat, p, c) for p, c in self._reinforcements(s)]
                if opts:
                    s.legal = opts
                    return
                s.phase = MOVE
            elif ph == TIE:
                opts = [("place", s.seat, cell) for cell in self._tie_cells(s)]
                if opts:
                    s.legal = opts
                    return
                self._end_part(s)  # entering from the reserve, nowhere to go: back
            else:
                return

    # ------------------------------------------------------------ board masks
    def _enterable(self, s: State, piece: int, occ: int, closed: int) -> int:
        """The free spaces ``piece`` may enter: no tree, no piece, no closed keep (keep
        rule), no keep for a flag carrier (M4), not its own side's dropped flag (C5)."""
        st = s.st
        side = st.piece_side[piece]
        mask = st.all & ~occ & ~closed
        drop = s.flag_drop[side]
        if drop >= 0:
            mask &= ~(1 << drop)
        if s.flag_carrier[1 - side] == piece:
            mask &= ~st.keeps_mask
        return mask

    # ----------------------------------------------------------------- moving
    def _move_options(self, s: State) -> Moves:
        """Every full-length move and attack of the seat's pieces (M2-M5, C1).

        Each piece's paths are searched at once on bit masks (`_search`); the moves stay
        masks until they are looked at (`Moves`).
        """
        st = s.st
        side = s.side
        seat = st.side_seats[side][s.member]
        enemy = 1 - side
        t = s.turn
        occ0, occ1 = s.occ0, s.occ1
        occ = occ0 | occ1
        closed = closed_keeps(s)
        occ_enemy, occ_own = (occ1, occ0) if side == 0 else (occ0, occ1)
        keeps_mask = st.keeps_mask
        ghost = s.ghost
        protected = occ_enemy & keeps_mask
        if ghost[side] < t and ghost[enemy] < t:
            targets, ghosted = occ_enemy & ~keeps_mask, 0
        else:  # Ghost Magic: no attack either way
            targets, ghosted = 0, occ_enemy & ~keeps_mask
        roll = _movement(s, side)
        must = _on_enemy_castle(s, seat)
        through = 0
        if must >= 0:
            # "You must leave this space on your next turn."
            self._tally[G_CASTLE_MUST_LEAVE] += 1
            through = self._through_ends(s, must, roll + st.piece_steps[must], occ, closed)
        notes = 0
        while True:  # the piece that must leave, then (if it cannot) the others
            found, hits, shaped = self._search(s, seat, roll, must, s.flag_carrier[enemy],
                                               targets, protected, ghosted, occ_own,
                                               occ_enemy, closed)
            notes |= shaped
            if through:
                # Castle: "you may add their space to your roll and go through them": a
                # choice beside its own moves and attacks.
                j = st.seat_pieces[seat].index(must)
                found = found[:j] + (found[j] | through,) + found[j + 1:]
            if any(found) or hits:
                opts = Moves(seat, st.seat_pieces[seat], found, st.wp, hits, targets)
                break
            if must < 0:
                opts = Moves(seat, st.seat_pieces[seat], found)
                break
            # Ruling castle-must-leave: it cannot leave; another piece may move.
            must = -2
            through = 0
        if notes:
            tally = self._tally
            for rule in _SHAPING_OF[notes]:
                tally[rule] += 1
        if must >= 0:
            self._fire(R_CASTLE_LEAVE)
        return opts

    @staticmethod
    def _search(s: State, seat: int, roll: int, must: int, carrier: int, targets: int,
                protected: int, ghosted: int, occ_own: int, occ_enemy: int, closed: int
                ) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]:
        """Search the paths of the seat's pieces, one piece at a time (`reach_words`):
        ``(found, hits, shaped)``, by piece the cells it may move to and the search's
        five planes where they meet an enemy it may attack (see `Moves`; ``hits`` is
        empty when no piece has one), and the bits of `_SHAPING` whose rules left some space
        out. Only ``must`` when it is a piece (>= 0); every piece but one on the enemy
        castle when it is -2. A piece in the reserve enters through a free drawbridge of
        its side (its first step); pieces waiting there are alike, so one of each colour
        is searched. ``carrier`` is the piece carrying the enemy flag (-1: none)."""
        st = s.st
        pos = s.pos
        castle = st.castle[1 - s.side]
        kind = st.kind
        bonus = st.piece_steps
        wp = st.wp
        size = st.word_bits
        # The board's masks in words: a move's steps use free spaces; its last step may
        # reach the side's own pieces and the enemies too (`_SHAPING`'s rules leave
        # them out, or make them attacks).
        o0, o1, o2 = words(size, occ_own)
        x0, x1, x2 = words(size, occ_enemy)  # (``targets | protected | ghosted``)
        # The free spaces every piece may enter (the piece's own adds and bars follow):
        # no tree, no piece, no closed keep, not its own side's dropped flag (C5).
        e0, e1, e2 = st.all_words
        b0, b1, b2 = words(size, closed) if closed else (0, 0, 0)
        b0, b1, b2 = b0 | o0 | x0, b1 | o1 | x1, b2 | o2 | x2
        drop = s.flag_drop[s.side]
        if drop >= 0:
            w0, w1, w2 = st.cell_words[drop]
            b0, b1, b2 = b0 | w0, b1 | w1, b2 | w2
        e0, e1, e2 = e0 ^ (e0 & b0), e1 ^ (e1 & b1), e2 ^ (e2 & b2)
        f0, f1, f2 = e0 | o0 | x0, e1 | o1 | x1, e2 | o2 | x2
        k0, k1, k2 = st.keep_words
        t0, t1, t2 = (x0 ^ (x0 & k0), x1 ^ (x1 & k1), x2 ^ (x2 & k2)) if targets \
            else (0, 0, 0)
        pieces = st.seat_pieces[seat]
        found = [0] * len(pieces)
        hits: list[tuple[int, ...]] | None = None
        shaped = 0
        reserve_colors: list[str] = []
        for j in range(len(pieces)):
            i = pieces[j]
            if must >= 0 and i != must or must == -2 and pos[i] == castle:
                continue
            c = pos[i]
            if c == RESERVE:
                color = st.piece_color[i]
                if color in reserve_colors:
                    continue  # pieces waiting in the reserve are alike
                reserve_colors.append(color)
            elif c < 0:
                continue
            n = roll + bonus[i]
            if n <= 0:
                continue
            i0, i1, i2 = e0, e1, e2
            g0, g1, g2 = f0, f1, f2
            s0 = s1 = s2 = 0  # the piece's cell
            if c >= 0:
                s0, s1, s2 = st.cell_words[c]
                a0, a1, a2 = s0, s1, s2
                if i == carrier:
                    # M4: "If a piece has a flag, they cannot enter a keep."
                    i0, i1, i2 = e0 ^ (e0 & k0), e1 ^ (e1 & k1), e2 ^ (e2 & k2)
                    free = st.keeps_mask & ~(occ_own | protected | closed)
                    g0, g1, g2 = words(size, free)
                    g0, g1, g2 = g0 | i0 | o0 | x0, g1 | i1 | o1 | x1, g2 | i2 | o2 | x2
                if kind[c] != S_KEEP:
                    # It may cross the space it left (not a keep).
                    i0, i1, i2 = i0 | s0, i1 | s1, i2 | s2
            else:
                # Its first step is onto a free drawbridge (an enemy there, if that step
                # is its last).
                enterable = joined(size, e0, e1, e2)
                a0, a1, a2 = words(size, st.bridges_mask[s.side] & (
                    enterable if n > 1 else enterable | occ_enemy | occ_own))
                n -= 1
            if n:
                u0, u1, u2, r0, r1, r2, d0, d1, d2, l0, l1, l2 = reach_words(
                    wp, size, a0, a1, a2, n, i0, i1, i2, g0, g1, g2)
                a0 = a1 = a2 = 0  # (entered: only an entry with no step left)
            else:
                u0 = u1 = u2 = r0 = r1 = r2 = d0 = d1 = d2 = l0 = l1 = l2 = 0
            z0 = a0 | u0 | r0 | d0 | l0
            z1 = a1 | u1 | r1 | d1 | l1
            z2 = a2 | u2 | r2 | d2 | l2
            # (``a ^ (a & b)`` is ``a & ~b`` without a negative int) M5 bars only direct
            # backtracking: a path may come back to its start (not a keep: it is closed
            # once left), except the enemy castle, which the piece "must leave".
            y0, y1, y2 = z0 & i0, z1 & i1, z2 & i2
            if i == must:
                y0, y1, y2 = y0 ^ (y0 & s0), y1 ^ (y1 & s1), y2 ^ (y2 & s2)
            if y0 or y1 or y2:
                found[j] = joined(size, y0, y1, y2)
            z0, z1, z2 = z0 ^ y0, z1 ^ y1, z2 ^ y2  # what the rules left out
            if not (z0 or z1 or z2):
                continue
            w0, w1, w2 = z0 & o0, z1 & o1, z2 & o2  # own pieces
            if w0 ^ (w0 & s0) or w1 ^ (w1 & s1) or w2 ^ (w2 & s2):
                shaped |= 1
            if protected or ghosted:
                w0, w1, w2 = z0 & x0, z1 & x1, z2 & x2  # enemies
                if protected and (w0 & k0 or w1 & k1 or w2 & k2):
                    shaped |= 2
                if ghosted and (w0 ^ (w0 & k0) or w1 ^ (w1 & k1) or w2 ^ (w2 & k2)):
                    shaped |= 4
            if i == carrier:
                w0, w1, w2 = words(size, st.keeps_mask & ~protected)
                if z0 & w0 or z1 & w1 or z2 & w2:
                    shaped |= 8
            if z0 & t0 or z1 & t1 or z2 & t2:
                if hits is None:
                    hits = [()] * len(pieces)
                hits[j] = (joined(size, a0 & t0, a1 & t1, a2 & t2),  # (mostly 0)
                           joined(size, u0 & t0, u1 & t1, u2 & t2),
                           joined(size, r0 & t0, r1 & t1, r2 & t2),
                           joined(size, d0 & t0, d1 & t1, d2 & t2),
                           joined(size, l0 & t0, l1 & t1, l2 & t2))
        return tuple(found), tuple(hits) if hits is not None else (), shaped

    def _through_ends(self, s: State, piece: int, steps: int, occ: int, closed: int) -> int:
        """Castle: "If completely blocked in by pieces, you may add their space to your
        roll and go through them." The spaces ``piece``, which must leave the enemy
        castle, reaches through the pieces when it is completely blocked in there (ruling
        castle-blocked-in), as a mask; 0 when it is not blocked in."""
        st = s.st
        c = s.pos[piece]
        if steps <= 0 or not self._blocked_in(st, c, occ):
            return 0
        self._fire(R_CASTLE_BLOCKED)
        self._fire(G_CASTLE_BLOCKED)
        start = 1 << c
        enterable = self._enterable(s, piece, occ, closed)
        ends = 0
        for end in blocked_in_ends(st, c, steps, occ & ~start, enterable | start, enterable):
            ends |= 1 << end
        return ends

    @staticmethod
    def _blocked_in(st: Static, cell: int, occ: int) -> bool:
        """Ruling castle-blocked-in: every space next to the castle is a piece or a tree."""
        nbs = st.neighbours[cell]
        return bool(nbs) and all(occ & (1 << nb) for nb in nbs)

    def _leave(self, s: State, piece: int) -> None:
        """A piece leaves its space: a keep it leaves closes (keep rule)."""
        st = s.st
        c = s.pos[piece]
        if c >= 0 and st.kind[c] == S_KEEP:
            # "After leaving this keep, no one may enter until a full turn has gone by."
            k = st.keep_index[c]
            s.keep_open = _put(s.keep_open, k, s.turn + 2)
            self._fire(R_KEEP_CLOSED)
            self._fire(G_KEEP_CLOSED)

    @staticmethod
    def _set_pos(s: State, piece: int, cell: int) -> None:
        """Put a piece on ``cell`` (or off the board), keeping the occupancy masks."""
        pos = s.pos
        st = s.st
        gone = st.bit_or_zero[pos[piece]]  # (0 for a position off the board)
        came = st.bit_or_zero[cell]
        s.pos = pos[:piece] + (cell,) + pos[piece + 1:]
        if st.piece_side[piece]:
            occ = s.occ1
            s.occ1 = (occ ^ (occ & gone)) | came
        else:
            occ = s.occ0
            s.occ0 = (occ ^ (occ & gone)) | came

    def _move(self, s: State, piece: int, cell: int) -> None:
        """M2: the piece moves the full roll to ``cell`` and lands there."""
        st = s.st
        tally = self._tally
        tally[R_MOVE] += 1
        if self.emit is not None:
            self.emit("fired", COVERAGE_IDS[R_MOVE])
        if st.piece_scout[piece]:
            self._fire(R_SCOUT_MOVE)
        if s.roll + st.piece_steps[piece] > 1:
            tally[R_NO_BACKTRACK] += 1
            if self.emit is not None:
                self.emit("fired", COVERAGE_IDS[R_NO_BACKTRACK])
        here = s.pos[piece]
        if here >= 0 and st.kind[here] == S_KEEP:
            self._leave(s, piece)
        self._set_pos(s, piece, cell)
        s.moved = piece
        self._land(s, piece, cell)

    def _land(self, s: State, piece: int, cell: int) -> None:
        """What the space a piece's move ends on does (ruling landing); ends the part
        unless an item is drawn or the game is won."""
        st = s.st
        side = st.piece_side[piece]
        enemy = 1 - side
        if st.kind[cell] == S_KEEP:
            self._fire(G_LANDING)
            # T1: "Land on a keep space to receive 1 item card."
            if any(s.deck):
                s.phase = DRAW
                return
            # "when there are no more cards to draw none can be obtained."
            self._fire(R_DECK_EMPTY)
        elif cell == st.castle[enemy]:
            if s.flag_carrier[enemy] < 0 and s.flag_drop[enemy] < 0:
                # "Land on the opponent's castle space to grab their flag."
                self._fire(G_LANDING)
                s.flag_carrier = _put(s.flag_carrier, enemy, piece)
                self._fire(R_CASTLE_GRAB)
                self._stat(S_FLAG_GRABS)
                if self.emit:
                    self.emit("result", f"{st.piece_label[piece]} grabs "
                              f"{SIDE_NAMES[enemy]}'s flag")
        elif s.flag_drop[enemy] == cell:
            # C5: "The opposing team must land on this space to obtain the flag."
            self._fire(G_LANDING)
            s.flag_drop = _put(s.flag_drop, enemy, -1)
            s.flag_carrier = _put(s.flag_carrier, enemy, piece)
            self._fire(R_FLAG_PICKUP)
            self._stat(S_FLAG_PICKUPS)
            if self.emit:
                self.emit("result", f"{st.piece_label[piece]} picks up "
                          f"{SIDE_NAMES[enemy]}'s flag")
        elif cell == st.castle[side] and s.flag_carrier[enemy] == piece:
            # "Bring the enemy's flag back to your castle" (ruling flag-home)
            self._fire(R_WIN_FLAG)
            self._fire(G_FLAG_HOME)
            self._finish(s, side, WIN_FLAG)
            return
        self._end_part(s)

    # ------------------------------------------------------------------ combat
    def _attack(self, s: State, piece: int, target: int, frm: int) -> None:
        """C1: the move's last step meets an enemy: combat from ``frm``."""
        st = s.st
        self._fire(R_COMBAT)
        self._fire(G_ATTACK_ON_LANDING)
        self._stat(S_FIGHTS)
        defender = s.pos.index(target)
        origin = s.pos[piece]
        if frm != origin:
            self._leave(s, piece)
            self._set_pos(s, piece, frm)
        s.moved = piece
        # C2: "The red and blue pieces that attack gets a +1 to their roll"; "The scout
        # piece (see M3.) is an exception to this rule." (green and yellow get none)
        bonus = st.piece_bonus[piece]
        self._fire(R_SCOUT_NO_BONUS if st.piece_scout[piece] else R_ATTACK_BONUS)
        s.combat = (piece, defender, frm, bonus, 0, 0, 0, origin)
        if self.emit:
            self.emit("info", f"{st.piece_label[piece]} attacks {st.piece_label[defender]} "
                      f"on {cell_name(st, target)} from {cell_name(st, frm)}")
        s.phase = ATT_CARD
        self._settle(s)

    def _card_options(self, s: State, ph: int) -> list[tuple]:
        """Combat cards a side may play now: Extra Strength or Poison when attacking,
        Extra Defense or Poison when defending; one per player per turn (T3)."""
        st = s.st
        combat = s.combat
        assert combat is not None
        piece = combat[0] if ph == ATT_CARD else combat[1]
        q = st.piece_seat[piece]
        side = st.piece_side[piece]
        out: list[tuple] = [("pass", q)]
        if s.used_combat[q]:
            return out
        hand = s.hands[side]
        mine = E_STRENGTH if ph == ATT_CARD else E_DEFENSE
        for k, e in enumerate(st.kind_effect):
            if hand[k] and (e == mine or e == E_POISON):
                out.append(("combat", q, k))
        return out

    def _combat_card(self, s: State, q: int, k: int) -> None:
        st = s.st
        combat = s.combat
        assert combat is not None
        piece = combat[0] if s.phase == ATT_CARD else combat[1]
        side = st.piece_side[piece]
        e = st.kind_effect[k]
        att, dfn, frm, amod, dmod, ar, dr, origin = combat
        if e == E_STRENGTH:
            amod += 1  # "Adds +1 to an attacking piece"
        elif e == E_DEFENSE:
            dmod += 1  # "Adds +1 to a defending piece."
        elif s.phase == ATT_CARD:
            dmod -= POISON_PENALTY  # Poison: "-3 on opponent's combat roll."
        else:
            amod -= POISON_PENALTY
        s.combat = (att, dfn, frm, amod, dmod, ar, dr, origin)
        s.used_combat = _put(s.used_combat, q, 1)
        s.cards_key = None
        self._spend(s, side, k)
        self._fire(G_ITEM_TIMING)
        s.phase = DEF_CARD if s.phase == ATT_CARD else DICE
        self._settle(s)

    def _dice(self, s: State, dice: tuple) -> None:
        """C2/C3: both roll two dice; the higher total wins."""
        a1, a2, d1, d2 = dice
        combat = s.combat
        assert combat is not None
        att, dfn, frm, amod, dmod, _, _, origin = combat
        attack, defence = a1 + a2 + amod, d1 + d2 + dmod
        s.combat = (att, dfn, frm, amod, dmod, attack, defence, origin)
        if self.emit:
            on_attack, on_defence = modifiers(s.st, combat)
            self.emit("info", f"attack {_total(a1, a2, on_attack, attack)}, defence "
                      f"{_total(d1, d2, on_defence, defence)}")
        if attack > defence:
            self._attacker_wins(s)
        elif defence > attack:
            self._defender_wins(s)
        else:
            self._stat(S_TIES)
            s.phase = ATT_KNIFE
            self._settle(s)

    def _knife_options(self, s: State, ph: int) -> list[tuple]:
        st = s.st
        combat = s.combat
        assert combat is not None
        piece = combat[0] if ph == ATT_KNIFE else combat[1]
        q = st.piece_seat[piece]
        hand = s.hands[st.piece_side[piece]]
        return [("pass", q)] + [("knife", q, k) for k in st.effect_kinds[E_KNIFE] if hand[k]]

    def _knife(self, s: State, q: int, k: int) -> None:
        """Hidden Knife: "If a combat results in a tie, you may play this card to win."
        (a second item in a turn; ruling knife-order: the attacker first)."""
        st = s.st
        combat = s.combat
        assert combat is not None
        attacking = s.phase == ATT_KNIFE
        piece = combat[0] if attacking else combat[1]
        self._spend(s, st.piece_side[piece], k)
        self._stat(S_KNIVES)
        other = combat[1] if attacking else combat[0]
        if any(s.hands[st.piece_side[other]][j] for j in st.effect_kinds[E_KNIFE]):
            self._fire(G_KNIFE_ORDER)  # both held one: the first decides
        if attacking:
            self._attacker_wins(s)
        else:
            self._defender_wins(s)

    def _tie(self, s: State) -> None:
        """C4: "the attacking piece is placed on a directly adjacent space"."""
        self._fire(R_TIE)
        self._fire(G_TIE_PLACEMENT)
        s.phase = TIE
        self._settle(s)

    def _tie_cells(self, s: State) -> list[int]:
        st = s.st
        combat = s.combat
        assert combat is not None
        att, dfn = combat[0], combat[1]
        occ = s.occ0 | s.occ1
        here = s.pos[att]
        if here >= 0:
            occ &= ~(1 << here)
        free = self._enterable(s, att, occ, closed_keeps(s))
        return [nb for nb in st.neighbours[s.pos[dfn]] if free & (1 << nb)]

    def _place(self, s: State, cell: int) -> None:
        combat = s.combat
        assert combat is not None
        att, origin = combat[0], combat[7]
        s.combat = None
        if cell != s.pos[att]:
            if s.pos[att] == origin:
                self._leave(s, att)  # it leaves the space its move began on
            self._set_pos(s, att, cell)
        self._settle_at(s, att, cell, origin)

    def _settle_at(self, s: State, piece: int, cell: int, origin: int) -> None:
        """The attacker's move ends on ``cell``: it lands there, unless that is where its
        move began (it never left)."""
        if cell == origin or cell == RESERVE:
            self._end_part(s)
        else:
            self._land(s, piece, cell)

    def _attacker_wins(self, s: State) -> None:
        """C3: "the attacking piece moves onto the occupied space and the defending piece
        is removed from the board"."""
        st = s.st
        combat = s.combat
        assert combat is not None
        att, dfn, frm, origin = combat[0], combat[1], combat[2], combat[7]
        s.combat = None
        self._fire(R_ATTACKER_WINS)
        self._stat(S_ATTACKER)
        target = s.pos[dfn]
        side = st.piece_side[att]
        if self.emit:
            self.emit("result", f"{st.piece_label[att]} defeats {st.piece_label[dfn]}")
        dropped = self._remove(s, dfn, REMOVED)
        if s.outcome is not None:
            return
        if dropped and s.flag_drop[side] == target:
            # Ruling flag-drop-killer: the flag's own team cannot enter its flag space.
            self._fire(G_FLAG_DROP_KILLER)
            self._settle_at(s, att, frm, origin)
            return
        if frm == origin:
            self._leave(s, att)  # (a keep it only passed through stays open)
        self._set_pos(s, att, target)
        self._land(s, att, target)

    def _defender_wins(self, s: State) -> None:
        """Ruling defender-wins: the attacking piece is removed."""
        st = s.st
        combat = s.combat
        assert combat is not None
        att, dfn = combat[0], combat[1]
        s.combat = None
        self._fire(G_DEFENDER_WINS)
        self._stat(S_DEFENDER)
        if self.emit:
            self.emit("result", f"{st.piece_label[dfn]} defeats {st.piece_label[att]}")
        self._remove(s, att, REMOVED)
        if s.outcome is None:
            self._end_part(s)

    def _remove(self, s: State, piece: int, where: int) -> bool:
        """Take a piece off the board (defeated or reaped); a flag it carried drops on its
        space (C5); a team with no piece left is defeated. True if a flag dropped."""
        st = s.st
        side = st.piece_side[piece]
        enemy = 1 - side
        cell = s.pos[piece]
        self._set_pos(s, piece, where)
        self._stat(S_REAPED if where == REAPED else S_REMOVED)
        dropped = False
        if s.flag_carrier[enemy] == piece:
            dropped = True
            s.flag_carrier = _put(s.flag_carrier, enemy, -1)
            self._fire(R_FLAG_DROP)
            self._stat(S_FLAG_DROPS)
            if cell == st.castle[enemy]:
                # Ruling flag-drop-home: dropped on its own castle, it is home.
                self._fire(G_FLAG_DROP_HOME)
                self._stat(S_FLAG_HOME)
            else:
                s.flag_drop = _put(s.flag_drop, enemy, cell)
            if self.emit:
                home = " (its own castle: it is home)" if cell == st.castle[enemy] else ""
                self.emit("result", f"{SIDE_NAMES[enemy]}'s flag drops on "
                          f"{cell_name(st, cell)}{home}")
        pos = s.pos
        for i in st.side_pieces[side]:
            if pos[i] >= RESERVE:
                break
        else:
            # "defeat the enemy team" (ruling team-defeated)
            self._fire(R_WIN_DEFEAT)
            self._fire(G_TEAM_DEFEATED)
            self._finish(s, enemy, WIN_DEFEAT)
        return dropped

    # ------------------------------------------------------------------- items
    def _item_options(self, s: State) -> list[tuple]:
        """Items the seat may play before moving (T3: one a turn), each with its targets."""
        st = s.st
        q = st.side_seats[s.side][s.member]
        out: list[tuple] = [("pass", q)]
        if s.used_item[q]:
            return out
        side = s.side
        hand = s.hands[side]
        if not any(hand):
            return out
        enemy = 1 - side
        fresh = s.fresh[side]
        occ = -1
        closed = 0
        for k in st.plain_kinds:
            if not hand[k]:
                continue
            # T2: "Item cards cannot be used on the turn they are obtained unless they
            # are combat (red) cards".
            if not hand[k] - fresh[k]:
                self._tally[R_ITEM_WAIT] += 1
                continue
            if occ < 0:
                occ, closed = s.occ0 | s.occ1, closed_keeps(s)
            ways = self._targets(s, q, k, st.kind_effect[k], side, enemy, occ, closed)
            if not ways:
                self._tally[G_ITEM_NEEDS_EFFECT] += 1
            out.extend(ways)
        return out

    def _can_play_item(self, s: State) -> bool:
        """Whether `_item_options` would offer an item besides passing, found without
        listing them all (nor counting the rules that leave cards out): the search looks
        at many positions whose options no one asks for."""
        st = s.st
        side = s.side
        enemy = 1 - side
        hand = s.hands[side]
        fresh = s.fresh[side]
        pos = s.pos
        occ = -1
        closed = 0
        for k in st.plain_kinds:
            if not hand[k] or not hand[k] - fresh[k]:
                continue
            e = st.kind_effect[k]
            if e == E_HORSE or e == E_GHOST or e == E_RAIN:
                return True
            if e == E_WIND:
                if s.flag_drop[side] >= 0:
                    return True
                continue
            if e == E_FAMINE or e == E_THIEF:
                if any(s.hands[enemy]):
                    return True
                continue
            if e == E_REAPER:
                for i in st.side_pieces[enemy]:
                    if pos[i] >= RESERVE:
                        return True
                continue
            if occ < 0:
                occ, closed = s.occ0 | s.occ1, closed_keeps(s)
            if self._targets(s, st.side_seats[side][s.member], k, e, side, enemy, occ,
                             closed):
                return True
        return False

    def _targets(self, s: State, q: int, k: int, e: int, side: int, enemy: int, occ: int,
                 closed: int) -> list[tuple]:
        """The ways to play item kind ``k`` (effect ``e``); none when it would do nothing
        (ruling item-needs-effect)."""
        st = s.st
        pos = s.pos
        if e in (E_HORSE, E_GHOST, E_RAIN):
            return [("item", q, k)]
        if e == E_WIND:
            return [("item", q, k)] if s.flag_drop[side] >= 0 else []
        if e == E_FAMINE or e == E_THIEF:
            return [("item", q, k)] if any(s.hands[enemy]) else []
        if e == E_REAPER:
            return [("item", q, k, i) for i in st.side_pieces[enemy] if pos[i] >= RESERVE]
        if e == E_REINFORCE:
            return [("item", q, k, p, c) for p, c in self._reinforcements(s)]
        if e == E_LOCUST:
            out = []
            for i in st.side_pieces[enemy]:
                c = pos[i]
                if c < 0:
                    continue
                blocked = ~self._card_dest(s, i, occ & ~(1 << c), closed) & st.all
                for d in range(4):
                    if locust_end(st, c, d, blocked) != c:
                        out.append(("item", q, k, i, d))
            return out
        if e == E_AID:
            return self._aid_targets(s, q, k, occ, closed)
        if e == E_SABOTEUR:
            # "Move an opponent's piece from inside a keep onto a drawbridge space": any
            # free drawbridge, of either side.
            out = []
            for i in st.side_pieces[enemy]:
                c = pos[i]
                if c >= 0 and st.kind[c] == S_KEEP:
                    free = self._card_dest(s, i, occ, closed) & st.all_bridges
                    out.extend(("item", q, k, i, b) for b in bits(free))
            return out
        if e == E_SAFEGUARD:
            return self._safeguard_targets(s, q, k, occ, closed)
        return []

    def _safeguard_targets(self, s: State, q: int, k: int, occ: int, closed: int
                           ) -> list[tuple]:
        """Safeguard: "Move a chosen ally piece to any keep behind it." Behind is towards
        the ally's own castle as the board is drawn (ruling safeguard-behind); a flag
        carrier cannot go (M4). "this card forfeits your turn": while a piece of the
        player stands on the enemy castle ("You must leave this space on your next
        turn"), only that piece may be moved by it."""
        st = s.st
        pos = s.pos
        side = s.side
        carrier = s.flag_carrier[1 - side]
        must = _on_enemy_castle(s, q)
        out = []
        for i in st.side_pieces[side] if must < 0 else (must,):
            c = pos[i]
            if c < 0 or i == carrier:
                continue
            free = self._card_dest(s, i, occ, closed)
            depth = st.depth[side]
            for keep in st.keeps:
                if depth[keep] < depth[c] and free & (1 << keep):
                    out.append(("item", q, k, i, keep))
        return out

    def _card_dest(self, s: State, piece: int, occ: int, closed: int) -> int:
        """Spaces a card may put ``piece`` on (ruling card-moves): spaces it may enter,
        never onto a dropped flag (a card move does not pick a flag up)."""
        mask = self._enterable(s, piece, occ, closed)
        for drop in s.flag_drop:
            if drop >= 0:
                mask &= ~(1 << drop)
        return mask

    def _aid_targets(self, s: State, q: int, k: int, occ: int, closed: int) -> list[tuple]:
        """Providing Aid: "Move any piece (except for a piece with the flag) adjacent to any
        other piece on the board.": onto any free space next to another piece that it may
        enter (ruling providing-aid), never onto a dropped flag (ruling card-moves)."""
        st = s.st
        pos = s.pos
        carriers = s.flag_carrier
        wp = st.wp
        out: list[tuple] = []
        for i, c in enumerate(pos):
            if c < 0 or i in carriers:
                continue
            others = occ & ~(1 << c)
            near = (others >> wp) | (others << wp) | (others << 1) | (others >> 1)
            free = self._card_dest(s, i, others, closed) & near & ~(1 << c)
            out.extend(("item", q, k, i, cell) for cell in bits(free))
        return out

    def _reinforcements(self, s: State) -> list[tuple[int, int]]:
        """Ruling reinforcements: (piece, cell) for a defeated piece of the team (one per
        colour) onto a free drawbridge of its side, or the reserve when none is free."""
        st = s.st
        side = s.side
        pos = s.pos
        out: list[tuple[int, int]] = []
        colors: list[str] = []
        occ = closed = -1
        for i in st.side_pieces[side]:
            if pos[i] != REMOVED or st.piece_color[i] in colors:
                continue
            colors.append(st.piece_color[i])
            if occ < 0:
                occ, closed = s.occ0 | s.occ1, closed_keeps(s)
            free = self._card_dest(s, i, occ, closed)
            cells = [b for b in st.bridges[side] if free & (1 << b)]
            out.extend((i, b) for b in (cells or [RESERVE]))
        return out

    def _reinforce(self, s: State, piece: int, cell: int, how: str) -> None:
        """A defeated piece comes back at the drawbridge."""
        self._fire(R_REINFORCEMENT)
        self._fire(G_REINFORCEMENTS)
        self._stat(S_REINFORCEMENTS)
        self._set_pos(s, piece, cell)
        if self.emit:
            self.emit("result", f"{s.st.piece_label[piece]} comes back as a reinforcement "
                      f"({how}) on {cell_name(s.st, cell)}")

    def _spend(self, s: State, side: int, k: int) -> None:
        """A card leaves the side's hand for the discard pile."""
        st = s.st
        hand = s.hands[side]
        left = hand[k] - 1
        s.hands = _put(s.hands, side, _put(hand, k, left))
        fresh = s.fresh[side]
        if fresh[k] > left:
            s.fresh = _put(s.fresh, side, _put(fresh, k, left))
            self._fire(R_RED_SAME_TURN)
        known = s.known[side]
        if known[k]:
            s.known = _put(s.known, side, _put(known, k, known[k] - 1))
        s.discard = _add(s.discard, k)
        s.cards_key = None
        s.played = _put(s.played, side, s.played[side] | (1 << k))
        if st.kind_color_off[k]:
            self._fire(G_ITEM_COLOURS)
        self.stat(f"item.{st.kind_names[k]}.played")
        self._fire(I_ITEM[st.kind_effect[k]])
        if st.team:
            self._fire(R_SHARED_ITEMS)
            self._fire(G_TEAM_ITEMS)

    def _play_item(self, s: State, q: int, k: int, target: tuple) -> None:
        """T3: one item before moving (or, Safeguard, instead of moving)."""
        st = s.st
        side, enemy = s.side, 1 - s.side
        e = st.kind_effect[k]
        s.used_item = _put(s.used_item, q, 1)
        self._spend(s, side, k)
        t = s.turn
        if e == E_HORSE:
            s.horse = 1  # "roll an extra die to add to your movement"
        elif e == E_GHOST:
            s.ghost = _put(s.ghost, side, t + 1)
            self._fire(G_GHOST)
        elif e == E_RAIN:
            by = s.rain_by[enemy] + RAIN_PENALTY if s.rain[enemy] == t + 1 else RAIN_PENALTY
            s.rain = _put(s.rain, enemy, t + 1)
            s.rain_by = _put(s.rain_by, enemy, by)
        elif e == E_WIND:
            # "If your flag is on the field and the opponent does not have it, return it"
            s.flag_drop = _put(s.flag_drop, side, -1)
            self._stat(S_FLAG_WIND)
        elif e == E_FAMINE:
            # "Make your opponent put all of their cards back into the item deck."
            hand = s.hands[enemy]
            s.deck = tuple(a + b for a, b in zip(s.deck, hand, strict=True))
            zeros = st.zero_kinds
            s.hands = _put(s.hands, enemy, zeros)
            s.fresh = _put(s.fresh, enemy, zeros)
            s.known = _put(s.known, enemy, zeros)
        elif e == E_THIEF:
            self._fire(G_THIEF)
            s.phase = STEAL
            return
        elif e == E_REAPER:
            self._fire(G_REAPER)
            self._remove(s, target[0], REAPED)
            if s.outcome is not None:
                return
        elif e == E_REINFORCE:
            self._reinforce(s, target[0], target[1], "Gain Reinforcements")
        elif e == E_LOCUST:
            self._fire(G_LOCUST)
            self._fire(G_CARD_MOVES)
            piece, d = target
            occ, closed = s.occ0 | s.occ1, closed_keeps(s)
            c = s.pos[piece]
            blocked = ~self._card_dest(s, piece, occ & ~(1 << c), closed) & st.all
            end = locust_end(st, c, d, blocked)
            self._leave(s, piece)
            self._set_pos(s, piece, end)
        elif e in (E_AID, E_SABOTEUR, E_SAFEGUARD):
            self._fire(G_CARD_MOVES)
            if e != E_SABOTEUR:
                self._fire(G_CARD_MOVE_KIND[e])
            piece, cell = target
            self._leave(s, piece)
            self._set_pos(s, piece, cell)
            if e == E_SAFEGUARD:
                # "You do not receive a new item and this card forfeits your turn."
                self._end_part(s)
                return
        self._after_item(s)

    def _after_item(self, s: State) -> None:
        """After the item step: roll if the seat has a piece to move, else its part ends."""
        pos = s.pos
        st = s.st
        for i in st.seat_pieces[st.side_seats[s.side][s.member]]:
            if pos[i] >= RESERVE:
                s.phase = ROLL
                return
        self._end_part(s)

    def _steal(self, s: State, k: int) -> None:
        """Thief: the stolen card changes hands; both teams know where it is."""
        side, enemy = s.side, 1 - s.side
        victim = s.hands[enemy]
        s.hands = _put(s.hands, enemy, _put(victim, k, victim[k] - 1))
        s.hands = _put(s.hands, side, _add(s.hands[side], k))
        s.fresh = _put(s.fresh, side, _add(s.fresh[side], k))
        fresh = s.fresh[enemy]
        if fresh[k] > s.hands[enemy][k]:
            s.fresh = _put(s.fresh, enemy, _put(fresh, k, s.hands[enemy][k]))
        known = s.known[enemy]
        if known[k]:
            s.known = _put(s.known, enemy, _put(known, k, known[k] - 1))
        s.known = _put(s.known, side, _add(s.known[side], k))
        s.cards_key = None
        if self.emit:
            self.emit("result", f"{SIDE_NAMES[side]} steals {s.st.kind_names[k]}")
        self._after_item(s)

    def _drawn(self, s: State, k: int) -> None:
        """T1: the card from the keep goes to the team's hand (obtained this turn)."""
        side = s.side
        st = s.st
        s.deck = _add(s.deck, k, -1)
        s.hands = _put(s.hands, side, _add(s.hands[side], k))
        s.fresh = _put(s.fresh, side, _add(s.fresh[side], k))
        s.cards_key = None
        self._fire(R_KEEP_ITEM)
        self.stat(f"item.{st.kind_names[k]}.drawn")
        if self.emit:
            self.emit("result", f"{SIDE_NAMES[side]} draws an item card")
        self._end_part(s)

    # ----------------------------------------------------------------- turns
    def _first(self, s: State, a: int, b: int) -> None:
        self._fire(R_FIRST_ROLL)
        self._fire(G_FIRST_ROLL)
        side = 0 if a > b else 1
        s.first = s.side = side
        self.stat(f"side{side + 1}.first")
        if self.emit:
            self.emit("info", f"{SIDE_NAMES[0]} rolls {a}, {SIDE_NAMES[1]} rolls {b}: "
                      f"{SIDE_NAMES[side]} goes first")
        self._begin_turn(s)

    def _begin_turn(self, s: State) -> None:
        s.turn += 1
        st = s.st
        # Nobody has played an item or a combat card yet; no card was obtained this turn.
        if s.used_item != st.zero_seats or s.used_combat != st.zero_seats \
                or s.fresh != st.zero_pair:
            s.cards_key = None
        s.used_item = s.used_combat = st.zero_seats
        s.fresh = st.zero_pair
        if self.emit:
            self.emit("round", f"Turn {s.turn}: {SIDE_NAMES[s.side]}")
        self._begin_part(s)

    def _begin_part(self, s: State) -> None:
        s.roll = s.horse = 0
        s.moved = -1
        s.phase = ITEM
        if s.member:
            self._fire(R_TEAM_TURN)
        self._settle(s)

    def _end_part(self, s: State) -> None:
        """A player's part of the turn is over: the teammate's part, or the next turn."""
        if s.outcome is not None:
            return
        s.combat = None
        if s.st.team and s.member == 0:
            s.member = 1
            self._begin_part(s)
            return
        s.member = 0
        s.side = 1 - s.side
        self._begin_turn(s)

    def _pass(self, s: State) -> None:
        ph = s.phase
        if ph == ITEM:
            self._after_item(s)
            return
        if ph == ATT_CARD:
            s.phase = DEF_CARD
        elif ph == DEF_CARD:
            s.phase = DICE
        elif ph == ATT_KNIFE:
            s.phase = DEF_KNIFE
        elif ph == DEF_KNIFE:
            self._tie(s)
            return
        self._settle(s)

    def _rolled(self, s: State, action: tuple) -> None:
        """The movement roll: one die, or two with Horse (doubles: a reinforcement)."""
        side = s.side
        if len(action) == 3:
            s.roll = action[2]
            doubles = False
        else:
            s.roll = action[2] + action[3]
            doubles = action[2] == action[3]
        if s.rain[side] == s.turn and s.rain_by[side]:
            self._fire(G_RAIN)
            if self.emit:
                self.emit("info", f"Rain Storm: {SIDE_NAMES[side]}'s roll is "
                          f"{s.rain_by[side]} less")
        s.phase = MOVE
        if doubles and self._reinforcements(s):
            s.phase = REINFORCE
        self._settle(s)

    def _finish(self, s: State, winner: int, reason: str) -> None:
        s.outcome = Outcome(winner, reason)
        s.phase = OVER
        s.combat = None
        st = s.st
        self.stat("end.flag" if reason == WIN_FLAG else "end.defeat")
        self.stat(f"side{winner + 1}.wins")
        if winner == s.first:
            self.stat("first-wins")
            self.stat(f"side{winner + 1}.first-wins")
        for side in (0, 1):
            played = s.played[side]
            for k in range(st.kinds):
                if played >> k & 1:
                    self.stat(f"item.{st.kind_names[k]}.games")
                    if side == winner:
                        self.stat(f"item.{st.kind_names[k]}.won")
        if self.emit:
            self.emit("end", f"{SIDE_NAMES[winner]} wins: {reason} (turn {s.turn})")

    # -------------------------------------------------------------- observing
    def observe(self, s: State, player: int) -> Observation:
        """What ``player`` may see (see `Observation`)."""
        st = s.st
        side = st.seat_side[player]
        enemy = 1 - side
        ph = s.phase
        who = _DECIDER[ph]
        if who == _SEAT:
            mover = st.side_seats[s.side][s.member]
        elif who == _DEFENDER:
            mover = st.piece_seat[s.combat[1]]  # type: ignore[index]
        else:
            mover = -1
        hands, fresh = s.hands, s.fresh
        # (made as the named tuple's own ``__new__`` makes it, without its interpreted
        # wrapper)
        return _new_tuple(Observation, (
            st, player, side, ph, mover, s.turn, s.side, s.member, s.first, s.pos,
            s.flag_carrier, s.flag_drop, s.keep_open, s.ghost, s.rain, s.rain_by, s.roll,
            s.horse, s.moved, s.combat, hands[side], fresh[side], sum(hands[enemy]),
            sum(fresh[enemy]), s.known[side], s.known[enemy], sum(s.deck), s.discard,
            s.used_item, s.used_combat))

    def determinize(self, obs: Observation, player: int, rng: Random) -> State:
        """A full state the player cannot tell from the real one: the other team's hand is
        the cards known to be in it plus cards dealt at random from those the player has
        not seen (the deck and that hand together); the rest is the deck."""
        st = obs.st
        side = obs.side
        kinds = st.kinds
        # The cards the player has not seen: the deck and the other team's hand less the
        # cards known to be in it. That hand's unknown cards are dealt from them one by
        # one, each unseen card alike (as a shuffle would deal them), then the cards it
        # obtained this turn picked from the hand alike.
        deck = [st.kind_counts[k] - obs.discard[k] - obs.hand[k] - obs.known_theirs[k]
                for k in range(kinds)]
        theirs = list(obs.known_theirs)
        _deal(deck, theirs, obs.their_hand - sum(obs.known_theirs), rng)
        their_fresh = [0] * kinds
        _deal(list(theirs), their_fresh, obs.their_fresh, rng)
        if side == 0:
            hands = (obs.hand, tuple(theirs))
            fresh = (obs.fresh, tuple(their_fresh))
            known = (obs.known_mine, obs.known_theirs)
        else:
            hands = (tuple(theirs), obs.hand)
            fresh = (tuple(their_fresh), obs.fresh)
            known = (obs.known_theirs, obs.known_mine)
        return new_state(st, obs.pos, obs.flag_carrier, obs.flag_drop, obs.keep_open,
                         hands, fresh, known, tuple(deck), obs.discard, obs.used_item,
                         obs.used_combat, obs.turn, obs.turn_side, obs.member, obs.first,
                         obs.phase, obs.roll, obs.horse, obs.moved, obs.ghost, obs.rain,
                         obs.rain_by, obs.combat, None, (0, 0))

    # ----------------------------------------------------------------- the log
    def describe(self, s: State, action: tuple) -> tuple[str, str]:
        """A readable line for the playthrough log: what, and why it was legal."""
        st = s.st
        kind = action[0]
        label = st.piece_label
        if kind == "move":
            piece, cell = action[2], action[3]
            return (f"moves {label[piece]} {cell_name(st, s.pos[piece])} → "
                    f"{cell_name(st, cell)}", self._move_reason(s, piece))
        if kind == "attack":
            piece, target, frm = action[2], action[3], action[4]
            return (f"{label[piece]} attacks {label[s.pos.index(target)]} on "
                    f"{cell_name(st, target)} from {cell_name(st, frm)}",
                    "the last step of its full roll meets an enemy (C1)")
        if kind == "roll":
            return f"rolls {'+'.join(map(str, action[2:]))}", "M2" + (
                ", Horse: an extra die" if len(action) > 3 else "")
        if kind == "dice":
            return (f"combat dice: attacker {action[2]}+{action[3]}, defender "
                    f"{action[4]}+{action[5]}", "C2: both roll 2 dice")
        if kind == "draw":
            return f"draws {st.kind_names[action[2]]} from the item deck", "T1: landed on a keep"
        if kind == "steal":
            return f"Thief takes {st.kind_names[action[2]]}", "Thief: a random card"
        if kind == "first":
            return f"first roll {action[2]} against {action[3]}", "M1"
        if kind == "pass":
            what = PHASE_NAMES[s.phase]
            return f"passes ({what})", "nothing must be played"
        if kind in ("combat", "knife"):
            return self._describe_combat_card(s, action)
        if kind == "place":
            assert s.combat is not None
            return f"places {label[s.combat[0]]} on {cell_name(st, action[2])}", \
                "C4: a tie, next to the defender"
        if kind == "reinforce":
            return (f"brings {label[action[2]]} back on {cell_name(st, action[3])}",
                    "doubles on the Horse roll (ruling reinforcements)")
        if kind == "item":
            return self._describe_item(s, action), "T3: one item before moving"
        return repr(action), ""

    def _move_reason(self, s: State, piece: int) -> str:
        """Why a move is legal, with the spaces it actually moves: the roll, a scout's +2
        and a Rain Storm's -3 each named; through the pieces when it is blocked in on
        the enemy castle."""
        st = s.st
        what, parts = _steps(s, piece)
        how = f": {parts}" if parts else ""
        c = s.pos[piece]
        if c == st.castle[1 - s.side] and self._blocked_in(st, c, s.occ0 | s.occ1):
            return (f"completely blocked in on the enemy castle, it goes through the pieces, "
                    f"each adding its space to the roll of {what} (Castle){how}")
        return f"a path of exactly {what} (M2){how}"

    @staticmethod
    def _describe_combat_card(s: State, action: tuple) -> tuple[str, str]:
        """A combat card or Hidden Knife: who played it (the attacker or the defender),
        and what it does."""
        st = s.st
        combat = s.combat
        assert combat is not None
        attacking = s.phase == ATT_CARD or s.phase == ATT_KNIFE
        piece = combat[0] if attacking else combat[1]
        who = f"the {'attacker' if attacking else 'defender'} ({st.piece_label[piece]})"
        k = action[2]
        e = st.kind_effect[k]
        if action[0] == "knife":
            does = "Hidden Knife: \"If a combat results in a tie, you may play this card to win.\""
        elif e == E_POISON:
            does = f"Poison: -{POISON_PENALTY} on the {'defence' if attacking else 'attack'} (T3)"
        else:
            does = f"{EFFECT_NAMES[e]}: +1 to the {'attack' if attacking else 'defence'} (T3)"
        return f"{who} plays {st.kind_names[k]}", does

    def _describe_item(self, s: State, action: tuple) -> str:
        st = s.st
        k = action[2]
        name = st.kind_names[k]
        e = st.kind_effect[k]
        rest = action[3:]
        if e in (E_REAPER,):
            return f"plays {name} on {st.piece_label[rest[0]]}"
        if e == E_LOCUST:
            return f"plays {name}: {st.piece_label[rest[0]]} is driven {DIRECTION_NAMES[rest[1]]}"
        if len(rest) == 2:
            return (f"plays {name}: {st.piece_label[rest[0]]} to "
                    f"{cell_name(st, rest[1])}")
        return f"plays {name}"


def _movement(s: State, side: int) -> int:
    """The movement roll of ``side`` now, less any Rain Storm on it this turn: "This
    subtracts your opponent's dice roll by 3 on their next turn." (may be 0 or less)."""
    return s.roll - s.rain_by[side] if s.rain[side] == s.turn else s.roll


def _on_enemy_castle(s: State, seat: int) -> int:
    """The piece of ``seat`` standing on the enemy castle (-1: none). Castle: "You must
    leave this space on your next turn." (it is the piece that must move)."""
    st = s.st
    castle = st.castle[1 - st.seat_side[seat]]
    if st.bit_or_zero[castle] & (s.occ0 | s.occ1):
        for i in st.seat_pieces[seat]:
            if s.pos[i] == castle:
                return i
    return -1


def _steps(s: State, piece: int = -1) -> tuple[str, str]:
    """The spaces a move goes and where they come from when more than the roll: ("4
    spaces", "roll 5, Rain Storm -3, scout +2 (M3)"), or ("5 spaces", ""); without
    ``piece``, the roll less Rain Storm."""
    st = s.st
    parts = [f"roll {s.roll}"]
    rain = s.rain_by[s.side] if s.rain[s.side] == s.turn else 0
    if rain:
        parts.append(f"Rain Storm -{rain}")
    bonus = st.piece_steps[piece] if piece >= 0 else 0
    if bonus:
        parts.append(f"scout +{bonus} (M3)")
    n = s.roll - rain + bonus
    return f"{n} space{'' if n == 1 else 's'}", ", ".join(parts) if len(parts) > 1 else ""


def modifiers(st: Static, combat: tuple) -> tuple[list[tuple[int, str]],
                                                  list[tuple[int, str]]]:
    """Each side's combat modifiers by source, ``(value, source)``: the attack bonus (C2)
    and the combat cards played. T3: each player plays at most one combat card in a
    fight, its own +1 (Extra Strength, Extra Defense) or Poison's -3 on the other, so
    the modifiers tell which were played."""
    att, amod, dmod = combat[0], combat[3], combat[4]
    bonus = st.piece_bonus[att]
    attack = [(bonus, "attack bonus, C2")] if bonus else []
    attack += _cards(amod - bonus, "Extra Strength", "the defender's Poison")
    return attack, _cards(dmod, "Extra Defense", "the attacker's Poison")


def _cards(mod: int, plus: str, poison: str) -> list[tuple[int, str]]:
    """A side's card modifiers: +1 of its own card, -3 of the other side's Poison."""
    own = 1 if mod in (1, 1 - POISON_PENALTY) else 0
    out = [(1, plus)] if own else []
    if mod - own:
        out.append((mod - own, poison))
    return out


def _total(d1: int, d2: int, terms: list[tuple[int, str]], total: int) -> str:
    """Two dice and each modifier by its source: "3+4 +1 (attack bonus, C2) = 8"."""
    return f"{d1}+{d2}" + "".join(f" {n:+d} ({why})" for n, why in terms) + f" = {total}"


def _die(rng: Random) -> int:
    """One die: ``rng.randrange(6) + 1``."""
    return below(rng, 6) + 1


def _deal(source: list[int], to: list[int], n: int, rng: Random) -> None:
    """Move ``n`` cards drawn at random from ``source`` to ``to`` (counts by kind)."""
    left = sum(source)
    for _ in range(n):
        r = below(rng, left)
        k = 0
        while r >= source[k]:
            r -= source[k]
            k += 1
        source[k] -= 1
        to[k] += 1
        left -= 1


def _pick(counts: tuple[int, ...], rng: Random) -> int:
    """A kind drawn at random, each card equally likely."""
    r = below(rng, sum(counts))
    for k, n in enumerate(counts):
        if r < n:
            return k
        r -= n
    raise AssertionError("unreachable")


__all__ = ["SIDE_NAMES", "BannersRules", "game_stats", "stats_tables"]
