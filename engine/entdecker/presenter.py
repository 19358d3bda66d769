"""How Entdecker reads in a chat: turn verbs, controls, status lines, the rules summary. No Discord here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.api import Event, Presenter, Verb, View, looking_back, player_lines
from engine.core.grid import row_group
from engine.entdecker.guide import SECTIONS, hand
from engine.entdecker.lang import N_, WORDS, _, ngettext
from engine.entdecker.lines import describe
from engine.entdecker.nearby import WORDS as NEARBY_WORDS
from engine.entdecker.nearby import nearby
from engine.entdecker.revealed import WORDS as REVEALED_WORDS
from engine.entdecker.revealed import revealed
from engine.entdecker.sources import SOURCES, score_parts
from engine.entdecker.words import PIECE_COUNTS, SCORE_WORDS, points, shape

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

_PLACEHOLDERS = {
    "ship": N_("Put the ship on…"),
    "place": N_("Place the tile at…"),
    "explore": N_("Explore how many tiles…"),
}
_BUTTONS = {"explore": N_("Explore {count}"), "stop": N_("Stop")}  # the natives' choices: their labels
_STYLES = {"stop": "danger", "build": "success", "draw": "primary", "explore": "primary", "natives": "success"}
_REDRAW_EVENTS = frozenset({"place", "discard", "fill", "choose_placement"})


def _progress(view: View) -> str:
    if view.get("phase") not in ("voyage", "place", "natives"):
        return ""
    voyage = view.get("voyage") or {}
    parts = []
    if view.get("ship"):
        parts.append(_("ship on {space}").format(space=view["ship"]))
    if voyage:
        n = voyage.get("remaining", 0)
        left = ngettext("{n} exploration left of {declared}", "{n} explorations left of {declared}", n)
        parts.append(left.format(n=n, declared=voyage.get("declared", 0)))
    return ", ".join(parts)


def _player(p: dict[str, Any], who: str, view: View) -> str:
    pieces = ", ".join(PIECE_COUNTS[k](n) for k, n in p["pieces"].items())
    plants = "+".join(map(str, p["plants"])) or _("none")
    line = _("{who}: {points}, {gold} gold, plants {plants}; still to build: {pieces}")
    return line.format(who=who, points=points(p["vp"]), gold=p["gold"], plants=plants, pieces=pieces)


def _status_lines(view: View, names: Sequence[str]) -> list[str]:
    rows = player_lines(view, names, _player)
    piles = view["piles"]
    discovery = " / ".join(str(p["count"]) for p in piles["discovery"])
    fill = ", ".join(
        _("{count} {shape}").format(count=v, shape=shape(int(k))) for k, v in sorted(piles["fill"].items())
    )
    plants = piles["plants"]
    plants_left = sum(plants) if isinstance(plants, list) else int(plants)
    rows.append(_("Season {season}, turn {turn}.").format(season=view["season"], turn=view["turn"]))
    rows.append(_("Discovery tiles left in the five piles: {piles}.").format(piles=discovery))
    rows.append(_("Fill-in tiles left: {fill}. Plant tokens left: {plants}.").format(fill=fill, plants=plants_left))
    return rows


def _alike(view: View, entries: Sequence[dict[str, Any]]) -> str | None:
    """The voyage's first draw when the piles' backs look the same (all with an event's "?", or none): which pile
    decides nothing a player can know (only the total left ends the game), so the tallest is drawn, the lowest
    number among equals, which keeps the piles even. The player's trading posts that may be recalled beside it do
    not make it a choice: the explore step just before offered the same recalls (a recall and an explore do not
    depend on each other), and the voyage offers them again after each placement."""
    kinds = {e["kind"] for e in entries}
    if "draw" not in kinds or not kinds <= {"draw", "recall"}:  # a stop, a build or a personal tile: a choice
        return None
    piles = view["piles"]["discovery"]
    draws = [e for e in entries if e["kind"] == "draw"]
    if len({bool(piles[e["pile"] - 1]["top_event"]) for e in draws}) != 1:
        return None
    return str(max(draws, key=lambda e: (piles[e["pile"] - 1]["count"], -e["pile"]))["key"])


def _redraw(events: Iterable[Event]) -> bool:
    return any(e.get("type") in _REDRAW_EVENTS for e in events)


ENTDECKER_PAIRS = {"ship": frozenset({"explore", "recall"})}
PAIRS_ON = False


def _pair_words(first: dict[str, Any], second: dict[str, Any]) -> str:
    """A ship position with how many tiles to explore: "#27 D7S: explore 4"."""
    if second.get("kind") == "explore":
        then = _("explore {count}").format(count=second.get("count", "?"))
    else:
        then = str(second.get("label") or second["key"])
    return f"#{first.get('number', '?')} {first.get('position', '')}: {then}"


PRESENTER = Presenter(
    translator=WORDS,
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
    alike=_alike,
    # The ship's position and the number of explorations in one click (placing the ship reveals nothing) is
    # built and measured (docs/bench.md, session 9) but not on yet: ENTDECKER_PAIRS turns it on.
    pairs=ENTDECKER_PAIRS if PAIRS_ON else {},
    pair_words=_pair_words,
    pair_spot=lambda entry: str(entry.get("position") or entry["key"]),
)
