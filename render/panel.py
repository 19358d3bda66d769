"""The legend under the board: status line, players, piles, tile in hand, choices and the result."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import sprites, style, tiles
from .board import PIECES, _paste, _text, legal_choices
from .layout import Layout

PAD = 22
PANEL_ROWS_HEIGHT = 280  # header + player rows


def _int(x: object, default: int = 0) -> int:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def _name(view: dict, seat: object) -> str:
    for p in view.get("players") or []:
        if isinstance(p, dict) and p.get("seat") == seat:
            return str(p.get("name", f"Player {_int(seat) + 1}"))
    return f"Player {_int(seat) + 1}" if isinstance(seat, int) else "?"


def status_line(view: dict) -> str:
    """The one-line summary at the top of the panel."""
    if view.get("game_over") or view.get("phase") == "over":
        res = view.get("result") or {}
        winners = [w for w in res.get("winners") or [] if isinstance(w, int)]
        if winners:
            names = " & ".join(_name(view, w) for w in winners)
            scores = res.get("scores") if isinstance(res.get("scores"), list) else []
            best = scores[winners[0]] if winners[0] < len(scores) and isinstance(scores[winners[0]], int) else None
            pts = f" with {best} VP" if best is not None else ""
            return f"Game over - {names} {'win' if len(winners) > 1 else 'wins'}{pts}!"
        return "Game over"
    cur = view.get("current_player")
    phase = view.get("phase")
    parts = [f"Season {_int(view.get('season'), 1)}", f"Turn {_int(view.get('turn'))}"]
    what = {
        "ship": "places the ship",
        "explore": "declares explorations",
        "voyage": "explores",
        "place": "places a tile",
    }.get(str(phase), "to play")
    s = f"{_name(view, cur)} {what}"
    voy = view.get("voyage")
    if isinstance(voy, dict) and phase in ("voyage", "place"):
        rem, dec = voy.get("remaining"), voy.get("declared")
        if isinstance(rem, int) and isinstance(dec, int):
            s += f" ({rem} of {dec} left)"
    parts.append(s)
    return "   |   ".join(parts)


def _coin(d: ImageDraw.ImageDraw, x: float, y: float, r: float = 8) -> None:
    d.ellipse((x - r, y - r, x + r, y + r), fill=style.GOLD, outline=(120, 80, 10), width=2)


def _star(d: ImageDraw.ImageDraw, x: float, y: float, r: float = 9) -> None:
    import math

    pts = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    d.polygon(pts, fill=(250, 250, 250), outline=(60, 60, 60))


def _leaf(d: ImageDraw.ImageDraw, x: float, y: float) -> None:
    d.ellipse((x - 9, y - 5, x + 9, y + 5), fill=(120, 200, 90), outline=(30, 60, 20), width=2)
    d.line((x - 8, y, x + 8, y), fill=(30, 60, 20), width=1)


def draw_panel(im: Image.Image, view: dict, lay: Layout, overlay: bool) -> None:
    top = lay.frame_height
    d = ImageDraw.Draw(im)
    over = bool(view.get("game_over") or view.get("phase") == "over")
    _text(
        im,
        (PAD, top + 38),
        style.fit(status_line(view), 30, lay.width - 2 * PAD),
        30,
        style.GOLD if over else style.TEXT,
        stroke=1 if over else 0,
    )
    split = 624
    _players(im, d, view, PAD, top + 56, split - PAD - 14)
    d.line((split, top + 54, split, lay.height - 14), fill=style.PANEL_LINE, width=2)
    _piles(im, d, view, split + 18, top + 56, lay.width - split - 18 - PAD, overlay)


def _players(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, x: int, y: int, w: int) -> None:
    players = [p for p in view.get("players") or [] if isinstance(p, dict)]
    over = bool(view.get("game_over") or view.get("phase") == "over")
    res = view.get("result") if isinstance(view.get("result"), dict) else {}
    winners = set(res.get("winners") or [])
    scores = res.get("scores") if isinstance(res.get("scores"), list) else []
    personal = bool((view.get("options") or {}).get("personal_tiles"))
    cols = {"name": x + 50, "gold": x + 222, "vp": x + 290, "pieces": x + 360, "plants": x + w - 76}
    for key, label in (("name", "player"), ("gold", "gold"), ("vp", "final" if over else "VP")):
        _text(im, (cols[key], y + 16), label, 18, style.TEXT_DIM)
    _text(im, (cols["pieces"], y + 16), "pieces left", 18, style.TEXT_DIM)
    _text(im, (cols["plants"], y + 16), "plants", 18, style.TEXT_DIM)
    n = max(len(players), 1)
    row_h = min(50, (PANEL_ROWS_HEIGHT - 26) // n)
    big = 27 if row_h >= 40 else 22
    cur = view.get("current_player")
    first = view.get("first_player")
    for i, p in enumerate(players[:8]):
        seat = _int(p.get("seat"), i)
        ry = y + 26 + i * row_h
        cy = ry + row_h // 2
        base = cy + big // 3
        if seat == cur and not over:
            d.rounded_rectangle((x - 10, ry + 2, x + w, ry + row_h - 2), radius=9, fill=style.PANEL_CURRENT)
            d.polygon([(x - 6, cy - 9), (x + 5, cy), (x - 6, cy + 9)], fill=style.TEXT)
        _paste(im, sprites.piece("colony", seat, 0.8), (x + 27, cy))
        name = str(p.get("name", f"Player {seat + 1}"))
        tag = ""
        if over and seat in winners:
            tag = "WINNER"
        elif seat == first and not over:
            tag = "1st"
        extra = ""
        pc = p.get("personal_count")
        if personal and isinstance(pc, int) and not over:
            extra = f"+{pc} own"
        budget = cols["gold"] - cols["name"] - 30
        if tag:
            budget -= int(style.font(16).getlength(tag)) + 14
        if extra:
            budget -= int(style.font(16).getlength(extra)) + 8
        nx = cols["name"]
        nx += _text(im, (nx, base), style.fit(name, big, max(budget, 30)), big, style.TEXT) + 7
        if tag:
            tw = style.font(16).getlength(tag)
            fill = style.GOLD if tag == "WINNER" else style.TEXT
            d.rounded_rectangle((nx, cy - 11, nx + tw + 10, cy + 11), radius=5, outline=fill, width=2)
            _text(im, (nx + 5 + tw / 2, cy), tag, 16, fill, "mm")
            nx += int(tw) + 16
        if extra:
            _text(im, (nx, base - 2), extra, 16, style.TEXT_DIM)
        _coin(d, cols["gold"] + 2, cy)
        _text(im, (cols["gold"] + 16, base), str(_int(p.get("gold"))), big, style.TEXT)
        _star(d, cols["vp"] + 2, cy)
        vp = _int(p.get("vp"))
        if over and seat < len(scores) and isinstance(scores[seat], int):
            vp = scores[seat]
        _text(im, (cols["vp"] + 16, base), str(vp), big, style.GOLD if over and seat in winners else style.TEXT)
        pieces = p.get("pieces") if isinstance(p.get("pieces"), dict) else {}
        px = cols["pieces"]
        for kind in PIECES:
            _paste(im, sprites.piece(kind, seat, 0.62), (px + 12, cy))
            px += 26 + _text(im, (px + 26, base), str(_int(pieces.get(kind))), big - 2, style.TEXT) + 10
        plants = [v for v in p.get("plants") or [] if isinstance(v, int)]
        _leaf(d, cols["plants"] + 8, cy)
        pw = _text(im, (cols["plants"] + 22, base), str(len(plants)), big, style.TEXT)
        if plants:
            vals = "(" + ",".join(map(str, plants)) + ")"
            room = x + w - (cols["plants"] + 26 + pw)
            _text(im, (cols["plants"] + 26 + pw, base), style.fit(vals, 15, room), 15, style.TEXT_DIM)


def _card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], event: bool, empty: bool) -> None:
    fill = (70, 62, 52) if empty else (128, 88, 48)
    d.rounded_rectangle(box, radius=7, fill=fill, outline=(230, 210, 160) if not empty else (110, 100, 90), width=2)
    x0, y0, x1, y1 = box
    if not empty:
        d.rounded_rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), radius=4, outline=(190, 150, 96), width=1)


def _piles(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, x: int, y: int, w: int, overlay: bool) -> None:
    piles = view.get("piles") if isinstance(view.get("piles"), dict) else {}
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
    _text(im, (x, y + 16), "discovery piles", 17, style.TEXT_DIM)
    cw, ch, gap = 50, 66, 10
    for i, p in enumerate(disc[:5]):
        cx = x + i * (cw + gap)
        box = (cx, y + 24, cx + cw, y + 24 + ch)
        count = _int(p.get("count"))
        ev = bool(p.get("top_event")) and count > 0
        _card(d, box, ev, count == 0)
        if ev:
            _text(im, (cx + cw / 2, y + 24 + ch / 2 - 6), "?", 34, (255, 236, 170), "mm", stroke=1)
            _text(im, (cx + cw / 2, y + 24 + ch - 11), str(count), 17, style.TEXT, "mm")
        else:
            _text(im, (cx + cw / 2, y + 24 + ch / 2), str(count), 26, style.TEXT, "mm")
        _text(im, (cx + cw / 2, y + 24 + ch + 14), str(i + 1), 18, style.TEXT_DIM, "mm")
        if (i + 1) in drawable:  # a pile the player may draw from: framed in white
            d.rounded_rectangle((cx - 4, y + 20, cx + cw + 4, y + 28 + ch), radius=9, outline=style.OVERLAY, width=3)
    # the tile in hand (face up: everyone saw it drawn)
    voy = view.get("voyage") if isinstance(view.get("voyage"), dict) else {}
    drawn = voy.get("drawn")
    hx = x + 5 * (cw + gap) + 8
    if isinstance(drawn, dict):
        _text(im, (hx, y + 16), "in hand", 17, style.TEXT_DIM)
        thumb = tiles.tile_thumb(tiles.geometry(drawn), 62)
        im.paste(thumb, (hx, y + 24))
        d.rectangle((hx - 1, y + 23, hx + 62, y + 24 + 62), outline=style.TEXT, width=2)
        if drawn.get("event"):
            _paste(im, sprites.event_badge(str(drawn["event"])), (hx + 62, y + 26))
    # fill-in and plant piles
    fy = y + 136
    fill = piles.get("fill") if isinstance(piles.get("fill"), dict) else {}
    _text(im, (x, fy), "fill-in", 17, style.TEXT_DIM)
    fx = x + 62
    for k in sorted(fill, key=str):
        s = f"{k}:{_int(fill[k])}"
        fx += _text(im, (fx, fy), s, 21, style.TEXT) + 14
    plants = piles.get("plants")
    if isinstance(plants, int):
        plants = [plants]
    if isinstance(plants, list):
        py = fy + 30
        _text(im, (x, py), "plants", 17, style.TEXT_DIM)
        _text(im, (x + 62, py), "  ".join(str(_int(v)) for v in plants), 21, style.TEXT)
        kept = piles.get("kept") if isinstance(piles.get("kept"), dict) else {}
        kept_n = sum(_int(v) for v in kept.values())
        if kept_n:
            _text(im, (x + 170, py), f"kept unplayable: {kept_n}", 17, style.TEXT_DIM)
    if overlay:
        _choices(im, d, view, x, fy + 44, w)


def _choices(im: Image.Image, d: ImageDraw.ImageDraw, view: dict, x: int, y: int, w: int) -> None:
    """Choices the board cannot show (explore counts, stop, ...), and each placement of the tile in hand."""
    choices = legal_choices(view)
    drawn = (view.get("voyage") or {}).get("drawn") if isinstance(view.get("voyage"), dict) else None
    places = [m for m in choices if m.get("kind") == "place"]
    if places and isinstance(drawn, dict):
        geo = tiles.geometry(drawn)
        size, step = 46, 58
        per_row = max(w // step, 1)
        for k, m in enumerate(places[: per_row * 2]):
            r, c = divmod(k, per_row)
            tx, ty = x + c * step, y + 6 + r * (size + 10)
            rot = m.get("rotation") if isinstance(m.get("rotation"), int) else 0
            im.paste(tiles.tile_thumb(tiles.rotate_geometry(geo, rot), size), (tx, ty))
            _paste(im, sprites.number_badge(m["number"], 22), (tx + size - 2, ty + 4))
            if isinstance(m.get("space"), str):
                _text(im, (tx + 2, ty + size - 3), m["space"], 15, style.TEXT, stroke=0, shadow=True)
        return
    rest = [
        m for m in choices if m.get("kind") == "recall" or (m.get("kind") not in ("place", "draw") and not _on_board(m))
    ]
    if not rest:
        return
    colw = w // 2 if len(rest) > 4 else w
    rows = 4
    for k, m in enumerate(rest[: rows * 2]):
        c, r = divmod(k, rows)
        bx, by = x + c * colw, y + 18 + r * 27
        if k == rows * 2 - 1 and len(rest) > rows * 2:
            _text(im, (bx, by), f"... {len(rest) - k} more", 18, style.TEXT_DIM)
            break
        label = str(m.get("label") or m.get("key") or "")
        if m["numbered"]:
            _paste(im, sprites.number_badge(m["number"], 22), (bx + 12, by - 6))
            label = label.removeprefix(f"#{m['number']} ")
        else:
            d.ellipse((bx + 6, by - 12, bx + 14, by - 4), fill=style.TEXT)
        _text(im, (bx + 30, by), style.fit(label, 19, colw - 36), 19, style.TEXT)


def _on_board(m: dict) -> bool:
    return isinstance(m.get("space") or m.get("position"), str)
