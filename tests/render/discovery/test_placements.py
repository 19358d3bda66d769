"""Discovery's placements as the tile would lie: ghosts on the map and, in the panel, the tile in each of its turns
with the numbers that lay it so; every number keyed to the look the engine gives that placement."""

from __future__ import annotations

import engine
import render
from engine.discovery.view import tile_view
from render.discovery.board import layout_for
from render.discovery.colors import EMPTY
from render.discovery.overlay import TURN_LINES, _overlaps, badges, number_lines, placements, turned, turns
from render.discovery.tiles import look_of


def _views() -> list[dict]:
    state = engine.new_game("discovery", ["a", "b", "c"], {}, 7)
    out = []
    while not state.game_over and len(out) < 40:
        if state.phase == "place":
            out.append(engine.view(state, state.current))
        state = engine.apply(state, engine.ai_move(state))
    return out


def test_every_number_is_keyed_to_the_look_the_engine_gives_it() -> None:
    for view in _views()[::5]:
        numbers = {e["number"]: e for e in view["legal"] if e["kind"] == "place"}
        keyed = {n: look for look, ns in turns(view) for n in ns}
        assert set(keyed) == set(numbers)
        for n, e in numbers.items():
            assert keyed[n] == look_of(tile_view(view["drawn"]["id"], e["turn"] // 90)), e["label"]


def test_turning_a_look_is_the_engines_turn() -> None:
    for tid in ("start", "55", "66", "31"):
        for r in range(4):
            assert turned(look_of(tile_view(tid)), r) == look_of(tile_view(tid, r))


def test_a_space_with_one_placement_shows_the_tile_in_place() -> None:
    for view in _views():
        single = [(xy, opts) for xy, opts in placements(view).items() if len(opts) == 1]
        if single:
            break
    (x, y), _ = single[0]
    lay = layout_for(view)
    box = lay.cell_rect(x, y)
    plain, marked = render.compose(view), render.compose(view, overlay=True)
    inner = (box[0] + 6, box[1] + 6, box[0] + 14, box[1] + 14)  # a corner, clear of the frame and the badge
    assert set(plain.crop(inner).get_flattened_data()) == {EMPTY}
    assert EMPTY not in set(marked.crop(inner).get_flattened_data()), "the ghost covers the free space"


def _written(lines: list[str]) -> tuple[list[int], int]:
    """The numbers written in the lines, and the count of those left out ("+3")."""
    words = " ".join(lines).replace(",", " ").split()
    return [int(w) for w in words if not w.startswith("+")], sum(int(w[1:]) for w in words if w.startswith("+"))


def test_the_panel_lists_every_placement_under_its_look() -> None:
    view = max(_views(), key=lambda v: len(v["legal"]))
    written = [n for _, ns in turns(view) for n in _written(number_lines(ns, 16, 110))[0]]
    assert sorted(written) == sorted(e["number"] for e in view["legal"] if e["kind"] == "place")


def test_numbers_too_many_for_the_lines_are_counted() -> None:
    lines = number_lines(list(range(1, 60)), 16, 110)
    shown, left_out = _written(lines)
    assert len(lines) == TURN_LINES and left_out > 0
    assert shown == list(range(1, len(shown) + 1)) and len(shown) + left_out == 59


def test_badges_stay_on_their_space_and_a_space_s_badges_never_cover_each_other() -> None:
    crowded = 0
    for view in _views():
        lay = layout_for(view)
        placed = badges(view, lay)
        assert len(placed) == sum(len(opts) for opts in placements(view).values())
        for k, (space, badge, box) in enumerate(placed):
            x0, y0, x1, y1 = lay.cell_rect(*space)
            assert x0 <= (box[0] + box[2]) / 2 <= x1 and y0 <= (box[1] + box[3]) / 2 <= y1
            assert box[2] - box[0] == badge.width
            same = [b for s, _, b in placed[:k] + placed[k + 1 :] if s == space]
            assert not _overlaps(box, same), (space, box)
            others = [b for s, _, b in placed if s != space]
            crowded += _overlaps(box, others)
    total = sum(len(badges(v, layout_for(v))) for v in _views())
    assert crowded <= total // 10, (crowded, total)  # nudged apart: few still touch a neighbour's
