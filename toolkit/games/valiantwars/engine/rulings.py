"""Valiant Wars rulings: every place the rulebook is silent or ambiguous, as data.

Each ruling has a stable id (``valiantwars.ruling.<name>``), the question the rulebook
leaves open, the decision the engine follows, and the rulebook passage it reads (section
and quoted sentence) followed by why that text does not decide the question. Where the
text does decide, the engine follows it and no ruling is kept (issue 24 dropped
soldier-not-champion, dancer-no-hero, saboteur-second and village-in-count, which each
decided against the book). The engine counts each time a ruling decides something; `pnp play`
reports the counts. The module also lists the coverage ids of the rulebook's own rules
(`RULES`), of the 27 champion effects (`EFFECT_IDS`) and of the location penalties
(`PENALTY_IDS`).
"""

from __future__ import annotations

from toolkit.sim.engine import Ruling

from ..vocab import EFFECT_CODES, PENALTY_KEYS


def _r(name: str, question: str, decision: str, passage: str, why: str) -> Ruling:
    """A ruling: ``passage`` quotes the sentences it reads, ``why`` says why they do not
    decide the question (printed after the passage: "— open: ...")."""
    return Ruling(f"valiantwars.ruling.{name}", question, decision,
                  f"{passage} — open: {why}")


RULING_LIST: tuple[Ruling, ...] = (
    _r("simultaneous-draw",
       "How do players draw \"simultaneously one at a time\" and call STOP \"at any time\"?",
       "At each draw every player still drawing decides at once and in secret to draw or to "
       "call STOP. Those who call STOP do so before the draw's cards are revealed; the others "
       "each reveal their next card together, and the When Played effects resolve before "
       "the next draw.",
       "DRAW!: \"All players draw cards, placing them face up simultaneously one at a time. "
       "You continue to draw until you choose to STOP or you go OUT\"; \"Choose to stop at "
       "any time.\"",
       "the cards are revealed together, yet STOP may come at any time: the book does not "
       "say whether a player may still stop once they have seen the others' next cards."),
    _r("stop-before-drawing",
       "May a player call STOP before drawing a single card?",
       "Yes: STOP may be called at any draw, the first included. The player then has an "
       "empty line (no Gold, no Swords) but still buys (Soldiers are free) and counts in "
       "the battle with 0 Swords.",
       "... You Call STOP!: \"Choose to stop at any time.\"",
       "the sentence comes under Draw, Draw, Draw until..., after drawing has begun; "
       "whether any time includes before the first card is not said."),
    _r("stop-ties",
       "Several players call STOP at the same draw: who buys first?",
       "Players stopping at an earlier draw buy first. At one draw, those who called STOP "
       "before the reveal come before those stopped after it (out of cards, a Stop "
       "penalty); players tied this way buy in random order.",
       "Purchasing Cards: \"Purchasing is always done in order of when players call STOP!\"",
       "players who stop at the same moment have no order in the book."),
    _r("ran-out",
       "A player runs out of cards: when do they buy, and may they still be targeted?",
       "They count as having called STOP the moment their deck is empty (after the players "
       "who called STOP at that draw): they buy in that order, fight in the battle, and can "
       "no longer be targeted.",
       "Battle for Locations: \"After all players have either: 1. Gone OUT 2. Called STOP "
       "3. Have run out of Cards to place in their line\"; Additional Rules: \"After you go "
       "OUT or call STOP, you cannot be Targeted.\"",
       "running out is listed beside STOP, but the purchase order and the targeting rule "
       "name only calling STOP and going OUT."),
    _r("choosing-is-targeting",
       "Is choosing an opposing player (\"an opposing player of your choosing\", \"choose "
       "an opposing player\") targeting them?",
       "Yes. A player who has called STOP, gone OUT or run out of cards, or whose General is "
       "face-up, cannot be chosen; when nobody can be chosen the effect does nothing.",
       "Additional Rules, Target/Targeting: \"Cards that Target tell you who you can target "
       "... After you go OUT or call STOP, you cannot be Targeted.\"",
       "no champion's text uses the word Target for choosing a player, so the book does not "
       "say whether choosing is targeting."),
    _r("forced-targeting",
       "Which choices must a player make and which may they decline?",
       "An effect that says a chosen player \"must\" do something or tells you to \"choose\" "
       "(Apprentice, Brigand, Lunar Witch, Priestess, Saboteur's first part, Dancer, Shaman, "
       "a Flip penalty) must choose when a choice exists; an effect that says \"you may\" "
       "(Assassin, Pyromancer, Saboteur's second part, Saint) may be declined.",
       "Additional Rules: \"Targeting is optional unless a card dictates that targeting "
       "must happen.\"",
       "the book does not say which wordings dictate that targeting must happen."),
    _r("forced-draw-ends",
       "What does \"draw one card\" do to a player who has stopped, gone OUT or run out?",
       "Nothing. Other players cannot make them draw (they cannot be targeted), and a "
       "player's own forced draws (Firebrand, Warlord, Wurm Lord, a Draw penalty) end as "
       "soon as they stop, go OUT or run out. A stopped player's waiting When Played "
       "effects still resolve; they just draw no more.",
       "Additional Rules: \"After you go OUT or call STOP, you cannot be Targeted.\"; "
       "Firebrand: \"When the Firebrand is drawn, you must draw one (1) card.\"",
       "a player's own forced draw is no targeting, and the book does not say whether it "
       "goes on after a Stop penalty or an empty deck."),
    _r("chain-now",
       "A card drawn because of an effect shows \"When Played\": when does it resolve?",
       "At once, before the rest of the effect that drew it and before any other effect "
       "waiting: a forced draw of two reveals the first card, resolves it fully, then draws "
       "the second.",
       "Play Actions: \"When this happens, resolve the card before all players draw the "
       "next. These interrupt play and take effect immediately.\"",
       "the book orders the cards of the ordinary draws; it does not say where a card drawn "
       "in the middle of another effect resolves."),
    _r("out-cancels",
       "A player goes OUT while their When Played card or Location penalty waits to "
       "resolve: does it still resolve?",
       "No: their turn is over, and their waiting effects are dropped.",
       "Draw, Draw, Draw until... You Go OUT: \"After two (2) Dark Omen cards have been "
       "revealed in your line, your turn is over.\"",
       "effects revealed together wait their turn (fewest victory points first); the book "
       "does not say whether a waiting effect of a player who has gone OUT meanwhile still "
       "resolves."),
    _r("penalty-timing",
       "When does a Location's penalty act?",
       "Penalties that act (Draw N, Flip N, Stop, Dark Omen) resolve when the Location "
       "comes out, in the same order as When Played effects; lasting ones (Lose N Gold, Lose "
       "N Swords, Buy N) count while the Location lies face-up in the line.",
       "Battle for Locations: \"When a Location comes out in your line, it will force you "
       "to take a penalty.\"",
       "the book prints no penalty, so it cannot say when each kind of penalty acts."),
    _r("village-choice",
       "The pool has several Villages: which one goes on top?",
       "One drawn at random; the others may be among the random Locations.",
       "Victory Conditions: \"pull out the Valiant Throne Location card and one (1) "
       "Village\"",
       "the book does not say which Village, when there are several."),
    _r("omen-per-3-vp",
       "\"For every 3 victory point markers\": markers or points, and when?",
       "Points: right after a player takes a Location, they hold one added Dark Omen for "
       "every 3 VP they have (a total of VP // 3), taken from the Dark Omen pile into their "
       "cards.",
       "Battle for Locations, Important Rule: \"For every 3 victory point markers you "
       "receive, add one (1) additional Dark Omen card to your deck.\"",
       "the tokens are worth 1, 3 or 5 VP, so 3 markers and 3 victory points differ, and "
       "the book does not say which it counts."),
    _r("omen-supply-empty",
       "A player must add a Dark Omen but the Dark Omen pile is empty?",
       "None is added (the pool holds 25; three per player start in the decks).",
       "Components: \"25 Dark Omens\"; Important Rule: \"add one (1) additional Dark Omen "
       "card to your deck\"",
       "the book does not say what happens when none is left."),
    _r("empty-supply",
       "The Gold or Soldier pile is empty: may a player still buy one?",
       "No: only cards left in a pile can be bought.",
       "Purchasing Cards: \"A Treasure Card costs 1 Gold to Purchase. A Soldier Card is "
       "free to purchase.\"; Components: \"36 Soldiers - 54 Gold\"",
       "the book does not say what happens when a pile runs out."),
    _r("empty-champion-pile",
       "The Champion deck runs out: how is the Market refilled?",
       "It is not: the Market then shows fewer than five Champions.",
       "Purchasing Cards: \"As soon as a Champion card is purchased from the Market, "
       "replace them with another. There should always be five (5) Champions in the "
       "Market.\"",
       "the book does not say what happens when no Champion is left to replace one."),
    _r("lone-contender",
       "Only one player is not OUT: do they win the Location even with 0 Swords?",
       "Yes: theirs is the highest total.",
       "Battle for Locations: \"The player with the highest total Swords in their line wins "
       "the Location.\"",
       "the book compares players' totals; it does not say whether a lone player with no "
       "Sword at all has the highest one."),
    _r("no-contender",
       "Every player went OUT: who wins the Location?",
       "Nobody: it stays on top and is played for next round, as after a tie.",
       "Battle for Locations: \"All players who have not gone OUT, count Swords\"; \"If "
       "there is a tie, the Location is not won and is played for in the next round.\"",
       "the book does not say what happens when nobody is left to count Swords."),
    _r("self-counts",
       "Does a card count itself (a Rogue Guard, a Mystic Retainer or Priestess)?",
       "Yes, unless its text says \"other\" or \"another\" (Brigand, Paladin, Saboteur, "
       "Dancer, Shaman). Only face-up cards count, the Retainer's \"each Mystic\" too.",
       "Guard: \"If your line includes at least one face-up Rogue\"; Paladin: \"each other "
       "face-up Rogue\"; Additional Rules: \"Face-down cards never count toward anything.\"",
       "the book's Guard, Retainer and Priestess carry no type in the text, so it never "
       "says whether a card of the counted type counts itself."),
    _r("mercenary-gold",
       "What is the \"face-up Gold\" the Mercenary counts?",
       "Gold cards only, not Dark Omens, Monks, SellSwords or a Champion's own Gold.",
       "Mercenary: \"If your line includes face-up Gold, gain +1 Sword for each, to a "
       "maximum of seven (7).\"",
       "Gold is both a kind of card and a value (Dark Omens are worth one (1) Gold, a Monk "
       "provides +2 Gold): the book does not say which the Mercenary counts."),
    _r("saint-stack",
       "May the Saint flip a stack of Dark Omens?",
       "Yes: a stack is one Dark Omen, so flipping it turns the whole stack face down (it "
       "then counts as no Dark Omen and gives no Gold).",
       "Special Rule: \"A stack of Dark Omens counts, in total, as one (1) Dark Omen.\"; "
       "Saint: \"you may Flip a Dark Omen card in your line to ignore it\"",
       "the Saint flips one card; the book does not say whether the cards stacked on it "
       "go with it."),
    _r("shaman-choice",
       "Which cards may the Shaman flip?",
       "With another face-up Champion or Soldier that can be flipped in the line (a Soldier "
       "counts as a Warrior-type Champion), any face-up Champion (the Shaman included) or "
       "Soldier; with none (or only the Hero), the Shaman itself. Never the Hero.",
       "Shaman: \"you must Flip a Champion or Soldier in your line. If you have no other "
       "face-up Champions (or only the Hero, which cannot be Flipped), you must Flip the "
       "Shaman.\"",
       "the first sentence allows any Champion in the line, the Shaman among them; the "
       "second speaks of other Champions: whether the Shaman may flip itself while another "
       "card could be flipped is not said."),
    _r("lunar-witch-choice",
       "Which card does the Lunar Witch's chosen player flip?",
       "One face-up Champion card of their choice (never the Hero); only when none can be "
       "flipped, a face-up Soldier; with neither, nothing.",
       "Lunar Witch: \"They must flip any one (1) Champion in their line, of their choice. "
       "If a Champion is not available, they must Flip a Soldier.\"; Soldiers: \"counts as "
       "a Warrior-type Champion\"",
       "a Soldier counts as a Champion, yet the card makes a Soldier the flip when no "
       "Champion is available: the two readings differ on whether a Soldier may be chosen "
       "while a Champion card is face-up. The engine follows the card's own words."),
    _r("dancer-copies-dancer",
       "A Dancer copies another Dancer: what does it get?",
       "What that Dancer copied (and its Draw effect resolves again for the new Dancer); a "
       "Dancer that copied nothing gives nothing.",
       "Dancer: \"it copies all the effects of another face-up Champion in your line\"",
       "a Dancer's own effect is to copy: the book does not say whether a Dancer copying it "
       "copies anew or takes what it copied."),
    _r("dancer-copy-stays",
       "Does the Dancer's copy end if the copied Champion is flipped later, and does the "
       "Dancer take its type?",
       "The copy stays with the Dancer for the round; the Dancer keeps its own type and "
       "base Swords. A copied Draw effect resolves at once as the Dancer's.",
       "Dancer: \"This may copy Draw or Ongoing effects, and lasts the same duration. ... "
       "The Dancer does not copy that Champions base Sword value.\"",
       "the book says how long the copy lasts, not whether it survives the copied card "
       "being flipped, nor whether the type is one of the effects copied."),
    _r("general-shields-cards",
       "May other players' effects pick the cards of a player whose General is face-up "
       "(the Assassin's flip)?",
       "No: neither the player nor their cards can be targeted by other players' effects.",
       "General: \"While the General is face-up, you cannot be Targeted by other players' "
       "effects.\"",
       "the General shields you; the book does not say whether your cards are shielded "
       "too."),
    _r("flip-keeps-resolved",
       "A card whose Draw effect has resolved is flipped: is the effect undone?",
       "No: what resolved stands; the flipped card counts for nothing from then on.",
       "Additional Rules: \"Flipping only ever changes a card's position from face-up to "
       "face-down.\"",
       "the book does not say whether flipping undoes what the card already did."),
    _r("flipped-before-resolving",
       "A When Played card is flipped face-down before its effect resolves (an earlier "
       "effect of the same draw flipped it): does the effect still happen?",
       "No: a face-down card counts for nothing, its waiting effect included.",
       "Additional Rules: \"Face-down cards never count toward anything.\"; Play Actions: "
       "\"They only take effect as they are played.\"",
       "the card was played face-up; the book does not say whether its effect, still "
       "waiting, counts once the card is face-down."),
    _r("zero-draws",
       "The Priestess is drawn with no face-up Mystic in the line: what happens?",
       "Nothing: nobody is chosen, since there is nothing to draw.",
       "Priestess: \"They must draw a number of cards equal to the number of Mystics "
       "face-up in your line.\"",
       "a Priestess of another type than Mystic may have none to count; the book does not "
       "say whether a player must still be chosen (targeted) to draw no card."),
    _r("oracle-knowledge",
       "Who learns what when the Oracle looks at the top four cards?",
       "Its owner knows those cards (in order) until they are drawn; the other players know "
       "only that four cards were looked at.",
       "Oracle: \"look at the top four (4) cards of your deck and return them in the same "
       "order.\"",
       "the book does not say whether the other players see the cards."),
)

RULINGS: dict[str, Ruling] = {r.id: r for r in RULING_LIST}


def _key(name: str) -> str:
    return name.casefold().replace(" ", "-")


EFFECT_IDS: dict[int, str] = {code: f"valiantwars.effect.{_key(name)}"
                              for name, code in EFFECT_CODES.items()}
"""Coverage id of each champion effect, by effect code."""
PENALTY_IDS: dict[int, str] = {code: f"valiantwars.penalty.{key}"
                               for code, key in enumerate(PENALTY_KEYS) if key != "none"}
"""Coverage id of each location penalty, by penalty code."""

RULES: dict[str, str] = {
    "valiantwars.rule.setup-market": "Setup: five Champions face-up make the Market",
    "valiantwars.rule.setup-locations": "Victory Conditions: the location deck for the "
                                        "player count, Throne at the bottom, Village on top",
    "valiantwars.rule.starting-deck": "Starting Deck: 5 Gold, 3 Dark Omens, 2 Soldiers",
    "valiantwars.rule.shuffle": "1. Shuffle: all the cards you own, every round",
    "valiantwars.rule.draw": "2. DRAW!: one card at a time, simultaneously",
    "valiantwars.rule.stop": "You Call STOP!: stop at any time",
    "valiantwars.rule.out": "You Go OUT: the second Dark Omen ends the round for you",
    "valiantwars.rule.omen-stack": "Special Rule: Dark Omens on a first-card Dark Omen stack",
    "valiantwars.rule.ran-out": "Battle: a player who has run out of cards",
    "valiantwars.rule.when-played": "3. Play Actions: a When Played card resolves at once",
    "valiantwars.rule.effect-order": "Play Actions: several at once, fewest VP first",
    "valiantwars.rule.effect-tie": "Play Actions: a tie in VP is ordered randomly",
    "valiantwars.rule.conditional": "Play Actions: a conditional effect whose condition fails",
    "valiantwars.rule.target-declined": "Targeting is optional unless a card dictates it",
    "valiantwars.rule.cannot-target": "Targeting: a player who stopped or is OUT is skipped",
    "valiantwars.rule.flip": "Flip: a card turned face-down",
    "valiantwars.rule.face-down": "Face-down cards never count toward anything",
    "valiantwars.rule.buy-order": "Purchasing: in the order players called STOP",
    "valiantwars.rule.buy-soldier": "Purchasing: a Soldier is free",
    "valiantwars.rule.buy-gold": "Purchasing: a Gold costs 1",
    "valiantwars.rule.buy-champion": "Purchasing: a Champion costs its cost",
    "valiantwars.rule.market-refill": "Purchasing: the Market is refilled at once",
    "valiantwars.rule.battle-won": "Battle: the highest Swords wins the top Location",
    "valiantwars.rule.battle-tie": "Battle: a tie leaves the Location for the next round",
    "valiantwars.rule.location-penalty": "Battle for Locations: a Location's penalty when "
                                         "it comes out in its owner's line",
    "valiantwars.rule.location-vp": "Battle: the winner takes the Location's victory points",
    "valiantwars.rule.omen-per-3-vp": "Important Rule: +1 Dark Omen for every 3 VP",
    "valiantwars.rule.win-vp": "Winning: enough victory points for the player count",
    "valiantwars.rule.win-throne": "Winning: the player to take the Valiant Throne",
}
"""Coverage ids of the rulebook's own rules, with the section they come from."""

COVERAGE_IDS: tuple[str, ...] = (tuple(RULES) + tuple(EFFECT_IDS.values())
                                 + tuple(PENALTY_IDS.values()) + tuple(RULINGS))
"""Every rule, effect, penalty and ruling the engine counts, in report order."""
COVERAGE_INDEX: dict[str, int] = {rule_id: i for i, rule_id in enumerate(COVERAGE_IDS)}
"""Each coverage id's number: its place in `COVERAGE_IDS` (see `ValiantWarsRules.hit`)."""

EFFECT_RULINGS: dict[str, tuple[str, ...]] = {
    "Dancer": ("dancer-copies-dancer", "dancer-copy-stays"),
    "Saint": ("saint-stack",),
    "Shaman": ("shaman-choice",),
    "Lunar Witch": ("lunar-witch-choice",),
    "General": ("general-shields-cards",),
    "Mercenary": ("mercenary-gold",),
    "Priestess": ("zero-draws",),
    "Oracle": ("oracle-knowledge",),
}
"""Rulings that only a pool holding that effect can fire (for `absent_ids`)."""
