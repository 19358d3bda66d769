"""Entdecker's nouns in the reader's language: tiles as players tell them apart, their shapes and events, and the
counted things (points, pieces, tiles) every text of the game names. Terms: docs/glossary.md."""

from __future__ import annotations

from collections.abc import Callable

from engine.entdecker.lang import N_, _, ngettext
from engine.entdecker.tiles import tile

SCORE_WORDS = (N_("point"), N_("points"))  # what the scores count, on the picture and in every message

# The tiles' names as data/tiles.json gives them, for the catalogs; a name is translated where it is shown.
TILE_NAMES = (
    N_("bay"),
    N_("coast"),
    N_("headland"),
    N_("isthmus"),
    N_("open sea"),
    N_("strait"),
    N_("two capes"),
)
EVENT_WORDS = {
    "storm": N_("Storm"),
    "hostile_natives": N_("Hostile natives"),
    "welcoming_natives": N_("Welcoming natives"),
    "pirates": N_("Pirates"),
    "ruins": N_("Ruins"),
    "gold": N_("Gold"),
}
# By edge class (the fill-in pile numbers): what a tile's sides are, in words.
SHAPE_WORDS = {
    1: N_("all sea"),
    2: N_("land on one side"),
    3: N_("land on two opposite sides"),
    4: N_("land on two neighbouring sides"),
    5: N_("land on three sides"),
    6: N_("all land"),
}


def points(n: int) -> str:
    """ "1 point", "30 points"."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def tiles(n: int) -> str:
    """ "1 tile", "5 tiles"."""
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


# A count of one kind of construction (a whole phrase each: the nouns' plurals and genders differ per language).
PIECE_COUNTS: dict[str, Callable[[int], str]] = {
    "trading_post": lambda n: ngettext("{n} trading post", "{n} trading posts", n).format(n=n),
    "fort": lambda n: ngettext("{n} fort", "{n} forts", n).format(n=n),
    "colony": lambda n: ngettext("{n} colony", "{n} colonies", n).format(n=n),
}


def shape(edge_class: int) -> str:
    """What the sides of a tile of this edge class are: "land on one side"."""
    return _(SHAPE_WORDS[edge_class])


def shape_words(tid: str) -> str:
    g = tile(tid).geometry
    words = shape(g.edge_class())
    return _("{shape}, two pieces of land").format(shape=words) if len(g.segments) > 1 else words


def tile_words(tid: str) -> str:
    """A tile as players tell tiles apart: its name and the shape of its land (no side codes)."""
    t = tile(tid)
    name = _("fill-in tile") if t.name.startswith("fill-in") else _(t.name)
    words = f"{name} ({shape_words(tid)})"
    return _("{tile}, event: {event}").format(tile=words, event=_(EVENT_WORDS[t.event])) if t.event else words
