"""Im Reich der Wüstensöhne's legend: the status line; players with water, camels and goods, explorers in hand and
displays; the piles, the tile in hand, the rumour board with face-down tokens, the supply, and (overlay) the
choices the board cannot show."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.api import EVERYONE
from engine.desert.labels import gold_words
from engine.desert.lang import N_, _, ngettext
from render import made, panel, style
from render.layout import Layout
from render.panel import as_int
from render.sprites import SS, badge_size, finish, paste, put_text

from . import tiles
from .overlay import legal_choices

PHASE_WORDS = {
    "discard": N_("discards a display tile"),
    "move": N_("moves the caravan"),
    "discover": N_("discovers"),
    "place": N_("attaches a tile"),
    "explorer": N_("places an explorer"),
    "bonus": N_("may buy a bonus turn"),
}
UNIT = N_("gold")  # what the scores count, after a number: "with 30 gold"


def _status_parts(view: dict[str, Any], doing: str) -> list[str]:
    """Turn, last round, then who chooses in a scored oasis, or who does what."""
    parts = [_("Turn {n}").format(n=as_int(view.get("turn")))]
    piles = [as_int(n) for n in view.get("piles") or []]
    if piles and not panel.is_over(view):  # the piles as one count: the rest is for `/game`
        left = sum(piles)
        parts.append(ngettext("{n} tile left", "{n} tiles left", left).format(n=left))
    if view.get("final_round"):
        parts.append(_("last round"))
    scoring = view.get("scoring")
    if isinstance(scoring, dict):
        seats = view.get("to_act") or []
        who = panel.player_name(view, seats[0]) if seats else "?"
        spaces = ", ".join(map(str, scoring.get("spaces") or []))
        parts.append(_("Oasis {spaces}: {who} chooses").format(spaces=spaces, who=who))
    else:
        parts.append(_("{doing} (bonus turn)").format(doing=doing) if view.get("bonus_turn") else doing)
    return parts


def status_line(view: dict[str, Any]) -> str:
    """The legend's first line in the reader's language (the words are looked up as it is drawn)."""
    doing = {phase: _(words) for phase, words in PHASE_WORDS.items()}
    return panel.Status(_(UNIT), doing, _status_parts, otherwise=_("to play"))(view)


SMALL = tiles.TEXT  # style.min_size of the 968 px picture
ROW = 34  # a player's row
KEY_HEIGHT = 36
RIGHT = 236  # the rumour board and the tile in hand (or, with the overlay, the choices the board cannot show)
GOOD_KEY = (("myrrh", N_("myrrh")), ("frankincense", N_("incense")), ("gemstone", N_("gem")), ("salt", N_("salt")))
KEY = (("rumour", N_("rumour")), ("camel", N_("camel")), ("water", N_("water")), *GOOD_KEY)


def _columns(lay: Layout) -> panel.Columns:
    top = lay.frame_height
    split = lay.width - panel.PAD - RIGHT - 12
    return panel.Columns(
        left=(panel.PAD, top + 52, split - panel.PAD - 8),
        divider=(split, top + 50, lay.height - KEY_HEIGHT - 4),
        right=(split + 12, top + 52, RIGHT),
    )


@lru_cache(maxsize=2)
def turban_icon() -> Image.Image:
    """The turban as the explorers wear it: a gold ring."""
    n = 20
    big = Image.new("RGBA", (n * SS, n * SS), (0, 0, 0, 0))
    ImageDraw.Draw(big).ellipse(
        (SS, 4 * SS, (n - 1) * SS, (n - 4) * SS), fill=(*style.GOLD, 255), outline=(90, 60, 0, 255), width=2 * SS
    )
    return finish(big)


def _goods(im: Image.Image, x: int, cy: int, goods: Sequence[str]) -> int:
    """The goods carried, one icon per kind with how many; returns the width used."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    x0 = x
    for g, n in counts.items():
        paste(im, tiles.action_icon(g, 24), (x + 12, cy))
        x += 26
        if n > 1:
            x += put_text(im, (x, cy + SMALL // 3), f"×{n}", SMALL, style.TEXT)
        x += 8
    return x - x0


def _players(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box) -> None:
    """One row a player: caravan, name, turban, water, camels, goods, explorers in hand (their heights), display,
    and at the end the score."""
    x, y, w = area
    over = panel.is_over(view)
    res = panel.as_dict(view.get("result"))
    winners = set(res.get("winners") or [])
    in_hand: dict[int, list[int]] = {}
    for e in view.get("explorers") or []:
        if e.get("space") is None:
            in_hand.setdefault(as_int(e.get("player")), []).append(as_int(e.get("height")))
    cur = view.get("current_player")
    cols = {"name": x + 44, "turban": x + 210, "water": x + 234, "camels": x + 284, "goods": x + 334}
    cols["hand"] = x + w - 176
    for row in panel.player_rows(view, y, 4 * ROW + 8, max_height=ROW + 2):
        p, seat, cy = row.player, row.seat, row.cy
        base = cy + SMALL // 3
        if seat == cur and not over:
            panel.current_row(d, x, row, w)
        paste(im, tiles.caravan(seat), (x + 24, cy))
        won = over and seat in winners
        name, size = panel.fit_name(
            str(p.get("name", _("Player {n}").format(n=seat + 1))), cols["turban"] - cols["name"] - 6, (22, 20, SMALL)
        )
        put_text(im, (cols["name"], base), name, size, style.GOLD if won else style.TEXT)
        if p.get("turban"):
            paste(im, turban_icon(), (cols["turban"] + 10, cy))
        paste(im, tiles.action_icon("water", 24), (cols["water"] + 12, cy))
        put_text(im, (cols["water"] + 28, base), str(as_int(p.get("water"))), SMALL, style.TEXT)
        paste(im, tiles.action_icon("camel", 24), (cols["camels"] + 12, cy))
        put_text(im, (cols["camels"] + 28, base), str(as_int(p.get("camels"), 2)), SMALL, style.TEXT)
        _goods(im, cols["goods"], cy, [str(g) for g in p.get("goods") or []])
        hx = cols["hand"]
        if over:
            score, winner = gold_words(as_int(p.get("score"))), _("WINNER")
            # the score and the tag end within the row, however long their words
            need = style.text_width(score, SMALL) + 8 + (panel.tag_width(winner) if won else 0)
            hx = min(hx, round(x + w - need))
            hx += put_text(im, (hx, base), score, SMALL, style.GOLD) + 8
            if won:
                panel.tag(im, d, hx, cy, winner, style.GOLD)
            continue
        heights = " ".join(str(h) for h in sorted(in_hand.get(seat, []), reverse=True))
        hx += put_text(im, (hx, base), heights or "-", SMALL, style.TEXT if heights else style.TEXT_DIM)
        for k, t in enumerate((p.get("display") or [])[:3]):
            parts = tuple(tuple(q) for q in t.get("parts") or [])
            thumb = tiles.thumbnail(
                str(t.get("sides", "DDDD")), parts, t.get("action"), as_int(t.get("action_part")), 30
            )
            made.place(im, thumb, (max(hx + 10, x + w - 100) + k * 33, cy - 15))


def _side(im: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], area: panel.Box, overlay: bool) -> None:
    """The rumour board (each good, two slots, face-down tokens) and the tile in hand; with the overlay the
    choices the board cannot show take their place."""
    x, y, w = area
    rest = [m for m in legal_choices(view) if not m["numbered"]] if overlay else []
    if rest:
        panel.choice_list(im, d, rest, x, y, w, rows=4, badge=badge_size(968))
        return
    # A secret until the end, so the picture is the same for all; a finished game's past shows all (EVERYONE).
    shown = panel.is_over(view) or view.get("viewer") == EVERYONE
    for k, slot in enumerate((view.get("rumour_board") or [])[:8]):
        row, col = divmod(k, 2)
        cy = y + ROW // 2 + row * ROW
        if col == 0:
            paste(im, tiles.action_icon(str(slot.get("good", "")), 24), (x + 12, cy))
        box = (x + 30 + col * 34, cy - 13, x + 60 + col * 34, cy + 13)
        if slot.get("occupied"):
            d.rounded_rectangle(box, radius=5, fill=(120, 70, 160), outline=(230, 220, 240), width=2)
            value = slot.get("value") if shown else None
            if isinstance(value, int):
                put_text(im, ((box[0] + box[2]) / 2, cy), f"{value:+d}", SMALL, style.TEXT, "mm")
        else:
            d.rounded_rectangle(box, radius=5, outline=style.PANEL_LINE, width=2)
    hand = view.get("hand")
    if isinstance(hand, dict):
        parts = tuple(tuple(q) for q in hand.get("parts") or [])
        thumb = tiles.thumbnail(
            str(hand.get("sides", "DDDD")), parts, hand.get("action"), as_int(hand.get("action_part")), 64
        )
        made.place(im, thumb, (x + w - 66, y + 8))
        d.rectangle((x + w - 67, y + 7, x + w - 2, y + 72), outline=style.TEXT, width=2)
        words = _("in hand")  # under the tile, or as near as its width lets it be
        centre = min(x + w - 34, x + w - style.text_width(words, SMALL) / 2)
        put_text(im, (centre, y + 94), words, SMALL, style.TEXT_DIM, "mm")


def _key(im: Image.Image, d: ImageDraw.ImageDraw, lay: Layout) -> None:
    """What the letters and marks mean: the action spaces, the goods, the turban, the explorers' heads."""
    items = [(tiles.action_icon(a, 24), _(w)) for a, w in KEY]
    items.append((turban_icon(), _("turban: tallest")))
    width = lay.width - 2 * panel.PAD
    if _key_width(items) > width:  # longer words than English's: the drop, which shows what it is, goes first
        items.pop([a for a, _w in KEY].index("water"))
    panel.symbol_key(im, d, (panel.PAD, lay.height - KEY_HEIGHT, width), items)


KEY_GAP = 20  # between the key's items, as render.panel.symbol_key flows them


def _key_width(items: list[tuple[Image.Image, str]]) -> float:
    """How wide the key is on one line: it has room for one."""
    return sum(icon.width + 6 + style.text_width(words, panel.SMALL) for icon, words in items) + KEY_GAP * (
        len(items) - 1
    )


draw_legend = panel.Legend(status_line, _columns, _players, _side, footer=_key)
