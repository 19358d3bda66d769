"""Who won each island stays on the view after its buildings went home (issue 22), without changing the JSON form."""

from __future__ import annotations

import engine
from tests.played import selfplay_states


def test_every_scored_island_names_its_winners_also_from_json() -> None:
    state = selfplay_states(7, 4, game="entdecker")[-1]
    islands = engine.view(state, None)["islands"]
    scored = [i for i in islands if i["scored"]]
    assert scored and all("winners" in i for i in scored)
    assert any(i["winners"] for i in scored)
    assert not any("winners" in i for i in islands if not i["scored"])
    text = engine.state_to_json(state)
    again = engine.state_from_json(text)
    assert engine.state_to_json(again) == text  # the field is not in the JSON form
    assert engine.view(again, None)["islands"] == islands  # rebuilt from the history
