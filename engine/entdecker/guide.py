"""Entdecker's rules in sections for `/game rules topic:`, and a player's private tiles in words (`/game hand`).

The sections condense docs/rules.md (the rules as the engine plays them), in the words players read; the commands
as the bot registers them, `/entdecker <verb>`."""

from __future__ import annotations

from engine.api import View
from engine.entdecker.lang import _
from engine.entdecker.words import tile_words

SECTIONS: tuple[tuple[str, str], ...] = (
    (
        "Goal",
        "Discover islands tile by tile, build trading posts, forts and colonies on them, and score each island "
        "when it is complete. Most points at the end wins; equal points share a place.",
    ),
    (
        "Turn",
        "1. Put your ship on an edge circle or the circle of a discovered tile that has a line to an empty space "
        "(`/entdecker ship position:`; starting on another player's building costs its value).\n"
        "2. Pay 1 gold for each tile you mean to draw (`/entdecker explore tiles:`).\n"
        "3. Draw from one of the five piles (`/entdecker draw pile:`); the tile must fit (land to land, sea to sea) "
        "and carry a ship line where your ship enters. Several ways to fit: `/entdecker place option:`. The ship "
        "sails onto it.\n"
        "4. Build on the tile the ship reached (`/entdecker build piece:`, ends the turn), or stop "
        "(`/entdecker stop`).",
    ),
    (
        "Income",
        "At the start of every season (once everyone has played) the wheel is spun: everyone gets the same 2-5 "
        "gold, up to 12.",
    ),
    (
        "Building",
        "Only on the tile your ship moved onto this turn: trading post 1 gold, fort 3, colony 6. You have 3, 2 "
        "and 1 of them. Building ends your turn. `/entdecker recall post:` takes a trading post back into your "
        "supply during your turn.",
    ),
    (
        "Events",
        'Event tiles show a "?" on their back. Storm: the turn ends at once. Hostile natives: building here costs '
        "double. Welcoming natives: you take a plant token. Pirates: you lose half your gold (rounded up). Ruins: "
        "+3 points. Gold: +3 gold.",
    ),
    (
        "Fill-ins",
        "At the end of every turn each empty space whose four sides are known gets a tile from the matching "
        "fill-in pile by itself (1 all sea, 2 one land side, 3 two opposite, 4 two adjacent, 5 three, 6 all land).",
    ),
    (
        "Scoring",
        "An island is complete when none of its land faces an empty space. The greatest discoverer (colonies, then "
        "forts, then trading posts) takes a plant token if a fort or colony stands on it. Value: its tiles plus the "
        "highest token drawn. First place gets the value, each place below half of the one above (rounded up); "
        "ties share. All buildings on it go back to their owners.",
    ),
    (
        "End",
        "The game ends when the board is full, the last discovery tile is placed, or no circle can reach an empty "
        "space. Incomplete islands with buildings then score without tokens. Grand Inventor: whoever holds the most "
        "plant tokens scores 1 point for each of them (a tie: each of them).",
    ),
    (
        "Personal tiles",
        "Variant: each player holds four event-free tiles (open sea, one land side, a strait, a headland). You "
        "declare gold instead of draws: a draw costs 1, playing a personal tile 2, once per turn. Only you see "
        "yours: `/game hand`.",
    ),
    (
        "Undo",
        "`/undo` takes back your last step alone if it showed nothing new: placing the ship, declaring, placing a "
        "tile without an event, building, stopping or taking back a trading post. A draw, an event, an income spin "
        "or a plant token needs every other player's consent.",
    ),
)


def hand(view: View) -> list[str]:
    """The viewer's personal tiles, in words (the view holds them for their owner only)."""
    viewer = view.get("viewer")
    me = next((p for p in view.get("players", []) if p.get("seat") == viewer), None)
    if me is None:
        return []
    tiles = me.get("personal_tiles")
    plants = ", ".join(map(str, me["plants"])) or _("none")
    lines = [
        _("Gold: {gold}, points: {points}, plant tokens: {plants}.").format(
            gold=me.get("gold"), points=me.get("vp"), plants=plants
        )
    ]
    if tiles is None:
        return lines
    if not tiles:
        return [*lines, _("Personal tiles: none left.")]
    words = [f"{i}. {tile_words(t['id'])}" for i, t in enumerate(tiles, 1)]
    return [
        *lines,
        _("Personal tiles ({n}; play one with `/entdecker draw pile:` for 2 gold, once per turn):").format(
            n=len(tiles)
        ),
        *words,
    ]
