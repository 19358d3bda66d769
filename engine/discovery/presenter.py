"""How The Discovery reads in a chat: turn verbs, controls, status lines, the rules summary. No Discord here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.api import Event, Presenter, Verb, View, looking_back, player_lines
from engine.discovery.guide import SECTIONS
from engine.discovery.labels import SCORE_WORDS, describe, kind_words, points
from engine.discovery.lang import N_, WORDS, _, ngettext
from engine.discovery.nearby import WORDS as NEARBY_WORDS
from engine.discovery.nearby import nearby
from engine.discovery.revealed import WORDS as REVEALED_WORDS
from engine.discovery.revealed import revealed
from engine.discovery.sources import SOURCES, score_parts

VERBS = (
    Verb(
        "place",
        "Choose where and how the tile goes",
        ("place",),
        "option",
        "A placement: x,y and turn (numbers as on the board overlay)",
    ),
    Verb(
        "deploy",
        "Deploy a follower on the tile you just placed",
        ("deploy",),
        "follower",
        "Explorer (grassland), brigand (mountain) or navigator (sea), and where",
    ),
    Verb(
        "score",
        "Remove one of your followers and score its territory",
        ("score",),
        "region",
        "The follower's tile (x,y) and region",
    ),
    Verb("pass", "End your turn without deploying or scoring", ("pass",)),
)

RULES_TEXT = (
    "**Carcassonne: The Discovery**: lay landscape tiles of grassland, mountain and sea, and score territories "
    "with your four followers.\n"
    "A turn: place the tile shown (every touching side continues its terrain; x,y from the start tile at 0,0, x to "
    "the east, y to the north). Then EITHER deploy a follower on the new tile (explorer on grassland, brigand on "
    "mountain, navigator on sea; never in a territory that already has one) OR take one of yours back and score "
    "its territory, OR pass.\n"
    "The game ends after the last tile; every follower left scores its territory as incomplete."
)

_PLACEHOLDERS = {
    "place": N_("Place the tile at…"),
    "deploy": N_("Deploy a follower as…"),
    "score": N_("Score the follower at…"),
}
_BUTTONS = {"pass": N_("Pass")}
_STYLES = {"deploy": "success", "score": "primary", "pass": "secondary"}
_REDRAW_EVENTS = frozenset({"place", "deploy", "score", "discard", "final", "game_over"})
# A follower in /game status, by its role (a possessive and a role's gender do not compose in every language)
_FOLLOWER_LINES = {
    "explorer": N_("· {name}'s explorer at {at}: {territory}, scores {points} now ({final} at the end)"),
    "brigand": N_("· {name}'s brigand at {at}: {territory}, scores {points} now ({final} at the end)"),
    "navigator": N_("· {name}'s navigator at {at}: {territory}, scores {points} now ({final} at the end)"),
}


def _row_of(at: object) -> str:
    """A placement's map row ("row y=2", y as on the map's edge) from its "x,y"; "" for anything else."""
    text = str(at or "")
    return _("row y={y}").format(y=text.split(",")[1]) if "," in text else ""


def _progress(view: View) -> str:
    if view.get("phase") == "follower" and view.get("placed"):
        return _("tile placed at {at}").format(at=view["placed"])
    return ""


def _player(p: dict[str, Any], who: str, view: View) -> str:
    told = {"who": who, "points": points(p["score"]), "supply": p["supply"], "out": p["on_map"]}
    if view["options"].get("double_tile"):
        n = p["hand_count"]
        hand = ngettext("{n} tile in hand", "{n} tiles in hand", n).format(n=n)
        return _("{who}: {points}; followers: {supply} in supply, {out} out, {hand}").format(hand=hand, **told)
    return _("{who}: {points}; followers: {supply} in supply, {out} out").format(**told)


def _status_lines(view: View, names: Sequence[str]) -> list[str]:
    rows = player_lines(view, names, _player)
    for f in view["followers"]:
        t = view["territories"][f["territory"]]
        name = names[f["player"]] if f["player"] < len(names) else str(f["player"])
        n = t["size"]
        territory = ngettext("{kind} of {n} tile", "{kind} of {n} tiles", n).format(
            kind=kind_words(t["terrain"], t["complete"]), n=n
        )
        rows.append(
            _(_FOLLOWER_LINES[f["role"]]).format(
                name=name, at=f["at"], territory=territory, points=points(t["value"]), final=t["final_value"]
            )
        )
    b = view["bounds"]
    told = {
        "turn": view["turn"],
        "pile": view["pile"],
        "discarded": len(view["discarded"]),
        "removed": len(view["removed"]),
        **b,
    }
    if view["removed"]:
        line = _(
            "Turn {turn}. Tiles left: {pile} · set aside face up: {removed} · discarded: {discarded} · "
            "map x {min_x}..{max_x}, y {min_y}..{max_y}"
        )
    else:
        line = _(
            "Turn {turn}. Tiles left: {pile} · discarded: {discarded} · map x {min_x}..{max_x}, y {min_y}..{max_y}"
        )
    rows.append(line.format(**told))
    if view.get("drawn"):
        rows.append(_("Tile to place: {words}").format(words=view["drawn"]["words"]))
    return rows


def _redraw(events: Iterable[Event]) -> bool:
    return any(e.get("type") in _REDRAW_EVENTS for e in events)


def _hand(view: View) -> list[str]:
    """/game hand: the tiles the viewer holds face down (double-tile variant), in words."""
    me = view.get("viewer")
    for p in view.get("players", []):
        if p.get("seat") == me and p.get("hand"):
            return [_("Your tiles in hand (nobody else sees them):"), *(f"• {t['words']}" for t in p["hand"])]
    return []


def _pair_words(first: dict[str, Any], second: dict[str, Any]) -> str:
    """A placement with its follower step on one button: "#7: Navigator on the sea to the east" (the picture shows
    #7 as it would lie; what the follower would score is in the step's own words, after the placement)."""
    words = _("Pass") if second.get("kind") == "pass" else str(second.get("label") or second["key"]).split(" (")[0]
    return f"#{first.get('number', '?')}: {words}"


PRESENTER = Presenter(
    translator=WORDS,
    verbs=VERBS,
    rules_text=RULES_TEXT,
    describe=describe,
    select_kinds=frozenset({"place"}),
    button_words=_BUTTONS,
    button_styles=_STYLES,
    placeholders=_PLACEHOLDERS,
    progress=_progress,
    status_lines=_status_lines,
    redraw=_redraw,
    score_words=SCORE_WORDS,
    **looking_back(SOURCES, score_parts, nearby, NEARBY_WORDS, revealed, REVEALED_WORDS),
    notable=frozenset({"score"}),  # what scored while the player waited
    rules_sections=SECTIONS,
    hand=_hand,
    group=lambda entry: _row_of(entry.get("at")),  # by the map row, y as on its edge
    # A placement and the follower step after it in one click (it reveals nothing: the tile is known).
    pairs={"place": frozenset({"deploy", "score", "pass"})},
    pair_words=_pair_words,
    pair_spot=lambda entry: str(entry.get("at") or entry["key"]),
)
