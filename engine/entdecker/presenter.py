"""How Entdecker reads in a chat: turn verbs, controls, status lines, the rules summary. No Discord here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.api import Event, Presenter, Verb, View, looking_back, player_lines
from engine.core.grid import row_group
from engine.core.words import plural
from engine.entdecker.guide import SECTIONS, hand
from engine.entdecker.labels import PIECE_WORDS, SCORE_WORDS, SHAPE_WORDS, describe
from engine.entdecker.nearby import WORDS as NEARBY_WORDS
from engine.entdecker.nearby import nearby
from engine.entdecker.revealed import WORDS as REVEALED_WORDS
from engine.entdecker.revealed import revealed
from engine.entdecker.sources import SOURCES, score_parts

VERBS = (
    Verb(
        "ship",
        "Put the ship on a circle to start your voyage",
        ("ship",),
        "position",
        "A discovered space (C4) or an edge circle (A1N)",
    ),
    Verb("explore", "Declare how many tiles you will explore (1 gold each)", ("explore",), "tiles", "How many tiles"),
    Verb(
        "draw",
        "Draw a tile from one of the five piles (or play a personal tile)",
        ("draw", "personal"),
        "pile",
        "Pile 1-5, or one of your personal tiles",
    ),
    Verb(
        "place",
        "Choose where and how the drawn tile goes",
        ("place",),
        "option",
        "A placement (numbers as on the board overlay)",
    ),
    Verb(
        "build",
        "Build on the tile your ship reached (ends your turn)",
        ("build",),
        "piece",
        "What to build, and on which land if the tile has two",
    ),
    Verb(
        "natives",
        "Take a plant token from the welcoming natives, or leave it",
        ("natives",),
        "choice",
        "Take the plant token or leave it",
    ),
    Verb("stop", "End your voyage and turn without building", ("stop",)),
    Verb(
        "recall",
        "Take one of your trading posts back into your supply",
        ("recall",),
        "post",
        "The space of the trading post",
    ),
)

RULES_TEXT = (
    "**Entdecker**: discover islands, build on them, score them when they are complete.\n"
    "A turn: put the ship on a circle (a discovered tile's or one at the edge), pay 1 gold for each tile you mean "
    "to explore, then draw them one by one; each tile must fit, and the ship sails onto it. On the land it reached "
    "you may build a trading post (1 gold), a fort (3) or a colony (6), which ends the turn, or stop without "
    "building. Welcoming natives offer a plant token.\n"
    "Income, forced stops, fill-ins, events and island scoring happen by themselves. The game ends when the "
    "board is full or the discovery piles run out."
)

_PLACEHOLDERS = {"ship": "Put the ship on…", "place": "Place the tile at…", "explore": "Explore how many tiles…"}
_BUTTONS = {"explore": "Explore {count}", "stop": "Stop"}  # the natives' choices: their labels
_STYLES = {"stop": "danger", "build": "success", "draw": "primary", "explore": "primary", "natives": "success"}
_REDRAW_EVENTS = frozenset({"place", "discard", "fill", "choose_placement"})


def _progress(view: View) -> str:
    if view.get("phase") not in ("voyage", "place", "natives"):
        return ""
    voyage = view.get("voyage") or {}
    parts = []
    if view.get("ship"):
        parts.append(f"ship on {view['ship']}")
    if voyage:
        parts.append(f"{plural(voyage.get('remaining', 0), 'exploration')} left of {voyage.get('declared', 0)}")
    return ", ".join(parts)


def _player(p: dict[str, Any], who: str, view: View) -> str:
    pieces = ", ".join(plural(n, PIECE_WORDS.get(k, k)) for k, n in p["pieces"].items())
    plants = "+".join(map(str, p["plants"])) or "none"
    return f"{who}: {plural(p['vp'], *SCORE_WORDS)}, {p['gold']} gold, plants {plants}; still to build: {pieces}"


def _status_lines(view: View, names: Sequence[str]) -> list[str]:
    rows = player_lines(view, names, _player)
    piles = view["piles"]
    discovery = " / ".join(str(p["count"]) for p in piles["discovery"])
    fill = ", ".join(f"{v} {SHAPE_WORDS[int(k)]}" for k, v in sorted(piles["fill"].items()))
    plants = piles["plants"]
    plants_left = sum(plants) if isinstance(plants, list) else int(plants)
    rows.append(f"Season {view['season']}, turn {view['turn']}.")
    rows.append(f"Discovery tiles left in the five piles: {discovery}.")
    rows.append(f"Fill-in tiles left: {fill}. Plant tokens left: {plants_left}.")
    return rows


def _redraw(events: Iterable[Event]) -> bool:
    return any(e.get("type") in _REDRAW_EVENTS for e in events)


PRESENTER = Presenter(
    verbs=VERBS,
    rules_text=RULES_TEXT,
    describe=describe,
    select_kinds=frozenset({"ship", "place"}),
    button_words=_BUTTONS,
    button_styles=_STYLES,
    placeholders=_PLACEHOLDERS,
    progress=_progress,
    status_lines=_status_lines,
    redraw=_redraw,
    score_words=SCORE_WORDS,
    **looking_back(SOURCES, score_parts, nearby, NEARBY_WORDS, revealed, REVEALED_WORDS),
    notable=frozenset({"island"}),  # what scored while the player waited
    hand=hand,
    rules_sections=SECTIONS,
    group=lambda entry: row_group(entry.get("position"), entry.get("space")),  # by the picture's row numbers
)
