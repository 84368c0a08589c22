"""The Warblitz effect vocabulary: a card's rules as data a machine can play.

A card's `Ability` is the text printed on it; its `Effect` cell says the same thing in a
small vocabulary the engine reads (docs/warblitz.md lists every word with an example).
A cell holds clauses separated by `.`, `;` or new lines; a clause is a keyword or
``Trigger: step, step, ...``::

    Taunt. Cannot be forced.
    Special: damage 1 each enemy adjacent to target
    After attacking: spend 1 boost, damage 1 target
    Turn start: boost 1 one adjacent friendly unit
    On play: heal 3 one friendly unit, boost 1 it
    Ongoing: +1 dice friendly melee units

`parse_effect(text, kind, active)` reads a cell into an `Effect` (plain named tuples the
engine uses directly) or raises `EffectError` with a message naming the clause and the
word, with "did you mean" for a misspelt word; the catalog loader reports it at the cell.
`effect_text(effect)` writes an effect back in its canonical form, and `vocabulary_ids`
lists the coverage ids (``warblitz.effect.<word>``) an effect uses.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from toolkit.core.sheets import suggest

# ---------------------------------------------------------------- the words
# (Final numbers: the compiled engine reads them as numbers, not module attributes.)

TRIGGERS = ("turn start", "on deploy", "after moving", "after attacking", "when destroyed",
            "special", "on play", "ongoing")
TURN_START: Final = 0
ON_DEPLOY: Final = 1
AFTER_MOVING: Final = 2
AFTER_ATTACKING: Final = 3
WHEN_DESTROYED: Final = 4
SPECIAL: Final = 5
ON_PLAY: Final = 6
ONGOING: Final = 7
UNIT_TRIGGERS = frozenset({TURN_START, ON_DEPLOY, AFTER_MOVING, AFTER_ATTACKING,
                           WHEN_DESTROYED, SPECIAL, ONGOING})
TARGET_TRIGGERS = frozenset({SPECIAL, AFTER_ATTACKING})
"""Triggers that have an attack's target ("the target")."""

MAX_AMOUNT: Final = 20
"""The largest number an effect may say (damage, heal, dice, moves, range, within...):
the rulebook's cards say 1 to 3, and every number is work the engine does (dice rolled,
spaces searched), so a cell asking for more is refused at its cell."""

KEYWORDS = ("taunt", "cannot be forced", "moves", "range")

VERBS = ("damage", "heal", "boost", "spend", "force", "move", "gain", "draw dice", "modify")
DAMAGE: Final = 0
HEAL: Final = 1
BOOST: Final = 2
SPEND: Final = 3
FORCE: Final = 4
MOVE: Final = 5
GAIN: Final = 6
DRAW_DICE: Final = 7
MODIFY: Final = 8
ACTION_WORDS = ("damage", "heal", "boost", "spend", "force", "move", "gain", "draw")

TOKENS = ("DEF", "ATK", "WLD", "SPC", "BST")
T_DEF: Final = 0
T_ATK: Final = 1
T_WLD: Final = 2
T_SPC: Final = 3
T_BST: Final = 4

STATS = ("dice", "moves", "range")
M_DICE: Final = 0
M_MOVES: Final = 1
M_RANGE: Final = 2

# Target kinds.
SELF: Final = 0
TARGET: Final = 1
IT: Final = 2
COMMANDER: Final = 3
ENEMY_COMMANDER: Final = 4
SELECT: Final = 5
TARGET_WORDS = {"self": SELF, "target": TARGET, "it": IT, "commander": COMMANDER}
# Quantities of a selection: one chosen by the card's owner, or each that matches.
ONE: Final = 0
EACH: Final = 1
# Sides, relative to the card's owner.
ANY: Final = 0
FRIENDLY: Final = 1
ENEMY: Final = 2
SIDE_WORDS = {"any": ANY, "friendly": FRIENDLY, "enemy": ENEMY}
# Rank and attack filters (bit masks; 0 means any).
RANK_BITS = {"common": 1, "elite": 2}
ATTACK_BITS = {"melee": 1, "ranged": 2}
# Places a selection must be in.
ANYWHERE: Final = 0
ADJACENT: Final = 1
WITHIN: Final = 2
IN_RANGE: Final = 3
# What "adjacent to ..." is measured from.
REF_SELF: Final = 0
REF_TARGET: Final = 1
REF_IT: Final = 2
REF_COMMANDER: Final = 3
REF_ENEMY_COMMANDER: Final = 4
REF_FRIENDLY: Final = 5
REF_ENEMY: Final = 6
REF_WORDS = {"self": REF_SELF, "target": REF_TARGET, "it": REF_IT, "commander": REF_COMMANDER,
             "friendly": REF_FRIENDLY, "enemy": REF_ENEMY}
# Force directions.
CHOSEN: Final = 0
AWAY: Final = 1
TOWARD: Final = 2

QUANT_WORDS = {"one": ONE, "a": ONE, "an": ONE, "each": EACH, "all": EACH, "every": EACH}
NOUNS = ("unit", "units", "card", "cards")
KNOWN_WORDS = (*ACTION_WORDS, "dice", "die", *QUANT_WORDS, *SIDE_WORDS, *RANK_BITS,
               *ATTACK_BITS, *NOUNS, *TARGET_WORDS, "adjacent", "to", "within", "in",
               "range", "from", "on", "away", "toward", "moves", "taunt", "cannot", "be",
               "forced", *(t.lower() for t in TOKENS))


class Target(NamedTuple):
    """Who a step affects.

    ``kind``: SELF, TARGET (the attack's target), IT (the card chosen by the clause's
    previous step), COMMANDER, ENEMY_COMMANDER, or SELECT (``quant`` ONE chosen by the
    owner or EACH matching ``side``, ``ranks`` and ``attacks`` masks, in ``place``
    measured from ``ref``, ``within`` spaces for WITHIN).
    """

    kind: int
    quant: int = ONE
    side: int = ANY
    ranks: int = 0
    attacks: int = 0
    place: int = ANYWHERE
    ref: int = REF_SELF
    within: int = 0


class Step(NamedTuple):
    """One step of a clause: a verb, an amount, whom it affects and one extra argument.

    ``arg``: the token (GAIN), the direction (FORCE), the stat (MODIFY); ``sign`` +1/-1
    for MODIFY. SPEND takes its boost from ``target`` (SELF, COMMANDER, TARGET or IT).
    """

    verb: int
    amount: int
    target: Target | None = None
    arg: int = 0
    sign: int = 1


class Clause(NamedTuple):
    """A trigger and the steps that resolve, in order, when it fires."""

    trigger: int
    steps: tuple[Step, ...]


class Effect(NamedTuple):
    """A card's whole effect: its keywords and its triggered or ongoing clauses."""

    taunt: bool = False
    unforceable: bool = False
    moves: int = 0
    """Moves N: moves up to N spaces instead of 2 (0: the rulebook's 2)."""
    reach: int = 0
    """Range N: ranged attacks reach N spaces instead of 3 (0: the rulebook's 3)."""
    clauses: tuple[Clause, ...] = ()

    def has(self, trigger: int) -> bool:
        """True if a clause fires on ``trigger``."""
        return any(c.trigger == trigger for c in self.clauses)

    def on(self, trigger: int) -> tuple[Clause, ...]:
        """The clauses that fire on ``trigger``, in order."""
        return tuple(c for c in self.clauses if c.trigger == trigger)


NO_EFFECT = Effect()


class EffectError(ValueError):
    """An effect the vocabulary cannot read; the message names the clause and the word."""


def _a(kind: str) -> str:
    """A card kind with its article, for messages: "an event", "a relic", "a unit"."""
    return f"{'an' if kind[:1] in 'aeio' else 'a'} {kind}"  # ("a unit")


# ---------------------------------------------------------------- reading

_SEPARATORS = re.compile(r"[.;\n]+")
_WORD = re.compile(r"[+-]?\d+|[a-z]+|[+-]|&|:|,|\S")


class _Words:
    """A clause's words with a cursor, and errors that quote the clause."""

    def __init__(self, text: str, clause: str) -> None:
        self.words = _WORD.findall(text.lower())
        self.i = 0
        self.clause = clause

    def peek(self, ahead: int = 0) -> str | None:
        j = self.i + ahead
        return self.words[j] if j < len(self.words) else None

    def take(self) -> str | None:
        word = self.peek()
        if word is not None:
            self.i += 1
        return word

    def accept(self, *words: str) -> bool:
        """Consume ``words`` if they come next."""
        if all(self.peek(k) == w for k, w in enumerate(words)):
            self.i += len(words)
            return True
        return False

    def fail(self, message: str) -> EffectError:
        return EffectError(f"in '{self.clause}': {message}")

    def number(self, after: str) -> int:
        word = self.peek()
        if word is None or not word.lstrip("+").isdecimal():  # not '²': int() refuses it
            got = f"'{word}'" if word is not None else "nothing"
            raise self.fail(f"'{after}' needs a number (1 or more), got {got}")
        self.i += 1
        value = int(word)
        if value < 1:
            raise self.fail(f"'{after}' needs a number 1 or more, got {value}")
        if value > MAX_AMOUNT:
            raise self.fail(f"'{after}' needs a number from 1 to {MAX_AMOUNT}, got "
                            f"{value:,}")
        return value

    def unknown(self, word: str, expected: str, choices: tuple[str, ...] | list[str]) -> EffectError:
        hint = suggest(word, choices) or suggest(word, KNOWN_WORDS)
        return self.fail(f"expected {expected}, got '{word}'{hint}")


def parse_effect(text: str | None, kind: str = "unit", active: bool = False) -> Effect:
    """Read an `Effect` cell for a card of ``kind`` (unit, event or relic).

    ``active`` says the event is ACTIVE (only an active event may have `Ongoing:`).
    Raises `EffectError` naming the clause and the word it cannot read.
    """
    if text is None or not str(text).strip():
        return NO_EFFECT
    taunt = unforceable = False
    moves = reach = 0
    clauses: list[Clause] = []
    for raw in _SEPARATORS.split(str(text)):
        clause_text = " ".join(raw.split())
        if not clause_text:
            continue
        head, colon, body = clause_text.partition(":")
        if not colon:
            words = _Words(clause_text, clause_text)
            if kind != "unit":
                clauses.append(_clause(ON_PLAY, clause_text, clause_text, kind, active))
                continue
            if words.accept("taunt"):
                taunt = True
            elif words.accept("cannot", "be", "forced"):
                unforceable = True
            elif words.accept("moves"):
                moves = words.number("Moves")
            elif words.accept("range"):
                reach = words.number("Range")
            else:
                first = words.peek() or ""
                hint = suggest(clause_text, ("Taunt", "Cannot be forced")) or \
                    suggest(first, KEYWORDS)
                raise EffectError(f"in '{clause_text}': not a keyword (Taunt, Cannot be "
                                  "forced, Moves N, Range N) nor 'Trigger: steps'" + hint)
            if words.peek() is not None:
                raise words.fail(f"unexpected '{words.peek()}' after the keyword")
            continue
        trigger_text = " ".join(head.lower().split())
        if trigger_text not in TRIGGERS:
            raise EffectError(f"in '{clause_text}': unknown trigger '{head.strip()}'"
                              f"{suggest(trigger_text, [t.capitalize() for t in TRIGGERS])}"
                              "; triggers: "
                              + ", ".join(t.capitalize() for t in TRIGGERS))
        clauses.append(_clause(TRIGGERS.index(trigger_text), body, clause_text, kind, active))
    return Effect(taunt, unforceable, moves, reach, tuple(clauses))


def _clause(trigger: int, body: str, clause_text: str, kind: str, active: bool) -> Clause:
    """One ``Trigger: steps`` clause, checked against the card's kind."""
    name = TRIGGERS[trigger].capitalize()
    if kind == "unit" and trigger not in UNIT_TRIGGERS:
        raise EffectError(f"in '{clause_text}': a unit's triggers are "
                          + ", ".join(TRIGGERS[t].capitalize() for t in sorted(UNIT_TRIGGERS))
                          + f"; '{name}' is for events and relics")
    if kind != "unit" and trigger not in (ON_PLAY, ONGOING):
        raise EffectError(f"in '{clause_text}': {_a(kind)} is played, it has no '{name}'; "
                          "use On play (or Ongoing for an ACTIVE event)")
    if trigger == ONGOING and kind == "relic":
        raise EffectError(f"in '{clause_text}': a relic is discarded once played; "
                          "only a unit or an ACTIVE event has Ongoing effects")
    if trigger == ONGOING and kind == "event" and not active:
        raise EffectError(f"in '{clause_text}': only an ACTIVE event stays in play; "
                          "set Active to yes or use On play")
    parts = [p.strip() for p in body.split(",")]
    if not any(parts):
        raise EffectError(f"in '{clause_text}': '{name}:' needs at least one step")
    steps: list[Step] = []
    for part in parts:
        if not part:
            raise EffectError(f"in '{clause_text}': an empty step between commas")
        words = _Words(part, clause_text)
        step = _step(words, trigger, kind, steps)
        if words.peek() is not None:
            read = " ".join(words.words[:words.i])
            raise words.fail(f"unexpected '{words.peek()}' after '{read}'")
        steps.append(step)
    if trigger == ONGOING and any(s.verb != MODIFY for s in steps):
        raise EffectError(f"in '{clause_text}': Ongoing takes modifiers only "
                          "(+N dice, +N moves, +N range and their -N forms)")
    return Clause(trigger, tuple(steps))


def _step(w: _Words, trigger: int, kind: str, before: list[Step]) -> Step:
    word = w.take() or ""
    if trigger == ONGOING or word.startswith(("+", "-")):
        if trigger != ONGOING:
            raise w.fail(f"'{word}' is a modifier; modifiers belong to Ongoing:")
        return _modifier(w, word, trigger, kind, before)
    if word == "damage":
        return Step(DAMAGE, w.number("damage"), _target(w, trigger, kind, before, "damage"))
    if word == "heal":
        return Step(HEAL, w.number("heal"), _target(w, trigger, kind, before, "heal"))
    if word == "boost":
        return Step(BOOST, w.number("boost"), _target(w, trigger, kind, before, "boost"))
    if word == "spend":
        n = w.number("spend")
        if not w.accept("boost"):
            raise w.unknown(w.peek() or "nothing", "'boost' after 'spend N'", ("boost",))
        holder = Target(SELF)
        if w.accept("from"):
            holder = _target(w, trigger, kind, before, "spend")
            if holder.kind == SELECT:
                raise w.fail("spend boost from self, commander, target or it")
        elif kind != "unit":
            raise w.fail(f"{_a(kind)} has no boost of its own: write 'spend N boost from "
                         "commander' (or another card)")
        return Step(SPEND, n, holder)
    if word == "force":
        n = w.number("force")
        target = _target(w, trigger, kind, before, "force")
        direction = CHOSEN
        if w.accept("away"):
            direction = AWAY
        elif w.accept("toward") or w.accept("towards"):
            direction = TOWARD
        if direction != CHOSEN and kind != "unit":
            raise w.fail(f"'away'/'toward' are measured from the unit; {_a(kind)} has no "
                         "place on the battlefield, so leave the direction to the player")
        return Step(FORCE, n, target, direction)
    if word == "move":
        n = w.number("move")
        target = _target(w, trigger, kind, before, "move")
        return Step(MOVE, n, target)
    if word == "gain":
        n = w.number("gain")
        token_word = (w.take() or "nothing").upper()
        if token_word not in TOKENS:
            raise w.unknown(token_word.lower(), "a token (ATK, DEF, WLD, SPC, BST)",
                            [t.lower() for t in TOKENS])
        token = TOKENS.index(token_word)
        if w.accept("on"):
            target = _target(w, trigger, kind, before, "gain ... on")
            if token == T_WLD:
                raise w.fail("a WLD token on a unit is assigned as ATK or DEF: "
                             "write 'gain N ATK on ...' or 'gain N DEF on ...'")
            return Step(GAIN, n, target, token)
        return Step(GAIN, n, None, token)
    if word == "draw":
        if not (w.accept("dice") or w.accept("die")):
            raise w.unknown(w.peek() or "nothing", "'dice' after 'draw'", ("dice",))
        return Step(DRAW_DICE, w.number("draw dice"))
    raise w.unknown(word, "an action (damage, heal, boost, spend, force, move, gain, "
                    "draw dice)", ACTION_WORDS)


def _modifier(w: _Words, word: str, trigger: int, kind: str, before: list[Step]) -> Step:
    if not word.startswith(("+", "-")):
        raise w.unknown(word, "a modifier such as '+1 dice', '+1 moves', '+1 range' or "
                        "'-1 dice'", ("+1", "-1"))
    sign = -1 if word.startswith("-") else 1
    digits = word[1:]
    if not digits:
        digits = w.take() or ""
    if not digits.isdecimal() or int(digits) < 1:
        raise w.fail(f"'{word}' needs a number 1 or more, as in '{word[0]}1 dice'")
    if int(digits) > MAX_AMOUNT:
        raise w.fail(f"'{word}' needs a number from 1 to {MAX_AMOUNT}, as in "
                     f"'{word[0]}1 dice'")
    stat = w.take() or "nothing"
    if stat == "die":
        stat = "dice"
    if stat not in STATS:
        raise w.unknown(stat, "dice, moves or range after the modifier", STATS)
    target = _target(w, trigger, kind, before, f"{word} {stat}")
    if target.kind in (TARGET, IT) or target.place == IN_RANGE or \
            (target.place == ADJACENT and target.ref in (REF_TARGET, REF_IT)):
        raise w.fail("an Ongoing modifier applies to units by what they are and where they "
                     "stand: self, commander, or 'friendly melee units', 'adjacent enemy "
                     "units', 'units within 2' (not target, it or in range)")
    return Step(MODIFY, int(digits), target, STATS.index(stat), sign)


def _target(w: _Words, trigger: int, kind: str, before: list[Step], verb: str) -> Target:
    """A target phrase (see `Target`), checked against the clause's trigger and card."""
    word = w.peek()
    if word is None:
        raise w.fail(f"'{verb}' needs a target (self, target, it, commander, or a "
                     "selection such as 'one enemy unit')")
    if word == "self":
        w.take()
        if kind != "unit":
            raise w.fail(f"{_a(kind)} is not on the battlefield: 'self' is for units")
        if trigger == WHEN_DESTROYED:
            raise w.fail("a destroyed unit has left the battlefield: 'self' cannot be "
                         "affected; affect what is adjacent to it instead")
        return Target(SELF)
    if word == "target":
        w.take()
        if trigger not in TARGET_TRIGGERS:
            raise w.fail("'target' is the attack's target: only Special and After "
                         "attacking have one")
        return Target(TARGET)
    if word == "it":
        w.take()
        if not before or not _single(before[-1].target):
            raise w.fail("'it' is the card the previous step chose: it must follow a step "
                         "on one card (self, target, commander or 'one ...')")
        return Target(IT)
    if word == "commander":
        w.take()
        return Target(COMMANDER)
    if word in ("friendly", "enemy") and w.peek(1) == "commander":
        w.i += 2
        return Target(COMMANDER if word == "friendly" else ENEMY_COMMANDER)
    quant = EACH if verb.startswith(("+", "-")) else ONE
    if word in QUANT_WORDS:
        quant = QUANT_WORDS[word]
        w.take()
    place, ref, within = ANYWHERE, REF_SELF, 0
    if w.accept("adjacent"):  # "one adjacent friendly unit": adjacent to this unit
        place = ADJACENT
    side = ANY
    if w.peek() in SIDE_WORDS:
        side = SIDE_WORDS[w.take()]
    ranks = attacks = 0
    while True:
        nxt = w.peek()
        if nxt in RANK_BITS:
            ranks |= RANK_BITS[w.take()]
        elif nxt in ATTACK_BITS:
            attacks |= ATTACK_BITS[w.take()]
        else:
            break
    if w.peek() in NOUNS:
        w.take()
    nxt = w.peek()
    if place == ADJACENT:
        pass
    elif nxt == "adjacent":
        w.take()
        place = ADJACENT
        if w.accept("to"):
            ref = _ref(w, trigger, kind, before)
    elif nxt == "within":
        w.take()
        place = WITHIN
        within = w.number("within")
    elif nxt == "in":
        w.take()
        if not w.accept("range"):
            raise w.unknown(w.peek() or "nothing", "'range' after 'in'", ("range",))
        place = IN_RANGE
    elif nxt is not None and nxt not in ("away", "toward", "towards"):
        raise w.unknown(nxt, "a target: [each|one] [friendly|enemy|any] [common|elite] "
                        "[melee|ranged] [unit] [adjacent [to ...] | within N | in range]",
                        list(KNOWN_WORDS))
    if place in (WITHIN, IN_RANGE) or (place == ADJACENT and ref == REF_SELF):
        if kind != "unit":
            raise w.fail(f"{_a(kind)} has no place on the battlefield: say what it is "
                         "adjacent to (adjacent to commander, to friendly, to enemy)")
        if trigger == WHEN_DESTROYED and place == IN_RANGE:
            raise w.fail("a destroyed unit attacks nothing: use 'adjacent' or 'within N'")
    return Target(SELECT, quant, side, ranks, attacks, place, ref, within)


def _ref(w: _Words, trigger: int, kind: str, before: list[Step]) -> int:
    word = w.take() or "nothing"
    if word in ("friendly", "enemy") and w.peek() == "commander":
        w.take()
        return REF_COMMANDER if word == "friendly" else REF_ENEMY_COMMANDER
    if word not in REF_WORDS:
        raise w.unknown(word, "what it is adjacent to: self, target, it, commander, "
                        "enemy commander, friendly or enemy", list(REF_WORDS))
    ref = REF_WORDS[word]
    if ref in (REF_FRIENDLY, REF_ENEMY) and w.peek() in NOUNS:
        w.take()
    if ref == REF_SELF and kind != "unit":
        raise w.fail(f"{_a(kind)} is not on the battlefield: 'self' is for units")
    if ref == REF_TARGET and trigger not in TARGET_TRIGGERS:
        raise w.fail("'target' is the attack's target: only Special and After attacking "
                     "have one")
    if ref == REF_IT and (not before or not _single(before[-1].target)):
        raise w.fail("'it' is the card the previous step chose: it must follow a step on "
                     "one card")
    return ref


def _single(target: Target | None) -> bool:
    """True if a step affects at most one card (so 'it' can name that card)."""
    return target is not None and (target.kind != SELECT or target.quant == ONE)


# ---------------------------------------------------------------- writing

def target_text(t: Target, modifier: bool = False) -> str:
    """A target in the vocabulary's canonical words (a modifier's without a quantity:
    it applies to every unit that matches)."""
    if t.kind != SELECT:
        return ("self", "target", "it", "commander", "enemy commander")[t.kind]
    words = [] if modifier else ["one" if t.quant == ONE else "each"]
    if t.place == ADJACENT and t.ref == REF_SELF:
        words.append("adjacent")
    if t.side != ANY:
        words.append(("any", "friendly", "enemy")[t.side])
    words += [w for w, bit in RANK_BITS.items() if t.ranks & bit]
    words += [w for w, bit in ATTACK_BITS.items() if t.attacks & bit]
    words.append("units" if modifier else "unit")
    if t.place == ADJACENT and t.ref != REF_SELF:
        words += ["adjacent", "to", ("self", "target", "it", "commander", "enemy commander",
                                     "friendly", "enemy")[t.ref]]
    elif t.place == WITHIN:
        words += ["within", str(t.within)]
    elif t.place == IN_RANGE:
        words += ["in", "range"]
    return " ".join(words)


def step_text(s: Step) -> str:
    """A step in canonical words."""
    if s.verb == SPEND:
        holder = "" if s.target is None or s.target.kind == SELF else \
            f" from {target_text(s.target)}"
        return f"spend {s.amount} boost{holder}"
    if s.verb == GAIN:
        on = f" on {target_text(s.target)}" if s.target is not None else ""
        return f"gain {s.amount} {TOKENS[s.arg]}{on}"
    if s.verb == DRAW_DICE:
        return f"draw dice {s.amount}"
    if s.verb == MODIFY:
        return (f"{'+' if s.sign > 0 else '-'}{s.amount} {STATS[s.arg]} "
                f"{target_text(s.target, modifier=True)}")
    text = f"{VERBS[s.verb]} {s.amount} {target_text(s.target)}"
    if s.verb == FORCE and s.arg:
        text += " away" if s.arg == AWAY else " toward"
    return text


def effect_text(effect: Effect) -> str:
    """The whole effect in canonical words (parsing it gives the same `Effect`)."""
    parts = []
    if effect.taunt:
        parts.append("Taunt")
    if effect.unforceable:
        parts.append("Cannot be forced")
    if effect.moves:
        parts.append(f"Moves {effect.moves}")
    if effect.reach:
        parts.append(f"Range {effect.reach}")
    for clause in effect.clauses:
        parts.append(f"{TRIGGERS[clause.trigger].capitalize()}: "
                     + ", ".join(step_text(s) for s in clause.steps))
    return ". ".join(parts)


# ---------------------------------------------------------------- coverage

VOCABULARY: dict[str, str] = {
    **{f"warblitz.effect.{t.replace(' ', '-')}": f"trigger {t.capitalize()}:"
       for t in TRIGGERS},
    "warblitz.effect.damage": "damage N: add N damage",
    "warblitz.effect.heal": "heal N: remove up to N damage",
    "warblitz.effect.boost": "boost N: place N boost tokens",
    "warblitz.effect.spend": "spend N boost: remove N boost for what follows (none when it "
                             "has nothing to act on); too little boost: the rest does nothing",
    "warblitz.effect.force": "force N: slide N clear straight spaces",
    "warblitz.effect.move": "move N: move up to N spaces through empty spaces",
    "warblitz.effect.gain": "gain N TOKEN [on ...]: tokens to the player or onto units",
    "warblitz.effect.draw-dice": "draw dice N: extra draw dice for the next roll",
    "warblitz.effect.dice": "+/-N dice: more or fewer attack dice (Ongoing)",
    "warblitz.effect.moves": "+/-N moves: longer or shorter moves (Ongoing)",
    "warblitz.effect.range": "+/-N range: longer or shorter ranged attacks (Ongoing)",
    "warblitz.effect.taunt": "keyword Taunt",
    "warblitz.effect.cannot-be-forced": "keyword Cannot be forced",
    "warblitz.effect.moves-keyword": "keyword Moves N",
    "warblitz.effect.range-keyword": "keyword Range N",
}
"""Coverage ids of the vocabulary, with what each word does."""


def trigger_id(trigger: int) -> str:
    """The coverage id of a trigger."""
    return f"warblitz.effect.{TRIGGERS[trigger].replace(' ', '-')}"


def step_id(step: Step) -> str:
    """The coverage id of a step's verb (modifiers by the stat they change)."""
    if step.verb == MODIFY:
        return f"warblitz.effect.{STATS[step.arg]}"
    return f"warblitz.effect.{VERBS[step.verb].replace(' ', '-')}"


def vocabulary_ids(effect: Effect) -> set[str]:
    """The vocabulary coverage ids an effect uses."""
    ids: set[str] = set()
    if effect.taunt:
        ids.add("warblitz.effect.taunt")
    if effect.unforceable:
        ids.add("warblitz.effect.cannot-be-forced")
    if effect.moves:
        ids.add("warblitz.effect.moves-keyword")
    if effect.reach:
        ids.add("warblitz.effect.range-keyword")
    for clause in effect.clauses:
        ids.add(trigger_id(clause.trigger))
        ids.update(step_id(s) for s in clause.steps)
    return ids
