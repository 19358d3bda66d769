"""Issue 24: every scoring line says where the points came from; events stored before the engine recorded it still
read as before."""

from __future__ import annotations

import engine

NAMES = ["ann", "bob", "cem"]


def line(game: str, event: dict[str, object]) -> str:
    text = engine.presenter(game).describe(event, NAMES)
    assert text is not None
    return text


def test_an_entdecker_island_names_each_builders_pieces_and_place() -> None:
    island = {"type": "island", "tiles": 10, "incomplete": False, "value": 11, "plants": {"2": 1}}
    island |= {"scores": {"2": 11, "0": 6}, "built": {"2": [1, 0, 1], "0": [0, 0, 2]}}
    text = line("entdecker", island)
    assert "The plant makes it worth 11" in text
    assert "1st cem 11 points (1 colony, 1 trading post)" in text and "2nd ann 6 points (2 trading posts)" in text
    assert "half the one above" in text
    old = {k: v for k, v in island.items() if k != "built"}
    assert line("entdecker", old).endswith("Scores: cem 11 points, ann 6 points.")


def test_a_discovery_final_scoring_says_what_counted() -> None:
    final = {"type": "final", "player": 1, "role": "brigand", "at": "2,3", "points": 4, "terrain": "M"}
    assert line("discovery", final | {"tiles": 3, "cities": 4}).endswith("scores 4 points (4 cities in the mountain).")
    grass = final | {"role": "explorer", "terrain": "G", "points": 7, "tiles": 7, "cities": 0}
    assert line("discovery", grass).endswith("(7 tiles of grassland).")
    assert line("discovery", final).endswith("scores 4 points.")


def test_a_desert_result_names_the_goods_and_the_tie_break() -> None:
    over = {"type": "game_over", "scores": [16, 16, 4], "winners": [1]}
    goods = [{"myrrh": 2, "salt": 2}, {"gemstone": 4}, {}]
    text = line("desert", over | {"goods": goods, "water": [0, 2, 1]})
    assert "ann 16 gold (2 myrrh, 2 salt)" in text and "cem 4 gold (no goods)" in text
    assert "The tie goes to the most water stones (2)." in text and text.endswith("bob wins!")
    assert line("desert", over) == "Game over: ann 16 gold, bob 16 gold, cem 4 gold. bob wins!"
