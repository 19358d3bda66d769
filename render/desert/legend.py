"""Im Reich der Wüstensöhne's legend: the status line; players with water, camels and goods, explorers in hand and
displays; the piles, the tile in hand, the rumour board with face-down tokens, the supply, and (overlay) the
choices the board cannot show."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import panel, style
from render.layout import Layout
from render.panel import as_int
from render.sprites import paste, put_text

from . import tiles
from .board import PANEL_HEIGHT
from .overlay import legal_choices

SPLIT = 640  # x of the line between the players and the piles/rumours
GOOD_NAMES = {"myrrh": "Myrrh", "frankincense": "Frankincense", "gemstone": "Gemstone", "salt": "Salt"}
PHASE_WORDS = {
    "discard": "discards a display tile",
    "move": "moves the caravan",
    "discover": "discovers",
    "place": "attaches a tile",
    "explorer": "places an explorer",
    "bonus": "may buy a bonus turn",
}


def _status_parts(view: dict[str, Any], doing: str) -> list[str]:
    """Turn, last round, then who chooses in a scored oasis, or who does what."""
    parts = [f"Turn {as_int(view.get('turn'))}"]
    if view.get("final_round"):
        parts.append("last round")
    scoring = view.get("scoring")
    if isinstance(scoring, dict):
        seats = view.get("to_act") or []
        who = panel.player_name(view, seats[0]) if seats else "?"
        parts.append(f"Oasis {', '.join(map(str, scoring.get('spaces') or []))}: {who} chooses")
    else:
        bonus = " (bonus turn)" if view.get("bonus_turn") else ""
        parts.append(f"{doing}{bonus}")
    return parts


status_line = panel.Status("gold", PHASE_WORDS, _status_parts)


def _columns(lay: Layout) -> panel.Columns:
    top = lay.frame_height
    return panel.Columns(
        left=(panel.PAD, top + 58, SPLIT - panel.PAD - 12),
        divider=(SPLIT, top + 56, lay.height - 14),
        right=(SPLIT + 18, top + 58, lay.width - SPLIT - 18 - panel.PAD),
    )


def _goods_slots(im: Image.Image, d: ImageDraw.ImageDraw, x: int, cy: int, camels: int, goods: Sequence[str]) -> int:
    """Camels as pairs of slots, filled with goods letters; returns the width used."""
    slot, gap = 18, 3
    for c in range(camels):
        bx = x + c * (2 * slot + gap + 6)
        d.rounded_rectangle(
            (bx - 2, cy - slot // 2 - 3, bx + 2 * slot + gap + 1, cy + slot // 2 + 3), radius=4, fill=(92, 70, 44)
        )
        for k in range(2):
            i = 2 * c + k
            sx = bx + k * (slot + gap)
            box = (sx, cy - slot // 2, sx + slot - 1, cy + slot // 2 - 1)
            if i < len(goods):
                paste(im, tiles.action_icon(str(goods[i]), slot), ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
            else:
                d.rectangle(box, fill=(60, 48, 32))
    return camels * (2 * slot + gap + 6)


def _players(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box) -> None:
    x, y, w = area
    over = panel.is_over(view)
    res = panel.as_dict(view.get("result"))
    winners = set(res.get("winners") or [])
    cols = {"name": x + 40, "water": x + 196, "camels": x + 246, "hand": x + w - 150}
    heading = "player: water, camels and goods" + (", final score" if over else "")
    put_text(im, (cols["name"], y + 14), heading, 17, style.TEXT_DIM)
    put_text(im, (cols["hand"], y + 14), "explorers / display", 17, style.TEXT_DIM)
    in_hand: dict[int, list[tuple[int, bool]]] = {}
    for e in view.get("explorers") or []:
        if e.get("space") is None:
            in_hand.setdefault(as_int(e.get("player")), []).append((as_int(e.get("height")), bool(e.get("turban"))))
    cur = view.get("current_player")
    for row in panel.player_rows(view, y + 22, PANEL_HEIGHT - 100, max_height=84):
        p, seat, cy = row.player, row.seat, row.cy
        if seat == cur and not over:
            panel.current_row(d, x, row, w)
        paste(im, tiles.caravan(seat), (x + 22, cy - 12))
        # line 1: the name (up to the explorers' column), then its tag if it fits; line 2: water, camels, goods
        name, size = panel.fit_name(str(p.get("name", f"Player {seat + 1}")), cols["hand"] - cols["name"] - 12)
        nx = cols["name"] + put_text(im, (cols["name"], cy - 8), name, size, style.TEXT) + 8
        tag = "WINNER" if over and seat in winners else ("turban" if p.get("turban") else "")
        line2 = cy + 20
        paste(im, tiles.action_icon("water", 20), (cols["name"] + 6, line2 - 6))
        put_text(im, (cols["name"] + 20, line2 + 1), str(as_int(p.get("water"))), 20, style.TEXT)
        gx = cols["name"] + 50
        gx += _goods_slots(
            im, d, gx, line2 - 6, min(as_int(p.get("camels"), 2), 5), [str(g) for g in p.get("goods") or []]
        )
        if over:
            gx += 8 + put_text(im, (gx + 8, line2 + 2), f"{as_int(p.get('score'))} gold", 19, style.GOLD)
        if tag:
            gold = style.GOLD
            if nx + panel.tag_width(tag) <= cols["hand"] - 6:
                panel.tag(im, d, nx, cy - 14, tag, gold)
            else:
                panel.tag(im, d, gx + 10, line2 - 6, tag, gold)
        hx = cols["hand"]
        for k, (h, turban) in enumerate(sorted(in_hand.get(seat, []), reverse=True)):
            paste(im, tiles.explorer(seat, h, turban), (hx + 12 + k * 24, cy - 14))
        for k, t in enumerate(p.get("display") or []):
            parts = tuple(tuple(q) for q in t.get("parts") or [])
            thumb = tiles.thumbnail(
                str(t.get("sides", "DDDD")), parts, t.get("action"), as_int(t.get("action_part")), 32
            )
            im.paste(thumb, (hx + k * 36, cy + 6))
        if not (p.get("display") or []):
            put_text(im, (hx, cy + 26), "display empty", 15, style.TEXT_DIM)


def _side(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box, overlay: bool) -> None:
    x, y, w = area
    piles = view.get("piles") or []
    put_text(im, (x, y + 14), "piles", 17, style.TEXT_DIM)
    current = view.get("current_pile")
    for i, n in enumerate(piles[:5]):
        bx = x + i * 62
        box = (bx, y + 24, bx + 50, y + 66)
        panel.card(d, box, empty=not n)
        if current == i + 1:
            d.rounded_rectangle((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), radius=9, outline=style.GOLD, width=3)
        put_text(im, ((box[0] + box[2]) / 2, box[1] + 15), str(i + 1), 16, style.TEXT, "mm")
        put_text(im, ((box[0] + box[2]) / 2, box[3] - 11), str(as_int(n)), 15, style.TEXT_DIM, "mm")
    ry = y + 92
    put_text(im, (x, ry), "rumour board", 17, style.TEXT_DIM)
    hand = view.get("hand")
    if isinstance(hand, dict):
        put_text(im, (x + 254, ry), "in hand", 17, style.TEXT_DIM)
        parts = tuple(tuple(q) for q in hand.get("parts") or [])
        thumb = tiles.thumbnail(
            str(hand.get("sides", "DDDD")), parts, hand.get("action"), as_int(hand.get("action_part")), 56
        )
        im.paste(thumb, (x + 258, ry + 12))
    over = panel.is_over(view)
    for k, slot in enumerate(view.get("rumour_board") or []):
        good = str(slot.get("good", ""))
        row, col = divmod(k, 2)
        sy = ry + 12 + row * 30
        if col == 0:
            paste(im, tiles.action_icon(good, 20), (x + 10, sy + 12))
            put_text(im, (x + 26, sy + 18), GOOD_NAMES.get(good, good), 17, style.TEXT)
        box = (x + 140 + col * 40, sy + 1, x + 172 + col * 40, sy + 25)
        if slot.get("occupied"):
            d.rounded_rectangle(box, radius=5, fill=(120, 70, 160), outline=(230, 220, 240), width=2)
            value = slot.get("value") if over else None  # a secret until the end: the picture is the same for all
            label = f"{value:+d}" if isinstance(value, int) else "?"
            put_text(im, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), label, 15, style.TEXT, "mm")
        else:
            d.rounded_rectangle(box, radius=5, outline=style.PANEL_LINE, width=2)
    supply = view.get("supply") or {}
    goods = supply.get("goods") or {}
    sy = ry + 150
    put_text(im, (x, sy), "supply", 17, style.TEXT_DIM)
    first = f"water {as_int(supply.get('water'))}, camels {as_int(supply.get('camels'))}, "
    first += f"rumours {as_int(supply.get('rumours'))}"
    put_text(im, (x + 64, sy), style.fit(first, 17, w - 64), 17, style.TEXT)
    gx = x + 64
    for g, n in goods.items():
        paste(im, tiles.action_icon(str(g), 18), (gx + 9, sy + 16))
        gx += 22 + put_text(im, (gx + 22, sy + 22), str(as_int(n)), 17, style.TEXT) + 14
    if overlay:
        rest = [m for m in legal_choices(view) if not m["numbered"]]
        panel.choice_list(im, d, rest, x, ry + 184, w, rows=3)


draw_legend = panel.Legend(status_line, _columns, _players, _side)
