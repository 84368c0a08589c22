"""Warblitz rulings: every place the rulebook is silent or ambiguous, as data.

Each ruling has a stable id (``warblitz.ruling.<name>``), the question the rulebook leaves
open, the decision the engine follows and the passage it reads (section and quoted
sentence). The engine counts each time a ruling decides something, so `pnp play` shows
which holes in the rules actually matter. `pnp rulings warblitz` lists them.

The module also lists the coverage ids of the rulebook's own rules (`RULES`) and of the
effect vocabulary (`effects.VOCABULARY`).
"""

from __future__ import annotations

from typing import Final

from toolkit.games.warblitz.board import HOME_RANKS, RANKS, WIDTH
from toolkit.games.warblitz.effects import VOCABULARY
from toolkit.sim.engine import Ruling

OPENING_HAND: Final = 3
"""Cards each player draws into their reserves before the first turn (ruling reserves)."""
DRAW_PER_TURN: Final = 1
"""Cards drawn at the start of each of a player's turns (ruling reserves)."""


def _r(name: str, question: str, decision: str, passage: str) -> Ruling:
    return Ruling(f"warblitz.ruling.{name}", question, decision, passage)


RULING_LIST: tuple[Ruling, ...] = (
    _r("battlefield",
       "The book never gives the battlefield's size, only \"the last three ranks\": how "
       "large is it, and which ranks are each player's?",
       f"{WIDTH} columns by {RANKS} ranks. Each player's last {HOME_RANKS} ranks are the "
       "ones nearest their own edge; the middle rank is nobody's. A player names spaces "
       "from their own side (columns A-E from their left, ranks 1-7 from their edge); "
       "logs name them as player 1 sees them.",
       "Setup: \"1. Place the battlefield between the players.\" Deployment: \"place it on "
       "an empty space in the last three ranks of the battlefield\"."),
    _r("start",
       "The book points to the back of the commander's card, which it does not show: where"
       " do the commander, its 2 starting units and the terrain go, and which cards are "
       "the starting units?",
       "As the catalog's Starts sheet gives the commander's layout (the back of its card). "
       "Without one: the commander at C1, the warband's Common Melee unit at B2, its Common "
       "Ranged unit at D2 and one terrain at C3. A starting unit named by a slot ('Common "
       "Melee') is the first such card of the warband; starting cards are taken out before "
       "the draw pile is shuffled.",
       "Setup: \"4. Each player places their commander, 2 starting units, and terrain on "
       "the battlefield as shown on the back of their commander's card. 5. Each player "
       "shuffles their remaining cards\"."),
    _r("terrain",
       "The book places terrain and says structures cannot move, but never says whose "
       "terrain is or whether it can be damaged: what is terrain, and what can happen to "
       "it?",
       "A terrain piece is a structure card that belongs to nobody: it fills its space, "
       "blocks moves and ranged lines, never moves, has no health (damage, healing, boost "
       "and tokens do nothing to it) and is never an enemy card. Attacks may target it "
       "(\"any adjacent card\") to no effect, and it can be forced (forcing is not moving).",
       "Moving: \"Structures CANNOT move. Units CANNOT move through other cards.\" "
       "Attacking: \"Melee units (MEL) can target any adjacent card.\" Force: \"Forcing a "
       "card is NOT considered moving it.\""),
    _r("reserves",
       "The book makes a draw pile and deploys from \"reserves\" but never says when cards"
       " are drawn: how do cards reach a player's reserves (their hand)?",
       f"Each player draws {OPENING_HAND} cards into their reserves before the first turn "
       f"and {DRAW_PER_TURN} at the start of each of their turns; an empty pile gives "
       "nothing. Reserves are hidden from the opponent; units are deployed and events and "
       "relics played from them.",
       "Setup: \"places them face down into their draw pile.\" Deployment: \"Deploy up to "
       "two units from your available reserves\"."),
    _r("hidden",
       "The book says only that the draw pile is face down: what does each player know?",
       "Warband lists are open (both players know both lists, as at a tournament); the "
       "order of the draw piles and the cards in the opponent's reserves are hidden; "
       "everything on the battlefield, in the active areas, discarded or destroyed, and "
       "every token is public.",
       "Setup: \"places them face down into their draw pile\"."),
    _r("phases",
       "The turn sequence says \"5 phases\" but lists two: what is a turn?",
       "Phase 1 Beginning, then Phase 2 in two parts: 2a Deployment, then 2b Move & "
       "Attack, in that order; the turn ends after Move & Attack.",
       "Turn Sequence: \"On a player's turn they must complete the following 5 phases: "
       "1. Beginning 2. Deploy, Move & Attack\"."),
    _r("own-turns",
       "In \"N is 1, 2, 3 on turns 1, 2, 3\" the book does not say which turns are "
       "counted: the game's, or each player's own?",
       "Each player's own turns: both players roll 1 die on their first turn, 2 on their "
       "second, 3 from their third on.",
       "Phase 1: \"Where N is 1, 2, 3 on turns 1, 2, 3 respectively and 3 dice "
       "thereafter.\""),
    _r("second-token",
       "The second player's special token would be discarded at once by the Beginning "
       "phase, which removes all SPC tokens: when is it given?",
       "Right after the discard step of their first turn, so they hold it that turn.",
       "Setup: \"The player that goes second starts their turn with one special token.\" "
       "Phase 1: \"Remove and discard all ATK, DEF, WLD, SPC tokens owned by the active "
       "player\"."),
    _r("assign-limit",
       "\"may not assign more than one DEF and ATK token to a single unit\" reads both "
       "ways: one of each, or one in all?",
       "One token in the ATK-or-DEF role per unit, plus one in the SPC role, as the "
       "example's legal and illegal combinations show. Tokens are assigned in the "
       "Beginning phase only; a unit deployed later gets none.",
       "Phase 1 example: \"An INVALID assignment is if all three tokens are assigned, i.e. "
       "ATK, DEF(via WLD), SPC\"."),
    _r("held-tokens",
       "The book discards tokens \"being held\" but never says what held tokens are for: "
       "what becomes of rolled tokens that are not assigned?",
       "They stay with the player to pay costs (each is worth 1) until the start of the "
       "player's next turn, when they are discarded.",
       "Phase 1: \"Remove and discard all ATK, DEF, WLD, SPC tokens owned by the active "
       "player both in play and being held\"; Deployment: \"Tokens consumed in this way "
       "are treated to be equivalent to 1 cost.\""),
    _r("payment",
       "The book says a cost consumes tokens, not which: which tokens pay a cost?",
       "Held tokens in the order DEF, ATK, WLD, SPC, then BST (the least flexible first, "
       "boost last as it is kept); a player who wants to keep a token assigns it first. "
       "No choice is lost: held tokens are discarded at the next turn and do nothing else.",
       "Deployment: \"pay its cost by consuming a number of tokens equal to the unit's "
       "cost\"."),
    _r("bst-held",
       "Boost tokens are placed on cards, yet the upgrade example saves a BST token up "
       "like a held one: where does a BST token gained by destroying an enemy go?",
       "To the player, who keeps it from turn to turn and may spend it as 1 cost; boost "
       "tokens are placed on cards only by an effect that says boost.",
       "Damaging: \"Gain 1 BST token each time a unit you control destroys an ENEMY "
       "unit.\" Upgrades example: \"a player has saved up one BST token\"."),
    _r("one-upgrade",
       "The book says \"an upgrade\" and never says whether a path can be upgraded twice: "
       "how many upgrades may a player perform in a Beginning phase, and on which paths?",
       "One, on any path (units, events or relics), even one already open (it then only "
       "gives the draw die).",
       "Upgrades: \"During the beginning phase the player may choose to perform an upgrade "
       "for relics, events or units.\""),
    _r("epic-is-elite",
       "Events and relics are Common or Elite on the card diagram but Epic in Warband "
       "Construction: what are the \"elite options\" of the event and relic paths?",
       "The Epic events and Epic relics (the card diagram's \"Common/Elite\").",
       "Upgrades: \"access elite options for the chosen upgrade path\"; Event & Relics "
       "Card: \"Unit - one of Common/Elite\"."),
    _r("in-front",
       "The book shows one diagram and no definition: which spaces are \"in front of an "
       "enemy\"?",
       "Spaces nearer the enemy's edge than that enemy unit, in its column or a column "
       "next to it (the book's diagram has the enemy one column aside): seen from the "
       "deploying player, ahead of the enemy.",
       "Deployment example: \"The unit @ is deployed infront the enemy so this is a INVALID "
       "deployment.\""),
    _r("enemy-adjacent",
       "The book never says whose terrain is: when deploying \"adjacent to an enemy\", "
       "does terrain count?",
       "No: only enemy units (terrain belongs to nobody).",
       "Deployment: \"otherwise it may not be adjacent to an enemy.\""),
    _r("activation",
       "The book lists moving and attacking, but not whether the three units act one after"
       " another, nor in which order a unit moves and attacks: how are the three units of "
       "Move & Attack used?",
       "Up to three different units, one at a time: the player selects a unit, which may "
       "move and then may attack (the book's order), before selecting the next. The "
       "commander is a unit; units deployed this turn cannot be selected.",
       "Move & Attack: \"Select 3 different units you control on the battlefield. These "
       "three units may: Move up to 2 spaces each ... and additionally Perform an attack\"."),
    _r("effect-move",
       "The book's moves are the Move & Attack ones and it never says whether an effect's "
       "move is one: is it a move for \"After moving\" and for units deployed this turn?",
       "It is a move: a unit deployed this turn cannot be moved by it; it does not fire "
       "After moving (only the Move & Attack move does, so abilities cannot chain "
       "forever).",
       "Deployment: \"Units may not move or attack on the same turn in which they are "
       "deployed.\""),
    _r("ranged-line",
       "The book does not say whether a diagonal is straight or whether the 3 count the "
       "target's space: what are \"3 clear straight spaces\"?",
       "A card in the same column or rank, 1 to 3 spaces away, with every space between "
       "empty.",
       "Attacking: \"Ranged units (RNG) can target any card up to 3 clear straight spaces "
       "away.\""),
    _r("taunt",
       "\"a unit with Taunt\" may be the adjacent one or any: which units must an attacker"
       " beside a Taunt unit target?",
       "An attacker adjacent to an enemy unit with Taunt must target a unit with Taunt "
       "(any it can reach).",
       "Abilities: \"Taunt: When an adjacent enemy attaacks the target of that attack must "
       "be a unit with Taunt\"."),
    _r("atk-token",
       "The book does not say whether the ATK token is used up: how does it give \"an "
       "extra hit dice\", and for how long?",
       "Each ATK token on the attacker adds one attack die, and the attack consumes them.",
       "Phase 1: \"the ATK token provides an extra hit dice.\""),
    _r("spc-token",
       "The book does not say what \"an additional effect\" is: what does the Special an "
       "SPC token gives do?",
       "One SPC token replaces one die with a Special result whenever the unit attacks. "
       "The Special it gives resolves as part of the attack, like a rolled one.",
       "Attacking: \"If there is a SPC token assigned to the unit, consume the token and "
       "remove one of the unit's attack dice before rolling.\" Phase 1: \"Abilities "
       "activated in this way are not considered an additional effect.\""),
    _r("special",
       "Several Specials can be rolled, and the book does not order them with the hits: "
       "how often does a unit's Special ability fire, and when?",
       "Once per Special result, after the hits' damage is added.",
       "Attacking: \"Ignore Special rolls unless otherwise specified\"."),
    _r("def-token",
       "The DEF token \"prevents a would from being applied\": the word is garbled "
       "(\"wound\"), and the book never says what a wound is: one damage, or all the "
       "damage of one hit or attack?",
       "A wound is one damage: each DEF token on a unit prevents one damage added to it "
       "and is consumed. Whatever adds it: an attack's hit, an ability, an event, the cost "
       "of inaction (the book says \"Add 1 damage\" for each).",
       "Phase 1: \"The DEF token prevents a would from being applied\"; Attacking: \"Add 1 "
       "damage to the target for each hit rolled\"; The Cost of Inaction: \"Add 1 damage "
       "to your commander\"."),
    _r("inaction-target",
       "The section is called \"Inaction\" but its sentence asks only what was targeted: "
       "does an attack on an enemy card that rolls no hit (or whose damage DEF prevents) "
       "avoid the cost of inaction?",
       "It does: declaring an enemy card as the attack's target (step 1 of Attacking) is "
       "what counts, whatever the dice.",
       "The Cost of Inaction: \"Add 1 damage to your commander at the end of your Attack "
       "Phase if you did not target any enemy cards with an attack this turn.\""),
    _r("bst-source",
       "\"a unit you control destroys\" leaves open damage from its abilities, and from "
       "events and relics: which destructions earn a BST token?",
       "An enemy unit destroyed by damage from a unit the player controls: its attack or "
       "its ability (a When destroyed ability counts as its unit's). Events and relics earn "
       "none.",
       "Damaging: \"Gain 1 BST token each time a unit you control destroys an ENEMY "
       "unit.\""),
    _r("win-at-once",
       "The book says who wins, not whether an effect under way finishes first: when does "
       "the game end?",
       "The moment a commander is destroyed, even in the middle of an effect; what is "
       "left of it is not resolved.",
       "Winning the Game: \"When only 1 player's commander remains on the battlefield, "
       "that player wins.\""),
    _r("card-timing",
       "The book names only when a card may not be played, and never explains the card's "
       "Phase field: when may an event or relic be played?",
       "On its owner's turn, in the phase its card names (any phase when blank), between "
       "other actions: never during a deployment, a unit's move and attack, or while an "
       "effect resolves.",
       "Event & Relic Cards: \"These cards cannot be played while a game effect is being "
       "resolved, e.g. during deployment, moving, attacking, or when resolving an event, "
       "ability or other effect.\""),
    _r("force",
       "The book does not say who picks the direction, nor what a card in the way does: "
       "which way is a card forced, and what if the way is blocked?",
       "The owner of the effect chooses the direction (away from or toward its unit when "
       "the card says so); the card slides space by space and stops before the first "
       "card or the edge. A unit that cannot be forced stays.",
       "Force: \"To force a card 1 or more spaces, slide it that many clear straight "
       "spaces in a single direction (horizontal or vertical).\""),
    _r("spend-boost",
       "The book says how boost is spent, not whether spending is a choice nor what is "
       "left of the ability without it: may an ability's owner decline to spend its boost,"
       " and what if the card lacks the boost?",
       "Boost is spent whenever the ability fires and the card has enough, for what the "
       "ability then does; when that has nothing left to act on (its target destroyed), "
       "none is spent. With too little boost, the rest of that ability does nothing.",
       "Boost: \"If a card's effect requires you to spend 1 or more boost, remove that "
       "number of boost tokens from that card (the card must have at least that much boost "
       "to activate that effect).\""),
    _r("trigger-order",
       "The book only says they are resolved: when several abilities trigger at once, in "
       "which order do they resolve, and who chooses?",
       "One at a time in the order they triggered (units in board order); each resolves "
       "fully before the next, and its owner makes its choices.",
       "Phase 1: \"Next, any abilities that trigger at the beginning of a turn are "
       "resolved.\""),
    _r("dice-minimum",
       "The book's attacks roll the unit's strength and never meet fewer dice: can an "
       "effect take an attack below one die?",
       "No: an attack rolls at least one die.",
       "Attacking: \"Roll a number of dice equal to the attacking unit's strength.\""),
    _r("draw-dice",
       "The book rolls \"any additional draw d6 dice\" without saying which roll a card's "
       "dice join: when do extra draw dice from a card roll?",
       "With the player's next roll of draw dice.",
       "Phase 1: \"The player then rolls Nd6 and any additional draw d6 dice\"."),
    _r("active-discard",
       "\"At the start of your next turn\" does not place it among the Beginning phase's "
       "steps: when exactly are a player's active events discarded?",
       "At the start of their turn, with their tokens, before any turn-start ability.",
       "Active Event Effects: \"At the start of your next turn, discard all events in your "
       "active area.\""),
    _r("card-bonus",
       "The unit card reads \"HP:00<+1>, STR:0<+1>\" and the book never explains the "
       "\"<+1>\": what is it?",
       "Nothing is added: a unit has the HP and STR of its catalog row (the catalog has no "
       "column for a \"<+1>\"); its strength and life change only by tokens, damage and "
       "card effects.",
       "Unit Card: \"HP:00<+1>, STR:0<+1>, <MEL/RNG>\"."),
    _r("token-supply",
       "The book makes a supply but gives no count: how many damage, boost and other "
       "tokens are there?",
       "As many as needed: the supply never runs out.",
       "Setup: \"2. Create a supply of damage and boost tokens within reach of both "
       "players.\""),
)

RULINGS: dict[str, Ruling] = {r.id: r for r in RULING_LIST}

RULES: dict[str, str] = {
    "warblitz.rule.setup": "Setup: commander, 2 starting units and terrain placed",
    "warblitz.rule.first-player": "Setup: the first player is chosen at random",
    "warblitz.rule.second-token": "Setup: the second player starts with one special token",
    "warblitz.rule.discard-tokens": "Phase 1: ATK, DEF, WLD, SPC tokens discarded",
    "warblitz.rule.boost-stays": "Phase 1: boost tokens are not removed",
    "warblitz.rule.roll": "Phase 1: roll N dice (1, 2, 3 then 3) plus draw dice",
    "warblitz.rule.assign": "Phase 1: assign DEF, ATK (WLD, SPC) and SPC tokens to units",
    "warblitz.rule.upgrade": "Upgrades: 4 tokens open a path's elite options",
    "warblitz.rule.upgrade-first": "Upgrades: the first gives a draw die every turn",
    "warblitz.rule.upgrade-later": "Upgrades: later ones give a draw die for the next turn",
    "warblitz.rule.upgrade-next-turn": "Upgrades: the elite options open on the next turn",
    "warblitz.rule.deploy": "Phase 2a: deploy up to two units, cost paid in tokens",
    "warblitz.rule.deploy-commander": "Phase 2a: next to the commander, adjacent to an enemy",
    "warblitz.rule.move": "Phase 2b: move up to 2 spaces through empty spaces",
    "warblitz.rule.move-back": "Moving: 1 space and back to the original space is a move",
    "warblitz.rule.attack-melee": "Attacking: melee targets an adjacent card",
    "warblitz.rule.attack-ranged": "Attacking: ranged targets up to 3 clear straight spaces",
    "warblitz.rule.any-target": "Attacking: any card may be targeted, an own card too",
    "warblitz.rule.hit": "Attacking: a hit adds 1 damage",
    "warblitz.rule.special-roll": "Attacking: a Special result",
    "warblitz.rule.miss": "Range table: a 1 misses",
    "warblitz.rule.atk-token": "ATK token: an extra die",
    "warblitz.rule.spc-token": "SPC token: a die replaced by a Special",
    "warblitz.rule.def-token": "DEF token: a wound prevented",
    "warblitz.rule.destroyed": "Damaging: life 0, the unit is destroyed",
    "warblitz.rule.bst": "Damaging: 1 BST for destroying an enemy unit",
    "warblitz.rule.inaction": "The Cost of Inaction: 1 damage to the commander",
    "warblitz.rule.event": "Event & Relic Cards: an event paid, resolved, discarded",
    "warblitz.rule.relic": "Event & Relic Cards: a relic paid, resolved, discarded",
    "warblitz.rule.active-event": "Active Event Effects: kept in the active area",
    "warblitz.rule.active-discard": "Active Event Effects: discarded at the next turn",
    "warblitz.rule.active-name": "Active Event Effects: not two active events of a name",
    "warblitz.rule.boost": "Boost: a boost token placed on a card",
    "warblitz.rule.spend-boost": "Boost: boost spent from a card",
    "warblitz.rule.force": "Force: a card slid in a straight line",
    "warblitz.rule.taunt": "Taunt: the attack must target a unit with Taunt",
    "warblitz.rule.win": "Winning the Game: the last commander standing wins",
}
"""Coverage ids of the rulebook's own rules, with the section they come from."""

COVERAGE_IDS: tuple[str, ...] = tuple(RULES) + tuple(VOCABULARY) + tuple(RULINGS)
"""Every rule, vocabulary word and ruling the engine counts, in report order (each card's
own effect adds ``warblitz.card.<name>`` for the cards of the decks played)."""
