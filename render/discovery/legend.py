"""The panel under the map: whose turn and what to do, each player's score and followers, the tile to place,
tiles left, and the choices the map cannot show (deploy, score, pass)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.discovery.labels import SCORE_WORDS, points
from engine.discovery.lang import _, ngettext
from render import made, panel, style
from render.panel import as_int
from render.sprites import paste, put_text

from .board import KEY_HEIGHT, PANEL_HEIGHT, MapLayout
from .overlay import draw_turns
from .sprites import follower_sprite, key_items
from .tiles import city_icon, look_of, tile_image

SMALL = panel.SMALL
BADGE = 36  # sprites.badge_size of a picture up to 1100 px wide


def _status_parts(view: dict[str, Any], doing: str) -> list[str]:
    return [_("Turn {turn}: {doing}").format(turn=view.get("turn"), doing=doing)]


def status_line(view: dict[str, Any]) -> str:
    """The panel's first line in the reader's words (built as it is drawn: the words depend on the reader)."""
    doing = {"place": _("places the tile")}
    return panel.Status(_(SCORE_WORDS[1]), doing, _status_parts, otherwise=_("deploys, scores or passes"))(view)


def _columns(lay: MapLayout) -> panel.Columns:
    """The players' part is as wide as half the picture allows; the other part starts 30 px right of it."""
    top = lay.frame_height
    x = panel.PAD + 10
    col_w = min(540, lay.width // 2 - 20)
    right = x + col_w + 30
    return panel.Columns(
        left=(x, top + 60, col_w),
        divider=(right - 15, top + 60, lay.height - KEY_HEIGHT - 10),
        right=(right, top + 80, lay.width - right - panel.PAD),
    )


def _players(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box) -> None:
    x, y, col_w = area
    for row in panel.player_rows(view, y, PANEL_HEIGHT - KEY_HEIGHT - 70, max_height=44):
        if not panel.is_over(view) and row.seat == view.get("current_player"):
            panel.current_row(d, x, row, col_w)
        p = row.player
        disc = follower_sprite(row.seat, "", SMALL, SMALL)
        paste(im, disc, (x + 10 + disc.width / 2, row.cy))
        res = panel.as_dict(view.get("result"))
        won = panel.is_over(view) and row.seat in (res.get("winners") or [])
        winner = _("WINNER")
        tag_w = panel.tag_width(winner) if won else 0
        name, size = panel.fit_name(str(p.get("name", "")), col_w - 48 - 290 - tag_w)
        nx = x + 48 + put_text(im, (x + 48, row.base), name, size, style.GOLD if won else style.TEXT) + 8
        if won:  # the winner's badge, as the other games' legends have it
            panel.tag(im, d, nx, row.cy, winner, style.GOLD)
        score = points(as_int(p.get("score")))
        put_text(im, (x + col_w - 280, row.base), score, row.size, style.GOLD)
        supply = as_int(p.get("supply"))
        followers = ngettext("{n} follower", "{n} followers", supply).format(n=supply)
        put_text(im, (x + col_w - 124, row.base), followers, SMALL, style.TEXT_DIM)


def _side(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box, overlay: bool) -> None:
    right, y, w = area
    drawn = view.get("drawn")
    below = draw_turns(im, view, right, y, w) if overlay else y
    if below != y:
        y = below
    elif drawn and not panel.is_over(view):
        put_text(im, (right, y), _("Tile to place:"), SMALL, style.TEXT)
        made.place(im, tile_image(look_of(drawn), 72), (right + 140, y - 20))
        words = style.fit(str(drawn.get("words", "")), SMALL, w)
        put_text(im, (right, y + 76), words, SMALL, style.TEXT_DIM)
        y += 108
    put_text(im, (right, y), _("Tiles left: {n}").format(n=view.get("pile", 0)), SMALL, style.TEXT)
    extra = []
    if view.get("removed"):
        extra.append(_("set aside: {n}").format(n=len(view["removed"])))
    if view.get("discarded"):
        extra.append(_("discarded: {n}").format(n=len(view["discarded"])))
    if extra:
        put_text(im, (right, y + 28), style.fit(", ".join(extra), SMALL, w), SMALL, style.TEXT_DIM)
    choices = [c for c in panel.legal_choices(view) if c.get("kind") != "place"]
    if choices:
        panel.choice_list(im, d, choices, right, y + 40, w, rows=4, badge=BADGE)


def _key(im: Image.Image, d: ImageDraw.ImageDraw, lay: MapLayout) -> None:
    """What the map's symbols mean: the followers' shapes and numbers, and the port cities."""
    items = [*key_items(SMALL), (city_icon(), _("port city"))]
    panel.symbol_key(im, d, (panel.PAD, lay.height - KEY_HEIGHT, lay.width - 2 * panel.PAD), items)


draw_legend = panel.Legend(status_line, _columns, _players, _side, footer=_key)
