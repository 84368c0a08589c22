"""Issue 24, Valiant Wars: where the engine decided against the rulebook's own words, each
scenario quoting the sentence (shared/rules/valiant-wars.md, section and line) and failing
on the engine before the fix; and the logs telling what happened."""

from __future__ import annotations

import re
from random import Random

from vwkit import act, deal, names, params, step

from toolkit.games.valiantwars.engine import RULINGS, ValiantWarsRules, sample_params, tally
from toolkit.games.valiantwars.engine.state import CHOICE, DRAW
from toolkit.games.valiantwars.vocab import EFFECT_TEXT, HERO, TABLE
from toolkit.sim.harness import play_game

DROPPED = ("soldier-not-champion", "dancer-no-hero", "saboteur-second", "village-in-count")
"""Rulings that decided what the text decides: gone, the text followed."""


def both(rules, s):
    return step(rules, s, **{f"p{p}": "draw" for p in rules.to_move(s)})


def flips(rules, s, p: int) -> set[int]:
    return {a[2] for a in rules.legal_actions(s, p) if a[0] == "flip"}


def test_the_rulings_that_narrowed_the_book_are_gone():
    """`pnp rulings valiantwars` lists only open questions: none of the four rulings that
    decided against the text is left, and each ruling says why the text is open."""
    for name in DROPPED:
        assert f"valiantwars.ruling.{name}" not in RULINGS
    for ruling in RULINGS.values():
        passage, _, why = ruling.passage.partition(" — open: ")
        assert passage and len(why) > 20, ruling.id


# ----------------------------------------------------------------- 1. Soldiers

def test_the_assassin_may_flip_an_opposing_soldier():
    """Soldiers (line 81): "Each Soldier adds one (1) Sword to the battle and counts as a
    Warrior-type Champion."; Assassin (line 330): "you may flip any one (1) opposing
    Champion in play." Before, the Assassin found nothing to flip."""
    rules, s, _ = deal(["Gold", "Night Assassin", "Gold"], ["Soldier", "Gold", "Gold"])
    s = both(rules, s)
    s = both(rules, s)
    soldier = s.line[1][0]
    assert s.phase == CHOICE and rules.legal_actions(s, 0) == (("flip", 0, soldier),
                                                               ("pass", 0))
    s = act(rules, s, ("flip", 0, soldier))
    assert s.down[1] == (soldier,) and tally(s.pool, s.line[1], s.down[1], 0)[0] == 0


def test_the_shaman_may_flip_a_soldier_instead_of_itself():
    """Shaman (line 420): "you must Flip a Champion or Soldier in your line. If you have no
    other face-up Champions (or only the Hero, which cannot be Flipped), you must Flip the
    Shaman." A face-up Soldier is another Champion (line 81): the Shaman need not flip
    itself. Before, it was flipped at once."""
    rules, s, _ = deal(["Soldier", "Grey Shaman", "Gold"], ["Gold"] * 3)
    s = both(rules, s)
    s = both(rules, s)
    soldier, shaman = s.line[0]
    assert s.phase == CHOICE and flips(rules, s, 0) == {soldier, shaman}
    s = act(rules, s, ("flip", 0, soldier))
    assert names(s, s.down[0]) == ["Levy Soldier"]
    # with no other Champion, Soldier or only the Hero: the Shaman itself, at once
    for first in ("Gold", "Sworn Hero"):
        rules, s, _ = deal([first, "Grey Shaman", "Gold"], ["Gold"] * 3)
        s = both(rules, s)
        s = both(rules, s)
        assert names(s, s.down[0]) == ["Grey Shaman"], first


# ----------------------------------------------------------------- 2. the Dancer

def test_the_dancer_copies_the_hero_and_cannot_be_flipped():
    """Dancer (line 348): "it copies all the effects of another face-up Champion in your
    line"; Hero (line 368): "The Hero cannot be Flipped by any means". A Dancer beside the
    Hero copies it (its one choice), and an Assassin then finds nothing to flip. Before,
    the Dancer copied nothing."""
    rules, s, _ = deal(["Sworn Hero", "Veil Dancer", "Gold", "Gold"],
                       ["Gold", "Gold", "Night Assassin", "Gold"])
    s = both(rules, s)
    s = both(rules, s)
    hero, dancer = s.line[0]
    assert s.copies == ((dancer, HERO),)
    s = both(rules, s)  # the Assassin: neither the Hero nor the Dancer can be flipped
    assert s.phase == DRAW and s.down == ((), ())


def test_the_dancer_may_copy_a_soldier():
    """Dancer (line 348): "another face-up Champion in your line ... The Dancer does not
    copy that Champions base Sword value."; a Soldier "counts as a Warrior-type Champion"
    (line 81): copying it gives nothing, which beats copying a forced draw."""
    rules, s, _ = deal(["Soldier", "Wild Firebrand", "Gold", "Veil Dancer", "Gold"],
                       ["Gold"] * 5)
    for _ in range(3):
        s = both(rules, s)
    soldier, firebrand = s.line[0][:2]
    assert s.phase == CHOICE and {a[2] for a in rules.legal_actions(s, 0)} == {
        soldier, firebrand}
    s = act(rules, s, ("copy", 0, soldier))
    assert s.copies[-1] == (s.line[0][-1], 0) and s.phase == DRAW


# ----------------------------------------------------------------- 3. the Saboteur

def test_the_saboteur_reads_another_rogue_when_played_not_after_its_draws():
    """Play Actions (lines 216, 218): "you must have already played a Rogue Champion for
    this card's ability to take effect"; "'When Played' effects are never retroactive.
    They only take effect as they are played." Saboteur (line 404). Player 2's Apprentice,
    drawn by the Saboteur, makes player 1 draw a Brigand (a Rogue): too late for the
    Saboteur's second part. Before, it was offered."""
    rules, s, _ = deal(["Fuse Saboteur", "Road Brigand", "Gold", "Gold"],
                       ["Gold", "Apprentice", "Gold", "Gold", "Gold"])
    s = both(rules, s)
    assert names(s, s.line[0]) == ["Fuse Saboteur", "Road Brigand"]
    assert s.phase == DRAW  # no second part to choose
    assert rules.counts["valiantwars.rule.conditional"] == 1


def test_the_saboteur_keeps_its_second_part_when_the_rogue_is_flipped_meanwhile():
    """The other side of "never retroactive" (line 218): a Rogue in play when the Saboteur
    is played earns the second part, even if an Assassin drawn by the first part flips it.
    Before, the second part was lost."""
    rules, s, _ = deal(["Road Brigand", "Fuse Saboteur", "Gold", "Gold"],
                       ["Gold", "Gold", "Gold", "Night Assassin", "Gold", "Gold"])
    s = both(rules, s)  # the Brigand: player 2 draws one
    s = both(rules, s)  # the Saboteur: player 2 draws the Assassin first
    brigand = s.line[0][0]
    assert s.phase == CHOICE and rules.to_move(s) == (1,)
    s = act(rules, s, ("flip", 1, brigand))
    assert rules.legal_actions(s, 0) == (("target", 0, 1), ("pass", 0))


# ----------------------------------------------------------------- 4. the location deck

def test_the_village_is_added_on_top_of_the_tables_locations():
    """Victory Conditions (line 179): "Take a random number of Locations based on the
    player count and shuffle them then add the Valiant throne to the bottom of the deck and
    the Village to the top." 2 players: the Village, 10 Locations and the Throne, 12 cards.
    Before, the Village was one of the ten (11 cards)."""
    rules = ValiantWarsRules()
    for players, (count, _) in TABLE.items():
        s = rules.setup(params(players), Random(players))
        pool = s.pool
        assert len(s.locations) == count + 2, players
        assert s.locations[0] in pool.villages and s.locations[-1] == pool.throne
        assert not list(rules.invariants(s))


# ----------------------------------------------------------------- 6. logs and text

def _log(players: int, seed: int) -> str:
    return play_game(ValiantWarsRules(), sample_params(players), ["greedy"] * players, seed,
                     log=True).log


def test_the_log_shows_each_locations_vp_and_each_dark_omen_added():
    """Battle for Locations (lines 286, 296): "Take a number of victory points described
    on the Location card."; "For every 3 victory point markers you receive, add one (1)
    additional Dark Omen card to your deck." The log gives the Location's VP with the
    running total, the opening Dark Omens, and each Dark Omen added."""
    pool = sample_params(2)
    vp = {c.name: c.vp for c in pool.cards if c.kind == "Location"}
    log = _log(2, 1)
    assert "starting deck: 5 Gold, 3 Dark Omens, 2 Soldiers" in log
    totals: dict[str, int] = {}
    taken = re.findall(r"(Player \d) takes (.+?): (\d+) VP \((\d+) VP in all\)", log)
    assert taken
    for who, name, got, in_all in taken:
        assert int(got) == vp[name]
        totals[who] = totals.get(who, 0) + int(got)
        assert int(in_all) == totals[who]
    for who, total in totals.items():
        added = log.count(f"{who} adds a Dark Omen") + log.count(f"{who} adds no Dark Omen")
        assert added == total // 3, who


def test_a_ruling_is_told_once_per_game():
    """Each ruling's line comes once in a game's log, where it first applies (before, the
    simultaneous-draw ruling came at every draw)."""
    for seed in (1, 2):
        lines = re.findall(r"ruling `([^`]+)`", _log(3, seed))
        assert lines and len(lines) == len(set(lines))


def test_the_dancers_printed_text_is_the_books_whole_text():
    """Dancer (line 348), every sentence, "Tap the Champion ..." and "It also includes all
    of the text of the chosen champion." included (the apostrophe of "Champion's" added)."""
    book = ("Draw effect - When the Dancer is drawn, it copies all the effects of another "
            "face-up Champion in your line. Tap the Champion to indicate it is being "
            "duplicated. This may copy Draw or Ongoing effects, and lasts the same duration. "
            "It also includes all of the text of the chosen champion. The Dancer does not "
            "copy that Champions base Sword value.")
    assert EFFECT_TEXT["Dancer"].replace("Champion's", "Champions") == book
