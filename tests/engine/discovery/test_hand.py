"""/game hand for The Discovery: the double-tile variant's face-down tiles, to their owner only."""

from __future__ import annotations

import engine


def test_the_tiles_in_hand_are_told_to_their_owner_only() -> None:
    state = engine.new_game("discovery", ["Ann", "Bob"], {"double_tile": True}, seed=4)
    presenter = engine.presenter("discovery")
    mine = presenter.hand_of(engine.view(state, 0))
    assert mine[0].startswith("Your tiles in hand") and len(mine) == 3
    assert all(" sea" in line or " grassland" in line or " mountain" in line for line in mine[1:])
    assert presenter.hand_of(engine.view(state, None)) == []
    plain = engine.new_game("discovery", ["Ann", "Bob"], {}, seed=4)
    assert presenter.hand_of(engine.view(plain, 0)) == []
