"""The Discovery's picture: the cropped open map with x/y on the margins, every tile, followers, the overlay's
numbers on the placements, and a size a phone can show."""

from __future__ import annotations

import io
import itertools
from functools import lru_cache

from PIL import Image

import engine
import render
from render.discovery import layout_for
from render.discovery.board import MAX_SIDE
from tests.played import selfplay_states

NAMES = ["Ann", "Bob", "Cleo", "Dario", "Eve"]


@lru_cache(maxsize=4)
def _states(players: int, seed: int) -> tuple:
    return tuple(selfplay_states(seed, players, game="discovery"))


def _view(players: int = 3, seed: int = 3, index: int = 80, viewer: int | None = None) -> dict:
    states = _states(players, seed)
    state = states[min(index, len(states) - 1)]
    return engine.view(state, state.current_player if viewer == -1 else viewer)


def test_the_core_finds_the_painter() -> None:
    assert render.painter("discovery") is not None


def test_a_mid_game_map_draws_every_tile_in_its_own_cell() -> None:
    view = _view()
    im = render.compose(view)
    lay = layout_for(view)
    assert im.size == lay.size
    for t in view["tiles"]:
        x0, y0, x1, _ = lay.cell_rect(t["x"], t["y"])
        # a drawn tile is terrain colour, never the empty-space colour, in the middle of its cell
        assert im.getpixel(((x0 + x1) // 2, y0 + 3)) != (28, 44, 62)


def test_an_end_game_map_of_five_players_stays_phone_sized_and_small() -> None:
    view = engine.view(_states(5, 3)[-1], None)
    assert view["game_over"] and len(view["tiles"]) >= 80
    im = render.compose(view)
    assert im.height - layout_for(view).panel_height <= MAX_SIDE + 10 and im.width <= MAX_SIDE + 10
    data = render.render_board(view)
    assert len(data) < 1_000_000
    assert Image.open(io.BytesIO(data)).size == im.size


def test_the_overlay_numbers_the_placements_where_they_go() -> None:
    states = _states(3, 3)
    state = next(s for s in states[40:] if s.phase == "place")
    view = engine.view(state, state.current_player)
    lay = layout_for(view)
    plain, marked = render.compose(view), render.compose(view, overlay=True)
    spaces = {e["at"] for e in view["legal"]}
    assert spaces
    for at in spaces:
        x, y = (int(v) for v in at.split(","))
        box = lay.cell_rect(x, y)
        assert plain.crop(box).tobytes() != marked.crop(box).tobytes(), at
    free = (lay.min_x, lay.max_y)  # the top-left corner space is never a placement
    assert f"{free[0]},{free[1]}" not in spaces
    box = lay.cell_rect(*free)
    assert plain.crop(box).tobytes() == marked.crop(box).tobytes()


def test_followers_are_drawn_in_their_players_colour() -> None:
    states = _states(3, 3)
    state = next(s for s in states[20:] if s.followers)
    view = engine.view(state, None)
    im = render.compose(view)
    lay = layout_for(view)
    f = view["followers"][0]
    from render import style
    from render.discovery.tiles import anchor, look_of

    tile = next(t for t in view["tiles"] if (t["x"], t["y"]) == (f["x"], f["y"]))
    ax, ay = anchor(look_of(tile), f["region"], lay.tile)
    x0, y0, _, _ = lay.cell_rect(f["x"], f["y"])
    r = max(9, lay.tile // 5)  # the least radius of a follower's shape
    around = im.crop((int(x0 + ax - r), int(y0 + ay - r), int(x0 + ax + r), int(y0 + ay + r)))
    same = sum(1 for px in around.get_flattened_data() if px == style.player_color(f["player"]))
    assert same >= r * r // 2, "the follower's shape is filled with its player's colour"


def test_followers_are_told_apart_by_shape_and_carry_their_seat() -> None:
    from render.discovery.sprites import ROLES, follower_sprite, shape

    masks = {role: shape(role, 96, (255, 255, 255)).getchannel("A").tobytes() for role in ROLES}
    assert len(set(masks.values())) == 3, "explorer, brigand and navigator have three shapes"
    for role in ROLES:
        seats = {follower_sprite(seat, role, 96).tobytes() for seat in range(5)}
        assert len(seats) == 5
        bare = shape(role, 96, (255, 255, 255)).getchannel("A")
        numbered = follower_sprite(2, role, 96).getchannel("A")
        assert bare.size == numbered.size


def test_double_tile_pictures_are_the_same_for_every_seat() -> None:
    state = engine.new_game("discovery", NAMES[:3], {"double_tile": True}, 4)
    for _ in range(20):
        state = engine.apply(state, engine.ai_move(state, "heuristic"))
    pictures = {render.render_board(engine.view(state, v)) for v in (None, 1, 2)}
    assert len(pictures) == 1  # nothing private is drawn


def test_the_map_keeps_its_frame_growing_in_a_few_steps() -> None:
    """Issue 22: over a five-player game the frame (size, tile, where the start tile sits) changes only when the
    map outgrows a step, and between changes every place stays in the same spot."""
    from render.discovery.board import layout_for
    from tests.played import selfplay_states

    states = selfplay_states(3, 5, game="discovery")
    layouts = [layout_for(engine.view(s, None)) for s in states]
    turns = [engine.view(s, None)["turn"] for s in states]
    changes = [(turns[i], a, b) for i, (a, b) in enumerate(itertools.pairwise(layouts)) if a != b]
    assert turns[-1] >= 80
    assert len(changes) <= 6, [(t, a.size, b.size) for t, a, b in changes]
    for _, a, b in changes:  # the map only grows: a step never drops a column or row, nor shrinks by much
        assert b.cols >= a.cols and b.rows >= a.rows
        assert b.tile >= 0.7 * a.tile
    assert layouts[-1].tile >= 40
    for a, b in itertools.pairwise(layouts):
        if a == b:
            assert a.cell_rect(0, 0) == b.cell_rect(0, 0)
