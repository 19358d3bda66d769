"""Entdecker's board: the frame with its edge circles, then tiles, events, island pennants, constructions, the
ship and last turn's frames."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render import frame, made, style
from render.layout import TILE, Layout, layout
from render.sprites import paste

from . import colors, sprites, tiles

DEFAULT_SIZE = (10, 7)  # cols x rows when the view gives none that makes sense


PANEL_HEIGHT = 400  # status line, players and piles (the picture stays between 4:5 and 5:4: 1092 x 1280)
EVENTS_HEIGHT = 76  # the key along the bottom of the panel: what the event badges, flags and edge circles mean


def layout_for(view: dict[str, Any]) -> Layout:
    """The layout of the view's board ({"cols", "rows"}), 10 x 7 if it gives no usable size."""
    board = view.get("board") or {}
    try:
        cols, rows = int(board.get("cols", 10)), int(board.get("rows", 7))
    except (TypeError, ValueError, AttributeError):
        cols, rows = DEFAULT_SIZE
    if not (1 <= cols <= 26 and 1 <= rows <= 99):
        cols, rows = DEFAULT_SIZE
    return layout(cols, rows, panel_height=PANEL_HEIGHT + EVENTS_HEIGHT)


# --- the static frame ----------------------------------------------------------------------------------------


@lru_cache(maxsize=4)
def background(lay: Layout) -> Image.Image:
    """Frame, coordinate labels, edge circles and an all-undiscovered board: the same for every view."""
    im = frame.background(lay, tiles.unknown_art())
    d = ImageDraw.Draw(im)
    # dotted lines from the edge circles to the border, then the circles with their names
    names = lay.edge_circle_names()
    for name in names:
        cx, cy = lay.edge_center(name)
        ex, ey = lay.edge_border_point(name)
        steps = 3
        for i in range(1, steps + 1):
            px, py = cx + (ex - cx) * i / (steps + 1), cy + (ey - cy) * i / (steps + 1)
            d.ellipse((px - 2, py - 2, px + 2, py + 2), fill=colors.LINE)
    for name in names:
        paste(im, edge_circle(), lay.edge_center(name))
    frame.grid_lines(im, lay)  # as every view has them, so that the free spaces are the background's (indexed.py)
    return im


@lru_cache(maxsize=1)
def edge_circle() -> Image.Image:
    """An edge circle. Its name ("A1N": the space and the side) is not written on it: at chat size 13 px letters
    are unreadable, and the overlay numbers every circle the ship may go to; the key under the panel says how they
    are named."""
    ss, n = 4, 26
    big = Image.new("RGBA", (n * ss, n * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.ellipse(
        (ss, ss, (n - 1) * ss, (n - 1) * ss), fill=(*colors.EDGE_PILL, 255), outline=(*colors.CIRCLE, 255), width=3 * ss
    )
    return big.resize((n, n), Image.Resampling.LANCZOS)


# --- the board -----------------------------------------------------------------------------------------------


def islands_by_id(view: dict[str, Any]) -> dict[Any, dict[str, Any]]:
    out = {}
    for isl in view.get("islands") or []:
        if isinstance(isl, dict) and "id" in isl:
            out[isl["id"]] = isl
    return out


def segment_islands(tile: dict[str, Any], nseg: int) -> list[Any]:
    """Island id of each land segment of a tile ("islands" is parallel to "segments")."""
    ids = tile.get("islands")
    if isinstance(ids, list):
        return [*ids[:nseg], *([None] * (nseg - len(ids)))]
    one = tile.get("island")
    if isinstance(one, list):
        return [*one[:nseg], *([None] * (nseg - len(one)))]
    return [one] * nseg


def _tile_done(tile: dict[str, Any], islands: dict[Any, dict[str, Any]], nseg: int) -> tuple[bool, ...]:
    done = []
    for iid in segment_islands(tile, nseg):
        isl = islands.get(iid) if isinstance(iid, (int, str)) else None
        done.append(bool(isl and isl.get("complete")))
    return tuple(done)


def tile_space(lay: Layout, tile: dict[str, Any]) -> str | None:
    """The space a tile of the view lies on ("space", else "col" and "row"); None if it is not on the board."""
    name = tile.get("space")
    if isinstance(name, str) and lay.parse_space(name):
        return name.upper()
    try:
        col, row = int(tile["col"]), int(tile["row"])
    except (KeyError, TypeError, ValueError):
        return None
    return lay.space_name(col, row) if lay.visible(col, row) else None


def placed_tiles(view: dict[str, Any], lay: Layout) -> dict[str, dict[str, Any]]:
    """The view's tiles by the space they lie on."""
    placed = {}
    for tile in view.get("tiles") or []:
        if isinstance(tile, dict):
            space = tile_space(lay, tile)
            if space:
                placed[space] = tile
    return placed


def draw_board(im: Image.Image, view: dict[str, Any], lay: Layout) -> dict[str, dict[str, Any]]:
    """Tiles, events, island flags, constructions and the ship. Returns the placed tiles by space."""
    islands = islands_by_id(view)
    placed = placed_tiles(view, lay)
    for space, tile in placed.items():
        art = tiles.art_key(tile)
        done = _tile_done(tile, islands, len(art.geometry.segments))
        made.place(im, tiles.tile_art(art, done), lay.space_rect(space)[:2])
    frame.grid_lines(im, lay)
    d = made.pen(im)
    last = view.get("last_turn") or {}
    frame.mark_spaces(d, lay, last.get("fills") or [], colors.FILL_HIGHLIGHT, 2)
    frame.mark_spaces(d, lay, last.get("spaces") or [], style.HIGHLIGHT, 4)

    ship = view.get("ship")
    if isinstance(ship, str):  # under the pieces, so that a piece's number is never hidden
        pos = lay.position_center(ship)
        if pos:
            paste(im, sprites.ship(0.9), pos)
    flagged: set[Any] = set()
    for space, tile in sorted(placed.items(), key=lambda kv: lay.parse_space(kv[0])[::-1]):  # type: ignore[index]
        x, y, _, _ = lay.space_rect(space)
        art = tiles.art_key(tile)
        anchors = tiles.segment_anchors(art)
        con = tile.get("construction")
        con_seg = -1
        if isinstance(con, dict):
            seg = con.get("segment", 0)
            con_seg = seg if isinstance(seg, int) and 0 <= seg < len(anchors) else 0
        if tile.get("event"):
            bx, by = _badge_corner(anchors[con_seg] if con_seg >= 0 and anchors else None)
            paste(im, sprites.event_badge(str(tile["event"])), (x + bx, y + by))
        if isinstance(con, dict):
            ax, ay = anchors[con_seg] if anchors else (TILE // 2, TILE // 2)
            seat = con.get("player", 0) if isinstance(con.get("player"), int) else 0
            paste(im, sprites.piece(str(con.get("piece", "")), seat), (x + ax, y + ay))
        for i, iid in enumerate(segment_islands(tile, len(art.geometry.segments))):
            isl = islands.get(iid) if isinstance(iid, (int, str)) else None
            if isl and isl.get("complete") and iid not in flagged and i < len(anchors):
                flagged.add(iid)
                ax, ay = anchors[i]
                if i == con_seg:
                    ax, ay = ax + 26, ay - 14
                _island_flags(im, isl, (x, y), (ax, ay))
    return placed


def _island_flags(im: Image.Image, island: dict[str, Any], corner: tuple[int, int], at: tuple[int, int]) -> None:
    """A completed island's pennant at `at` in its tile (whose top left is `corner`), kept inside the tile: gold,
    or once it has scored, one in each winner's colour with their number (ties overlapping down the diagonal), in
    the tile's middle, where it hides none of the tile's sides (its buildings, the only thing there, have gone)."""
    x0, y0 = corner
    winners = [w for w in island.get("winners") or [] if isinstance(w, int)][:3]
    if not winners:
        ax, ay = at
        paste(im, sprites.flag(), (x0 + min(max(ax, 14), TILE - 14), y0 + min(max(ay, 16), TILE - 16)))
        return
    for k, seat in enumerate(winners):
        shift = k - (len(winners) - 1) / 2
        paste(im, sprites.winner_flag(seat), (x0 + TILE // 2 + 12 * shift, y0 + TILE // 2 + 8 * shift))


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


def piece_center(lay: Layout, placed: dict[str, dict[str, Any]], space: str) -> tuple[int, int] | None:
    """Where the construction on a space stands (its segment's anchor)."""
    tile = placed.get(space)
    if tile is None:
        return None
    x, y, _, _ = lay.space_rect(space)
    anchors = tiles.segment_anchors(tiles.art_key(tile))
    con = tile.get("construction")
    seg = con.get("segment", 0) if isinstance(con, dict) else 0
    if not anchors:
        return (x + TILE // 2, y + TILE // 2)
    ax, ay = anchors[seg if isinstance(seg, int) and 0 <= seg < len(anchors) else 0]
    return (x + ax, y + ay)
