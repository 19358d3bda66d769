"""Words for moves and events: the labels players see in autocomplete, buttons and the channel log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.moves import Move
from engine.core.words import Line, Told, by, directions, plural, tell, winners_win, with_article
from engine.desert import board as B
from engine.desert.rules import to_act
from engine.desert.state import COLOURS, DISPLAY_LIMIT, GRID, HEIGHTS, ON_ACTION, State
from engine.desert.tiles import geometry, tile

ACTION_WORDS = {
    "myrrh": "myrrh",
    "frankincense": "frankincense",
    "gemstone": "a gemstone",
    "salt": "salt",
    "camel": "a camel",
    "rumour": "a rumour",
    "water": "a water stone",
}
GOOD_WORDS = {"myrrh": "myrrh", "frankincense": "frankincense", "gemstone": "gemstone", "salt": "salt"}
NUMBERED = frozenset({"caravan", "place"})  # their labels carry the number the board overlay shows


def slot_words(slot: str) -> str:
    good, i = slot.rsplit("-", 1)
    return f"{GOOD_WORDS[good]} row, space {i}"


SHAPE_WORDS = {
    "desert-cross": "desert crossroads",
    "desert-tee": "desert junction",
    "desert-straight": "desert track",
    "desert-bend": "desert bend",
    "desert-end": "desert dead end",
    "cap-three": "oasis edge",
    "cap-across": "oasis edge",
    "cap-straight": "oasis edge",
    "cap-bend": "oasis edge",
    "bend": "oasis corner",
    "bend-end": "oasis corner",
    "through": "oasis strip",
    "split": "double oasis edge",
    "corner-split": "double oasis edge",
    "tee": "large oasis",
    "tee-split": "oasis corner and edge",
    "full": "oasis heart",
    "pond": "pond",
    "pond-straight": "pond",
}


SCORE_WORDS = ("gold", "gold")  # what the scores count, on the picture and in every message


def tile_words(tid: str) -> str:
    """A tile as players tell it apart, by its kind and its action space: "the oasis strip tile with salt" (never
    its catalogue id, which nothing on the table shows)."""
    t = tile(tid)
    action = f" with {ACTION_WORDS[t.action]}" if t.action else ""
    return f"the {SHAPE_WORDS.get(t.shape, t.shape)} tile{action}"


def a_tile(tid: str) -> str:
    """ "an oasis strip tile with salt": a tile not seen before."""
    return with_article(tile_words(tid).removeprefix("the "))


def lie_words(tid: str, rotation: int) -> str:
    """How a tile lies once turned, in compass words: "oasis north and east, brown lines south"."""
    g = geometry(tid, rotation)
    oasis = [d for d in range(4) if g.sides[d] == "W"]
    lines = [d for d in range(4) if g.sides[d] == "B"]
    parts = []
    if oasis:
        parts.append(f"oasis {directions(oasis)}")
    elif g.parts:
        parts.append("pond")
    if lines:
        parts.append(f"brown {'line' if len(lines) == 1 else 'lines'} {directions(lines)}")
    return ", ".join(parts) or "all desert"


def explorer_words(height: int) -> str:
    owner = next(i for i, hs in enumerate(HEIGHTS) if height in hs)
    return f"{COLOURS[owner]} explorer of height {height}"


def _part_words(state: State, space: int, part: int) -> str:
    g = B.at(state.board, space)
    assert g is not None
    sides = g.parts[part]
    if not sides:
        return "the pond"
    return f"the oasis part to the {directions(sides)}" if len(g.parts) > 1 else "the oasis"


FIXED_LABELS = {
    "no_explorer": "No explorer this turn",
    "bonus": "Bonus turn: pay the caravan leader 1 water stone",
    "stop": "End the turn",
}


def move_label(state: State, move: Move, number: int | None = None) -> str:
    """A label of at most 100 characters for a legal move of the current state."""
    k = move.kind
    prefix = f"#{number} " if number is not None else ""
    p = move.player
    if k == "caravan":
        to = move.get("to")
        space = GRID.parse(to)
        assert space is not None
        stay = space == state.caravans[p]
        opens = len(B.open_sides(state.board, space))
        where = f"Stay on {to}" if stay else f"Move to {to}"
        lines = f", {plural(opens, 'open line')}" if opens else ", nothing to discover"
        driver = " (camel driver: 1 water stone)" if move.get("driver") else ""
        return f"{prefix}{where}{lines}{driver}"
    if k == "draw":
        i = next(i for i, pile in enumerate(state.piles) if pile)
        return f"Draw from pile {i + 1} ({plural(len(state.piles[i]), 'tile')} left)"
    if k == "display":
        return f"Attach from your display: {tile_words(move.get('tile'))}"
    if k == "scout":
        t = move.get("tile")
        owner = next(q for q in range(state.players) if t in state.displays[q])
        return f"Scout (1 water stone): {state.names[owner]}'s {tile_words(t).removeprefix('the ')}"
    if k == "place":
        assert state.hand is not None
        return f"{prefix}{move.get('space')}: {lie_words(state.hand['tile'], move.get('rotation'))}"
    if k == "explorer":
        assert state.attached is not None
        where = _part_words(state, state.attached, move.get("part"))
        return f"Explorer of height {move.get('height')} on {where} of {GRID.name(state.attached)}"
    if k == "withdraw":
        e = next(e for e in state.explorers if e[0] == move.get("height"))
        where = "the action space of " if e[3] == ON_ACTION else ""
        return f"Take back your explorer of height {e[0]} from {where}{GRID.name(e[2])}"
    if k == "action_space":
        space = GRID.parse(move.get("space"))
        kind = next(a for s, a in state.scoring[0]["actions"] if s == space)
        return f"{move.get('space')}: take {ACTION_WORDS[kind]}"
    if k == "make_room":
        drop = move.get("drop")
        assert state.pending is not None
        new = GOOD_WORDS[state.pending["good"]]
        return f"Forgo the {new}" if drop == "none" else f"Put back one {GOOD_WORDS[drop]} to load the {new}"
    if k == "rumour":
        return f"Put the rumour on the {slot_words(move.get('slot'))}"
    if k == "peek":
        if move.get("slot") == "none":
            return "Look at no rumour token"
        return f"Look at the rumour on the {slot_words(move.get('slot'))}"
    if k == "peeked":
        if move.get("choice") == "leave":
            return "Leave the token where it lies"
        return "Take the token off the board (the next rumour places it again)"
    if k == "discard":
        return f"Discard {tile_words(move.get('tile'))} from your display"
    return FIXED_LABELS[k]  # a kind with one text; a kind with none is a bug, never its key shown to players


def prompt(state: State) -> str:
    """What the seat to act does now, addressed to them (the bot names them once, in its mention)."""
    if state.game_over:
        return ""
    seat = to_act(state)[0]
    phase = state.phase
    if phase == "action":
        spaces = ", ".join(state.scoring[0]["spaces"])
        return f"choose an action space of the oasis {spaces}"
    if phase == "move" and len(state.displays[seat]) >= DISPLAY_LIMIT:
        return "your display is full: move to a space where one of its tiles fits (or one to scout), if any"
    if phase == "explorer" and state.attached is None:
        return "you placed no explorer this turn: take one back, or not"
    words = {
        "discard": "no tile of your display fits anywhere: discard one",
        "move": "move your caravan (or stay), then discover",
        "discover": "draw a tile, attach one from your display, or scout one from another display",
        "place": "choose where the tile goes (numbers as on the board)",
        "explorer": "place an explorer on the new tile, take one back, or neither",
        "goods": "your camels are full: put back a good to load the new one, or forgo it",
        "rumour": "put the rumour token you drew on a free space of the rumour board",
        "peek": "the rumour tokens are all out: you may look at one on the board",
        "peeked": "leave the token you looked at, or take it off the board",
        "bonus": "buy a bonus turn for a water stone, or end your turn",
    }
    return words.get(phase, "make a move")


QUIET_MOVES = {  # moves whose events may tell nothing (the turn passes on): their own line in the log
    "no_explorer": "{who} places no explorer.",
    "stop": "{who} ends the turn.",
}


def move_words(move: Mapping[str, Any], names: Sequence[str]) -> str | None:
    text = QUIET_MOVES.get(str(move.get("kind")))
    seat = move.get("player")
    return text.format(who=names[seat]) if text is not None and isinstance(seat, int) else None


def _move(e: Told) -> str:
    if not e["moved"]:
        return f"{e['who']}'s caravan stays on {e['to']}."
    driver = ", paying the camel driver a water stone" if e["driver"] else ""
    return f"{e['who']}'s caravan moves to {e['to']}{driver}."


def _oasis(e: Told) -> str:
    names = e.names
    head = f"Oasis complete ({plural(e['size'], 'tile')}; {', '.join(e['actions']) or 'no action spaces'})."
    if not e["line"]:
        return f"{head} No explorer stands in it."
    line = ", ".join(f"{names[s]}'s explorer of height {h}" for s, h in e["line"])
    paid = ""
    if e["paid"] is not None:
        paid = f" {names[e['paid']]} has the tallest explorer and pays a water stone."
    elif e["withdrawn"] is not None:
        s, h = e["withdrawn"]
        paid = f" {names[s]} has the tallest explorer but no water: the explorer of height {h} goes back."
    return f"{head} The explorers line up, tallest first: {line}.{paid}"


def _action(e: Told) -> str:
    what, result = ACTION_WORDS[e["action"]], e.get("result")
    taken = f"{e['who']} takes the action space {e['space']}"
    if result == "none_left":
        return f"{taken} ({what}), but the supply is empty."
    if e["action"] == "rumour":
        return f"{taken}: a rumour."
    return f"{taken} ({what}); the camels are full." if result is None else f"{taken} and gets {what}."


ENDS = {
    "last_tile": "Everyone has had their last turn: the game ends.",
    "no_open_lines": "No open line is left on the board: the game ends.",
    "stalled": "Nobody could discover for eight rounds: the game ends.",
}


def _end(e: Told) -> str:
    values = ", ".join(f"{GOOD_WORDS[g]} {plural(v, *SCORE_WORDS)}" for g, v in e["values"].items())
    revealed = ", ".join(f"{slot_words(s)}: {v:+d}" for s, v in e["revealed"].items()) or "none"
    return f"{ENDS[e['reason']]} Rumours revealed: {revealed}. Goods are worth: {values}."


def _game_over(e: Told) -> str:
    carried = e.get("goods")  # absent from games that ended before issue 24

    def made_of(i: int) -> str:
        if carried is None:
            return ""
        goods = ", ".join(f"{n} {GOOD_WORDS[g]}" for g, n in carried[i].items())
        return f" ({goods or 'no goods'})"

    scores = ", ".join(f"{e.names[i]} {plural(s, *SCORE_WORDS)}{made_of(i)}" for i, s in enumerate(e["scores"]))
    best = max(e["scores"])
    tied = [i for i, s in enumerate(e["scores"]) if s == best]
    water = e.get("water")
    tie = ""
    if len(tied) > 1 and water is not None and len(e["winners"]) < len(tied):
        tie = f" The tie goes to the most water stones ({water[e['winners'][0]]})."
    return f"Game over: {scores}.{tie} {winners_win(e.names, e['winners'])}!"


LINES: dict[str, Line] = {
    "turn": lambda e: f"{e['who']}'s last turn." if e.get("final") else None,
    "discard": lambda e: f"No tile of {e['who']}'s display fits anywhere: {e['who']} discards {tile_words(e['tile'])}.",
    "move": _move,
    "no_discovery": by(
        "reason",
        {
            "no_open_line": "{who} cannot discover here: no open line.",
            "*": "{who} cannot discover here: nothing can be discovered.",
        },
    ),
    "draw": lambda e: f"{e['who']} draws {a_tile(e['tile'])} from pile {e['pile']}.",
    "last_tile": "That was the last tile: everyone, the drawer included, gets one more turn.",
    "to_display": "It fits nowhere here: {who} puts it in their display.",
    "from_display": lambda e: f"{e['who']} attaches {tile_words(e['tile'])} from their display.",
    "scout": lambda e: (
        f"{e['who']} pays the scout a water stone and takes {tile_words(e['tile'])} from {e['who_owner']}'s display."
    ),
    "replacement": lambda e: f"{e['who']} draws {a_tile(e['tile'])} into their display as compensation.",
    "choose_position": "It fits in {options} ways; {who} chooses.",
    "attach": "The tile goes on {space} and {who}'s caravan moves onto it.",
    "desert": "All desert: {who} may move and discover again.",
    "explorer": "{who} places the explorer of height {height} on {space}.",
    "withdraw": by(
        "action_space",
        {
            True: "{who} takes the explorer of height {height} back from the action space of {space}.",
            "*": "{who} takes the explorer of height {height} back from {space}.",
        },
    ),
    "oasis": _oasis,
    "action": _action,
    "no_space_left": lambda e: (
        f"No action spaces left for: {', '.join(e.names[s] for s in e['seats'])}; their explorers go back to the "
        "supply."
    ),
    "make_room": lambda e: (
        f"{e['who']} forgoes the {GOOD_WORDS[e['good']]}."
        if e["drop"] == "none"
        else f"{e['who']} puts back a {GOOD_WORDS[e['drop']]} and loads the {GOOD_WORDS[e['good']]}."
    ),
    "rumour": lambda e: f"{e['who']} puts a secret rumour on the {slot_words(e['slot'])}.",
    "peek": lambda e: (
        f"{e['who']} looks at none of the rumours."
        if e["slot"] is None
        else f"{e['who']} secretly looks at the rumour on the {slot_words(e['slot'])}."
    ),
    "peeked": by(
        "choice",
        {
            "leave": "{who} leaves it where it lies.",
            "remove": "{who} takes it off the board; the next rumour places it again.",
        },
    ),
    "turban": "The turban passes to {who} (on the explorer of height {height}).",
    "bonus": "{who} pays the caravan leader a water stone for a bonus turn.",
    "end": _end,
    "game_over": _game_over,
}


def describe(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One line of English for an event; None for bookkeeping events that need no words."""
    return tell(LINES, event, names)
