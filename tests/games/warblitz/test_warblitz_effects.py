"""The effect vocabulary (effects.py): every documented example reads, the canonical text
reads back to the same effect, and what the vocabulary cannot read is refused with the
clause, the word and a "did you mean" — at its cell when it comes from a catalog.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import make_xlsx, rules_of
from toolkit.core.registry import ValidateRequest
from toolkit.games.warblitz import GAME, read_catalog
from toolkit.games.warblitz import effects as E
from toolkit.games.warblitz.effects import EffectError, effect_text, parse_effect
from toolkit.games.warblitz.engine.samples import EVENTS, RELICS, UNITS
from toolkit.games.warblitz.template import example_sheets

DOCS = Path(__file__).resolve().parents[3] / "docs" / "warblitz.md"


def _doc_examples() -> list[tuple[str, str]]:
    """(first column, example) of every row of the docs' keyword, trigger and step tables."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### Keywords"):text.index("### Targets")]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) == 3 and cells[2].startswith("`") and not set(cells[0]) <= {"-"}:
            rows.append((cells[0], cells[2].strip("`")))
    return rows


DOC_EXAMPLES = _doc_examples()


def _kind(example: str) -> tuple[str, bool]:
    if example.startswith(("On play", "Ongoing: +1 dice friendly melee", "Ongoing: -1 dice enemy",
                           "Ongoing: +1 moves", "Ongoing: +1 range")):
        return "event", True
    return "unit", False


def test_the_docs_give_one_example_per_trigger_step_and_keyword():
    """docs/warblitz.md documents every trigger, step and keyword with an example."""
    firsts = " ".join(first for first, _ in DOC_EXAMPLES)
    for trigger in E.TRIGGERS:
        assert f"`{trigger.capitalize()}:`" in firsts, trigger
    for word in ("damage", "heal", "boost", "spend", "force", "move", "gain N <token>`",
                 "gain N <token> on", "draw dice", "dice", "moves", "range", "Taunt",
                 "Cannot be forced", "Moves N", "Range N"):
        assert word in firsts, word
    assert len(DOC_EXAMPLES) == 4 + len(E.TRIGGERS) + 12


@pytest.mark.parametrize(("what", "example"), DOC_EXAMPLES)
def test_every_documented_example_reads_and_writes_back(what, example):
    """Each example of the docs is valid, and its canonical text reads to the same effect."""
    kind, active = _kind(example)
    effect = parse_effect(example, kind, active)
    assert effect != E.NO_EFFECT
    assert parse_effect(effect_text(effect), kind, active) == effect


def test_bundled_cards_all_read():
    """Every bundled card's Effect reads, and says something."""
    for row in UNITS:
        assert parse_effect(row["Effect"], "unit") != E.NO_EFFECT, row["Name"]
    for rows, kind in ((EVENTS, "event"), (RELICS, "relic")):
        for row in rows:
            assert parse_effect(row["Effect"], kind, row.get("Active") == "yes") != E.NO_EFFECT


def test_what_a_clause_reads_to():
    """The parts of a clause: trigger, steps, amounts, targets."""
    effect = parse_effect("Taunt. Special: spend 1 boost, damage 2 each enemy unit adjacent to "
                          "target; After attacking: force 1 target away", "unit")
    assert effect.taunt and not effect.unforceable
    special, after = effect.clauses
    assert special.trigger == E.SPECIAL and after.trigger == E.AFTER_ATTACKING
    spend, damage = special.steps
    assert (spend.verb, spend.amount, spend.target.kind) == (E.SPEND, 1, E.SELF)
    assert (damage.verb, damage.amount) == (E.DAMAGE, 2)
    assert damage.target == E.Target(E.SELECT, E.EACH, E.ENEMY, 0, 0, E.ADJACENT, E.REF_TARGET)
    assert after.steps[0].arg == E.AWAY
    assert parse_effect("Moves 3. Range 4", "unit")[2:4] == (3, 4)
    assert parse_effect("damage 1 enemy commander", "event").clauses[0].trigger == E.ON_PLAY


@pytest.mark.parametrize(("text", "kind", "message"), [
    ("Special: dammage 1 target", "unit", "got 'dammage' (did you mean 'damage'?)"),
    ("Speciel: damage 1 target", "unit", "unknown trigger 'Speciel' (did you mean 'Special'?)"),
    ("Taunts", "unit", "(did you mean 'Taunt'?)"),
    ("Special: damage target", "unit", "'damage' needs a number (1 or more), got 'target'"),
    ("Special: damage 0 target", "unit", "needs a number 1 or more, got 0"),
    ("Special: gain 1 WLL", "unit", "a token (ATK, DEF, WLD, SPC, BST), got 'wll' (did you mean 'wld'?)"),
    ("Special: damage 1 one enemy units in rang", "unit", "(did you mean 'range'?)"),
    ("Special: damage 1 one enemy unit nearby", "unit", "got 'nearby'"),
    ("On play: heal 1 commander", "unit", "'On play' is for events and relics"),
    ("Special: damage 1 target", "event", "an event is played, it has no 'Special'"),
    ("On play: damage 1 self", "relic", "'self' is for units"),
    ("On play: damage 1 one enemy unit adjacent", "event", "has no place on the battlefield"),
    ("Turn start: damage 1 target", "unit", "only Special and After attacking have one"),
    ("After moving: boost 1 it", "unit", "'it' is the card the previous step chose"),
    ("Ongoing: +1 dice friendly units", "event", "only an ACTIVE event stays in play"),
    ("Ongoing: +1 dice friendly units", "relic", "a relic is discarded once played"),
    ("Ongoing: damage 1 target", "unit", "a modifier such as '+1 dice'"),
    ("Special: +1 dice self", "unit", "modifiers belong to Ongoing"),
    ("Ongoing: +1 range one enemy unit in range", "unit", "not target, it or in range"),
    ("When destroyed: heal 1 self", "unit", "a destroyed unit has left the battlefield"),
    ("On play: spend 1 boost, damage 1 enemy commander", "event", "has no boost of its own"),
    ("Special: gain 1 WLD on self", "unit", "assigned as ATK or DEF"),
    ("Special: damage 1 target,", "unit", "an empty step"),
    ("Special:", "unit", "needs at least one step"),
    ("On play: force 1 one enemy unit away", "event", "leave the direction to the player"),
    # Messages read right: "a relic", never "an relic".
    ("On play: spend 1 boost, damage 1 enemy commander", "relic", "a relic has no boost"),
    ("On play: damage 1 self", "relic", "a relic is not on the battlefield"),
    ("On play: force 1 one enemy unit away", "relic", "; a relic has no place"),
])
def test_unreadable_effects_name_the_clause_and_the_word(text, kind, message):
    """An effect the vocabulary cannot read is refused, never ignored."""
    with pytest.raises(EffectError) as info:
        parse_effect(text, kind)
    assert message in str(info.value)
    assert str(info.value).startswith("in '")


def _catalog_with(tmp_path, sheet: str, row: int, column: str, value) -> Path:
    sheets = example_sheets()
    header = sheets[sheet][0]
    sheets[sheet][row][header.index(column)] = value
    return make_xlsx(tmp_path / "cat.xlsx", sheets)


def test_a_bad_effect_is_an_error_at_its_cell(tmp_path):
    """"An effect the vocabulary cannot read is a located validation error at its cell."""
    path = _catalog_with(tmp_path, "Units", 2, "Effect", "Taunt. Special: forse 1 target")
    catalog, report = read_catalog(path)
    (problem,) = report.problems
    assert problem.rule == "warblitz.unit.effect" and problem.location.cell == "J3"
    assert "did you mean 'force'?" in problem.message
    assert catalog.get("Bannerblade") is None and "Bannerblade" in catalog.broken


def test_rules_text_without_effect_is_a_warning(tmp_path):
    """"a card with rules text and no effect is a warning"; it still validates and plays."""
    path = _catalog_with(tmp_path, "Events", 1, "Effect", None)
    result = GAME.validate(ValidateRequest(path))
    assert result.valid
    assert rules_of(result) == ["warblitz.event.no-effect"]
    problem = result.decks[0].report.problems[0]
    assert problem.severity == "warning" and problem.location.cell == "H2"


def test_effect_without_rules_text_is_a_warning(tmp_path):
    """The printed card must show the rules the engine plays."""
    path = _catalog_with(tmp_path, "Relics", 1, "Ability", None)
    _, report = read_catalog(path)
    assert [(p.rule, p.severity) for p in report.problems] == [
        ("warblitz.relic.no-ability", "warning")]


def test_unknown_phase_is_a_warning(tmp_path):
    """Event & Relics Card: "<Phase>": a phase the engine cannot read plays in any phase."""
    path = _catalog_with(tmp_path, "Events", 1, "Phase", "Upkeep")
    _, report = read_catalog(path)
    assert [(p.rule, p.location.cell) for p in report.problems] == [("warblitz.event.phase", "E2")]


def test_catalog_without_effect_columns_still_validates(tmp_path):
    """FORMATS.md: "a catalog without them still validates (a card with text and no effect
    is a warning) and plays with documented defaults"."""
    sheets = example_sheets()
    for name in ("Units", "Events", "Relics"):
        col = sheets[name][0].index("Effect")
        sheets[name] = [row[:col] + row[col + 1:] for row in sheets[name]]
    del sheets["Starts"]
    result = GAME.validate(ValidateRequest(make_xlsx(tmp_path / "old.xlsx", sheets)))
    assert result.valid
    assert set(rules_of(result)) == {"warblitz.unit.no-effect", "warblitz.event.no-effect",
                                     "warblitz.relic.no-effect"}
