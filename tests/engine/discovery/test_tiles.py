"""The tile set's validator: the rulebook's Tile Distribution (numbers and counts) in the known region patterns."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from engine.discovery.tiles import EXPECTED_IDS, PATTERNS, _build, build_geometry, rotations, tileset

# The rulebook's "Tile Distribution": tile number -> count (no tile 24; the start tile is separate).
RULEBOOK_COUNTS = {f"{i:02d}": 1 for i in range(1, 67) if i != 24}
RULEBOOK_COUNTS.update(
    {n: 2 for n in ["02", "03", "09", "13", "14", "20", "21", "30", "36", "41", "42", "57", "59", "60"]}
)
RULEBOOK_COUNTS.update({"15": 3, "19": 3})


def _data() -> dict:
    return json.loads(resources.files("engine.discovery").joinpath("data/tiles.json").read_text(encoding="utf-8"))


def test_84_tiles_in_65_configurations_plus_the_start_tile() -> None:
    ts = tileset()
    assert len(ts.deck) == 83 and len(ts.tiles) == 84
    assert ts.start == "start" and "start" not in ts.deck
    assert len({t.split("-")[0] for t in ts.deck}) == 65
    assert sum(RULEBOOK_COUNTS.values()) == 83


def test_counts_are_the_rulebooks() -> None:
    counts = Counter(t.split("-")[0] for t in tileset().deck)
    assert dict(counts) == RULEBOOK_COUNTS
    assert tuple(sorted(counts)) == EXPECTED_IDS


def test_every_configuration_is_a_known_pattern_with_cities_on_shores() -> None:
    for entry in _data()["tiles"]:
        assert entry["pattern"] in PATTERNS
        g = build_geometry(entry["pattern"], entry["terrains"], entry.get("cities"))
        for land, sea in g.cities:
            assert g.regions[land].terrain in "GM" and g.regions[sea].terrain == "S"
        for a, b in g.borders:
            assert g.regions[a].terrain != g.regions[b].terrain
        # every side belongs to exactly one region, and the side's terrain is that region's
        sides = sorted(d for r in g.regions for d in r.sides)
        assert sides == [0, 1, 2, 3]


def test_no_two_configurations_look_alike() -> None:
    data = _data()
    data["tiles"][1] = {**data["tiles"][1], "pattern": "halves", "terrains": "SG", "cities": [[1, 0]]}  # = 03 turned
    with pytest.raises(ValueError, match="same configuration"):
        _build(data)


@pytest.mark.parametrize(
    ("pattern", "terrains", "cities", "message"),
    [
        ("band", "MMG", None, "border each other"),
        ("bay", "MG", [[0, 1]], "between land"),
        ("two-bays", "GSM", [[0, 1]], "do not border"),
        ("stripes", "MSG", None, "unknown pattern"),
        ("halves", "MSG", None, "needs 2 terrains"),
    ],
)
def test_validator_rejects_broken_tiles(pattern: str, terrains: str, cities: list | None, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        build_geometry(pattern, terrains, cities)


def test_the_mix_is_balanced_enough_for_the_game_to_flow() -> None:
    """Each terrain on 30-36 % of the sides, and port cities on about half the tiles (docs/discovery.md)."""
    edges: Counter[str] = Counter()
    cities = 0
    for tid in tileset().deck:
        g = rotations(tid)[0]
        edges.update(g.edges)
        cities += len(g.cities)
    for terrain in "GMS":
        assert 0.30 <= edges[terrain] / sum(edges.values()) <= 0.36
    assert 35 <= cities <= 55


def test_start_tile_sea_mountain_grassland_with_a_port() -> None:
    g = rotations("start")[0]
    assert g.edges == "SMGM"
    assert len(g.cities) == 1
