"""Loop detection on a real rules hole: Lead mirrors that never end a round.

Lead: "Pre-Battle: Reveal to flip X WarBadges to their ready side where X equals the
value of this WarBadge." End of Round: "The round ends when one player has exhausted all
of their WarBadges." With three Lead badges a side, greedy players re-ready their
exhausted badges every battle, so no round ends: the harness must stop each game as a
loop and show the repeating steps, not run to the step cap.
"""

from __future__ import annotations

from toolkit.games.warbadge.engine import STANDARD, BadgeSpec, WarBadgeParams, WarBadgeRules
from toolkit.sim.run import run_play


def lead_team() -> tuple[BadgeSpec, ...]:
    lead = ("Lead",)
    return (BadgeSpec("Herald A", "Gold", 3, ("Holy",), (), (), lead),
            BadgeSpec("Herald B", "Silver", 2, ("Holy",), (), (), lead),
            BadgeSpec("Herald C", "Silver", 2, ("Holy",), (), (), lead),
            BadgeSpec("Page X", "Bronze", 1, ("Blade",)),
            BadgeSpec("Page Y", "Bronze", 1, ("Blade",)),
            BadgeSpec("Page Z", "Bronze", 1, ("Blade",)))


def test_lead_mirror_loops_under_greedy_play_and_is_reported():
    params = WarBadgeParams((lead_team(), lead_team()), ("A", "B"), STANDARD)
    result = run_play(WarBadgeRules(), params, ["greedy", "greedy"], games=20, seed=1)
    doc = result.to_json()
    assert result.exit_code == 1
    assert doc["unfinished"]["count"] == 20 and doc["violations"] == []
    first = doc["unfinished_games"][0]
    assert first["reason"].startswith("loop:") and "seen 3 times" in first["reason"]
    assert any("declares Lead" in step for step in first["loop"])
    assert doc["length"]["max"] < 50  # battles: stopped early, not at the step cap


def test_random_players_leave_the_loop():
    params = WarBadgeParams((lead_team(), lead_team()), ("A", "B"), STANDARD)
    result = run_play(WarBadgeRules(), params, ["random", "random"], games=50, seed=1)
    assert result.exit_code == 0
