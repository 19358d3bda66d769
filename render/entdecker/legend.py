"""Entdecker's legend under the board: status line, players, piles, tile in hand, choices and the result."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.entdecker.lang import N_, _, ngettext
from engine.entdecker.state import PIECES
from render import made, panel, style
from render.layout import Layout
from render.panel import as_int
from render.sprites import number_badge, paste, put_text

from . import board, sprites, tiles
from .board import EVENTS_HEIGHT
from .overlay import legal_choices

PAD = panel.PAD
SMALL = panel.SMALL
BADGE = 36  # sprites.badge_size of the 1092 px picture
TYPED = 26  # style.min_size(1092, typed=True): the pile numbers players type
PANEL_ROWS_HEIGHT = 320  # header + player rows
SPLIT = 660  # x of the line between the players and the piles
# What each event badge on the board means, in the order of the rules.
EVENT_LEGEND = (
    ("storm", N_("storm: turn ends")),
    ("hostile_natives", N_("hostile natives: build ×2")),
    ("welcoming_natives", N_("welcoming natives: a plant")),
    ("pirates", N_("pirates: lose half gold")),
    ("ruins", N_("ruins: +3 points")),
    ("gold", N_("gold: +3 gold")),
)
KEY_LINES = 2  # the key's lines that fit in EVENTS_HEIGHT
KEY_ICON = 26  # the symbols in the key
HEAD_SHIFT = 8  # the points' and plants' headings start this far left of their column
HEAD_GAP = 6  # at least this between a heading and the next
# A fill-in pile's tile, drawn small beside its count: the sides that are land, per edge class.
FILL_SIDES = {"1": "SSSS", "2": "LSSS", "3": "LSLS", "4": "LLSS", "5": "LLLS", "6": "LLLL"}
PHASE_WORDS = {  # who does what, by the phase
    "ship": N_("{who} places the ship"),
    "explore": N_("{who} declares explorations"),
    "voyage": N_("{who} explores"),
    "place": N_("{who} places a tile"),
    "natives": N_("{who} may take a plant"),
}
OTHERWISE = N_("{who} to play")


def status_line(view: dict[str, Any]) -> str:
    """The panel's first line: season, turn, who does what and (exploring) how many tiles are left; then the
    result. Whole templates rather than render.panel.Status's name-then-verb, whose order is English."""
    if panel.is_over(view):
        return _game_over(view)
    who = panel.player_name(view, view.get("current_player"))
    doing = _(PHASE_WORDS.get(str(view.get("phase")), OTHERWISE)).format(who=who)
    voy = view.get("voyage")
    if isinstance(voy, dict) and view.get("phase") in ("voyage", "place", "natives"):
        rem, dec = voy.get("remaining"), voy.get("declared")
        if isinstance(rem, int) and isinstance(dec, int):
            doing = _("{doing} ({left} of {declared} tiles left)").format(doing=doing, left=rem, declared=dec)
    season = _("Season {n}").format(n=as_int(view.get("season"), 1))
    return panel.SEPARATOR.join([season, _("Turn {n}").format(n=as_int(view.get("turn"))), doing])


def _game_over(view: dict[str, Any]) -> str:
    """`Game over - Ann wins with 30 points!` (render.panel.game_over_line's, in the reader's language)."""
    res = panel.as_dict(view.get("result"))
    winners = [w for w in res.get("winners") or [] if isinstance(w, int)]
    if not winners:
        return _("Game over")
    names = " & ".join(panel.player_name(view, w) for w in winners)
    scores = panel.as_list(res.get("scores"))
    best = scores[winners[0]] if winners[0] < len(scores) and isinstance(scores[winners[0]], int) else None
    if best is None:
        return ngettext("Game over - {names} wins!", "Game over - {names} win!", len(winners)).format(names=names)
    line = ngettext("Game over - {names} wins with {points}!", "Game over - {names} win with {points}!", len(winners))
    return line.format(names=names, points=ngettext("{n} point", "{n} points", best).format(n=best))


def _label(im: Image.Image, xy: tuple[float, float], text: str, room: float) -> int:
    """A dim word of the legend in the room its place gives it (cut with "…" should a translation be longer:
    tests/render/entdecker/test_languages.py checks none is)."""
    return put_text(im, xy, style.fit(text, SMALL, int(room)), SMALL, style.TEXT_DIM)


def _leaf(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """A plant token icon."""
    d.ellipse((x - 9, y - 5, x + 9, y + 5), fill=(120, 200, 90), outline=(30, 60, 20), width=2)
    d.line((x - 8, y, x + 8, y), fill=(30, 60, 20), width=1)


def _columns(lay: Layout) -> panel.Columns:
    top = lay.frame_height
    return panel.Columns(
        left=(PAD, top + 56, SPLIT - PAD - 14),
        divider=(SPLIT, top + 54, lay.height - EVENTS_HEIGHT - 8),
        right=(SPLIT + 18, top + 56, lay.width - SPLIT - 18 - PAD),
    )


# The key's words (plain English in one place, to be wrapped for translation).
ISLAND_COMPLETE = N_("island complete")
ISLAND_WON = N_("won by seat 1")
EDGE_CIRCLE = N_("A1N: edge circle N of A1")


def _key_items() -> list[tuple[Image.Image, str]]:
    events = [
        (sprites.event_badge(e).resize((KEY_ICON, KEY_ICON), Image.Resampling.LANCZOS), w) for e, w in EVENT_LEGEND
    ]
    return [
        *((icon, _(words)) for icon, words in events),
        (sprites.flag(), _(ISLAND_COMPLETE)),
        (sprites.winner_flag(0), _(ISLAND_WON)),
        (board.edge_circle(), _(EDGE_CIRCLE)),
    ]


def _event_legend(im: Image.Image, d: ImageDraw.ImageDraw, lay: Layout) -> None:
    """What the board's symbols mean (event badges, the island flag, edge circles), along the panel's bottom."""
    panel.symbol_key(im, d, (PAD, lay.height - EVENTS_HEIGHT, lay.width - 2 * PAD), _key_items())


def _players(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box) -> None:
    x, y, w = area
    over = panel.is_over(view)
    res = panel.as_dict(view.get("result"))
    winners = set(res.get("winners") or [])
    scores = panel.as_list(res.get("scores"))
    personal = bool((view.get("options") or {}).get("personal_tiles"))
    cols = {"name": x + 50, "gold": x + 50 + panel.NAME_WIDTH + 12, "pieces": x + w - 214, "plants": x + w - 58}
    cols["vp"] = cols["gold"] + 66
    # Each heading from its column to the next one's (the points' and the plants' start a little left of their
    # icons, for the room longer words need), the last to the divider.
    heads = [
        (cols["name"], _("player")),
        (cols["gold"], _("gold")),
        (cols["vp"] - HEAD_SHIFT, _("final") if over else _("points")),
        (cols["pieces"], _("pieces left")),
        (cols["plants"] - HEAD_SHIFT, _("plants")),
    ]
    ends = [left for left, _words in heads[1:]] + [SPLIT]
    for (left, words), end in zip(heads, ends, strict=True):
        _label(im, (left, y + 16), words, end - left - HEAD_GAP)
    cur = view.get("current_player")
    first = view.get("first_player")
    for row in panel.player_rows(view, y + 30, PANEL_ROWS_HEIGHT - 30, max_height=62):
        p, seat, cy, base, big = row.player, row.seat, row.cy, row.base, row.size
        if seat == cur and not over:
            panel.current_row(d, x, row, w)
        paste(im, sprites.piece("colony", seat), (x + 22, cy))
        name = str(p.get("name", _("Player {n}").format(n=seat + 1)))
        tag = ""
        if over and seat in winners:
            tag = _("WINNER")
        elif seat == first and not over:
            tag = _("1st")
        extra = ""
        pc = p.get("personal_count")
        if personal and isinstance(pc, int) and not over:
            extra = _("+{n} own").format(n=pc)
        text, size = panel.fit_name(name, cols["gold"] - cols["name"] - 10)
        winner = over and seat in winners
        nx = cols["name"]
        nx += put_text(im, (nx, base), text, size, style.GOLD if winner else style.TEXT) + 7
        # the tag and the count of personal tiles come after the name when they fit; the name comes first
        if tag and nx + panel.tag_width(tag) <= cols["gold"] - 4:
            nx += panel.tag(im, d, nx, cy, tag, style.GOLD if tag == "WINNER" else style.TEXT)
        if extra and nx + style.text_width(extra, SMALL) <= cols["gold"] - 4:
            put_text(im, (nx, base - 2), extra, SMALL, style.TEXT_DIM)
        panel.coin(d, cols["gold"] + 2, cy)
        put_text(im, (cols["gold"] + 16, base), str(as_int(p.get("gold"))), big, style.TEXT)
        panel.star(d, cols["vp"] + 2, cy)
        vp = as_int(p.get("vp"))
        if over and seat < len(scores) and isinstance(scores[seat], int):
            vp = scores[seat]
        put_text(im, (cols["vp"] + 16, base), str(vp), big, style.GOLD if over and seat in winners else style.TEXT)
        pieces = panel.as_dict(p.get("pieces"))
        px = cols["pieces"]
        for kind in PIECES:
            paste(im, sprites.piece(kind, seat, 0.62, numbered=False), (px + 12, cy))
            px += 26 + put_text(im, (px + 26, base), str(as_int(pieces.get(kind))), big - 2, style.TEXT) + 10
        plants = [v for v in p.get("plants") or [] if isinstance(v, int)]
        _leaf(d, cols["plants"] + 8, cy)
        put_text(im, (cols["plants"] + 22, base), str(len(plants)), big, style.TEXT)


def _piles(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box, overlay: bool) -> None:
    x, y, w = area
    piles = panel.as_dict(view.get("piles"))
    disc = [p for p in piles.get("discovery") or [] if isinstance(p, dict)]
    choices = legal_choices(view) if overlay else []
    drawable = set()
    for m in choices:
        if m.get("kind") == "draw":
            pile = m.get("pile")
            if not isinstance(pile, int):
                key = str(m.get("key", ""))
                pile = int(key[5:]) if key.startswith("draw:") and key[5:].isdigit() else None
            if isinstance(pile, int):
                drawable.add(pile)
    cw, ch, gap = 50, 66, 10
    hx = x + 5 * (cw + gap) + 8  # the tile in hand, right of the piles
    _label(im, (x, y + 16), _("discovery piles"), hx - x - HEAD_GAP)
    typed = TYPED
    for i, p in enumerate(disc[:5]):
        cx = x + i * (cw + gap)
        box = (cx, y + 24, cx + cw, y + 24 + ch)
        count = as_int(p.get("count"))
        ev = bool(p.get("top_event")) and count > 0
        panel.card(d, box, count == 0)
        if ev:  # an event tile's back shows a big "?"
            put_text(im, (cx + cw / 2, y + 24 + ch / 2 - 6), "?", 34, (255, 236, 170), "mm", stroke=1)
            put_text(im, (cx + cw / 2, y + 24 + ch - 12), str(count), SMALL, style.TEXT, "mm")
        else:
            put_text(im, (cx + cw / 2, y + 24 + ch / 2), str(count), 26, style.TEXT, "mm")
        put_text(im, (cx + cw / 2, y + 24 + ch + 20), str(i + 1), typed, style.TEXT, "mm", typed=True)
        if (i + 1) in drawable:  # a pile the player may draw from: framed in white
            d.rounded_rectangle((cx - 4, y + 20, cx + cw + 4, y + 28 + ch), radius=9, outline=style.OVERLAY, width=3)
    # the tile in hand (face up: everyone saw it drawn)
    voy = panel.as_dict(view.get("voyage"))
    drawn = voy.get("drawn")
    if isinstance(drawn, dict):
        _label(im, (hx, y + 16), _("in hand"), x + w - hx)
        thumb = tiles.tile_thumb(tiles.art_key(drawn), 62)
        made.place(im, thumb, (hx, y + 24))
        d.rectangle((hx - 1, y + 23, hx + 62, y + 24 + 62), outline=style.TEXT, width=2)
        if drawn.get("event"):
            paste(im, sprites.event_badge(str(drawn["event"])), (hx + 62, y + 26))
    # fill-in and plant piles
    fy = y + 148
    fill = panel.as_dict(piles.get("fill"))
    fx = x + 80
    _label(im, (x, fy), _("fill-ins"), fx - x - HEAD_GAP)
    for k in sorted(fill, key=str):
        thumb = tiles.tile_thumb(tiles.art_key({"sides": FILL_SIDES.get(str(k), "SSSS")}), 24)
        made.place(im, thumb, (fx, fy - 19))
        fx += 27 + put_text(im, (fx + 27, fy), str(as_int(fill[k])), SMALL, style.TEXT) + 6
    plants = piles.get("plants")
    if isinstance(plants, int):
        plants = [plants]
    if isinstance(plants, list):
        py = fy + 32
        counts = [as_int(v) for v in plants]
        if len(counts) == 1:
            left = _("{n} in the bag").format(n=sum(counts))
        else:
            left = _("{n} in two piles ({piles})").format(n=sum(counts), piles=" + ".join(map(str, counts)))
        _label(im, (x, py), _("plants"), fx - x - HEAD_GAP)
        pw = put_text(im, (x + 80, py), left, SMALL, style.TEXT)
        kept = panel.as_dict(piles.get("kept"))
        kept_n = sum(as_int(v) for v in kept.values())
        if kept_n:
            _label(im, (x + 92 + pw, py), _("kept: {n}").format(n=kept_n), x + w - (x + 92 + pw))
    if overlay:
        _choices(im, d, view, x, fy + 44, w)


def _choices(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], x: int, y: int, w: int) -> None:
    """Choices the board cannot show (explore counts, stop, ...), and each placement of the tile in hand."""
    choices = legal_choices(view)
    drawn = (view.get("voyage") or {}).get("drawn") if isinstance(view.get("voyage"), dict) else None
    places = [m for m in choices if m.get("kind") == "place"]
    if places and isinstance(drawn, dict):
        art = tiles.art_key(drawn)
        size, step, badge = 52, 78, BADGE
        per_row = max(w // step, 1)
        for k, m in enumerate(places[: per_row * 2]):
            r, c = divmod(k, per_row)
            tx, ty = x + c * step + badge // 2, y + 14 + r * (size + 26)
            rot = m.get("rotation")
            rot = rot if isinstance(rot, int) else 0
            made.place(im, tiles.tile_thumb(art.rotated(rot), size), (tx, ty))
            paste(im, number_badge(m["number"], badge), (tx, ty + 6))
            if isinstance(m.get("space"), str):
                put_text(im, (tx + size / 2, ty + size + 14), m["space"], SMALL, style.TEXT, "mm")
        return
    rest = [
        m for m in choices if m.get("kind") == "recall" or (m.get("kind") not in ("place", "draw") and not _on_board(m))
    ]
    panel.choice_list(im, d, rest, x, y, w, rows=3, badge=BADGE)


def _on_board(m: dict[str, Any]) -> bool:
    return isinstance(m.get("space") or m.get("position"), str)


draw_legend = panel.Legend(status_line, _columns, _players, _piles, footer=_event_legend)
