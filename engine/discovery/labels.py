"""Words for moves and events: the labels players see in autocomplete, buttons and the channel log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from engine.core.lang import reader
from engine.core.moves import Move
from engine.core.words import Line, Told, tell, winners_win
from engine.discovery import board as B
from engine.discovery.lang import N_, _, ngettext
from engine.discovery.placing import placement_words
from engine.discovery.state import State, parse_pos
from engine.discovery.tiles import (
    ROLE_OF,
    TERRAIN_OF_ROLE,
    parse_sides,
    region_words,
    rotations,
    sides_region_words,
    tile_words,
)

LABEL_MAX = 100  # Discord's limit for a choice's name


def fit(label: str) -> str:
    """A label within LABEL_MAX characters, cut at a word with "…" (what the label says first matters most)."""
    if len(label) <= LABEL_MAX:
        return label
    return label[: LABEL_MAX - 1].rsplit(" ", 1)[0].rstrip(";,") + "…"


SCORE_WORDS = (N_("point"), N_("points"))  # what the scores count, on the picture and in every message
# A territory by its terrain and whether it is complete, as whole phrases (the adjective agrees with the noun)
KIND_WORDS = {
    ("G", False): N_("open grassland"),
    ("G", True): N_("complete grassland"),
    ("M", False): N_("open mountain"),
    ("M", True): N_("complete mountain"),
    ("S", False): N_("open sea"),
    ("S", True): N_("complete sea"),
}


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def tiles(n: int) -> str:
    return ngettext("{n} tile", "{n} tiles", n).format(n=n)


def cities(n: int) -> str:
    return ngettext("{n} city", "{n} cities", n).format(n=n)


def kind_words(terrain: str, complete: bool) -> str:
    """'open sea', 'complete grassland'."""
    return _(KIND_WORDS[(terrain, bool(complete))])


FIXED_LABELS = {"pass": N_("Pass: deploy nothing, score nothing")}


class RoleWords(NamedTuple):
    """Every sentence naming a follower's role, one template per role (a role's article and gender differ by
    language): the deployment's label, the scoring's label, the deployment's and the removal's line, the final
    scoring's line with what the points come from and (events stored before the engine recorded it) without."""

    deploy_label: str
    score_label: str
    deploys: str
    removes: str
    final: str
    final_plain: str


ROLE_LINES = {
    "explorer": RoleWords(
        N_("Explorer on {where} ({territory}; {value} now)"),
        N_("Score {value}: your explorer at {at} ({territory})"),
        N_("{who} deploys an explorer on {where} of the tile at {at}."),
        N_("{who} removes their explorer at {at}: {points} ({what})."),
        N_("Final scoring: {who}'s explorer at {at} scores {points} ({source})."),
        N_("Final scoring: {who}'s explorer at {at} scores {points}."),
    ),
    "brigand": RoleWords(
        N_("Brigand on {where} ({territory}; {value} now)"),
        N_("Score {value}: your brigand at {at} ({territory})"),
        N_("{who} deploys a brigand on {where} of the tile at {at}."),
        N_("{who} removes their brigand at {at}: {points} ({what})."),
        N_("Final scoring: {who}'s brigand at {at} scores {points} ({source})."),
        N_("Final scoring: {who}'s brigand at {at} scores {points}."),
    ),
    "navigator": RoleWords(
        N_("Navigator on {where} ({territory}; {value} now)"),
        N_("Score {value}: your navigator at {at} ({territory})"),
        N_("{who} deploys a navigator on {where} of the tile at {at}."),
        N_("{who} removes their navigator at {at}: {points} ({what})."),
        N_("Final scoring: {who}'s navigator at {at} scores {points} ({source})."),
        N_("Final scoring: {who}'s navigator at {at} scores {points}."),
    ),
}


def labels(state: State, moves: Sequence[Move], numbers: Sequence[int | None]) -> list[str]:
    """Labels for a batch of legal moves, sharing one analysis of the map among them, and kept with it: every view
    of a state (one per seat) labels the same moves. A label reads the map, the tile to place (drawn or in a hand)
    and the tile placed, and the reader's language: the key."""
    if not moves:
        return []
    m = B.analyse(state.board)
    hands = tuple(tuple(p.hand) for p in state.players)
    key = ("labels", reader(), tuple(moves), tuple(numbers), state.drawn, hands, state.placed)
    if key not in m.memo:
        m.memo[key] = [move_label(state, move, n, m) for move, n in zip(moves, numbers, strict=True)]
    return list(m.memo[key])


def _follower_territory(state: State, m: B.Map, at: str, code: str) -> tuple[B.Territory, str] | None:
    pos, sides = parse_pos(at), parse_sides(code)
    if pos is None or pos not in state.board or sides is None:
        return None
    g = B.geometry(state.board[pos])
    for i, region in enumerate(g.regions):
        if region.sides == sides:
            return m.at(pos[0], pos[1], i), region_words(g, i)
    return None


def territory_words(m: B.Map, t: B.Territory) -> str:
    """'open grassland, 3 tiles', 'complete sea, 4 tiles, 2 cities'."""
    if t.terrain == "G":
        return f"{kind_words(t.terrain, t.complete)}, {tiles(t.size)}"
    return f"{kind_words(t.terrain, t.complete)}, {tiles(t.size)}, {cities(m.city_count(t))}"


def move_label(state: State, move: Move, number: int | None = None, m: B.Map | None = None) -> str:
    """A label of at most 100 characters for a legal move of the current state."""
    k = move.kind
    if k == "place":
        pos = parse_pos(move.get("at"))
        r = (move.get("turn") or 0) // 90
        tid = state.players[move.player].hand[move.get("tile") - 1] if move.get("tile") else state.drawn
        where = _("tile {tile} at {at}") if move.get("tile") else _("at {at}")
        head = ("" if number is None else f"#{number} ") + where.format(tile=move.get("tile"), at=move.get("at"))
        if tid is None or pos is None:
            return head
        m = m or B.analyse(state.board)
        return fit(f"{head}: {placement_words(state.board, m, pos, rotations(tid)[r])}")
    m = m or B.analyse(state.board)
    if k == "deploy":
        assert state.placed is not None
        found = _follower_territory(state, m, f"{state.placed[0]},{state.placed[1]}", move.get("region"))
        assert found is not None, "a legal deployment names a region of the placed tile"
        t, words = found
        label = _(ROLE_LINES[move.get("role")].deploy_label)
        return label.format(where=words, territory=territory_words(m, t), value=m.value(t))[:100]
    if k == "score":
        found = _follower_territory(state, m, move.get("at"), move.get("region"))
        assert found is not None, "a legal scoring names a follower's region"
        t, words = found
        label = _(ROLE_LINES[ROLE_OF[t.terrain]].score_label)
        return label.format(value=m.value(t), at=move.get("at"), territory=territory_words(m, t))[:100]
    return _(FIXED_LABELS[k])  # a kind with one text; a kind with none is a bug, never its key shown to players


def _deploy(e: Told) -> str:
    where = sides_region_words(TERRAIN_OF_ROLE.get(e["role"], "?"), parse_sides(str(e["region"])) or ())
    return _(ROLE_LINES[e["role"]].deploys).format(who=e["who"], where=where, at=e["at"])


def _score(e: Told) -> str:
    what = f"{kind_words(e['terrain'], e['complete'])}, {tiles(e['tiles'])}"
    if e["terrain"] != "G":
        what = f"{what}, {cities(e['cities'])}"
    return _(ROLE_LINES[e["role"]].removes).format(who=e["who"], at=e["at"], points=points(e["points"]), what=what)


def _final_source(e: Told) -> str:
    """What a follower's final points come from: "2 cities in the sea" (an incomplete grassland counts its tiles,
    a mountain or a sea its cities)."""
    n = e["tiles"] if e["terrain"] == "G" else e["cities"]
    if e["terrain"] == "G":
        return ngettext("{n} tile of grassland", "{n} tiles of grassland", n).format(n=n)
    if e["terrain"] == "M":
        return ngettext("{n} city in the mountain", "{n} cities in the mountain", n).format(n=n)
    return ngettext("{n} city in the sea", "{n} cities in the sea", n).format(n=n)


def _final(e: Told) -> str:
    sourced, plain = ROLE_LINES[e["role"]].final, ROLE_LINES[e["role"]].final_plain
    told = {"who": e["who"], "at": e["at"], "points": points(e["points"])}
    if "tiles" not in e:
        return _(plain).format(**told)
    return _(sourced).format(source=_final_source(e), **told)


def _complete(e: Told) -> str:
    n, value = e["tiles"], e["value"]
    if e["terrain"] == "G":
        line = ngettext(
            "A grassland of {n} tile is complete (worth {value} now).",
            "A grassland of {n} tiles is complete (worth {value} now).",
            n,
        )
    elif e["terrain"] == "M":
        line = ngettext(
            "A mountain of {n} tile is complete (worth {value} now).",
            "A mountain of {n} tiles is complete (worth {value} now).",
            n,
        )
    else:
        line = ngettext(
            "A sea of {n} tile is complete (worth {value} now).",
            "A sea of {n} tiles is complete (worth {value} now).",
            n,
        )
    return line.format(n=n, value=value)


LINES: dict[str, Line] = {
    "draw": lambda e: _("{who} draws a tile: {tile}.").format(who=e["who"], tile=tile_words(e["tile"])),
    "place": lambda e: _("{who} places the tile at {at}: {tile}.").format(
        who=e["who"], at=e["at"], tile=tile_words(e["tile"], e["turn"] // 90)
    ),
    "complete": _complete,
    "refill": N_("{who} draws a new tile into their hand."),
    "discard": lambda e: _("A tile fits nowhere ({tile}) and goes back into the box.").format(
        tile=tile_words(e["tile"])
    ),
    "deploy": _deploy,
    "score": _score,
    "pass": N_("{who} keeps the followers where they are."),
    "no_choice": N_("{who} has no follower to deploy or remove."),
    "skip": N_("{who} has no tiles left and sits out."),
    "end": N_("The last tile is placed. Final scoring: every territory counts as incomplete."),
    "final": _final,
    "game_over": lambda e: _("Game over. {winners}!").format(winners=winners_win(e.names, e["winners"])),
}


def describe(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One line for an event in the reader's language; None for bookkeeping events ("turn") that need no words."""
    return tell(LINES, event, names, _)
