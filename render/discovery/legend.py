"""The panel under the map: whose turn and what to do, each player's score and followers, the tile to place,
tiles left, and the choices the map cannot show (deploy, score, pass)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.core.words import plural
from engine.discovery.labels import SCORE_WORDS
from render import panel, style
from render.panel import as_int
from render.sprites import put_text

from .board import PANEL_HEIGHT, MapLayout
from .overlay import draw_turns
from .sprites import draw_key, follower_sprite
from .tiles import look_of, tile_image


def _status_parts(view: dict[str, Any], doing: str) -> list[str]:
    return [f"Turn {view.get('turn')}: {doing}"]


status_line = panel.Status(
    SCORE_WORDS[1], {"place": "places the tile"}, _status_parts, otherwise="deploys, scores or passes"
)


def _columns(lay: MapLayout) -> panel.Columns:
    """The players' part is as wide as half the picture allows; the other part starts 30 px right of it."""
    top = lay.frame_height
    x = panel.PAD + 10
    col_w = min(540, lay.width // 2 - 20)
    right = x + col_w + 30
    return panel.Columns(
        left=(x, top + 60, col_w),
        divider=(right - 15, top + 60, lay.height - 15),
        right=(right, top + 80, lay.width - right - panel.PAD),
    )


def _players(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box) -> None:
    x, y, col_w = area
    for row in panel.player_rows(view, y, PANEL_HEIGHT - 80, max_height=44):
        if not panel.is_over(view) and row.seat == view.get("current_player"):
            panel.current_row(d, x, row, col_w)
        p = row.player
        disc = follower_sprite(row.seat, "", 60)
        im.paste(disc, (x + 10, row.cy - disc.height // 2), disc)
        name, size = panel.fit_name(str(p.get("name", "")), col_w - 48 - 230)
        res = panel.as_dict(view.get("result"))
        won = panel.is_over(view) and row.seat in (res.get("winners") or [])
        put_text(im, (x + 48, row.base), name, size, style.GOLD if won else style.TEXT)
        score = plural(as_int(p.get("score")), *SCORE_WORDS)
        size = row.size if style.text_width(score, row.size) <= 118 else row.size * 3 // 4  # "111 points" fits too
        put_text(im, (x + col_w - 226, row.base), score, size, style.GOLD)
        put_text(im, (x + col_w - 102, row.base), f"{p.get('supply', 0)} of 4 followers", 15, style.TEXT_DIM)


def _side(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box, overlay: bool) -> None:
    right, y, w = area
    drawn = view.get("drawn")
    below = draw_turns(im, view, right, y, w) if overlay else y
    if below != y:
        y = below
    elif drawn and not panel.is_over(view):
        put_text(im, (right, y), "Tile to place:", 20, style.TEXT)
        im.paste(tile_image(look_of(drawn), 72), (right + 140, y - 20))
        words = style.fit(str(drawn.get("words", "")), 15, w)
        put_text(im, (right, y + 72), words, 15, style.TEXT_DIM)
        y += 104
    put_text(im, (right, y), f"Tiles left: {view.get('pile', 0)}", 20, style.TEXT)
    extra = []
    if view.get("removed"):
        extra.append(f"set aside: {len(view['removed'])}")
    if view.get("discarded"):
        extra.append(f"discarded: {len(view['discarded'])}")
    if extra:
        put_text(im, (right, y + 24), ", ".join(extra), 16, style.TEXT_DIM)
    draw_key(im, right, y + 50)
    choices = [c for c in panel.legal_choices(view) if c.get("kind") != "place"]
    if choices:
        panel.choice_list(im, d, choices, right, y + 70, w, rows=6)


draw_legend = panel.Legend(status_line, _columns, _players, _side)
