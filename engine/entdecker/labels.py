"""Words for moves and events: the labels players see in autocomplete, buttons and the channel log."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.grid import DIR_WORDS
from engine.core.moves import Move
from engine.core.words import Line, Told, directions, plural, tell, winners_win
from engine.entdecker import board as B
from engine.entdecker.state import GRID, PIECE_VALUE, State
from engine.entdecker.tiles import tile

PIECE_WORDS = {"trading_post": "trading post", "fort": "fort", "colony": "colony"}
EVENT_WORDS = {
    "storm": "Storm",
    "hostile_natives": "Hostile natives",
    "welcoming_natives": "Welcoming natives",
    "pirates": "Pirates",
    "ruins": "Ruins",
    "gold": "Gold",
}
ROTATION_WORDS = ("as drawn", "turned 90°", "turned 180°", "turned 270°")


SCORE_WORDS = ("point", "points")  # what the scores count, on the picture and in every message


# By edge class (the fill-in pile numbers): what a tile's sides are, in words.
SHAPE_WORDS = {
    1: "all sea",
    2: "land on one side",
    3: "land on two opposite sides",
    4: "land on two neighbouring sides",
    5: "land on three sides",
    6: "all land",
}


def shape_words(tid: str) -> str:
    g = tile(tid).geometry
    shape = SHAPE_WORDS[g.edge_class()]
    return f"{shape}, two pieces of land" if len(g.segments) > 1 else shape


def tile_words(tid: str) -> str:
    """A tile as players tell tiles apart: its name and the shape of its land (no side codes)."""
    t = tile(tid)
    name = "fill-in tile" if t.name.startswith("fill-in") else t.name
    words = f"{name} ({shape_words(tid)})"
    return f"{words}, event: {EVENT_WORDS[t.event]}" if t.event else words


FIXED_LABELS = {"stop": "Stop: end the turn without building"}
NATIVES_LABELS = {"take": "Take the plant token", "leave": "Leave the plant token"}
NUMBERED = ("ship", "place")  # their labels carry the number the board overlay shows


def move_label(state: State, move: Move, number: int | None = None) -> str:
    """A label of at most 100 characters for a legal move of the current state."""
    k = move.kind
    prefix = f"#{number} " if number is not None else ""
    if k == "ship":
        pos = move.get("position")
        ship = B.parse_ship(pos)
        assert ship is not None
        if ship[1] >= 0:
            return f"{prefix}{pos}: edge circle {DIR_WORDS[ship[1]]} of {GRID.name(ship[0])}"
        cost = B.position_cost(state, ship[0], move.player)
        cell = state.board[ship[0]]
        if cost and cell and cell.build:
            owner = state.players[cell.build.player].name
            return f"{prefix}{pos} (costs {cost} gold: {owner}'s {PIECE_WORDS[cell.build.piece]})"[:100]
        return f"{prefix}{pos}: on the discovered tile"
    if k == "explore":
        n = move.get("count")
        unit = "gold" if state.options.get("personal_tiles") else ("tile" if n == 1 else "tiles")
        return f"{n} {unit} (costs {n} gold)" if unit != "gold" else f"{n} gold for exploring"
    if k == "draw":
        i = move.get("pile")
        pile = state.piles[i - 1]
        top = " — a ? on top (event tile)" if pile and tile(pile[-1]).event else ""
        return f"Pile {i} ({plural(len(pile), 'tile')}){top}"
    if k == "place":
        return f"{prefix}{move.get('space')}, {ROTATION_WORDS[move.get('rotation')]}"
    if k == "build":
        piece, seg = move.get("piece"), move.get("segment")
        assert state.ship is not None
        cell = state.board[state.ship[0]]
        assert cell is not None
        factor = 2 if B.tile_event(cell) == "hostile_natives" else 1
        g = B.cell_geometry(cell)
        where = f" on the land to the {directions(g.segments[seg])}" if len(g.segments) > 1 else ""
        return f"Build a {PIECE_WORDS[piece]}{where} ({PIECE_VALUE[piece] * factor} gold, ends the turn)"
    if k == "recall":
        return f"Take back the trading post on {move.get('space')}"
    if k == "natives":
        return NATIVES_LABELS[move.get("choice")]
    if k == "personal":
        return f"Personal tile: {tile_words(move.get('tile'))} (2 gold)"[:100]
    return FIXED_LABELS[k]  # a kind with one text; a kind with none is a bug, never its key shown to players


def _ship(e: Told) -> str:
    cost = f", paying {e['cost']} gold" if e["cost"] else ""
    return f"{e['who']} puts the ship on {e['position']}{cost}."


def _welcoming(e: Told) -> str:
    if e.get("offer"):
        return f"Welcoming natives: {e['who']} may take a plant token."
    if e.get("plant") is None:
        return "Welcoming natives, but no plant tokens are left."
    return f"Welcoming natives: {e['who']} takes a plant token worth {e['plant']}."


EVENT_LINES: dict[str, Line] = {  # a tile's event, by the event it shows
    "storm": "Storm! {who}'s turn ends at once.",
    "hostile_natives": "Hostile natives: building on this tile costs double.",
    "welcoming_natives": _welcoming,
    "pirates": "Pirates! {who} loses {gold_lost} gold.",
    "ruins": "Ruins: {who} scores 3 points.",
    "gold": "Gold: {who} finds {gold_gained} gold.",
}
FORCED_STOPS = {
    "storm": "the storm",
    "no_draws_left": "no declared explorations left",
    "piles_empty": "the discovery piles are empty",
    "no_free_line": "no line leads to undiscovered sea",
}
DISCARDS = {True: "is kept beside the fill-in piles", False: "leaves the game"}
ENDS = {
    "board_full": "The board is full: the game ends.",
    "piles_empty": "The last discovery tile is drawn: the game ends.",
    "plants_gone": "The plant tokens have run out: the game ends.",
    "nothing_to_explore": "No line leads to undiscovered sea any more: the game ends.",
}


def _island(e: Told) -> str:
    size = plural(e["tiles"], "tile")
    kind = "Incomplete island" if e["incomplete"] else "Island complete"
    if not e["scores"]:
        return f"{kind}: {size}, nobody built there."
    names = e.names
    plants = "".join(f" {names[int(p)]} finds a plant worth {v}." for p, v in e["plants"].items())
    short = " Not enough plant tokens for all the greatest discoverers." if e.get("plants_short") else ""
    ranked = sorted(e["scores"].items(), key=lambda x: -x[1])
    built = e.get("built")  # absent from islands scored before issue 24
    if built is None:
        pts = ", ".join(f"{names[int(p)]} {plural(v, *SCORE_WORDS)}" for p, v in ranked)
        return f"{kind}: {size}, worth {e['value']}.{plants}{short} Scores: {pts}."
    plant = max((int(v) for v in e["plants"].values()), default=0)
    points = [int(v) for _, v in ranked]
    shares = "; ".join(
        f"{_place(points, int(v))}{names[int(p)]} {plural(int(v), *SCORE_WORDS)} ({_pieces(built[p])})"
        for p, v in ranked
    )
    halves = ", each place half the one above (rounded up)" if len(set(points)) > 1 else ""
    if plant:
        return f"{kind}: {size}.{plants}{short} The plant makes it worth {e['value']}: {shares}{halves}."
    return f"{kind}: {size}, worth {e['value']}.{short} {shares}{halves}."


_PLACES = ("1st", "2nd", "3rd", "4th")  # by colonies, then forts, then trading posts


def _place(points: Sequence[int], mine: int) -> str:
    """ "2nd " among several builders; nothing for a lone one."""
    return f"{_PLACES[min(sum(1 for x in points if x > mine), 3)]} " if len(points) > 1 else ""


def _pieces(counts: Sequence[int]) -> str:
    """A builder's constructions on an island, strongest first: "1 colony, 2 trading posts"."""
    words = (("colony", "colonies"), ("fort", "forts"), ("trading post", "trading posts"))
    return ", ".join(plural(n, *w) for n, w in zip(counts, words, strict=True) if n)


def _inventor(e: Told) -> str:
    who = " and ".join(e.names[p] for p in e["players"])
    most = "hold" if len(e["players"]) > 1 else "holds"
    bonus = plural(e["bonus"], *SCORE_WORDS)
    return f"Grand Inventor: {who} {most} the most plant tokens ({e['bonus']}) and scores {bonus}, 1 a token."


LINES: dict[str, Line] = {
    "income": "Season {season}: the wheel gives everyone {amount} gold.",
    "ship": _ship,
    "explore": lambda e: f"{e['who']} declares {plural(e['count'], 'exploration')}.",
    "draw": lambda e: f"{e['who']} draws from pile {e['pile']}: {tile_words(e['tile'])}.",
    "personal": lambda e: f"{e['who']} plays a personal tile: {tile_words(e['tile'])}.",
    "choose_placement": "It fits in {options} ways; {who} chooses.",
    "place": "The tile goes on {space} and the ship sails onto it.",
    "discard": lambda e: (
        f"The tile fits nowhere and {'is kept beside the fill-in piles' if e['kept'] else 'leaves the game'}."
    ),
    "event": lambda e: tell(EVENT_LINES, {**e.event, "type": e["event"]}, e.names),
    "natives": lambda e: (
        f"{e['who']} leaves the plant token with the natives."
        if e.get("plant") is None
        else f"{e['who']} takes a plant token worth {e['plant']}."
    ),
    "forced_stop": lambda e: f"{e['who']}'s voyage ends: {FORCED_STOPS[e['reason']]}.",
    "build": lambda e: f"{e['who']} builds a {PIECE_WORDS[e['piece']]} on {e['space']} for {e['cost']} gold.",
    "stop": "{who} ends the turn.",
    "recall": "{who} takes back the trading post on {space}.",
    "fill": lambda e: f"A fill-in tile ({SHAPE_WORDS[e['pile']]}) fills {e['space']}.",
    "fill_missing": lambda e: f"{e['space']} needs a fill-in tile ({SHAPE_WORDS[e['pile']]}), but none is left.",
    "island": _island,
    "pass": "{who} cannot pay for an exploration and passes.",
    "end": lambda e: ENDS[e["reason"]],
    "inventor": _inventor,
    "game_over": lambda e: f"Game over. {winners_win(e.names, e['winners'])}!",
}


def describe(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One line of English for an event; None for bookkeeping events ("turn") that need no words."""
    return tell(LINES, event, names)
