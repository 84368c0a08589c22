"""The Warblitz rulings: the data (each quotes the rulebook passage it reads, word for
word), and every ruling firing where it decides something over sample games."""

from __future__ import annotations

import re
from pathlib import Path

from toolkit.games.warblitz.effects import VOCABULARY
from toolkit.games.warblitz.engine import RULES, RULINGS, WarblitzRules, sample_params
from toolkit.games.warblitz.engine.rulings import COVERAGE_IDS
from toolkit.sim.run import run_play

RULEBOOK = Path("/work/shared/rules/warblitz.md")


def _book() -> str:
    """The rulebook as one line of words: list bullets and bold marks left out."""
    here = Path(__file__).resolve()
    path = next((base / "shared" / "rules" / "warblitz.md" for base in here.parents
                 if (base / "shared" / "rules" / "warblitz.md").is_file()), RULEBOOK)
    lines = [re.sub(r"^\s*[*-]\s+", "", line) for line in path.read_text("utf-8").splitlines()]
    text = " ".join(lines).replace("**", "").replace("`", "").replace("\u2019", "'")
    return " ".join(text.split())


def test_rulings_are_data_and_quote_the_book():
    """Every ruling: an id, a question, a decision, and the rulebook sentence it reads,
    quoted exactly (whitespace aside)."""
    book = _book()
    assert len(RULINGS) >= 30
    for rid, ruling in RULINGS.items():
        assert rid == ruling.id and rid.startswith("warblitz.ruling.")
        assert ruling.question.strip().endswith("?") and ruling.decision.strip()
        quotes = re.findall(r'"(.+?)"', ruling.passage)
        assert quotes, rid
        for quote in quotes:
            text = " ".join(quote.split()).rstrip(".").replace("...", "…")
            for part in text.split(" … "):
                assert part.strip(" .") in book, (rid, part)
    assert len(COVERAGE_IDS) == len(set(COVERAGE_IDS))
    assert set(COVERAGE_IDS) == set(RULES) | set(VOCABULARY) | set(RULINGS)
    rules = WarblitzRules()
    assert tuple(rules.ruling_ids()) == tuple(RULINGS)
    assert rules.explain_rule("warblitz.ruling.terrain") == RULINGS[
        "warblitz.ruling.terrain"].decision


def test_every_rule_and_ruling_fires_in_sample_games():
    """Over sample games with random and greedy players, every rule of the book and every
    ruling decides something (a ruling that never does would be dead text); so does every
    vocabulary word and card effect the bundled warbands use."""
    rules = WarblitzRules()
    fired: set[str] = set()
    for lineup in (["random", "random"], ["greedy", "random"], ["greedy", "greedy"]):
        result = run_play(rules, sample_params(), lineup, games=150, seed=11)
        assert result.violations == [] and result.unfinished == []
        fired |= {k for k, n in result.coverage()["fired"].items() if n}
        absent = set(result.coverage()["not_in_decks"])
    missing = [k for k in result.coverage_ids if k not in fired and k not in absent]
    assert missing == []
    assert {"warblitz.effect.moves-keyword", "warblitz.effect.range-keyword"} == absent
    assert any(k.startswith("warblitz.card.") for k in result.coverage_ids)


def test_rulings_only_where_the_book_is_silent_or_ambiguous():
    """`pnp rulings warblitz` lists only open questions, each saying why the text does not
    decide it (a colon before the question: what the book says or leaves out). Points the
    text decides are rules, not rulings: moving out and back ("Units can move 1 space and
    then move back"), targeting any card ("can target any adjacent card"), one active
    event of a name ("if you already have"); `upgrade-now` contradicted "On the next turn"
    and is gone. The engine's silent decisions are named: the card's "<+1>", the token
    supply, and an attack with no hit against the cost of inaction."""
    for gone in ("upgrade-now", "move-back", "any-target", "active-name"):
        assert f"warblitz.ruling.{gone}" not in RULINGS
    for rule in ("move-back", "any-target", "active-name", "upgrade-next-turn"):
        assert f"warblitz.rule.{rule}" in RULES
    for named in ("card-bonus", "token-supply", "inaction-target", "def-token",
                  "spend-boost"):
        assert f"warblitz.ruling.{named}" in RULINGS
    for ruling in RULINGS.values():
        reason, _, question = ruling.question.rpartition(": ")
        assert reason and question.endswith("?"), ruling.id
    assert "penalty" not in RULINGS["warblitz.ruling.def-token"].decision
