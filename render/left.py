"""The picture of what remains to be drawn (`/game tiles`): each pile as its engine counts it (engine/core/left.py),
one picture per kind of tile with how many are left, most numerous first; never the order. The game's painter
draws its tiles (`Painter.tile_art`); a game without one gets the kinds in words."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.core.lang import _

from . import games, style
from .panel import PAD, as_dict, as_int, as_list
from .png import encode, shrink
from .sprites import put_text

WIDTH = 960
THUMB = 64  # a kind's picture
CELL_W, CELL_H = 96, 104  # a kind's picture and its count under it
HEADING = 30
PILE_HEAD = 26
COUNT = 22
WORDS = 20  # a kind in words, for a game whose painter draws no tiles
TOP = 64  # below the heading
PILE_GAP = 48  # a pile's name above its kinds


def _columns() -> int:
    return (WIDTH - 2 * PAD) // CELL_W


SINGLE = 64  # the row of a pile of one kind: its picture beside its name, two such piles a row
SINGLE_THUMB = 52


def _split(piles: list[dict[str, Any]], drawn: bool) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(piles drawn kind by kind, piles of one kind drawn as a row beside another)."""
    one = [p for p in piles if drawn and len(as_list(p.get("kinds"))) == 1]
    return [p for p in piles if p not in one], one


def _height(piles: list[dict[str, Any]], drawn: bool) -> int:
    many, one = _split(piles, drawn)
    h = TOP
    for p in many:
        n = len(as_list(p.get("kinds")))
        h += PILE_GAP + (-(-n // _columns()) * CELL_H if drawn else n * (WORDS + 10)) + 12
    return h + (-(-len(one) // 2)) * SINGLE + 12 * bool(one) + PAD


def draw(game: str, piles: list[dict[str, Any]]) -> Image.Image:
    """The RGB picture of `piles` of game `game`."""
    painter = games.PAINTERS.get(game)
    art = painter.tile_art if painter is not None else None
    piles = [as_dict(p) for p in piles]
    im = Image.new("RGB", (WIDTH, _height(piles, art is not None)), style.PANEL)
    d = ImageDraw.Draw(im)
    total = sum(as_int(p.get("count")) for p in piles)
    put_text(im, (PAD, 42), _("Tiles left to draw: {total}").format(total=total), HEADING, style.TEXT)
    y = TOP
    many, one = _split(piles, art is not None)
    for p in many:
        d.line((PAD, y + 6, WIDTH - PAD, y + 6), fill=style.PANEL_LINE, width=2)
        name = style.fit(f"{p.get('name', '')}: {as_int(p.get('count'))}", PILE_HEAD, WIDTH - 2 * PAD)
        put_text(im, (PAD, y + 38), name, PILE_HEAD, style.GOLD)
        y += PILE_GAP
        kinds = [as_dict(k) for k in as_list(p.get("kinds"))]
        if art is None:
            for k in kinds:
                y += WORDS + 10
                line = style.fit(f"{as_int(k.get('count'))} x {k.get('words', '')}", WORDS, WIDTH - 2 * PAD)
                put_text(im, (PAD, y), line, WORDS, style.TEXT)
        else:
            for i, k in enumerate(kinds):
                r, c = divmod(i, _columns())
                x0, y0 = PAD + c * CELL_W, y + r * CELL_H + 8
                im.paste(art(as_dict(k.get("tile")), THUMB).convert("RGB"), (x0 + (CELL_W - THUMB) // 2 - 8, y0))
                count = f"x {as_int(k.get('count'))}"
                put_text(im, (x0 + CELL_W // 2 - 8, y0 + THUMB + 26), count, COUNT, style.TEXT, "ms")
            y += -(-len(kinds) // _columns()) * CELL_H
        y += 12
    if one and art is not None:
        d.line((PAD, y + 6, WIDTH - PAD, y + 6), fill=style.PANEL_LINE, width=2)
        half = (WIDTH - 2 * PAD) // 2
        for i, p in enumerate(one):
            r, c = divmod(i, 2)
            x0, y0 = PAD + c * half, y + 12 + r * SINGLE
            im.paste(art(as_dict(as_list(p.get("kinds"))[0].get("tile")), SINGLE_THUMB).convert("RGB"), (x0, y0))
            name = style.fit(f"{p.get('name', '')}: {as_int(p.get('count'))}", PILE_HEAD, half - SINGLE_THUMB - 24)
            put_text(im, (x0 + SINGLE_THUMB + 14, y0 + SINGLE_THUMB // 2), name, PILE_HEAD, style.GOLD, "lm")
    return im


def png(game: str, piles: list[dict[str, Any]], max_bytes: int | None = None) -> bytes | None:
    """The PNG of `piles` (see draw), shrunk to max_bytes if given; None if even the smallest does not fit. A plain
    function of plain data, for the bot's render workers."""
    im = draw(game, piles)
    if max_bytes is None:
        return encode(im, None)
    data, fits = shrink(im, max_bytes, None)
    return data if fits else None
