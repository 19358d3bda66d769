"""Composing the picture from a view: frame, tiles, pieces, highlights, overlay and the legend panel."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from . import sprites, style, tiles
from .layout import TILE, Layout, layout_for

PIECES = ("trading_post", "fort", "colony")
PIECE_NAMES = {"trading_post": "trading post", "fort": "fort", "colony": "colony"}


def _paste(im: Image.Image, sprite: Image.Image, center: tuple[float, float]) -> None:
    x = round(center[0] - sprite.width / 2)
    y = round(center[1] - sprite.height / 2)
    im.paste(sprite, (x, y), sprite)


def _text(
    im: Image.Image,
    xy: tuple[float, float],
    s: str,
    size: int,
    color: style.Color,
    anchor: str = "ls",
    stroke: int = 0,
    shadow: bool = False,
) -> int:
    """Paste cached text; anchor: l/m/r horizontally, s (baseline) or m (middle) vertically. Returns width."""
    sp = sprites.text(s, size, color, stroke)
    x, y = xy
    if anchor[0] == "m":
        x -= sp.width / 2
    elif anchor[0] == "r":
        x -= sp.width
    if anchor[1] == "m":
        y -= sp.height / 2
    else:
        y -= sp.info.get("baseline", sp.height)
    if shadow:  # a dark outline, for text on pictures
        dark = sprites.text(s, size, (0, 0, 0), 2)
        im.paste(dark, (round(x) - 2, round(y) - 2), dark)
    im.paste(sp, (round(x), round(y)), sp)
    return sp.width


# --- the static frame ----------------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def _background(lay: Layout) -> Image.Image:
    """Frame, coordinate labels, edge circles and an all-undiscovered board: the same for every view."""
    im = Image.new("RGB", (lay.width, lay.height), style.FRAME)
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = lay.board_rect
    unknown = tiles.unknown_art()
    for r in range(lay.rows):
        for c in range(lay.cols):
            im.paste(unknown, lay.cell_rect(c, r)[:2])
    # dotted lines from the edge circles to the border, then the circles with their names
    for name in lay.edge_circle_names():
        cx, cy = lay.edge_center(name)
        side = "NESW".index(name[-1])
        ex, ey = {0: (cx, y0), 1: (x1, cy), 2: (cx, y1), 3: (x0, cy)}[side]
        steps = 3
        for i in range(1, steps + 1):
            px, py = cx + (ex - cx) * i / (steps + 1), cy + (ey - cy) * i / (steps + 1)
            d.ellipse((px - 2, py - 2, px + 2, py + 2), fill=style.LINE)
    for name in lay.edge_circle_names():
        _paste(im, _edge_pill(name, name[-1] in "NS"), lay.edge_center(name))
    for c in range(lay.cols):
        for xy in lay.col_label_centers(c):
            _text(im, xy, lay.col_name(c), 30, style.TEXT, "mm", stroke=1)
    for r in range(lay.rows):
        for xy in lay.row_label_centers(r):
            _text(im, xy, lay.row_name(r), 30, style.TEXT, "mm", stroke=1)
    d.rectangle((0, lay.frame_height, lay.width, lay.height), fill=style.PANEL)
    d.line((0, lay.frame_height, lay.width, lay.frame_height), fill=style.PANEL_LINE, width=2)
    return im


@lru_cache(maxsize=128)
def _edge_pill(name: str, horizontal: bool) -> Image.Image:
    ss = 4
    w, h = (44, 26) if horizontal else (34, 34)
    big = Image.new("RGBA", (w * ss, h * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle(
        (ss, ss, (w - 1) * ss, (h - 1) * ss),
        radius=(h // 2 - 1) * ss,
        fill=(38, 82, 122, 255),
        outline=(*style.CIRCLE, 255),
        width=2 * ss,
    )
    d.text((w * ss / 2, h * ss / 2), style.clean(name), font=style.font(13 * ss), fill=(*style.TEXT, 255), anchor="mm")
    return big.resize((w, h), Image.Resampling.LANCZOS)


# --- the board -----------------------------------------------------------------------------------------------


def _islands(view: dict) -> dict[Any, dict]:
    out = {}
    for isl in view.get("islands") or []:
        if isinstance(isl, dict) and "id" in isl:
            out[isl["id"]] = isl
    return out


def _segment_islands(tile: dict, nseg: int) -> list[Any]:
    """Island id of each land segment of a tile ("islands" is parallel to "segments")."""
    ids = tile.get("islands")
    if isinstance(ids, list):
        return [*ids[:nseg], *([None] * (nseg - len(ids)))]
    one = tile.get("island")
    if isinstance(one, list):
        return [*one[:nseg], *([None] * (nseg - len(one)))]
    return [one] * nseg


def _tile_done(tile: dict, islands: dict[Any, dict], nseg: int) -> tuple[bool, ...]:
    done = []
    for iid in _segment_islands(tile, nseg):
        isl = islands.get(iid) if isinstance(iid, (int, str)) else None
        done.append(bool(isl and isl.get("complete")))
    return tuple(done)


def _tile_space(lay: Layout, tile: dict) -> str | None:
    name = tile.get("space")
    if isinstance(name, str) and lay.parse_space(name):
        return name.upper()
    try:
        return (
            lay.space_name(int(tile["col"]), int(tile["row"]))
            if lay.parse_space(lay.space_name(int(tile["col"]), int(tile["row"])))
            else None
        )
    except (KeyError, TypeError, ValueError):
        return None


def draw_board(im: Image.Image, view: dict, lay: Layout) -> dict[str, dict]:
    """Tiles, events, island flags, constructions and the ship. Returns the placed tiles by space."""
    islands = _islands(view)
    placed: dict[str, dict] = {}
    for tile in view.get("tiles") or []:
        if not isinstance(tile, dict):
            continue
        space = _tile_space(lay, tile)
        if space is None:
            continue
        geo = tiles.geometry(tile)
        placed[space] = tile
        done = _tile_done(tile, islands, len(geo[1]))
        im.paste(tiles.tile_art(geo, done), lay.space_rect(space)[:2])
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = lay.board_rect
    for c in range(1, lay.cols):
        d.line((x0 + c * TILE, y0, x0 + c * TILE, y1 - 1), fill=style.GRID, width=1)
    for r in range(1, lay.rows):
        d.line((x0, y0 + r * TILE, x1 - 1, y0 + r * TILE), fill=style.GRID, width=1)
    d.rectangle((x0 - 2, y0 - 2, x1 + 1, y1 + 1), outline=style.OUTLINE, width=2)

    last = view.get("last_turn") or {}
    for name in last.get("fills") or []:
        if isinstance(name, str) and lay.parse_space(name):
            _frame(d, lay.space_rect(name), style.FILL_HIGHLIGHT, 2)
    for name in last.get("spaces") or []:
        if isinstance(name, str) and lay.parse_space(name):
            _frame(d, lay.space_rect(name), style.HIGHLIGHT, 4)

    ship = view.get("ship")
    if isinstance(ship, str):  # under the pieces, so that a piece's number is never hidden
        pos = lay.position_center(ship)
        if pos:
            _paste(im, sprites.ship(0.9), pos)
    flagged: set[Any] = set()
    for space, tile in sorted(placed.items(), key=lambda kv: lay.parse_space(kv[0])[::-1]):  # type: ignore[index]
        x, y, _, _ = lay.space_rect(space)
        geo = tiles.geometry(tile)
        anchors = tiles.segment_anchors(geo)
        con = tile.get("construction")
        con_seg = -1
        if isinstance(con, dict):
            seg = con.get("segment", 0)
            con_seg = seg if isinstance(seg, int) and 0 <= seg < len(anchors) else 0
        if tile.get("event"):
            bx, by = _badge_corner(anchors[con_seg] if con_seg >= 0 and anchors else None)
            _paste(im, sprites.event_badge(str(tile["event"])), (x + bx, y + by))
        if isinstance(con, dict):
            ax, ay = anchors[con_seg] if anchors else (TILE // 2, TILE // 2)
            seat = con.get("player", 0) if isinstance(con.get("player"), int) else 0
            _paste(im, sprites.piece(str(con.get("piece", "")), seat), (x + ax, y + ay))
        for i, iid in enumerate(_segment_islands(tile, len(geo[1]))):
            isl = islands.get(iid) if isinstance(iid, (int, str)) else None
            if isl and isl.get("complete") and iid not in flagged and i < len(anchors):
                flagged.add(iid)
                ax, ay = anchors[i]
                if i == con_seg:
                    ax, ay = ax + 26, ay - 14
                _paste(im, sprites.flag(), (x + min(max(ax, 14), TILE - 14), y + min(max(ay, 16), TILE - 16)))
    return placed


BADGE_CORNERS = ((17, 17), (TILE - 17, 17), (17, TILE - 17), (TILE - 17, TILE - 17))


def _badge_corner(avoid: tuple[int, int] | None) -> tuple[int, int]:
    """The corner of a tile for its event badge: the top left, unless a piece stands near it."""
    if avoid is None:
        return BADGE_CORNERS[0]
    ax, ay = avoid
    for cx, cy in BADGE_CORNERS:
        if abs(cx - ax) >= 36 or abs(cy - ay) >= 38:
            return cx, cy
    return BADGE_CORNERS[3]


def _frame(d: ImageDraw.ImageDraw, rect: tuple[int, int, int, int], color: style.Color, width: int) -> None:
    x0, y0, x1, y1 = rect
    d.rectangle((x0, y0, x1 - 1, y1 - 1), outline=style.HIGHLIGHT_EDGE, width=width + 2)
    d.rectangle((x0 + 1, y0 + 1, x1 - 2, y1 - 2), outline=color, width=width)


# --- overlay -------------------------------------------------------------------------------------------------


NUMBERED_KINDS = ("ship", "place")  # kinds whose autocomplete labels carry the number ("#3 C4, turned 90°")


def legal_choices(view: dict) -> list[dict]:
    """view["legal"], each with "number" and "numbered": whether the label shows that number (then the overlay
    draws it as a badge; other choices are marked without a number, or listed in the panel)."""
    out = []
    for i, m in enumerate(view.get("legal") or []):
        if isinstance(m, dict):
            num = m.get("number")
            num = num if isinstance(num, int) and not isinstance(num, bool) else i + 1
            label = m.get("label")
            numbered = label.startswith(f"#{num} ") if isinstance(label, str) else m.get("kind") in NUMBERED_KINDS
            out.append({**m, "number": num, "numbered": numbered})
    return out


def _placed(view: dict, lay: Layout) -> dict[str, dict]:
    placed = {}
    for tile in view.get("tiles") or []:
        if isinstance(tile, dict):
            sp = _tile_space(lay, tile)
            if sp:
                placed[sp] = tile
    return placed


def _piece_center(lay: Layout, placed: dict[str, dict], space: str) -> tuple[int, int] | None:
    tile = placed.get(space)
    if tile is None:
        return None
    x, y, _, _ = lay.space_rect(space)
    geo = tiles.geometry(tile)
    anchors = tiles.segment_anchors(geo)
    con = tile.get("construction")
    seg = con.get("segment", 0) if isinstance(con, dict) else 0
    if not anchors:
        return (x + TILE // 2, y + TILE // 2)
    ax, ay = anchors[seg if isinstance(seg, int) and 0 <= seg < len(anchors) else 0]
    return (x + ax, y + ay)


def overlay_positions(view: dict, lay: Layout | None = None) -> dict[int, tuple[int, int]]:
    """Centre of the number badge of each numbered legal choice that has a place on the board (a ship position
    or a placement), by its number."""
    lay = lay or layout_for(view)
    groups: dict[tuple[int, int], list[int]] = {}
    ship = view.get("ship")
    for m in legal_choices(view):
        space = m.get("space") or m.get("position")
        if not m["numbered"] or not isinstance(space, str):
            continue
        center = lay.position_center(space)
        if center is None:
            continue
        if m.get("kind") == "ship" and isinstance(ship, str) and ship.upper() == space.upper():
            center = (center[0] + 22, center[1] + 22)  # beside the ship, which stays visible
        groups.setdefault(center, []).append(m["number"])
    out = {}
    for (cx, cy), nums in groups.items():
        per_row = 3
        rows = (len(nums) + per_row - 1) // per_row
        for k, n in enumerate(nums):
            row, col = divmod(k, per_row)
            count = min(len(nums) - row * per_row, per_row)
            out[n] = (cx + round((col - (count - 1) / 2) * 30), cy + round((row - (rows - 1) / 2) * 30))
    return out


def recall_positions(view: dict, lay: Layout | None = None) -> dict[str, tuple[int, int]]:
    """Centre of the "take back" marker for each trading post the current player may recall, by space."""
    lay = lay or layout_for(view)
    placed = _placed(view, lay)
    out = {}
    for m in legal_choices(view):
        space = m.get("space")
        if m.get("kind") == "recall" and isinstance(space, str) and lay.parse_space(space):
            c = _piece_center(lay, placed, space.upper())
            if c:
                out[space.upper()] = (c[0] + 20, c[1] + 14)
    return out


def draw_overlay(im: Image.Image, view: dict, lay: Layout) -> None:
    choices = legal_choices(view)
    drawn = (view.get("voyage") or {}).get("drawn")
    place_by_space: dict[str, list[dict]] = {}
    for m in choices:
        if m.get("kind") == "place" and isinstance(m.get("space"), str) and lay.parse_space(m["space"]):
            place_by_space.setdefault(m["space"].upper(), []).append(m)
    if isinstance(drawn, dict):
        geo = tiles.geometry(drawn)
        for space, ms in place_by_space.items():
            if len(ms) == 1:  # one way to lay it here: show the tile in place, faded
                rot = ms[0].get("rotation", 0)
                art = tiles.tile_art(tiles.rotate_geometry(geo, rot if isinstance(rot, int) else 0))
                im.paste(_faded(art), lay.space_rect(space)[:2])
    d = ImageDraw.Draw(im)
    for space in place_by_space:
        _frame(d, lay.space_rect(space), style.OVERLAY, 3)
    for number, center in overlay_positions(view, lay).items():
        _paste(im, sprites.number_badge(number, 28), center)
    for center in recall_positions(view, lay).values():
        _paste(im, sprites.recall_badge(), center)


def _faded(art: Image.Image) -> Image.Image:
    return Image.blend(art, Image.new("RGB", art.size, style.UNKNOWN), 0.35)
