"""Im Reich der Wüstensöhne's painter: `draw(view, overlay=...)` is what the render core calls for a view whose
game is "desert" (docs/render.md). The board (11 x 11, columns A-K, rows 1-11), then the legend: players with
water, camels and goods, explorers in hand and displays; the piles; the rumour board with face-down tokens.
PALETTE is its fixed PNG palette (`python -m render palette --game desert --write` learns it again)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.core.grid import Grid
from render import frame, panel, style
from render.layout import Layout
from render.panel import as_int
from render.sprites import number_badge, paste, put_text

from . import tiles as art
from .palette import PALETTE

NUMBERED = ("caravan", "place")
PANEL_HEIGHT = 430
SPLIT = 640  # x of the line between the players and the piles/rumours

__all__ = ["PALETTE", "draw", "layout_for", "mid_game", "overlay_positions", "status_line"]


def layout_for(view: dict) -> Layout:
    board = view.get("board") or {}
    cols, rows = as_int(board.get("cols"), 11), as_int(board.get("rows"), 11)
    if not (1 <= cols <= 26 and 1 <= rows <= 26):
        cols, rows = 11, 11
    return _layout(cols, rows)


@lru_cache(maxsize=4)
def _layout(cols: int, rows: int) -> Layout:
    return Layout(Grid(cols, rows), cols, rows, tile=art.TILE, panel_height=PANEL_HEIGHT)


@lru_cache(maxsize=4)
def background(lay: Layout) -> Image.Image:
    return frame.background(lay, art.unknown_art())


def draw(view: dict, *, overlay: bool) -> Image.Image:
    """The picture of a desert view as an RGB image of layout_for(view).size (may raise on a malformed view)."""
    lay = layout_for(view)
    im = background(lay).copy()
    draw_board(im, view, lay)
    if overlay:
        draw_overlay(im, view, lay)
    draw_legend(im, view, lay, overlay)
    return im


# --- the board -------------------------------------------------------------------------------------------------


def _done_oases(view: dict) -> set[Any]:
    return {o.get("id") for o in view.get("oases") or [] if isinstance(o, dict) and o.get("scored")}


def draw_board(im: Image.Image, view: dict, lay: Layout) -> None:
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
        picture = art.tile_art(
            str(t.get("sides", "DDDD")),
            parts,
            t.get("action"),
            as_int(t.get("action_part")),
            bool(t.get("cross")),
            flags,
        )
        im.paste(picture, lay.space_rect(space)[:2])
    frame.grid_lines(im, lay)
    d = ImageDraw.Draw(im)
    last = view.get("last_turn") or {}
    for space in last.get("spaces") or []:
        if isinstance(space, str) and lay.parse_space(space):
            frame.mark(d, lay.space_rect(space), style.HIGHLIGHT, 2)
    for e in view.get("explorers") or []:
        space = e.get("space")
        if not isinstance(space, str) or space.upper() not in parts_at:
            continue
        parts = parts_at[space.upper()]
        part = as_int(e.get("part"))
        if part >= len(parts):
            continue
        x0, y0, _, _ = lay.space_rect(space)
        ax, ay = art.part_anchor(parts[part], 0 if e.get("action_space") else 1)  # 0: on the action space
        sprite = art.explorer(as_int(e.get("player")), as_int(e.get("height")), bool(e.get("turban")))
        paste(im, sprite, (x0 + ax * lay.tile, y0 + ay * lay.tile))
    for p in view.get("players") or []:
        space = p.get("caravan")
        if isinstance(space, str) and lay.parse_space(space):
            paste(im, art.caravan(as_int(p.get("seat"))), lay.space_center(space))


def legal_choices(view: dict) -> list[dict]:
    return panel.legal_choices(view, NUMBERED)


def overlay_positions(view: dict, lay: Layout | None = None) -> dict[int, tuple[int, int]]:
    """Centre of the number badge of each numbered legal choice with a place on the board, by its number."""
    lay = lay or layout_for(view)
    groups: dict[tuple[int, int], list[int]] = {}
    for m in legal_choices(view):
        space = m.get("to") or m.get("space")
        if not m["numbered"] or not isinstance(space, str) or lay.parse_space(space) is None:
            continue
        cx, cy = lay.space_center(space)
        groups.setdefault((cx, cy + 14), []).append(m["number"])
    out = {}
    for (cx, cy), nums in groups.items():
        for k, n in enumerate(nums):
            row, col = divmod(k, 2)
            count = min(len(nums) - row * 2, 2)
            out[n] = (cx + round((col - (count - 1) / 2) * 28), cy + row * 26 - 6)
    return out


def draw_overlay(im: Image.Image, view: dict, lay: Layout) -> None:
    d = ImageDraw.Draw(im)
    for m in legal_choices(view):
        space = m.get("to") or m.get("space")
        if m["numbered"] and isinstance(space, str) and lay.parse_space(space) is not None:
            frame.mark(d, lay.space_rect(space), style.OVERLAY, 3)
    for number, center in overlay_positions(view, lay).items():
        paste(im, number_badge(number, 26), center)


# --- the legend ------------------------------------------------------------------------------------------------

PHASE_WORDS = {
    "discard": "discards a display tile",
    "move": "moves the caravan",
    "discover": "discovers",
    "place": "attaches a tile",
    "explorer": "places an explorer",
    "bonus": "may buy a bonus turn",
}


def status_line(view: dict) -> str:
    if panel.is_over(view):
        return panel.game_over_line(view, "gold")
    cur = view.get("current_player")
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
        parts.append(f"{panel.player_name(view, cur)} {PHASE_WORDS.get(str(view.get('phase')), 'to play')}{bonus}")
    return "   |   ".join(parts)


def draw_legend(im: Image.Image, view: dict, lay: Layout, overlay: bool) -> None:
    top = lay.frame_height
    d = ImageDraw.Draw(im)
    panel.heading(im, lay, status_line(view), panel.is_over(view))
    _players(im, d, view, panel.PAD, top + 58, SPLIT - panel.PAD - 12)
    panel.divider(d, SPLIT, top + 56, lay.height - 14)
    _side(im, d, view, SPLIT + 18, top + 58, lay.width - SPLIT - 18 - panel.PAD, overlay)


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
                paste(im, art.action_icon(str(goods[i]), slot), ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
            else:
                d.rectangle(box, fill=(60, 48, 32))
    return camels * (2 * slot + gap + 6)


def _players(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, x: int, y: int, w: int) -> None:
    over = panel.is_over(view)
    res = view.get("result") if isinstance(view.get("result"), dict) else {}
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
        paste(im, art.caravan(seat), (x + 22, cy - 12))
        # line 1: the name (up to the explorers' column), then its tag if it fits; line 2: water, camels, goods
        name, size = panel.fit_name(str(p.get("name", f"Player {seat + 1}")), cols["hand"] - cols["name"] - 12)
        nx = cols["name"] + put_text(im, (cols["name"], cy - 8), name, size, style.TEXT) + 8
        tag = "WINNER" if over and seat in winners else ("turban" if p.get("turban") else "")
        line2 = cy + 20
        paste(im, art.action_icon("water", 20), (cols["name"] + 6, line2 - 6))
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
            paste(im, art.explorer(seat, h, turban), (hx + 12 + k * 24, cy - 14))
        for k, t in enumerate(p.get("display") or []):
            parts = tuple(tuple(q) for q in t.get("parts") or [])
            thumb = art.thumbnail(str(t.get("sides", "DDDD")), parts, t.get("action"), as_int(t.get("action_part")), 32)
            im.paste(thumb, (hx + k * 36, cy + 6))
        if not (p.get("display") or []):
            put_text(im, (hx, cy + 26), "display empty", 15, style.TEXT_DIM)


def _side(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, x: int, y: int, w: int, overlay: bool) -> None:
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
        thumb = art.thumbnail(
            str(hand.get("sides", "DDDD")), parts, hand.get("action"), as_int(hand.get("action_part")), 56
        )
        im.paste(thumb, (x + 258, ry + 12))
    over = panel.is_over(view)
    for k, slot in enumerate(view.get("rumour_board") or []):
        good = str(slot.get("good", ""))
        row, col = divmod(k, 2)
        sy = ry + 12 + row * 30
        if col == 0:
            paste(im, art.action_icon(good, 20), (x + 10, sy + 12))
            put_text(im, (x + 26, sy + 18), art.GOOD_NAMES.get(good, good), 17, style.TEXT)
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
        paste(im, art.action_icon(str(g), 18), (gx + 9, sy + 16))
        gx += 22 + put_text(im, (gx + 22, sy + 22), str(as_int(n)), 17, style.TEXT) + 14
    if overlay:
        rest = [m for m in legal_choices(view) if not m["numbered"]]
        panel.choice_list(im, d, rest, x, ry + 184, w, rows=3)


def mid_game(states: Sequence[Any], view: Any) -> Any:
    """The first state with about 40 tiles discovered, moved on to an oasis scoring if one comes within 60 states."""
    mid = next((s for s in states if len(view(s)["tiles"]) >= 60), states[len(states) // 2])
    i = states.index(mid)
    for s in states[i : i + 60]:
        if view(s)["phase"] == "action":
            return s
    return mid
