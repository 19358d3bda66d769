"""/game hand for Im Reich der Wüstensöhne: what a player knows of the secret rumours, to them only."""

from __future__ import annotations

import engine


def test_hand_says_what_the_viewer_knows_of_the_rumours() -> None:
    state = engine.new_game("desert", ["Ann", "Bob", "Cid"], {}, seed=2)
    presenter = engine.presenter("desert")
    lines = presenter.hand_of(engine.view(state, 1))
    assert lines[0].startswith("What you know of the rumours")
    assert "You know none of the rumours on the board." in lines
