"""The panel under the map: whose turn and what to do, each player's score and followers, the tile to place,
tiles left, and the choices the map cannot show (deploy, score, pass)."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render import panel, style
from render.sprites import put_text

from .art import look_of, tile_image
from .board import MapLayout, follower_sprite


def status_line(view: dict) -> str:
    if panel.is_over(view):
        return panel.game_over_line(view)
    who = panel.player_name(view, view.get("current_player"))
    doing = "places the tile" if view.get("phase") == "place" else "deploys, scores or passes"
    return f"Turn {view.get('turn')}: {who} {doing}"


def draw_legend(im: Image.Image, view: dict, lay: MapLayout) -> None:
    d = ImageDraw.Draw(im)
    top = lay.frame_height
    panel.heading(im, lay, status_line(view), panel.is_over(view))  # type: ignore[arg-type]
    rows = panel.player_rows(view, top + 60, lay.panel_height - 80, max_height=44)
    x = panel.PAD + 10
    col_w = min(540, lay.width // 2 - 20)
    for row in rows:
        if not panel.is_over(view) and row.seat == view.get("current_player"):
            panel.current_row(d, x, row, col_w)
        p = row.player
        disc = follower_sprite(row.seat, "", 60)
        im.paste(disc, (x + 10, row.cy - disc.height // 2), disc)
        name, size = panel.fit_name(str(p.get("name", "")), col_w - 48 - 230)
        res = view.get("result") if isinstance(view.get("result"), dict) else {}
        won = panel.is_over(view) and row.seat in (res.get("winners") or [])
        put_text(im, (x + 48, row.base), name, size, style.GOLD if won else style.TEXT)
        put_text(im, (x + col_w - 222, row.base), f"{p.get('score', 0)} pts", row.size, style.GOLD)
        put_text(im, (x + col_w - 124, row.base), f"{p.get('supply', 0)} of 4 followers", 15, style.TEXT_DIM)
    right = x + col_w + 30
    panel.divider(d, right - 15, top + 60, lay.height - 15)
    y = top + 80
    drawn = view.get("drawn")
    if drawn and not panel.is_over(view):
        put_text(im, (right, y), "Tile to place:", 20, style.TEXT)
        im.paste(tile_image(look_of(drawn), 72), (right + 140, y - 20))
        words = style.fit(str(drawn.get("words", "")), 15, lay.width - right - panel.PAD)
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
    put_text(im, (right, y + 50), "E explorer, B brigand, N navigator; the number is the seat", 15, style.TEXT_DIM)
    choices = [c for c in panel.legal_choices(view) if c.get("kind") != "place"]
    if choices:
        panel.choice_list(im, d, choices, right, y + 70, lay.width - right - panel.PAD, rows=6)
