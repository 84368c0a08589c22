"""WarBadge engine data: the input specs, the game state and what a player observes.

Everything here is plain data. `BadgeSpec`, `FormatSpec` and `WarBadgeParams` are the
engine's input (the validated spreadsheet teams, converted by the caller). `State` is the
whole game at one moment; the rules (`rules.py`) copy it before every change, so a state
is never modified once handed out.

A badge is always in exactly one place, its status:

- ``READY``: face down in its player's pool ("Ready WarBadges are face-side down").
- ``EXHAUSTED``: face up in the pool ("Exhausted WarBadges are face-side up").
- ``HAND``: chosen for the next battle (secretly, or revealed by Charge); the other Swarm
  badges chosen to be revealed with it stay face down until it is revealed.
- ``BATTLE``: revealed in the battle (the badge fighting, or a Mount).
- ``DYING``: lost the battle; dies when the post-battle saves are over.
- ``HIDDEN``: removed from play for the round by Hide.
- ``ASIDE``: set aside while the next round is dropped (Fast, or still ready at the end).
- ``DEAD``: removed from play.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Final

from toolkit.sim.draws import below
from toolkit.sim.engine import Outcome

from .rulings import ABILITY_IDS, ability_key

DEFAULT_TYPES: tuple[str, ...] = (
    "Ranged", "Magic", "Stealth", "Flying", "Blade", "Holy", "Abomination", "Armor",
)
"""The rulebook's eight types."""


@dataclass(frozen=True, slots=True)
class BadgeSpec:
    """One WarBadge as printed: name, rank, value 1-3 and its four kinds of property."""

    name: str
    rank: str
    value: int
    types: tuple[str, ...]
    strengths: tuple[str, ...] = ()
    weaknesses: tuple[str, ...] = ()
    abilities: tuple[str, ...] = ()

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (BadgeSpec, (self.name, self.rank, self.value, self.types, self.strengths,
                            self.weaknesses, self.abilities))

    def __hash__(self) -> int:
        """The frozen dataclass's hash (of the tuple of the fields), written out so the
        compiled build makes it natively (observations hash the specs they show)."""
        return hash((self.name, self.rank, self.value, self.types, self.strengths,
                     self.weaknesses, self.abilities))


@dataclass(frozen=True, slots=True)
class FormatSpec:
    """A game format: team size, number of rounds, and what a team must hold: how many
    badges of each rank (``ranks``, ``(rank, count)`` pairs; empty: any ranks) and their
    exact total value (``total_value``; 0: any total). Both players know the format
    (Alternate Formats: "Decide the required total value of each team as well as the
    required badge ranks"), so it bounds what an enemy badge never seen can be."""

    name: str
    badges: int
    rounds: int
    ranks: tuple[tuple[str, int], ...] = ()
    total_value: int = 0

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (FormatSpec, (self.name, self.badges, self.rounds, self.ranks,
                             self.total_value))


STANDARD = FormatSpec("standard", 6, 3, (("Gold", 1), ("Silver", 2), ("Bronze", 3)), 10)
"""Setup: "each player secretly chooses 6 WarBadges to use: 1 Gold, 2 Silver and 3
Bronze, with a total value of exactly 10" ... "at the end of 3 Rounds"."""
QUICK = FormatSpec("quick", 4, 2, (("Gold", 1), ("Silver", 1), ("Bronze", 2)), 7)
"""Quick Game Format: "4 WarBadges: 1 Gold, 1 Silver and 2 Bronze, with a total value of
7, and game play ends after 2 Rounds"."""
FORMATS: dict[str, FormatSpec] = {f.name: f for f in (STANDARD, QUICK)}


@dataclass(frozen=True, slots=True)
class WarBadgeParams:
    """A game's parameters: both teams (seat order), their deck names, the format, and
    per seat the catalog its team was chosen from (``catalogs``; empty: blank badges of
    each rank and value stand in for it, which tell nobody anything of the teams). A player never sees the enemy's badges that have not
    been face up; the enemy's catalog and the format are what it may assume of them."""

    teams: tuple[tuple[BadgeSpec, ...], tuple[BadgeSpec, ...]]
    deck_names: tuple[str, str]
    format: FormatSpec
    catalogs: tuple[tuple[BadgeSpec, ...], tuple[BadgeSpec, ...]] = ((), ())

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (WarBadgeParams, (self.teams, self.deck_names, self.format, self.catalogs))


class BadgeCatalog:
    """What a player may assume about the enemy badges it has never seen face up: they
    come from the enemy's catalog (``badges``, each design once, in catalog order) and
    the whole team meets the format (``ranks``, ``total_value``, ``size``; Setup: "each
    player secretly chooses 6 WarBadges to use: 1 Gold, 2 Silver and 3 Bronze, with a
    total value of exactly 10"). The rulebook sets no limit on copies of one badge, so a
    team is a multiset of catalog badges, as `pnp sweep` counts them.

    `complete` deals the unseen badges at random, every team that agrees with the badges
    seen and the format equally likely (as the sweep draws teams); `guess` is the same
    picture without chance, for the greedy agent. What each needs is worked out once per
    catalog, format and number of unseen badges of each rank (``_plans``), so a deal is a
    few draws. Immutable but for those caches; compared by what it holds.
    """

    __slots__ = ("badges", "ranks", "total_value", "size", "_groups", "_ways", "_plans",
                 "_guesses")

    def __init__(self, badges: tuple[BadgeSpec, ...], fmt: FormatSpec) -> None:
        unique: list[BadgeSpec] = []
        for b in badges:
            if b not in unique:
                unique.append(b)
        self.badges: tuple[BadgeSpec, ...] = tuple(unique)
        self.ranks = fmt.ranks
        self.total_value = fmt.total_value
        self.size = fmt.badges
        groups: dict[str, tuple[int, ...]] = {"*": tuple(range(len(unique)))}
        for rank, _ in fmt.ranks:
            groups[rank] = tuple(i for i, b in enumerate(unique) if b.rank == rank)
        self._groups = groups
        """Catalog positions of each rank's badges (``"*"``: of any rank)."""
        self._ways: dict[tuple[str, int, int, int], int] = {}
        self._plans: dict[tuple, tuple | None] = {}
        self._guesses: dict[tuple, tuple[BadgeSpec, ...]] = {}

    def __reduce__(self) -> tuple:  # pickled by what it holds, without the caches
        return (BadgeCatalog, (self.badges, FormatSpec("", self.size, 0, self.ranks,
                                                       self.total_value)))

    def _key(self) -> tuple:
        return (self.badges, self.ranks, self.total_value, self.size)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, BadgeCatalog)
                                 and self._key() == other._key())

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"BadgeCatalog({len(self.badges)} badges, ranks={self.ranks}, "
                f"total_value={self.total_value})")

    # -------------------------------------------------------------- counting
    def _count(self, rank: str, pos: int, size: int, value: int) -> int:
        """Multisets of ``size`` badges of ``rank`` from its catalog positions ``pos:``
        worth ``value`` in all (``value`` -1: any value). Kept once counted."""
        if size == 0:
            return 1 if value <= 0 else 0
        group = self._groups[rank]
        if pos >= len(group) or value == 0:
            return 0
        key = (rank, pos, size, value)
        got = self._ways.get(key)
        if got is None:
            v = self.badges[group[pos]].value
            got = 0
            for c in range(size + 1):
                if value < 0:
                    got += self._count(rank, pos + 1, size - c, -1)
                elif c * v <= value:
                    got += self._count(rank, pos + 1, size - c, value - c * v)
            self._ways[key] = got
        return got

    def _unrank(self, rank: str, size: int, value: int, index: int, out: list[int]) -> None:
        """Add to ``out`` the catalog positions of multiset number ``index`` of ``size``
        badges of ``rank`` worth ``value`` (-1: any) (copies of earlier badges first)."""
        group = self._groups[rank]
        pos = 0
        while size:
            v = self.badges[group[pos]].value
            for c in range(size, -1, -1):
                if value >= 0 and c * v > value:
                    continue
                n = self._count(rank, pos + 1, size - c, value - c * v if value >= 0 else -1)
                if index < n:
                    for _ in range(c):
                        out.append(group[pos])
                    size -= c
                    if value >= 0:
                        value -= c * v
                    break
                index -= n
            pos += 1

    def _needs(self, known: tuple[BadgeSpec | None, ...]) -> tuple[tuple[tuple[str, int], ...],
                                                                  int]:
        """How many unseen badges of each rank the team still holds and what they are
        worth in all, from the badges seen: ``((rank, count), ...)`` (``"*"`` when the
        format sets no ranks or the badges seen do not fit them) and the value (-1: any)."""
        unseen = 0
        worth = 0
        counts: dict[str, int] = {}
        for b in known:
            if b is None:
                unseen += 1
            else:
                worth += b.value
                counts[b.rank] = counts.get(b.rank, 0) + 1
        value = self.total_value - worth if self.total_value else -1
        if not self.ranks:
            return (("*", unseen),), value
        needs: list[tuple[str, int]] = []
        left = unseen
        for rank, count in self.ranks:
            n = count - counts.pop(rank, 0)
            if n < 0:
                return (("*", unseen),), -1
            if n:
                needs.append((rank, n))
            left -= n
        if left or counts:  # (a rank outside the format, or too few ranked places)
            return (("*", unseen),), -1
        return tuple(needs), value

    def _plan(self, needs: tuple[tuple[str, int], ...], value: int) -> tuple | None:
        """The ways to split ``value`` among the ranks of ``needs``: ``(total, ((ways,
        values), ...))`` (``values`` per rank, -1 each for any value), or None if there
        is none. Kept per ``needs`` and ``value``."""
        key = (needs, value)
        if key in self._plans:
            return self._plans[key]
        splits: list[tuple[int, tuple[int, ...]]] = []

        def walk(i: int, left: int, ways: int, values: tuple[int, ...]) -> None:
            if i == len(needs):
                if value < 0 or left == 0:
                    splits.append((ways, values))
                return
            rank, n = needs[i]
            if value < 0:
                w = self._count(rank, 0, n, -1)
                if w:
                    walk(i + 1, -1, ways * w, (*values, -1))
                return
            for v in range(n, left + 1):  # (each badge is worth at least 1)
                w = self._count(rank, 0, n, v)
                if w:
                    walk(i + 1, left - v, ways * w, (*values, v))

        walk(0, value, 1, ())
        total = sum(w for w, _ in splits)
        plan = (total, tuple(splits)) if total else None
        self._plans[key] = plan
        return plan

    # -------------------------------------------------------------- dealing
    def complete(self, known: tuple[BadgeSpec | None, ...], rng: Random) -> tuple[BadgeSpec, ...]:
        """The team with each unseen badge (``None`` in ``known``) dealt from the catalog,
        every team that holds the badges seen and meets the format alike likely; when
        none does (a team outside its format or catalog), the format's ranks alone, else
        any catalog badges. The dealt badges fill the unseen places in catalog order
        (their places are dealt by the caller)."""
        if None not in known:
            return tuple([b for b in known if b is not None])
        needs, value = self._needs(known)
        plan = self._plan(needs, value)
        if plan is None and value >= 0:
            value = -1
            plan = self._plan(needs, value)
        if plan is None:
            needs = (("*", sum(1 for b in known if b is None)),)
            plan = self._plan(needs, -1)
            if plan is None:
                raise ValueError("the enemy's catalog has no badge to deal")
        total, splits = plan
        r = below(rng, total) if len(splits) > 1 else 0
        values: tuple[int, ...] = splits[0][1]
        for ways, vals in splits:
            if r < ways:
                values = vals
                break
            r -= ways
        picks: list[int] = []
        for (rank, n), v in zip(needs, values, strict=True):
            self._unrank(rank, n, v, below(rng, self._count(rank, 0, n, v)), picks)
        picks.sort()
        dealt = iter(picks)
        badges = self.badges
        return tuple([b if b is not None else badges[next(dealt)] for b in known])

    def guess(self, known: tuple[BadgeSpec | None, ...]) -> tuple[BadgeSpec, ...]:
        """The team as a player pictures it without chance: each unseen badge a blank
        one (no types, strengths, weaknesses or abilities) of a rank the team still needs
        and the typical value of the catalog's badges of that rank (their median). Kept
        per pattern of badges seen."""
        got = self._guesses.get(known)
        if got is None:
            if len(self._guesses) > 64:
                self._guesses.clear()
            needs, _ = self._needs(known)
            blanks: list[BadgeSpec] = []
            for rank, n in needs:
                values = sorted(self.badges[i].value for i in self._groups[rank]) or [2]
                typical = values[(len(values) - 1) // 2]
                blank = BadgeSpec("an unseen badge", "" if rank == "*" else rank, typical,
                                  ())
                blanks.extend([blank] * n)
            dealt = iter(blanks)
            got = self._guesses[known] = tuple(
                [b if b is not None else next(dealt) for b in known])
        return got


# Badge statuses (see the module docstring).
READY: Final = 0
EXHAUSTED: Final = 1
HAND: Final = 2
BATTLE: Final = 3
DYING: Final = 4
HIDDEN: Final = 5
ASIDE: Final = 6
DEAD: Final = 7
STATUS_NAMES: Final = ("ready", "exhausted", "hand", "battle", "dying", "hidden", "aside", "dead")



def tally(places: list[int], place: int) -> int:
    """How many badges of a player are in ``place`` (``places.count(place)``, natively)."""
    n = 0
    for x in places:
        if x == place:
            n += 1
    return n


def holds(places: list[int], place: int) -> bool:
    """Whether a badge of a player is in ``place`` (``place in places``, natively)."""
    for x in places:
        if x == place:
            return True
    return False


# Stages of a round.
DROP: Final = 0
FLIP: Final = 1
PRE: Final = 2
FIGHT: Final = 3
RESULT: Final = 4
SAVE: Final = 5
POST: Final = 6
OVER: Final = 7
STAGE_NAMES: Final = ("drop", "flip", "pre-battle", "battle", "result", "save", "post-battle",
                      "over")


_TYPE_BITS: dict[str, int] = {t.casefold(): 1 << i for i, t in enumerate(DEFAULT_TYPES)}
"""Each type name (casefolded) seen so far -> its bit in a type mask (the rulebook's
eight first; another gets the next bit when first seen)."""


def type_mask(names: frozenset[str]) -> int:
    """The bit mask of a set of casefolded type names (`_TYPE_BITS`)."""
    mask = 0
    for name in names:
        bit = _TYPE_BITS.get(name)
        if bit is None:
            bit = _TYPE_BITS[name] = 1 << len(_TYPE_BITS)
        mask |= bit
    return mask


class Side:
    """A battle side for `rules.judge` (the engine's own, or a hypothetical one): value,
    types, strengths and weaknesses (casefolded sets), and the same sets as bit masks
    (`type_mask`; given when known, else worked out). Plain data, compared by its fields.
    """

    __slots__ = ("value", "types", "strengths", "weaknesses", "tmask", "smask", "wmask")

    def __init__(self, value: int, types: frozenset[str], strengths: frozenset[str],
                 weaknesses: frozenset[str], tmask: int = -1, smask: int = -1,
                 wmask: int = -1) -> None:
        self.value = value
        self.types = types
        self.strengths = strengths
        self.weaknesses = weaknesses
        self.tmask = type_mask(types) if tmask < 0 else tmask
        self.smask = type_mask(strengths) if smask < 0 else smask
        self.wmask = type_mask(weaknesses) if wmask < 0 else wmask

    def _replace(self, value: int | None = None,
                 weaknesses: frozenset[str] | None = None) -> Side:
        """A copy with ``value`` or ``weaknesses`` changed."""
        return Side(self.value if value is None else value, self.types, self.strengths,
                    self.weaknesses if weaknesses is None else weaknesses, self.tmask,
                    self.smask, -1 if weaknesses is not None else self.wmask)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Side) and self.value == other.value
                and self.types == other.types and self.strengths == other.strengths
                and self.weaknesses == other.weaknesses)

    def __hash__(self) -> int:
        return hash((self.value, self.types, self.strengths, self.weaknesses))

    def __repr__(self) -> str:
        return (f"Side(value={self.value}, types={self.types}, strengths={self.strengths}, "
                f"weaknesses={self.weaknesses})")


class Card:
    """A badge prepared for the engine: casefolded type sets and ability keys."""

    __slots__ = ("spec", "index", "name", "value", "types", "strengths", "weaknesses",
                 "ab", "side", "canon")

    def __init__(self, spec: BadgeSpec, index: int) -> None:
        self.spec = spec
        self.index = index
        self.name = spec.name
        self.value = spec.value
        self.types = frozenset(t.casefold() for t in spec.types)
        self.strengths = frozenset(t.casefold() for t in spec.strengths)
        self.weaknesses = frozenset(t.casefold() for t in spec.weaknesses)
        keys = []
        for name in spec.abilities:
            key = ability_key(name)
            if key not in ABILITY_IDS:
                raise ValueError(f"{spec.name}: unknown ability {name!r}")
            keys.append(key)
        self.ab = frozenset(keys)
        self.side = Side(self.value, self.types, self.strengths, self.weaknesses)
        """The badge as a battle side at its printed value (agents judge with it)."""
        self.canon: tuple = (self.value, tuple(sorted(self.types)),
                             tuple(sorted(self.strengths)), tuple(sorted(self.weaknesses)),
                             tuple(sorted(self.ab)), self.name)
        """What the badge is, as agents order badges: its rules-relevant content (value,
        types, strengths, weaknesses, abilities), then its name; never its row in the
        sheet (`index`), so a decision does not depend on the order of a team's rows."""


_PREPARED: Final[dict[tuple[BadgeSpec, int], tuple[Card, tuple]]] = {}
"""Each badge prepared at each index: its `Card` and its views in each place (immutable,
so teams share them: a search deals many teams of the same badges)."""


def prepared(spec: BadgeSpec, index: int) -> tuple[Card, tuple]:
    """Badge ``spec`` at ``index``: its card and its `BadgeView` in each place (kept)."""
    key = (spec, index)
    got = _PREPARED.get(key)
    if got is None:
        if len(_PREPARED) > 4096:
            _PREPARED.clear()
        card = Card(spec, index)
        got = _PREPARED[key] = (card, tuple([BadgeView(index, spec, name, card)
                                             for name in STATUS_NAMES]))
    return got


class Team:
    """A team prepared for the engine, in its seat: its cards and, per ability, which
    badges have it; ``views[j][status]`` is how badge ``j`` looks in each place
    (observations reuse these immutable views); ``commits``, ``charges`` and ``flips``
    hold the seat's actions on each badge; ``seen`` keeps, per bit mask of badges the
    enemy has seen face up, the team as the enemy knows it (`known`)."""

    __slots__ = ("specs", "cards", "values", "by_ability", "size", "views", "pre", "fast",
                 "charge", "swarm", "lead", "curse", "resurrect", "illusion", "mount",
                 "protect", "heal", "altruism", "enervate", "hide", "revenge", "feed",
                 "commits", "charges", "flips", "seen")

    def __init__(self, specs: tuple[BadgeSpec, ...], seat: int) -> None:
        self.specs = specs
        made = [prepared(spec, i) for i, spec in enumerate(specs)]
        self.cards = tuple([m[0] for m in made])
        self.values = tuple(c.value for c in self.cards)
        self.size = len(self.cards)
        by: dict[str, tuple[int, ...]] = {}
        for key in ABILITY_IDS:
            by[key] = tuple(c.index for c in self.cards if key in c.ab)
        self.by_ability = by
        self.pre = by["lead"] + by["death-curse"] + by["resurrect"]
        """The badges with a pre-battle ability (usable after choosing)."""
        # The same per ability as attributes, for the engine's hot loops.
        self.fast = by["fast"]
        self.charge = by["charge"]
        self.swarm = by["swarm"]
        self.lead = by["lead"]
        self.curse = by["death-curse"]
        self.resurrect = by["resurrect"]
        self.illusion = by["illusion"]
        self.mount = by["mount"]
        self.protect = by["protect"]
        self.heal = by["heal"]
        self.altruism = by["altruism"]
        self.enervate = by["enervate"]
        self.hide = by["hide"]
        self.revenge = by["revenge"]
        self.feed = by["feed"]
        # The seat's choices and flips of each badge (actions are immutable: made once).
        # (typed as any tuples: compiled code keeps them as they are, not as C structs)
        self.commits: tuple[tuple, ...] = tuple(("commit", seat, j) for j in range(self.size))
        self.charges: tuple[tuple, ...] = tuple(("charge", seat, j) for j in range(self.size))
        self.flips: tuple[tuple, ...] = tuple(("flip", seat, j) for j in range(self.size))
        self.views = tuple([m[1] for m in made])
        self.seen: dict[int, tuple[BadgeSpec | None, ...]] = {}

    def known(self, mask: int) -> tuple[BadgeSpec | None, ...]:
        """The team as the enemy knows it when it has seen the badges of ``mask`` face
        up: each of those badges, ``None`` for the others (the same tuple each time)."""
        got = self.seen.get(mask)
        if got is None:
            got = self.seen[mask] = tuple(
                [spec if mask >> j & 1 else None for j, spec in enumerate(self.specs)])
        return got


class State:
    """The whole game at one moment. Pairs are indexed by seat (0, 1).

    ``window`` lists the players of an open ability window (simultaneous declarations,
    kept in ``declared`` and hidden from the other player until all are in); ``queue``
    holds declared abilities waiting to resolve; ``pending`` is a decision the resolving
    ability needs from one player: ``(kind, player, badge, count, extra)``; a blind pick
    of a face-down enemy badge waits for chance as ``("blind", CHANCE, owner, 0, the
    pending pick)``.

    Which of a player's face-down badges lies where is not part of the state: the owner
    may rearrange them at any time, so a blind pick hits one of them at random, drawn from
    the chance stream when it is made (ruling ``blind-target``).

    The other fields: ``values`` every badge's value as dealt at setup (checked by the
    invariants); ``battle`` the battles fought so far (the game's length); ``target`` how
    many dropped badges each player must have ready after flipping; ``quiet`` the last
    window closed with every player passing; ``swarm`` bit masks of the other Swarm badges
    each player chose to reveal with its badge (secret until the badge is revealed);
    ``dying`` the ``(player, badge, cause)`` of badges that lost the battle and are not
    saved yet; ``killed`` the ``(player, badge)`` that died from this battle (Inspire
    reads it); ``shown`` bit masks of each player's badges the enemy has seen face up
    and that have gone out of its sight since (face down, set aside: the enemy knows
    them, not where they lie; the badges face up now are seen anyway); ``catalogs``
    each seat's `BadgeCatalog` (what the enemy may assume of its unseen badges: not part
    of the game's course); ``options`` a cache, not part of the game: each player's options in the
    open ``window``, worked out when it opened (to see who may act) and reused by
    ``legal_actions``, ``None`` when unknown, never copied (a copy is about to change).

    A plain class with its own ``__init__`` (not a dataclass): a state is made at every
    step, and the compiled engine builds it natively. The pairs are typed as tuples of
    any length so compiled code keeps them as tuples (a fixed-length tuple type would be
    unpacked into a C struct and packed again at every ``pair[p]``). ``status`` is the
    pair of each player's list of places (a tuple of the two lists: a copy makes the two
    lists and no third one to hold them).
    """

    def __init__(self, teams: tuple[Team, ...], names: tuple[str, ...], rounds: int,
                 values: tuple[tuple[int, ...], ...], status: tuple[list[int], ...],
                 round: int = 1, battle: int = 0, stage: int = DROP,
                 target: tuple[int, ...] = (0, 0), window: tuple[int, ...] = (),
                 declared: tuple = (None, None), queue: tuple = (), quiet: bool = False,
                 committed: tuple[int, ...] = (-1, -1),
                 charged: tuple[bool, ...] = (False, False), swarm: tuple[int, ...] = (0, 0),
                 mount: tuple[int, ...] = (-1, -1),
                 protect: tuple[bool, ...] = (False, False), pending: tuple | None = None,
                 dying: tuple = (), winner: int = -1, killed: tuple = (),
                 outcome: Outcome | None = None, shown: tuple[int, ...] = (0, 0),
                 catalogs: tuple = ()) -> None:
        self.teams = teams
        self.names = names
        self.rounds = rounds
        self.values = values
        self.status = status
        self.round = round
        self.battle = battle
        self.stage = stage
        self.target = target
        self.window = window
        self.declared = declared
        self.queue = queue
        self.quiet = quiet
        self.committed = committed
        self.charged = charged
        self.swarm = swarm
        self.mount = mount
        self.protect = protect
        self.pending = pending
        self.dying = dying
        self.winner = winner
        self.killed = killed
        self.outcome = outcome
        self.shown = shown
        self.catalogs = catalogs
        self.options: tuple | None = None

    def __repr__(self) -> str:
        return (f"State(status={self.status}, round={self.round}, battle={self.battle}, "
                f"stage={STAGE_NAMES[self.stage]}, window={self.window}, "
                f"queue={self.queue}, committed={self.committed}, pending={self.pending}, "
                f"dying={self.dying}, outcome={self.outcome})")

    def copy(self) -> State:
        """A copy that can be changed without touching this state (bar the cache)."""
        status = self.status
        return State(
            self.teams, self.names, self.rounds, self.values,
            (status[0][:], status[1][:]),
            self.round, self.battle, self.stage, self.target, self.window, self.declared,
            self.queue, self.quiet, self.committed, self.charged, self.swarm, self.mount,
            self.protect, self.pending, self.dying, self.winner, self.killed, self.outcome,
            self.shown, self.catalogs,
        )

    def key(self) -> tuple:
        """A canonical key of everything that matters for the rest of the game.

        The battle counter only counts through its parity (it decides priority), so a
        state that comes back in a later battle is recognised as a loop.
        """
        return (
            tuple(self.status[0]), tuple(self.status[1]), self.round, self.battle & 1,
            self.stage, self.target, self.window, self.declared, self.queue, self.quiet,
            self.committed, self.charged, self.swarm, self.mount, self.protect,
            self.pending, self.dying, self.winner, self.killed, self.outcome, self.shown,
        )

    def loop_hash(self) -> int:
        """A hash of `key` in effect, made cheaply: the same states hash alike and
        different ones differ but for chance collisions (the harness's loop detection
        compares these hashes only). Every part of the key is mixed into two 30-bit
        numbers (times an odd number and plus the part, modulo 2**30: no step loses what
        came before), small ints all the way (compiled, a product of two numbers below
        2**30 stays a machine word, and nothing is boxed: the parts are mixed one by
        one); a part that is empty or ``None`` adds 0 without being hashed."""
        h = g = 1
        for st in self.status:
            for x in st:
                h = (h * 1000003 + x) & _HASH_MASK
                g = (g * 999983 + x) & _HASH_MASK
            h = (h * 1000003 + 8) & _HASH_MASK  # (no place is 8: the end of a player's)
            g = (g * 999983 + 8) & _HASH_MASK
        t, c, ch, sw, m, pr = (self.target, self.committed, self.charged, self.swarm,
                               self.mount, self.protect)
        v = self.round
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = self.battle & 1
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = self.stage
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = t[0]
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = t[1]
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = c[0] + 1
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = c[1] + 1
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = int(ch[0])
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = int(ch[1])
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = sw[0] & _HASH_MASK
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = sw[1] & _HASH_MASK
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = m[0] + 1
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = m[1] + 1
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = int(pr[0])
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = int(pr[1])
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = int(self.quiet)
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = self.winner + 1
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = self.shown[0] & _HASH_MASK
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = self.shown[1] & _HASH_MASK
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        d = self.declared
        window, queue, pending, dying, killed, outcome = (
            self.window, self.queue, self.pending, self.dying, self.killed, self.outcome)
        v = _part_hash(window) if window else 0
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = 0 if d[0] is None and d[1] is None else _part_hash(d)
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = _part_hash(queue) if queue else 0
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = 0 if pending is None else _part_hash(pending)
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = _part_hash(dying) if dying else 0
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = _part_hash(killed) if killed else 0
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        v = 0 if outcome is None else _part_hash(outcome)
        h = (h * 1000003 + v) & _HASH_MASK
        g = (g * 999983 + v) & _HASH_MASK
        return h << 30 | g


def _part_hash(part: object) -> int:
    """``hash(part)`` cut to 30 bits (a part of `State.loop_hash`)."""
    return hash(part) & _HASH_MASK


_HASH_MASK: Final = (1 << 30) - 1
"""`State.loop_hash` mixes modulo 2**30."""


class BadgeView:
    """A badge as a player sees it: its index, spec and place (a status name), and the
    badge as the engine prepared it (``card``, derived from ``spec``: not compared).

    Immutable plain data compared and hashed by index, spec and status, like a frozen
    dataclass, with natively compiled attributes (agents read them at every decision).
    A view is made once per team and shown in every observation, so its hash is kept
    once made (``hashed``, -1 until then; never pickled: a str hashes differently in
    another process).
    """

    __slots__ = ("index", "spec", "status", "card", "hashed")

    def __init__(self, index: int, spec: BadgeSpec, status: str, card: Card) -> None:
        self.index = index
        self.spec = spec
        self.status = status
        self.card = card
        self.hashed = -1

    def __reduce__(self) -> tuple:  # pickled by its fields, without the hash
        return (BadgeView, (self.index, self.spec, self.status, self.card))

    def _key(self) -> tuple:
        return (self.index, self.spec, self.status)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BadgeView) and self._key() == other._key()

    def __hash__(self) -> int:
        h = self.hashed
        if h == -1:  # (a hash is never -1)
            h = self.hashed = hash(self._key())
        return h

    def __repr__(self) -> str:
        return f"BadgeView(index={self.index!r}, spec={self.spec!r}, status={self.status!r})"


class SideView(Side):
    """One side of a revealed battle, with the effects of abilities applied so far: a
    `Side` (what `rules.judge` reads) with what made it.

    Immutable plain data compared and hashed by its fields, like a frozen dataclass, with
    a natively compiled ``__init__`` (observations are made at every decision)."""

    __slots__ = ("spec", "charged", "mount", "protected")

    def __init__(self, spec: BadgeSpec, value: int, types: frozenset[str],
                 strengths: frozenset[str], weaknesses: frozenset[str], charged: bool,
                 mount: BadgeSpec | None, protected: bool, tmask: int = -1,
                 smask: int = -1, wmask: int = -1) -> None:
        self.spec = spec
        self.value = value
        self.types = types
        self.strengths = strengths
        self.weaknesses = weaknesses
        self.tmask = type_mask(types) if tmask < 0 else tmask
        self.smask = type_mask(strengths) if smask < 0 else smask
        self.wmask = type_mask(weaknesses) if wmask < 0 else wmask
        self.charged = charged
        self.mount = mount
        self.protected = protected

    def _key(self) -> tuple:
        return (self.spec, self.value, self.types, self.strengths, self.weaknesses,
                self.charged, self.mount, self.protected)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SideView) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return "SideView" + repr(self._key())


class Observation:
    """What one player may see: own badges fully, the enemy's face-up badges only.

    ``mine`` are the player's own badges by index; ``theirs`` the enemy's badges it can
    see (exhausted, in the battle, dying, dead, hidden, or revealed by Charge), by index.
    The enemy chose its team in secret (Setup: "each player secretly chooses 6
    WarBadges"): ``their_team`` holds, by index, each enemy badge the player has seen
    face up (now or before, or declared for an ability) and ``None`` for every badge
    never seen, whose face it cannot know; ``catalogs`` (by seat, the same pair all game
    long) is what it may assume of those (each team's catalog and the format:
    `BadgeCatalog`). A badge seen before
    that lies face down again is known as one of the face-down ones, never which one:
    ``their_ready`` are face down, ``their_committed`` says whether one is chosen in
    secret. Targeting a face-down badge is a blind pick (ruling ``blind-target``). ``sides`` is ``(mine, theirs)`` once the
    battle is revealed (a Charge badge is visible as soon as it is chosen). ``pending`` is
    the player's own pending decision.

    ``public`` holds the rest of what the player knows, as the engine keeps it (stage,
    flip targets, the resolving abilities, Charge, Mount, Protect, the dying, the
    player's own declaration and Swarm choice, which of its own badges the enemy has
    seen; the enemy's chosen badge as ``-2`` while it is secret): with the fields above it is everything `WarBadgeRules.determinize`
    needs to deal a state the player cannot tell from the real one.

    Immutable plain data compared and hashed by its fields, like a frozen dataclass, with
    a natively compiled ``__init__`` (an observation is made at every decision).
    """

    __slots__ = ("player", "decision", "round", "rounds", "battle", "mine", "theirs", "their_team",
                 "catalogs", "their_ready", "their_alive", "their_committed",
                 "flip_target", "sides", "dying", "pending", "names", "public", "hashed")

    def __init__(self, player: int, decision: str, round: int, rounds: int, battle: int,
                 mine: tuple[BadgeView, ...], theirs: tuple[BadgeView, ...],
                 their_team: tuple[BadgeSpec | None, ...], catalogs: tuple,
                 their_ready: int, their_alive: int,
                 their_committed: bool, flip_target: int,
                 sides: tuple[SideView | None, ...],
                 dying: tuple[tuple[int, int], ...], pending: tuple | None,
                 names: tuple[str, ...], public: tuple) -> None:
        self.player = player
        self.decision = decision
        self.round = round
        self.rounds = rounds
        self.battle = battle
        self.mine = mine
        self.theirs = theirs
        self.their_team = their_team
        self.catalogs = catalogs
        self.their_ready = their_ready
        self.their_alive = their_alive
        self.their_committed = their_committed
        self.flip_target = flip_target
        self.sides = sides
        self.dying = dying
        self.pending = pending
        self.names = names
        self.public = public
        self.hashed = -1

    def __reduce__(self) -> tuple:  # pickled by its fields, without the kept hash
        return (Observation, self._key())

    def _key(self) -> tuple:
        return (self.player, self.decision, self.round, self.rounds, self.battle, self.mine,
                self.theirs, self.their_team, self.catalogs, self.their_ready,
                self.their_alive, self.their_committed, self.flip_target, self.sides,
                self.dying, self.pending, self.names, self.public)

    def __eq__(self, other: object) -> bool:
        """Equal when every field is (`_key`), compared field by field, the likeliest
        differences first (the search compares observations that hash alike)."""
        if self is other:
            return True
        if not isinstance(other, Observation):
            return False
        return (self.player == other.player and self.public == other.public
                and self.mine == other.mine and self.theirs == other.theirs
                and self.decision == other.decision and self.round == other.round
                and self.rounds == other.rounds and self.battle == other.battle
                and self.their_team == other.their_team
                and self.catalogs == other.catalogs
                and self.their_ready == other.their_ready
                and self.their_alive == other.their_alive
                and self.their_committed == other.their_committed
                and self.flip_target == other.flip_target and self.sides == other.sides
                and self.dying == other.dying and self.pending == other.pending
                and self.names == other.names)

    def __hash__(self) -> int:
        """The hash of the fields that tell a game's observations apart (the search keys
        its nodes by observations): equal observations hash alike; the teams, names and
        battle sides, hashed spec by spec, are left to the comparison. Kept once made
        (``hashed``, -1 until then): the search hashes a new node's key twice."""
        h = self.hashed
        if h == -1:  # (a hash is never -1)
            h = self.hashed = hash((self.player, self.decision, self.round, self.battle,
                                    self.mine, self.theirs, self.their_ready,
                                    self.their_committed, self.flip_target, self.dying,
                                    self.pending, self.public))
        return h

    def __repr__(self) -> str:
        return "Observation(" + ", ".join(
            f"{name}={value!r}" for name, value in zip(_OBSERVATION_FIELDS, self._key(),
                                                       strict=True)) + ")"


_OBSERVATION_FIELDS: Final = (
    "player", "decision", "round", "rounds", "battle", "mine", "theirs", "their_team",
    "catalogs", "their_ready", "their_alive", "their_committed", "flip_target", "sides",
    "dying", "pending", "names", "public")
"""`Observation`'s fields, in the order of its ``__init__`` and ``_key`` (its repr)."""
