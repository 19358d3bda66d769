"""A game's legend (the panel under the board): the shape every game's legend has (`Legend`: the status line, the
players left of a divider, the rest right of it, a line along the bottom if the game wants one), and its building
blocks, all on the common view header: player rows, tags, icons, pile cards and the list of legal choices the board
cannot show."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from cachetools import LRUCache
from PIL import Image, ImageChops, ImageDraw

from engine.core.lang import N_, _, ngettext, reader

from . import made, style
from .layout import Picture
from .sprites import number_badge, paste, put_text

PAD = 22  # left and right padding of the panel
HEADING_SIZE = 30
TAG_SIZE = 20
CHOICE_SIZE = 20  # the labels of a list of choices
SMALL = 20  # the smallest text of a legend: capitals of 7 px at 550 px for pictures up to ~1100 px wide
SEPARATOR = "   |   "  # between the parts of the status line

P = TypeVar("P", bound=Picture)
Box = tuple[int, int, int]  # x, y (top) and width of one part of the panel


def as_int(x: object, default: int = 0) -> int:
    """x if it is an int (not a bool), else default: views are read defensively."""
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def as_dict(x: object) -> dict[str, Any]:
    """x if it is a dict, else an empty one."""
    return x if isinstance(x, dict) else {}


def as_list(x: object) -> list[Any]:
    """x if it is a list, else an empty one."""
    return x if isinstance(x, list) else []


def is_over(view: dict[str, Any]) -> bool:
    return bool(view.get("game_over") or view.get("phase") == "over")


def player_name(view: dict[str, Any], seat: object) -> str:
    """The name of a seat as the view gives it ("Player 2" if it gives none, "?" for a seat that is no int)."""
    unnamed = _("Player {n}").format(n=as_int(seat) + 1)
    for p in view.get("players") or []:
        if isinstance(p, dict) and p.get("seat") == seat:
            return str(p.get("name", unnamed))
    return unnamed if isinstance(seat, int) else "?"


POINTS = N_("points")


def game_over_line(view: dict[str, Any], unit: str = POINTS, gettext: Callable[[str], str] = _) -> str:
    """`Game over - Ann wins with 30 points!` from the view's result (winners, scores), in the reader's language
    (`unit`, a game's word marked with N_, is translated here by `gettext`: the game's own words)."""
    res = as_dict(view.get("result"))
    winners = [w for w in res.get("winners") or [] if isinstance(w, int)]
    if not winners:
        return _("Game over")
    names = " & ".join(player_name(view, w) for w in winners)
    scores = as_list(res.get("scores"))
    best = scores[winners[0]] if winners[0] < len(scores) and isinstance(scores[winners[0]], int) else None
    if best is None:
        line = ngettext("Game over - {names} wins!", "Game over - {names} win!", len(winners))
    else:
        line = ngettext(
            "Game over - {names} wins with {score} {unit}!",
            "Game over - {names} win with {score} {unit}!",
            len(winners),
        )
    return line.format(names=names, score=best, unit=gettext(unit))


@dataclass(frozen=True)
class Status:
    """A game's status line, the panel's first line: while the game runs, its `parts` (season, turn, ...) given
    who does what (`Bob places a tile`: the current player's name and `doing`'s words for the phase), joined by
    SEPARATOR; then the result (`Game over - Ann wins with 30 {unit}!`)."""

    unit: str
    doing: dict[str, str]  # phase: what the current player does in it
    parts: Callable[[dict[str, Any], str], list[str]]
    otherwise: str = N_("to play")  # what they do in a phase `doing` does not name
    gettext: Callable[[str], str] = _  # the game's own words (engine/<game>/lang.py), which `doing` and `unit` are

    def __call__(self, view: dict[str, Any]) -> str:
        if is_over(view):
            return game_over_line(view, self.unit, self.gettext)
        # The game's words are constants (marked with N_ where the game defines them), translated as they are drawn.
        does = self.gettext(self.doing.get(str(view.get("phase")), self.otherwise))
        return SEPARATOR.join(self.parts(view, f"{player_name(view, view.get('current_player'))} {does}"))


def player_names(view: dict[str, Any]) -> tuple[str, ...]:
    """Every seat's name, for shortening a line around them (style.fit_names)."""
    return tuple(str(p.get("name", "")) for p in view.get("players") or [] if isinstance(p, dict))


def heading(im: Image.Image, lay: Picture, line: str, over: bool = False, names: tuple[str, ...] = ()) -> None:
    """The panel's first line (gold once the game is over); a line too wide shortens the names in it first."""
    put_text(
        im,
        (PAD, lay.frame_height + 38),
        style.fit_names(line, names, HEADING_SIZE, lay.width - 2 * PAD),
        HEADING_SIZE,
        style.GOLD if over else style.TEXT,
        stroke=1 if over else 0,
    )


def divider(d: ImageDraw.ImageDraw, x: int, top: int, bottom: int) -> None:
    """A vertical line between two parts of the panel."""
    d.line((x, top, x, bottom), fill=style.PANEL_LINE, width=2)


# --- the legend's shape --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Columns:
    """Where the two parts of a legend sit: the players' part, the divider (x, top, bottom) and the other part."""

    left: Box
    divider: tuple[int, int, int]
    right: Box


Part = Callable[[Image.Image, ImageDraw.ImageDraw, dict[str, Any], Box], None]
SidePart = Callable[[Image.Image, ImageDraw.ImageDraw, dict[str, Any], Box, bool], None]  # bool: with the overlay


@dataclass(frozen=True)
class Legend(Generic[P]):
    """A game's legend, a `Painter.legend`: the status line (gold once the game is over), the players' part, a
    divider, the other part (piles, tiles left, and with the overlay the choices the board cannot show), then
    `footer` along the panel's bottom (if any). The game supplies the words and the parts, `columns` the geometry."""

    status: Callable[[dict[str, Any]], str]
    columns: Callable[[P], Columns]
    players: Part
    side: SidePart
    footer: Callable[[Image.Image, ImageDraw.ImageDraw, P], None] | None = None

    def __call__(self, im: Image.Image, view: dict[str, Any], lay: P, overlay: bool) -> None:
        d = made.pen(im)
        heading(im, lay, self.status(view), is_over(view), player_names(view))
        cols = self.columns(lay)
        self.players(im, d, view, cols.left)
        divider(d, *cols.divider)
        self.side(im, d, view, cols.right, overlay)
        self.placed_key(im, lay, d)

    def frame(self, im: Image.Image, view: dict[str, Any], lay: P) -> None:
        """A replay frame's legend: what changes from turn to turn and says how the game went, the status line and
        the players; the other part (what the player to act chooses from) is left out, and the key along the bottom
        stays on the frame's background (`key`)."""
        heading(im, lay, self.status(view), is_over(view), player_names(view))
        self.players(im, ImageDraw.Draw(im), view, self.columns(lay).left)

    def key(self, im: Image.Image, lay: P, d: ImageDraw.ImageDraw | None = None) -> None:
        """The footer, if the game has one."""
        if self.footer is not None:
            self.footer(im, d or ImageDraw.Draw(im), lay)

    def placed_key(self, im: Image.Image, lay: P, d: ImageDraw.ImageDraw) -> None:
        """The footer on a board: pasted as a picture drawn once per background and language (`key_picture`) when
        im was drawn on a recorded background and nothing else was drawn where the key goes (a long list of
        choices may reach it: ~30 us to compare), else drawn."""
        rec = made.of(im)
        if self.footer is None or rec is None:
            self.key(im, lay, d)
            return
        art, under, xy = key_picture(self, rec.base, lay)
        if art is None or under is None:
            return
        if ImageChops.difference(im.crop((*xy, xy[0] + art.width, xy[1] + art.height)), under).getbbox():
            self.key(im, lay, d)
        else:
            made.place(im, art, xy)


# The footer of a legend drawn on its background, cut to what it changed, per (legend, background, layout,
# language): a few backgrounds a game are in use at once. Each entry keeps its background, so that the id in its
# key is not reused for another picture.
KeyPicture = tuple[Image.Image | None, Image.Image | None, tuple[int, int]]
_KEYS: LRUCache[tuple[int, int, object, str], tuple[Image.Image, KeyPicture]] = LRUCache(maxsize=16)


def key_picture(legend: Legend[Any], base: Image.Image, lay: Any) -> KeyPicture:
    """The legend's footer as a picture, the background under it and where it goes (None, None when the footer
    draws nothing): drawn on a copy of `base` (the background a board is drawn on), cut to the box where it changed
    a pixel. Pasted where the board's pixels are still the background's, it gives the pixels drawing it there
    gives. One paste instead of ~20 blended icons and words a render, mapped to the palette once
    (render/indexed.py). The key depends on the layout and the words' language only (`Painter.frame_base` draws it
    into a replay's background for the same reason)."""
    key = (id(legend), id(base), lay, reader())
    hit = _KEYS.get(key)
    if hit is None or hit[0] is not base:
        drawn = base.copy()
        legend.key(drawn, lay)
        box = ImageChops.difference(drawn, base).getbbox()
        found: KeyPicture = (drawn.crop(box), base.crop(box), (box[0], box[1])) if box else (None, None, (0, 0))
        hit = _KEYS[key] = (base, found)
    return hit[1]


# --- player rows -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One player's row: `player` is the view's dict; text of `size` px sits on `base`, icons centre on `cy`."""

    index: int
    seat: int
    player: dict[str, Any]
    top: int
    height: int
    size: int

    @property
    def cy(self) -> int:
        return self.top + self.height // 2

    @property
    def base(self) -> int:
        return self.cy + self.size // 3


def player_rows(view: dict[str, Any], top: int, room: int, max_rows: int = 8, max_height: int = 50) -> list[Row]:
    """The players' rows, top to bottom in seat order, sharing `room` px below `top` (at most max_height each)."""
    players = [p for p in view.get("players") or [] if isinstance(p, dict)]
    n = max(len(players), 1)
    height = min(max_height, room // n)
    size = 27 if height >= 40 else 22
    return [
        Row(i, as_int(p.get("seat"), i), p, top + i * height, height, size) for i, p in enumerate(players[:max_rows])
    ]


def current_row(d: ImageDraw.ImageDraw, x: int, row: Row, w: int) -> None:
    """Highlight the row of the player to move, with an arrow at its left."""
    d.rounded_rectangle((x - 10, row.top + 2, x + w, row.top + row.height - 2), radius=9, fill=style.PANEL_CURRENT)
    d.polygon([(x - 6, row.cy - 9), (x + 5, row.cy), (x - 6, row.cy + 9)], fill=style.TEXT)


NAME_SIZES = (24, 22, 20)  # a long name gets a smaller size before it is cut
NAME_WIDTH = 215  # room for a name of 16 characters at the largest size


def fit_name(name: str, width: int, sizes: tuple[int, ...] = NAME_SIZES) -> tuple[str, int]:
    """A player's name and the size it fits `width` at: the largest of `sizes` that shows it whole, else cut at
    the smallest."""
    name = style.clean(name)
    for size in sizes:
        if style.text_width(name, size) <= width:
            return name, size
    return style.fit(name, sizes[-1], width), sizes[-1]


def tag_width(label: str) -> int:
    """How far a tag() moves x along, for planning a row."""
    return int(style.font(TAG_SIZE).getlength(label)) + 16


def tag(im: Image.Image, d: ImageDraw.ImageDraw, x: float, cy: float, label: str, color: style.Color) -> int:
    """A small framed word after a name ("1st", "WINNER"); returns how far x moves."""
    tw = style.font(TAG_SIZE).getlength(label)
    d.rounded_rectangle((x, cy - 14, x + tw + 10, cy + 14), radius=5, outline=color, width=2)
    put_text(im, (x + 5 + tw / 2, cy), label, TAG_SIZE, color, "mm")
    return int(tw) + 16


def coin(d: ImageDraw.ImageDraw, x: float, y: float, r: float = 8) -> None:
    """A gold coin icon."""
    d.ellipse((x - r, y - r, x + r, y + r), fill=style.GOLD, outline=(120, 80, 10), width=2)


def star(d: ImageDraw.ImageDraw, x: float, y: float, r: float = 9) -> None:
    """A white star icon (victory points)."""
    points = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    d.polygon(points, fill=(250, 250, 250), outline=(60, 60, 60))


# --- the key: what the board's symbols mean ------------------------------------------------------------------

KEY_LINE = 34  # the height of one line of a key


def symbol_key(
    im: Image.Image, d: ImageDraw.ImageDraw, box: tuple[int, int, int], items: list[tuple[Image.Image, str]]
) -> int:
    """Each symbol of the board (an RGBA icon at most KEY_LINE - 6 px high) with what it means, flowed into lines
    from (x, y) across `w` px, a line above; returns how many lines it took."""
    x0, y, w = box
    d.line((x0, y, x0 + w, y), fill=style.PANEL_LINE, width=1)
    gap = 20
    lines, x, cy = 1, x0, y + KEY_LINE // 2 + 2
    for icon, words in items:
        width = icon.width + 6 + int(style.text_width(words, SMALL))
        if x > x0 and x + width > x0 + w:
            lines, x, cy = lines + 1, x0, cy + KEY_LINE
        paste(im, icon, (x + icon.width / 2, cy))
        put_text(
            im,
            (x + icon.width + 6, cy + SMALL // 3),
            style.fit(words, SMALL, w - icon.width - 6),
            SMALL,
            style.TEXT_DIM,
        )
        x += width + gap
    return lines


# --- piles and choices -----------------------------------------------------------------------------------------


def card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], empty: bool = False) -> None:
    """The back of a face-down pile (dim when the pile is empty)."""
    fill = (70, 62, 52) if empty else (128, 88, 48)
    d.rounded_rectangle(box, radius=7, fill=fill, outline=(230, 210, 160) if not empty else (110, 100, 90), width=2)
    x0, y0, x1, y1 = box
    if not empty:
        d.rounded_rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), radius=4, outline=(190, 150, 96), width=1)


def legal_choices(view: dict[str, Any], numbered_kinds: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """view["legal"], each with "number" and "numbered": whether its label shows that number ("#3 C4, ..."), so a
    badge with the number can stand for it. A choice without a label counts as numbered if its kind is one of
    numbered_kinds."""
    out = []
    for i, m in enumerate(view.get("legal") or []):
        if isinstance(m, dict):
            num = m.get("number")
            num = num if isinstance(num, int) and not isinstance(num, bool) else i + 1
            label = m.get("label")
            numbered = label.startswith(f"#{num} ") if isinstance(label, str) else m.get("kind") in numbered_kinds
            out.append({**m, "number": num, "numbered": numbered})
    return out


def fit_label(label: str, size: int, width: int) -> str:
    """A choice's label shortened so the words that tell it from the others stay: what is in brackets goes first
    ("Build a fort (3 gold, ends the turn)" -> "Build a fort (3 gold)" -> "Build a fort"), then what follows a
    colon, and only then is the end cut with "…"."""
    label = style.clean(label)
    if style.text_width(label, size) <= width:
        return label
    head, sep, tail = label.partition(" (")
    if sep:
        first = tail.rstrip(")").split(",")[0]
        for option in (f"{head} ({first})", head):
            if style.text_width(option, size) <= width:
                return option
        label = head
    head, sep, _ = label.partition(": ")
    if sep and style.text_width(head, size) <= width:
        return head
    return style.fit(label, size, width)


def choice_list(
    im: Image.Image,
    d: ImageDraw.ImageDraw,
    choices: list[dict[str, Any]],
    x: int,
    y: int,
    w: int,
    rows: int = 4,
    badge: int = 36,
) -> None:
    """Labels of legal choices (from legal_choices) in up to two columns of `rows`; numbered ones with their badge
    (`badge` px high: sprites.badge_size of the picture). Two columns only when every label fits half the width;
    otherwise one column, longer labels first shortened by fit_label."""
    if not choices:
        return
    size = CHOICE_SIZE
    step = max(badge + 4, 30)

    def text_of(m: dict[str, Any]) -> str:
        label = str(m.get("label") or m.get("key") or "")
        return label.removeprefix(f"#{m['number']} ") if m["numbered"] else label

    indent = badge + 10
    two = len(choices) > rows and all(
        style.text_width(text_of(m), size) <= w // 2 - indent - 6 for m in choices[: rows * 2]
    )
    colw = w // 2 if two else w
    shown = rows * 2 if two else rows
    for k, m in enumerate(choices[:shown]):
        c, r = divmod(k, rows)
        bx, cy = x + c * colw, y + step // 2 + r * step
        by = cy + size // 3
        if k == shown - 1 and len(choices) > shown:
            put_text(im, (bx, by), f"... {len(choices) - k} more", size, style.TEXT_DIM)
            break
        if m["numbered"]:
            paste(im, number_badge(m["number"], badge), (bx + badge / 2, cy))
        else:
            d.ellipse((bx + badge / 2 - 5, cy - 5, bx + badge / 2 + 5, cy + 5), fill=style.TEXT)
        put_text(im, (bx + indent, by), fit_label(text_of(m), size, colw - indent - 6), size, style.TEXT)
