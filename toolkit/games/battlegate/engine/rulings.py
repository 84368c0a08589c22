"""Battle Gate rulings: every place the rulebook is silent or ambiguous, as data.

Each ruling has a stable id (``battlegate.ruling.<name>``), the question the rulebook
leaves open, the decision the engine follows, and the rulebook passage it concerns (section
name and quoted sentence). The engine counts each time a ruling decides something;
`pnp play` reports the counts, so designers see which holes in their rules actually matter.

The module also lists the coverage ids of the rulebook's own rules (`RULES`).
"""

from __future__ import annotations

from toolkit.sim.engine import Ruling


def _r(name: str, question: str, decision: str, passage: str) -> Ruling:
    return Ruling(f"battlegate.ruling.{name}", question, decision, passage)


RULING_LIST: tuple[Ruling, ...] = (
    _r("open-information",
       "What does a player know of the other players' cards? The book never says whether "
       "decks, discard piles or recovered cards are secret.",
       "Every deck's list of cards (each player made theirs in the open, like a published "
       "deck list), every play field and discard pile (face up), the card each cut "
       "revealed at the bottom of its deck, and the cards everybody saw go into a hand "
       "(recovered from a discard pile). Never the order of any deck, nor the other cards "
       "in another player's hand.",
       "How to play: \"each player shuffles their deck and then cuts it to reveal a "
       "bottom card.\" Recovery phase: \"recover a number of cards of their choice from "
       "their discard pile to their hand\"."),
    _r("cut-card-stays",
       "Where does the card revealed by the cut go? The book only says the cut reveals it.",
       "The cut only reveals the bottom card of the shuffled deck; it stays at the bottom.",
       "How to play: \"each player shuffles their deck and then cuts it to reveal a bottom "
       "card.\""),
    _r("players-decide",
       "\"If no highest possible, players decide who goes first\": the book leaves the "
       "decision to the players, which simulated players cannot talk over.",
       "When no re-cut can give one tied player the highest power (no tied deck holds a "
       "card above every other tied deck's lowest card), the first player is drawn at "
       "random among the tied players. Otherwise the tied players re-cut until one cuts the "
       "highest, however many times it takes.",
       "How to play: \"In the event of a tie all tied players shuffle and cut their decks "
       "again until there is a highest power (if no highest possible, players decide who "
       "goes first).\""),
    _r("first-draw-exact",
       "Is the first turn's draw of 3 (first player) or 4 (others) optional like every "
       "other draw? The draw phase says \"up to\", the first-turn sentence says \"draws "
       "3\".",
       "No: a player draws exactly 3 or 4 cards on their first turn (fewer only if the deck "
       "runs out).",
       "Draw phase: \"The player who goes first draws 3 cards on their first turn, all "
       "other players draw 4 on their first turn.\""),
    _r("draw-empty-deck",
       "What happens when a player may draw but the deck is empty? The book does not say.",
       "Nothing: the draw phase ends (an empty deck alone eliminates nobody: \"a player is "
       "only eliminated if they have to discard but are unable\").",
       "Draw phase: \"a player may draw a number of cards from the top of their deck\"."),
    _r("budget-fixed",
       "When are a player's card limit (assassins in play + 1) and power limit (cards in "
       "hand) counted: may an assassin fielded this turn already raise the limit? The book "
       "fixes the power limit \"immediately after the current player's draw phase\" but "
       "not the card limit.",
       "Both limits are fixed for every player immediately after the current player's draw "
       "phase and hold for that whole turn; an assassin fielded this turn raises the limit "
       "from the next turn on. Every card played that turn counts against them: fielded "
       "cards and assassins played in combat.",
       "Assassin: \"The total power of the cards you may play during a turn is equal to the "
       "number of cards in your hand immediately after the current player's draw phase.\" "
       "Fielding phase: \"If it is a player's first turn they may only play 1 card\"."),
    _r("defender-budget",
       "What budget does a player defending on another player's turn play assassins from? "
       "The Assassin paragraph gives the defender its extra cards and a power limit read "
       "\"immediately after the current player's draw phase\", but not whether a "
       "defender's limits are counted afresh on each other player's turn or run on from "
       "what it played on its own turn (\"during a turn\").",
       "Their own, fixed afresh on every turn like the current player's: assassins in "
       "their play field + 1 cards, of total power up to the cards in their own hand "
       "immediately after the current player's draw phase.",
       "Assassin: \"or on any other player's turn when you are defending, for each assassin "
       "you have in play you may play one additional card from your hand beyond the "
       "first. The total power of the cards you may play during a turn is equal to the "
       "number of cards in your hand immediately after the current player's draw "
       "phase.\""),
    _r("in-play-stays",
       "May a player take a card back from the field, or discard it without a fight? The "
       "book neither allows nor forbids it.",
       "No: a card in play leaves the field only when it is defeated in combat.",
       "Combat phase: \"the attacking card and any cards defending against that attack are "
       "discarded\" (the only way the rulebook removes a card from play)."),
    _r("defence-order",
       "In which order do several defending players assign their defenders? The book says "
       "\"each defending player\" without an order.",
       "After all attacks are declared, each attacked player in turn order from the "
       "attacker's left assigns its soldiers and minions one at a time (block one attack "
       "aimed at it, or not), seeing the assignments made before.",
       "Combat phase: \"Each defending player may then assign any of their soldier and/or "
       "minion cards in play to defend.\""),
    _r("boost-rounds",
       "\"At any time before the combat phase has ended\": the book lets every player in "
       "the combat play assassins at any moment, but a simulated combat needs an order "
       "of decisions, and the book gives none for several players who may all act.",
       "Assassins are offered at every decision of the combat: the attacking player may "
       "play them onto its declared attacks while declaring attacks; a defending player "
       "onto the attacks its cards defend each time one of its cards is to be assigned; "
       "and once all defenders are assigned, boost rounds run: the attacking player, then "
       "each defending player in turn order, plays any number of assassins or passes, "
       "until every one of them has passed in succession (then the combat is resolved). "
       "A player does not break into another player's decision (an assassin it would "
       "play there it can play in the boost rounds, knowing more). Each assassin uses up "
       "a card of its player's budget, so the combat always ends.",
       "Combat phase: \"If a player can play assassins from their hand to boost their "
       "attack(s) or defense(s) they may do so at any time before the combat phase has "
       "ended\"."),
    _r("boost-target",
       "Onto which cards may an assassin be played in a combat? The book says \"onto cards "
       "you have in play\" and that it \"adds its power to that card (or cards if group of "
       "defenders)\", without saying whether the card must be fighting.",
       "Onto an attack of the attacking player's, or onto a group defending an attack aimed "
       "at the assassin's player: the cards that are \"attacking or defending\". An "
       "assassin played onto a card that does not fight would add nothing.",
       "Assassin: \"you may also play them from your hand onto cards you have in play during "
       "any combat in which your cards are attacking or defending ... adds its power to "
       "that card (or cards if group of defenders)\"."),
    _r("discard-choice",
       "Which hand cards does a defending player discard once the deck is empty? The book "
       "does not say who chooses.",
       "The defending player chooses them, one at a time.",
       "Combat phase: \"If a defending player has no more cards left in their deck to "
       "discard they must continue by discarding cards from their hand.\""),
    _r("eliminated-to-box",
       "What becomes of an eliminated player's cards? The book says only that the player "
       "is out.",
       "All of them (play field, hand, deck, discard pile) leave the battle, into the box.",
       "Combat phase: \"that player is eliminated from the battle (i.e. they are out of the "
       "game ...)\""),
    _r("elimination-order",
       "In which order are several players eliminated in the same combat? The book does "
       "not say.",
       "In turn order from the attacking player's left (it matters only for placings).",
       "Combat phase: \"At the end of the combat phase the defending player must discard "
       "...\""),
    _r("stalemate",
       "What if no player can ever attack again (no soldier or assassin in play, and none "
       "that could still be drawn, recovered and fielded)? The book has no end but the last "
       "player remaining.",
       "Nobody can be eliminated any more: the battle stops unfinished as a stalemate "
       "(checked at setup and after every turn without an attack).",
       "\"To win a battle: Be the last player remaining after a combat phase\"; Minion: "
       "\"May defend but not attack.\""),
)

RULINGS: dict[str, Ruling] = {r.id: r for r in RULING_LIST}

RULES: dict[str, str] = {
    "battlegate.rule.cut": "How to play: highest bottom card goes first",
    "battlegate.rule.recut": "How to play: tied players shuffle and cut again",
    "battlegate.rule.first-draw": "Draw phase: first player draws 3, the others 4",
    "battlegate.rule.draw": "Draw phase: up to soldiers in play + 1",
    "battlegate.rule.field": "Fielding phase: up to assassins + 1 cards, power up to hand size",
    "battlegate.rule.attack": "Combat phase: soldiers and assassins attack any other player",
    "battlegate.rule.block": "Combat phase: soldiers and minions defend attacks on their player",
    "battlegate.rule.group-defence": "Combat phase: several defenders add their powers",
    "battlegate.rule.boost": "Assassin: played in combat, adds its power, discarded after",
    "battlegate.rule.equal": "Combat phase: equal power, attacker and defenders discarded",
    "battlegate.rule.attack-wins": "Combat phase: greater attack, defenders discarded",
    "battlegate.rule.defence-wins": "Combat phase: greater defence, attacker discarded",
    "battlegate.rule.undefended": "Combat phase: undefended power discarded from the deck",
    "battlegate.rule.discard-hand": "Combat phase: deck empty, discard from the hand",
    "battlegate.rule.eliminated": "Combat phase: must discard but cannot, eliminated",
    "battlegate.rule.win": "Last player remaining after a combat phase wins",
    "battlegate.rule.recover": "Recovery phase: up to minions in play from discard to hand",
}
"""Coverage ids of the rulebook's own rules, with the section they come from."""

COVERAGE_IDS: tuple[str, ...] = tuple(RULES) + tuple(RULINGS)
"""Every rule and ruling the engine counts, in report order."""
