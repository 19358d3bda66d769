"""How Im Reich der Wüstensöhne reads in a chat: turn verbs, controls, status lines, the rules summary."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.api import Event, Presenter, Verb, View, looking_back, player_lines
from engine.core.grid import row_group
from engine.core.words import plural
from engine.desert.guide import SECTIONS
from engine.desert.labels import GOOD_WORDS, SCORE_WORDS, describe, move_words, slot_words
from engine.desert.nearby import WORDS as NEARBY_WORDS
from engine.desert.nearby import nearby
from engine.desert.revealed import WORDS as REVEALED_WORDS
from engine.desert.revealed import revealed
from engine.desert.sources import SOURCES, score_parts

VERBS = (
    Verb("caravan", "Move your caravan (or let it stay), then discover from there", ("caravan",), "to", "Where to"),
    Verb(
        "discover",
        "Draw a tile, attach one from your display, or scout one from another display",
        ("draw", "display", "scout"),
        "source",
        "pile, or a display tile",
    ),
    Verb(
        "place",
        "Choose where and how the tile goes",
        ("place",),
        "option",
        "A position (numbers as on the board overlay)",
    ),
    Verb(
        "explorer",
        "Place an explorer on the new tile, take one back, or neither",
        ("explorer", "withdraw", "no_explorer"),
        "choice",
        "Which explorer, where",
    ),
    Verb("action", "Choose an action space of the oasis being scored", ("action_space",), "space", "The action space"),
    Verb("goods", "Camels full: put back a good for the new one, or forgo it", ("make_room",), "drop", "Which good"),
    Verb(
        "rumour",
        "Put your rumour token on the rumour board, or look at one there",
        ("rumour", "peek"),
        "slot",
        "A space of the rumour board",
    ),
    Verb("token", "Leave the rumour token you looked at, or take it off", ("peeked",), "choice", "leave or remove"),
    Verb("bonus", "Pay the caravan leader a water stone for a bonus turn", ("bonus",)),
    Verb("stop", "End your turn (no bonus turn)", ("stop",)),
    Verb("discard", "Discard a display tile that fits nowhere", ("discard",), "tile", "The display tile"),
)

RULES_TEXT = (
    "**Im Reich der Wüstensöhne**: discover the desert tile by tile, send explorers into oases, and when an oasis "
    "is enclosed its explorers take its action spaces: goods for your camels, camels, water stones and secret "
    "rumours that change what the goods are worth.\n"
    "A turn: move your caravan (brown lines any distance; a white line ends the move just beyond it unless you pay "
    "the camel driver a water stone), discover a tile from there, then place an explorer on its oasis or take one "
    "back. After a regular turn a water stone buys a bonus turn.\n"
    "When the last tile is drawn everyone has one more turn; then the rumours are revealed and each good is worth "
    "4 gold plus or minus its rumours. Most gold wins; ties go to the most water stones."
)

_PLACEHOLDERS = {
    "caravan": "Move the caravan to…",
    "place": "Attach the tile at…",
    "explorer": "Explorer…",
    "draw": "Draw…",
    "display": "Attach from your display…",
    "scout": "Scout from another display…",
    "rumour": "Rumour board space…",
    "peek": "Look at…",
    "discard": "Discard…",
}
_BUTTONS = {
    "bonus": "Bonus turn (1 water)",
    "stop": "End turn",
    "no_explorer": "No explorer",
    "peeked:leave": "Leave it",
    "peeked:remove": "Take it off",
}
_STYLES = {
    "draw": "primary",
    "action_space": "success",
    "bonus": "success",
    "stop": "danger",
    "no_explorer": "secondary",
}
_QUIET_EVENTS = frozenset({"turn", "choose_position", "no_discovery", "last_tile", "game_over", "end"})


def _value(entry: dict[str, Any]) -> str:
    kind = entry["kind"]
    if kind == "draw":
        return "pile"
    if kind == "explorer":
        return f"place-{entry['height']}-{entry['part']}"
    if kind == "withdraw":
        return f"back-{entry['height']}"
    if kind == "no_explorer":
        return "none"
    key = str(entry["key"])
    return key.split(":", 1)[1] if ":" in key else ""


def _progress(view: View) -> str:
    if view.get("game_over"):
        return ""
    parts = []
    if view.get("bonus_turn"):
        parts.append("bonus turn")
    if view.get("final_round"):
        parts.append("last round")
    sc = view.get("scoring")
    if sc:
        parts.append(f"scoring the oasis {', '.join(sc['spaces'])}")
    return ", ".join(parts)


def _player(p: dict[str, Any], who: str, view: View) -> str:
    goods = ", ".join(GOOD_WORDS[g] for g in p["goods"]) or "no goods"
    on_board = sum(1 for e in view["explorers"] if e["player"] == p["seat"] and e["space"])
    turban = ", turban" if p["turban"] else ""
    return (
        f"{who} ({p['colour']}{turban}): caravan on {p['caravan']}, {plural(p['water'], 'water stone')}, "
        f"{plural(p['camels'], 'camel')} ({goods}), {plural(len(p['display']), 'display tile')}, "
        f"{plural(on_board, 'explorer')} out"
    )


def _status_lines(view: View, names: Sequence[str]) -> list[str]:
    piles = " / ".join(str(n) for n in view["piles"])
    rumours = sum(1 for r in view["rumour_board"] if r["occupied"])
    table = f"Turn {view['turn']}. Piles 1-5: {piles}. Rumours on the board: {rumours} of 6."
    return [*player_lines(view, names, _player), table]


def secrets(view: View) -> str:
    """What the viewer knows of the rumour board, for a private (ephemeral) answer."""
    known = [f"{slot_words(r['slot'])}: {r['value']:+d}" for r in view["rumour_board"] if r["value"] is not None]
    lines = known or ["You know none of the rumours on the board."]
    if view.get("rumour_in_hand") is not None:
        lines.append(f"The token in your hand: {view['rumour_in_hand']:+d}")
    return "\n".join(lines)


def _redraw(events: Iterable[Event]) -> bool:
    return any(e.get("type") not in _QUIET_EVENTS for e in events)


PRESENTER = Presenter(
    verbs=VERBS,
    rules_text=RULES_TEXT,
    describe=describe,
    select_kinds=frozenset({"caravan", "place", "explorer", "withdraw", "no_explorer", "draw", "display", "scout"})
    | frozenset({"rumour", "peek", "discard"}),
    button_words=_BUTTONS,
    button_styles=_STYLES,
    placeholders=_PLACEHOLDERS,
    progress=_progress,
    status_lines=_status_lines,
    redraw=_redraw,
    move_words=move_words,
    score_words=SCORE_WORDS,
    **looking_back(SOURCES, score_parts, nearby, NEARBY_WORDS, revealed, REVEALED_WORDS),
    notable=frozenset({"oasis"}),  # what scored while the player waited
    rules_sections=SECTIONS,
    value=_value,
    extra={"secrets": secrets},
    hand=lambda view: ["What you know of the rumours (nobody else sees this):", *secrets(view).split("\n")],
    group=lambda entry: row_group(entry.get("to"), entry.get("space")),  # by the picture's row numbers
)
