"""How Im Reich der Wüstensöhne reads in a chat: turn verbs, controls, status lines, the rules summary."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.api import Event, Presenter, Verb, View, looking_back, player_lines
from engine.core.grid import row_group
from engine.desert.guide import SECTIONS
from engine.desert.labels import NAMES, SCORE_WORDS, describe, move_words, slot_words
from engine.desert.lang import N_, WORDS, _, ngettext
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

_PLACEHOLDERS = {  # the bot reads them through Presenter.placeholder_of, which translates them
    "caravan": N_("Move the caravan to…"),
    "place": N_("Attach the tile at…"),
    "explorer": N_("Explorer…"),
    "withdraw": N_("Choose…"),  # as the bot says where a game names no placeholder
    "no_explorer": N_("Choose…"),
    "draw": N_("Draw…"),
    "display": N_("Attach from your display…"),
    "scout": N_("Scout from another display…"),
    "rumour": N_("Rumour board space…"),
    "peek": N_("Look at…"),
    "discard": N_("Discard…"),
}
_BUTTONS = {  # Presenter.label_of translates them
    "bonus": N_("Bonus turn (1 water)"),
    "stop": N_("End turn"),
    "no_explorer": N_("No explorer"),
    "peeked:leave": N_("Leave it"),
    "peeked:remove": N_("Take it off"),
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
        parts.append(_("bonus turn"))
    if view.get("final_round"):
        parts.append(_("last round"))
    sc = view.get("scoring")
    if sc:
        parts.append(_("scoring the oasis {spaces}").format(spaces=", ".join(sc["spaces"])))
    return ", ".join(parts)


COLOUR_WORDS = {"red": N_("red"), "blue": N_("blue"), "orange": N_("orange"), "green": N_("green")}


def _player(p: dict[str, Any], who: str, view: View) -> str:
    goods = ", ".join(_(NAMES[g]) for g in p["goods"]) or _("no goods")
    on_board = sum(1 for e in view["explorers"] if e["player"] == p["seat"] and e["space"])
    colour = _(COLOUR_WORDS.get(p["colour"], p["colour"]))
    return _("{who} ({colour}): caravan on {space}, {water}, {camels} ({goods}), {display}, {out}").format(
        who=who,
        colour=_("{colour}, turban").format(colour=colour) if p["turban"] else colour,
        space=p["caravan"],
        water=ngettext("{n} water stone", "{n} water stones", p["water"]).format(n=p["water"]),
        camels=ngettext("{n} camel", "{n} camels", p["camels"]).format(n=p["camels"]),
        goods=goods,
        display=ngettext("{n} display tile", "{n} display tiles", len(p["display"])).format(n=len(p["display"])),
        out=ngettext("{n} explorer out", "{n} explorers out", on_board).format(n=on_board),
    )


def _status_lines(view: View, names: Sequence[str]) -> list[str]:
    piles = " / ".join(str(n) for n in view["piles"])
    rumours = sum(1 for r in view["rumour_board"] if r["occupied"])
    table = _("Turn {turn}. Piles 1-5: {piles}. Rumours on the board: {rumours} of 6.").format(
        turn=view["turn"], piles=piles, rumours=rumours
    )
    return [*player_lines(view, names, _player), table]


def secrets(view: View) -> str:
    """What the viewer knows of the rumour board, for a private (ephemeral) answer."""
    known = [f"{slot_words(r['slot'])}: {r['value']:+d}" for r in view["rumour_board"] if r["value"] is not None]
    lines = known or [_("You know none of the rumours on the board.")]
    if view.get("rumour_in_hand") is not None:
        lines.append(_("The token in your hand: {value:+d}").format(value=view["rumour_in_hand"]))
    return "\n".join(lines)


def _hand(view: View) -> list[str]:
    return [_("What you know of the rumours (nobody else sees this):"), *secrets(view).split("\n")]


def _group(entry: dict[str, Any]) -> str:
    """The board row of a choice ("row 3", as the picture numbers them), in the reader's words."""
    row = row_group(entry.get("to"), entry.get("space"))
    return _("row {n}").format(n=row.removeprefix("row ")) if row else ""


def _redraw(events: Iterable[Event]) -> bool:
    return any(e.get("type") not in _QUIET_EVENTS for e in events)


PRESENTER = Presenter(
    translator=WORDS,
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
    hand=_hand,
    group=_group,  # by the picture's row numbers
)
