"""WarBadge rulings: every place the rulebook is silent or ambiguous, as data.

Each ruling has a stable id (``warbadge.ruling.<name>``), the question the rulebook leaves
open, the decision the engine follows, and the rulebook passage it concerns (section name
and quoted sentence). The engine counts each time a ruling decides something; `pnp play`
reports the counts, so designers see which holes in their rules actually matter.

The module also lists the coverage ids of the rulebook's own rules and abilities.
"""

from __future__ import annotations

from toolkit.sim.engine import Ruling


def _r(name: str, question: str, decision: str, passage: str) -> Ruling:
    return Ruling(f"warbadge.ruling.{name}", question, decision, passage)


RULING_LIST: tuple[Ruling, ...] = (
    _r("flip-choice",
       "Setup says each player flips their own badges but not which ones, nor whether the "
       "two players take turns.",
       "Each player flips their own badges, one at a time, choosing which; both players flip "
       "at the same time. With too many ready badges a player flips ready ones face up, with "
       "too few face-down ones down.",
       "Setup: \"flip your WarBadges one-by-one until exactly half of them rounded up are "
       "ready (facedown).\""),
    _r("ready-count-team",
       "What is \"half of them\" (first round) and \"half of the losing player's team\" "
       "(later rounds)? The book does not say whether a team counts the badges lost, "
       "hidden or set aside.",
       "A team is the player's badges still alive (hidden and set-aside ones included); "
       "half of it, rounded up, is the number each player makes ready among its dropped "
       "badges. A player's own Fast badges leave that player's own count only (Fast: \"It "
       "doesn't count towards your number of WarBadges\") and come back ready on top.",
       "End of Round: \"flip their dropped WarBadges until they each have a number of "
       "WarBadges ready that is equal to half of the losing player's team, rounded up.\""),
    _r("ready-count-cap",
       "What if a player dropped fewer badges than the number to make ready? The book "
       "assumes there are enough.",
       "All of that player's dropped badges are made ready.",
       "End of Round, step 3 (as above)."),
    _r("both-exhausted",
       "Who is \"the losing player\" when both players run out of ready WarBadges in the "
       "same battle? The book speaks of one losing player.",
       "Both are: nobody sets badges aside, and the number to make ready is half of the "
       "smaller of the two teams, rounded up.",
       "End of Round: \"The round ends when one player has exhausted all of their "
       "WarBadges.\""),
    _r("set-aside-ready",
       "In which condition are WarBadges that were set aside re-added? The book does not "
       "say.",
       "Ready, as they were when set aside.",
       "End of Round: \"Re-add any WarBadges that were set aside to that player's pool of "
       "WarBadges.\""),
    _r("ability-windows",
       "\"Players may use abilities at any time during the appropriate phase\": the book "
       "gives no moment when a phase of simultaneous play is over.",
       "A phase runs in windows: in each window every player who can use an ability declares "
       "one or passes, at the same time (hidden until both have declared). The phase ends "
       "when everybody passes in the same window; a player with no usable ability passes "
       "on their own.",
       "Using Abilities: \"Players may use abilities at any time during the appropriate "
       "phase. Players do not need to take turns, but new abilities cannot be activated "
       "until currently activated abilities are resolved.\""),
    _r("declare-order",
       "Both players declare an ability at the same moment: which resolves first? The "
       "book orders abilities by declaration only.",
       "Priority alternates: seat 1 in odd battles, seat 2 in even battles; the priority "
       "player's ability resolves first.",
       "Battle Phases: \"Abilities are resolved one-by-one in the order that players "
       "declare them.\""),
    _r("fizzle",
       "An ability declared together with another one can no longer be used when its turn "
       "to resolve comes (its badge was killed, or nothing is left to act on). The book "
       "does not say what happens then.",
       "It does nothing, and its badge stays as it is.",
       "Using Abilities: \"new abilities cannot be activated until currently activated "
       "abilities are resolved.\""),
    _r("blind-target",
       "How is a face-down enemy WarBadge targeted (Death Curse, Enervate)? The book "
       "forbids looking, and lets the owner rearrange face-down badges at any time, but "
       "says nothing of how the pick is made.",
       "The picker picks one of the enemy's face-down badges without seeing it; which "
       "badge that is, is drawn at random (the owner may have rearranged them), so all "
       "face-down badges are one target to the picker.",
       "Death Curse: \"When targeting an enemy WarBadge that is ready, you may not look at "
       "the face-side.\" Conditions: \"You can peek at or rearrange your facedown "
       "WarBadges at any time during the game.\""),
    _r("death-curse-hidden",
       "May Death Curse kill a hidden badge? Death Curse kills \"a WarBadge of your "
       "choice\", but Hide has removed that badge from play for the round.",
       "No: a hidden badge is out of play until it returns. Any badge in play may be "
       "killed, of either player: ready (blind, when the enemy's), exhausted, or chosen "
       "for the battle (the enemy's unseen unless Charge revealed it), who then chooses "
       "again.",
       "Hide: \"Remove from play for the current round.\" Death Curse: \"Reveal and kill "
       "this WarBadge to kill a WarBadge of your choice.\""),
    _r("battle-cancelled",
       "During pre-battle, a player who has not chosen yet has no ready badge left (Death "
       "Curse or Lead used up the last one). The book ends the round but does not say what "
       "becomes of the badge the other player already chose.",
       "The battle does not happen and the round ends; a badge the other player already "
       "chose returns ready (and is set aside).",
       "End of Round: \"The round ends when one player has exhausted all of their "
       "WarBadges.\""),
    _r("rage-active-opponent",
       "What is an \"active opponent\" for Rage? The book does not define it.",
       "An enemy player who still has a ready WarBadge after the battle (who is still active "
       "in the round). Against a player with no ready badge left Rage does nothing.",
       "Rage: \"If this WarBadge wins a battle against an active opponent, it is not "
       "exhausted. Flip it back to ready.\""),
    _r("mount-kinds",
       "Mount excludes riders that are \"a beast, abomination, flying, or machine\", but "
       "beast and machine are not among the eight types.",
       "The rider's types are compared case-insensitively with the four words; beast and "
       "machine only exclude a rider when a custom type vocabulary has them.",
       "Mount: \"If the WarBadge in battle is not a beast, abomination, flying, or machine, "
       "reveal this WarBadge during a battle to add this WarBadge's value to the value of "
       "the WarBadge in the battle.\""),
    _r("mount-one",
       "\"Only one mount may be used at a time\": per battle, or per player?",
       "At most one Mount per player in each battle.",
       "Mount: \"Only one mount may be used at a time.\""),
    _r("mount-kill-choice",
       "If the mounted WarBadge loses, who chooses to kill the mount or the rider? The "
       "book does not say.",
       "The pair's owner; the one not killed is exhausted.",
       "Mount: \"If the mounted WarBadge loses, kill either the mount or the rider.\""),
    _r("mount-abilities",
       "Do the mount's own abilities (Poison, Rage, Inspire) act in the battle? The book "
       "leaves out its types, strengths and weaknesses but says nothing of abilities.",
       "No: the mount adds its value only; the rider's abilities act.",
       "Mount: \"Do not count this WarBadge's types, strengths or weaknesses in the "
       "battle.\""),
    _r("protect-own",
       "Both battling badges are \"the WarBadge in the battle\": whose weaknesses does "
       "Protect remove?",
       "Those of the Protect player's own badge, as \"the WarBadge in the battle\" is the "
       "player's own for Mount and Illusion.",
       "Protect: \"Reveal this WarBadge during a battle to remove all weaknesses from the "
       "WarBadge in the battle.\""),
    _r("illusion-swap",
       "Whose badges does Illusion swap, and do Mount and Protect, used before the swap, "
       "go on acting? The book says neither.",
       "The Illusion player's own (\"the WarBadge in the battle\" as for Mount). Mount and "
       "Protect stay with the battle side and apply to whichever badge is in the battle "
       "when it is resolved; a Mount that cannot carry the new badge adds nothing and "
       "cannot die in its place. The Charge bonus is the swapped-out badge's (\"its value "
       "doubles\") and leaves with it.",
       "Illusion: \"Reveal to swap any ready WarBadge including this WarBadge with the "
       "WarBadge in the battle. The WarBadge that was in the battle returns to ready.\""),
    _r("swarm-visible",
       "Which badges are \"currently visible\" for Swarm? The book counts exhausted badges "
       "but not unrevealed ones; it does not say whether dead or hidden badges, out of "
       "play, are visible.",
       "Every face-up badge in play, of either player: exhausted, in the battle (a mount "
       "included), dying, or revealed by Charge. Dead and hidden badges are out of play and "
       "do not count.",
       "Swarm: \"This WarBadge has the value of all currently visible WarBadges with the "
       "Swarm ability combined, including exhausted badges but not unrevealed badges.\""),
    _r("swarm-reveal",
       "When you \"play\" a Swarm badge and reveal others \"at the same time\": when is "
       "that with Charge, which reveals the choice before the battle, and what becomes of "
       "the others?",
       "They are chosen with the badge, in secret, and flipped face up (exhausted) when the "
       "badge itself is revealed: at the battle's reveal, or at once when it is charged. "
       "One no longer face down by then stays where it is.",
       "Swarm: \"When you play this WarBadge you may reveal any number of other WarBadges "
       "with the swarm ability at the same time.\""),
    _r("charge-value",
       "What does Charge double when other abilities change the value? The book says only "
       "\"its value doubles\".",
       "The Charge badge's battle value (its Swarm total when it has Swarm), before a Mount "
       "adds its value.",
       "Charge: \"If you reveal this WarBadge before a battle as your choice for the next "
       "battle, its value doubles.\""),
    _r("poison-both",
       "Both badges of a drawn battle have Poison: does each make the other lose, or do "
       "they cancel as advantages do? The book does not say.",
       "Both lose.",
       "Poison: \"If the battle is a draw, the other WarBadge loses.\""),
    _r("poison-winner",
       "Does the Poison badge win the drawn battle that its Poison decides (for Rage and "
       "Inspire)? The book says only that the other badge loses.",
       "Yes.",
       "Poison (as above)."),
    _r("post-battle-order",
       "In which order do the post-battle effects happen? The book lists no order.",
       "Poison, the Mount choice and Regenerate first; then Heal and Altruism may save dying "
       "badges; then the dying badges die (Feed and Revenge trigger); then Rage, then "
       "Inspire; then Enervate and Hide.",
       "Battle Phases: \"Post-Battle: After the winner of a battle is determined and when "
       "the losing WarBadge is removed from play.\""),
    _r("save-any",
       "Is a badge's \"value\" for Heal (and the other abilities that read one) the printed "
       "value or the value in the battle? The book does not say.",
       "The printed value (Charge, Mount and Swarm change battle values only). Heal and "
       "Altruism may save any badge dying from the battle, of either player (\"a "
       "WarBadge\", \"another WarBadge\").",
       "Heal: \"Reveal to prevent a WarBadge of X value or less from dying from a battle, "
       "where X equals the value of this WarBadge.\""),
    _r("dying-cannot-act",
       "May a dying badge use Altruism, or Hide to escape? The post-battle phase begins "
       "\"when the losing WarBadge is removed from play\", yet Heal and Altruism save it.",
       "No: a dying badge uses no ability; Hide is used after the deaths.",
       "Hide: \"This ability may be activated after any battle, even if this WarBadge is "
       "already exhausted.\""),
    _r("regenerate-defeat",
       "When is a badge \"defeated\" for Regenerate? The book does not say whether a kill "
       "by an ability is a defeat.",
       "When it would die from a lost battle for any reason other than type disadvantage "
       "(lower value, Poison, or as the pair member killed after a mounted loss); never when "
       "it is killed by an ability (Death Curse, Altruism).",
       "Regenerate: \"If this WarBadge was not defeated due to disadvantage, exhaust it "
       "instead of removing it from play.\""),
    _r("dies-meaning",
       "What does \"dies\" mean for Feed and Revenge? The book uses it without defining it.",
       "A badge dies when it leaves play for good: defeated and not saved, or killed by "
       "Death Curse, Altruism or the Mount choice. Hidden, set-aside and saved badges do not "
       "die. Feed and Revenge ready a badge that is exhausted in play.",
       "Feed: \"When an enemy dies, ready this WarBadge.\" Revenge: \"When an allied "
       "WarBadge dies ready this WarBadge.\""),
    _r("lead-targets",
       "Whose badges do Lead and Inspire make ready, and may Lead ready itself? The book "
       "says \"X WarBadges\", naming no owner (Enervate, which acts on the enemy, says "
       "\"enemy WarBadges\").",
       "The player's own exhausted badges, chosen by the player; Lead cannot ready itself "
       "(revealing it is what the ability costs), Inspire can; with X or fewer exhausted "
       "badges all of them are readied.",
       "Lead: \"Reveal to flip X WarBadges to their ready side where X equals the value of "
       "this WarBadge.\""),
    _r("inspire-killed",
       "Inspire readies \"the value of the WarBadge killed\": what if the loser was saved, "
       "or the mount died instead of the rider? The book does not say.",
       "Inspire needs a badge that died from the battle; X is that badge's printed value "
       "(the mount's when the mount was killed). A saved loser gives nothing.",
       "Inspire: \"If this WarBadge wins a battle flip X WarBadges to their ready side where "
       "X equals the value of the WarBadge killed.\""),
    _r("enervate-trigger",
       "Which enemy abilities can Enervate trigger? The book names none.",
       "Flipping an enemy badge face up reveals it: if it has Enervate, its owner may use "
       "it at once. The other \"Reveal to\" abilities belong to other phases or have "
       "nothing left to act on after the deaths.",
       "Enervate: \"If using this ability triggers an enemy ability, resolve that ability as "
       "if the enemy player had triggered it.\""),
    _r("hidden-alive",
       "Do hidden badges count at the end of the game, and against elimination? Hide "
       "removes a badge \"from play\" without saying whether it is still in the game.",
       "Yes: a hidden badge is alive; it counts for the number of badges and the total value "
       "and keeps its player from being eliminated.",
       "Hide: \"Remove from play for the current round. Return to play ready in the next "
       "round after both players have dropped their WarBadges.\""),
    _r("mutual-elimination",
       "Both teams are eliminated at once (a Death Curse kills the last badge of each). "
       "The book names a winner only when one team remains.",
       "The game is a draw.",
       "Victory: \"To win the game you have to eliminate all the other player's badges\"."),
)

RULINGS: dict[str, Ruling] = {r.id: r for r in RULING_LIST}

ABILITY_NAMES: tuple[str, ...] = (
    "Altruism", "Charge", "Death Curse", "Enervate", "Fast", "Feed", "Heal", "Hide",
    "Illusion", "Inspire", "Lead", "Mount", "Poison", "Protect", "Rage", "Regenerate",
    "Resurrect", "Revenge", "Swarm",
)
"""The rulebook's nineteen abilities, as printed."""


def ability_key(name: str) -> str:
    """The canonical key of an ability name: ``Death Curse`` -> ``death-curse``."""
    return "-".join(name.casefold().split())


ABILITY_IDS: dict[str, str] = {ability_key(n): f"warbadge.ability.{ability_key(n)}"
                               for n in ABILITY_NAMES}
"""Ability key -> coverage id."""

RULES: dict[str, str] = {
    "warbadge.rule.shake-and-drop": "Setup / Game Play: Shake and Drop",
    "warbadge.rule.first-round-ready": "Setup 3: flip until exactly half rounded up are ready",
    "warbadge.rule.next-round-ready": "End of Round 3: half of the losing player's team ready",
    "warbadge.rule.secret-choice": "Battle Phases: players choose a ready WarBadge in secret",
    "warbadge.rule.reveal": "Battle Resolution: both reveal at the same time",
    "warbadge.rule.type-advantage": "Battle Resolution 1: type advantage wins",
    "warbadge.rule.advantage-cancel": "Battle Resolution 1: both advantaged cancel out",
    "warbadge.rule.compare-values": "Battle Resolution 2: higher value wins",
    "warbadge.rule.draw": "Battle Resolution 3: a draw exhausts both",
    "warbadge.rule.winner-exhausted": "Battle Resolution: the winner is exhausted",
    "warbadge.rule.defeated-removed": "Battle Resolution: the loser is removed from play",
    "warbadge.rule.round-end": "End of Round: a player has exhausted all their WarBadges",
    "warbadge.rule.set-aside": "End of Round 1: the other player's ready WarBadges set aside",
    "warbadge.rule.re-add": "End of Round 4: set-aside WarBadges re-added",
    "warbadge.rule.victory-elimination": "Victory: all the other player's badges eliminated",
    "warbadge.rule.victory-more-badges": "Victory: more badges after the last round",
    "warbadge.rule.victory-total-value": "Victory: same count, higher total value",
    "warbadge.rule.victory-draw": "Victory: same count and value is a draw",
}
"""Coverage ids of the rulebook's own rules, with the section they come from."""

COVERAGE_IDS: tuple[str, ...] = (
    tuple(RULES) + tuple(ABILITY_IDS.values()) + tuple(RULINGS)
)
"""Every rule, ability and ruling the engine counts, in report order."""

INDEX: dict[str, int] = {rule_id: i for i, rule_id in enumerate(COVERAGE_IDS)}
"""Coverage id -> its number: the engine counts firings in a list (`IndexedCounts`)."""
