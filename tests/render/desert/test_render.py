"""The desert picture: sized as documented, deterministic, the same for every seat (secret rumours never drawn
before the end), caravans and explorers where the view puts them, overlay badges at the legal destinations."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image

import engine
import render
from render import sprites as core_sprites
from render.desert import PAINTER, layout_for, overlay_positions, status_line, tiles
from tests.played import selfplay_states

SIZE = (
    2 * 44 + 11 * tiles.TILE,
    2 * 44 + 11 * tiles.TILE + 240,
)  # documented: 968 x 1208 (issue 22: no taller than 4:5)


@lru_cache(maxsize=4)
def states(seed: int, players: int = 3) -> tuple:
    return tuple(selfplay_states(seed, players, game="desert"))


def first(seed: int, pred, viewer: int | None = None) -> dict:  # type: ignore[no-untyped-def]
    for s in states(seed):
        v = engine.view(s, viewer)
        if pred(v):
            return v
    raise LookupError("no such view")


def test_size_and_png() -> None:
    assert SIZE == (968, 1208)
    for v in (engine.view(states(1)[0], None), engine.view(states(1)[-1], None)):
        assert render.render_image(v).size == SIZE
        data = render.render_board(v)
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and Image.open(io.BytesIO(data)).size == SIZE
    assert render.painter("desert") is not None


def test_deterministic() -> None:
    v = engine.view(states(2)[len(states(2)) // 2], None)
    assert render.render_board(v, overlay=True) == render.render_board(v, overlay=True)


def test_every_seat_sees_the_same_picture_and_no_secret_rumour() -> None:
    state = next(s for s in states(3) if any(t is not None for t in s.rumour_board.values()) and not s.game_over)
    knower = next(seat for t in state.rumour_board.values() if t is not None for seat in state.rumour_known[t])
    pictures = {PAINTER.draw(engine.view(state, seat), overlay=False).tobytes() for seat in (None, 0, 1, 2)}
    assert len(pictures) == 1
    assert any(r["value"] is not None for r in engine.view(state, knower)["rumour_board"])


def test_caravans_are_drawn_on_their_spaces() -> None:
    v = engine.view(states(1)[0], None)
    lay = layout_for(v)
    im = PAINTER.draw(v, overlay=False)
    for p in v["players"]:
        cx, cy = lay.space_center(p["caravan"])
        color = im.getpixel((cx - 11, cy + 6))  # the body of the camel badge, beside its number
        assert max(abs(a - b) for a, b in zip(color, render.style.player_color(p["seat"]), strict=True)) < 40


def test_overlay_badges_at_the_numbered_destinations() -> None:
    v = first(4, lambda v: v["phase"] == "move" and len(v["legal"]) > 1)
    positions = overlay_positions(v)
    numbered = [m for m in v["legal"] if m["label"].startswith(f"#{m['number']} ")]
    quiet = {m["number"] for m in numbered if m["label"].endswith(", nothing to discover")}
    if len(numbered) <= 12:  # a few moves: every one is numbered on the board
        assert set(positions) == {m["number"] for m in numbered}
    else:  # many (issue 22): only the moves that discover something carry their number
        assert set(positions) == {m["number"] for m in numbered} - quiet
    plain = PAINTER.draw(v, overlay=False)
    marked = PAINTER.draw(v, overlay=True)
    for x, y in positions.values():
        assert marked.getpixel((x, y)) != plain.getpixel((x, y))


def test_a_wide_reach_numbers_only_the_moves_that_discover() -> None:
    def quiet(m: dict) -> bool:
        return m["label"].endswith(", nothing to discover")

    v = first(3, lambda v: v["phase"] == "move" and len(v["legal"]) > 30 and sum(map(quiet, v["legal"])) > 10)
    positions = overlay_positions(v)
    assert set(positions) == {m["number"] for m in v["legal"] if not quiet(m)}
    assert len(positions) <= len(v["legal"]) - 10


def test_status_line_names_who_chooses_an_action_space() -> None:
    v = first(5, lambda v: v["phase"] == "action")
    chooser = v["players"][v["to_act"][0]]["name"]
    assert chooser in status_line(v) and "chooses" in status_line(v)
    over = engine.view(states(5)[-1], None)
    assert status_line(over).startswith("Game over")


def test_the_fixed_palette_keeps_player_colours_and_a_small_png() -> None:
    v = engine.view(states(1)[-1], None)
    assert render.palette_of(v) is not None
    data = render.render_board(v, overlay=True)
    assert len(data) < 150_000
    png = Image.open(io.BytesIO(data)).convert("RGB")
    picture = render.render_image(v, overlay=True)
    lay = layout_for(v)
    for p in v["players"]:
        cx, cy = lay.space_center(p["caravan"])
        assert png.getpixel((cx - 11, cy + 6)) == picture.getpixel((cx - 11, cy + 6))


def test_an_explorer_on_an_action_space_is_drawn_on_it() -> None:
    v = first(6, lambda v: any(e["action_space"] for e in v["explorers"]))
    e = next(e for e in v["explorers"] if e["action_space"])
    t = next(t for t in v["tiles"] if t["space"] == e["space"])
    lay = layout_for(v)
    x0, y0, _, _ = lay.space_rect(e["space"])
    spot = {}
    for which in (0, 1):  # the action icon's place, the place of an explorer in the oasis part
        ax, ay = tiles.part_anchor(tuple(t["parts"][t["action_part"]]), which)
        spot[which] = (int(x0 + ax * lay.tile), int(y0 + ay * lay.tile))
    home = {**v, "explorers": [{**x, "space": None} if x is e else x for x in v["explorers"]]}
    drawn, without = PAINTER.draw(v, overlay=False), PAINTER.draw(home, overlay=False)
    assert drawn.getpixel(spot[0]) != without.getpixel(spot[0])
    assert drawn.getpixel(spot[1]) == without.getpixel(spot[1])


def test_explorers_carry_their_seat_in_their_shape() -> None:
    """Issue 22: an explorer's number is its height, so its seat is the shape of its head, not only its colour."""
    masks = [tiles.explorer(seat, 5, False).getchannel("A").tobytes() for seat in range(5)]
    assert len(set(masks)) == 5
    texts = [t for t, _, _ in core_sprites.texts(tiles.explorer(2, 13, True))]
    assert texts == ["13"]
