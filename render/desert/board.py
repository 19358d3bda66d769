"""Im Reich der Wüstensöhne's board: 11 x 11 spaces (columns A-K, rows 1-11) in the shared frame, the tiles, last
turn's frames, explorers on their parts and the caravans."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.core.grid import Grid
from render import frame, made, style
from render.layout import Layout
from render.panel import as_int
from render.sprites import add_texts, paste, texts

from . import tiles

PANEL_HEIGHT = 240  # 968 x 1208: the picture no taller than 5:4 (what does not fit is in the message or `/game`)
MARGIN = 44  # the coordinates only (this board has no edge circles): a narrow frame leaves the board more width


def layout_for(view: dict[str, Any]) -> Layout:
    board = view.get("board") or {}
    cols, rows = as_int(board.get("cols"), 11), as_int(board.get("rows"), 11)
    if not (1 <= cols <= 26 and 1 <= rows <= 26):
        cols, rows = 11, 11
    return _layout(cols, rows)


@lru_cache(maxsize=4)
def _layout(cols: int, rows: int) -> Layout:
    return Layout(
        Grid(cols, rows),
        cols,
        rows,
        tile=tiles.TILE,
        margin=MARGIN,
        panel_height=PANEL_HEIGHT,
        label_offset=MARGIN // 2,
    )


@lru_cache(maxsize=4)
def background(lay: Layout) -> Image.Image:
    im = frame.background(lay, tiles.unknown_art())
    frame.grid_lines(im, lay)  # as every view has them, so that the free spaces are the background's (indexed.py)
    return im


def _done_oases(view: dict[str, Any]) -> set[Any]:
    return {o.get("id") for o in view.get("oases") or [] if isinstance(o, dict) and o.get("scored")}


def draw_board(im: Image.Image, view: dict[str, Any], lay: Layout) -> None:
    done = _done_oases(view)
    parts_at: dict[str, list[tuple[int, ...]]] = {}
    for t in view.get("tiles") or []:
        space = str(t.get("space", ""))
        if lay.parse_space(space) is None:
            continue
        parts = tuple(tuple(p) for p in t.get("parts") or [])
        parts_at[space.upper()] = list(parts)
        oases = t.get("oases") or []
        flags = tuple(bool(i < len(oases) and oases[i] in done) for i in range(len(parts)))
        action = t.get("action")
        picture = tiles.tile_art(
            str(t.get("sides", "DDDD")),
            parts,
            action,
            as_int(t.get("action_part")),
            bool(t.get("cross")),
            flags,
            tiles.action_letter(action) if action else "",
        )
        made.place(im, picture, lay.space_rect(space)[:2])
        add_texts(im, texts(picture))
    frame.grid_lines(im, lay)
    last = view.get("last_turn") or {}
    frame.mark_spaces(made.pen(im), lay, last.get("spaces") or [], style.HIGHLIGHT, 2)
    for e in view.get("explorers") or []:
        space = e.get("space")
        if not isinstance(space, str) or space.upper() not in parts_at:
            continue
        on_tile = parts_at[space.upper()]
        part = as_int(e.get("part"))
        if part >= len(on_tile):
            continue
        x0, y0, _, _ = lay.space_rect(space)
        ax, ay = tiles.part_anchor(on_tile[part], 0 if e.get("action_space") else 1)  # 0: on the action space
        sprite = tiles.explorer(as_int(e.get("player")), as_int(e.get("height")), bool(e.get("turban")))
        paste(im, sprite, (x0 + ax * lay.tile, y0 + ay * lay.tile))
    for p in view.get("players") or []:
        space = p.get("caravan")
        if isinstance(space, str) and lay.parse_space(space):
            paste(im, tiles.caravan(as_int(p.get("seat"))), lay.space_center(space))
