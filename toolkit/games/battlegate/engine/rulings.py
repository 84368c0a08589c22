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


RECUT_LIMIT = 20
"""Re-cuts tried among tied players before the first player is chosen at random."""


RULING_LIST: tuple[Ruling, ...] = (
    _r("cut-card-stays",
       "Where does the card revealed by the cut go?",
       "The cut only reveals the bottom card of the shuffled deck; it stays at the bottom.",
       "How to play: \"each player shuffles their deck and then cuts it to reveal a bottom "
       "card.\""),
    _r("players-decide",
       "\"If no highest possible, players decide who goes first\": how do simulated players "
       "decide?",
       f"Tied players re-shuffle and re-cut up to {RECUT_LIMIT} times; when the tied decks "
       "can only ever show one and the same power (no highest is possible), or the re-cuts "
       "run out, the first player is drawn at random among the tied players.",
       "How to play: \"In the event of a tie all tied players shuffle and cut their decks "
       "again until there is a highest power (if no highest possible, players decide who "
       "goes first).\""),
    _r("first-draw-exact",
       "Is the first turn's draw of 3 (first player) or 4 (others) optional like every "
       "other draw (\"up to\")?",
       "No: a player draws exactly 3 or 4 cards on their first turn (fewer only if the deck "
       "runs out).",
       "Draw phase: \"The player who goes first draws 3 cards on their first turn, all "
       "other players draw 4 on their first turn.\""),
    _r("draw-empty-deck",
       "What happens when a player must or may draw but the deck is empty?",
       "Nothing: the draw phase ends; an empty deck alone never eliminates a player.",
       "Recovery/Combat: \"note: a player is only eliminated if they have to discard but "
       "are unable\"."),
    _r("budget-fixed",
       "When are a player's card limit (assassins in play + 1) and power limit (cards in "
       "hand) for the turn counted: may an assassin fielded this turn already raise the "
       "limit?",
       "Both limits are fixed for every player immediately after the current player's draw "
       "phase and hold for that whole turn; an assassin fielded this turn raises the limit "
       "from the next turn on. Every card played that turn counts against them: fielded "
       "cards and assassins played in combat.",
       "Assassin: \"The total power of the cards you may play during a turn is equal to the "
       "number of cards in your hand immediately after the current player's draw phase.\" "
       "Fielding phase: \"If it is a player's first turn they may only play 1 card\"."),
    _r("defender-budget",
       "What budget does a player defending on another player's turn play assassins from?",
       "Their own, fixed like the current player's: assassins in their play field + 1 "
       "cards, of total power up to the cards in their own hand immediately after the "
       "current player's draw phase.",
       "Assassin: \"or on any other player's turn when you are defending, for each assassin "
       "you have in play you may play one additional card from your hand beyond the "
       "first.\""),
    _r("in-play-stays",
       "May a player take a card back from the field, or discard it without a fight?",
       "No: a card in play leaves the field only when it is defeated in combat.",
       "Combat phase: \"the attacking card and any cards defending against that attack are "
       "discarded\" (the only way the rulebook removes a card from play)."),
    _r("fresh-attackers",
       "May a card fielded this turn attack in the same turn's combat phase?",
       "Yes: every soldier and assassin in play may attack.",
       "Combat phase: \"a player may assign ANY of their soldier and/or assassin cards in "
       "play to attack any other player.\""),
    _r("defence-order",
       "In which order do several defending players assign their defenders?",
       "After all attacks are declared, each attacked player in turn order from the "
       "attacker's left assigns its soldiers and minions one at a time (block one attack "
       "aimed at it, or not), seeing the assignments made before.",
       "Combat phase: \"Each defending player may then assign any of their soldier and/or "
       "minion cards in play to defend.\""),
    _r("boost-rounds",
       "\"At any time before the combat phase has ended\": when are assassins played in "
       "combat, and when does the combat end?",
       "Once defenders are assigned, boost rounds run: the attacking player, then each "
       "defending player in turn order, plays any number of assassins or passes; the "
       "combat is resolved when every one of them has passed in succession. Each assassin "
       "uses up a card of its player's budget, so the rounds always end.",
       "Combat phase: \"If a player can play assassins from their hand to boost their "
       "attack(s) or defense(s) they may do so at any time before the combat phase has "
       "ended\"."),
    _r("boost-target",
       "Onto which cards may a defender play an assassin?",
       "Onto a group defending an attack aimed at that player (its power adds to the "
       "group's total); an undefended attack cannot be boosted by the defender, and a "
       "player not attacking or defending plays none.",
       "Assassin: \"you may also play them from your hand onto cards you have in play during "
       "any combat in which your cards are attacking or defending ... adds its power to "
       "that card (or cards if group of defenders)\"."),
    _r("winner-stays",
       "Does an attacking card that defeats its defence stay in play, and does its excess "
       "power hit the defender's deck?",
       "It stays in play, and only undefended attacks make the defender discard: a defeated "
       "defence absorbs the whole attack.",
       "Combat phase: \"If the power of an attack is greater than the power of a defense "
       "then the defense is defeated and any cards defending against that attack are "
       "discarded.\" / \"discard ... equal to the total power of any attacks they did not "
       "defend against.\""),
    _r("discard-choice",
       "Which hand cards does a defending player discard once the deck is empty?",
       "The defending player chooses them, one at a time.",
       "Combat phase: \"If a defending player has no more cards left in their deck to "
       "discard they must continue by discarding cards from their hand.\""),
    _r("eliminated-to-box",
       "What becomes of an eliminated player's cards?",
       "All of them (play field, hand, deck, discard pile) leave the battle, into the box.",
       "Combat phase: \"that player is eliminated from the battle (i.e. they are out of the "
       "game ...)\""),
    _r("elimination-order",
       "In which order are several players eliminated in the same combat?",
       "In turn order from the attacking player's left (it matters only for placings).",
       "Combat phase: \"At the end of the combat phase the defending player must discard "
       "...\""),
    _r("no-survivor-draw",
       "Who wins if every remaining player is eliminated in the same combat?",
       "Nobody: the battle is a draw. (The attacking player never discards in its own "
       "combat, so this cannot happen under the rulebook's rules; the ruling is kept for "
       "completeness.)",
       "\"You win the battle if you are the last player remaining after a combat phase\""),
    _r("empty-player-stays",
       "A player has no cards left in deck and hand (maybe nothing at all): are they out?",
       "No: they take empty turns and stay in the battle until they must discard and "
       "cannot.",
       "Combat phase: \"note: a player is only eliminated if they have to discard but are "
       "unable\"."),
    _r("recovery-count",
       "Do minions fielded this turn count for this turn's recovery phase?",
       "Yes: the minions in play when the recovery phase begins count, including those "
       "fielded this turn.",
       "Recovery phase: \"After the combat phase a player may recover a number of cards of "
       "their choice from their discard pile to their hand up to the number of minions they "
       "have in play.\""),
    _r("stalemate",
       "What if no player can ever attack again (no soldier or assassin in play, and none "
       "that could still be drawn, recovered and fielded)?",
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
