"""Words for moves and events: the labels players see in autocomplete, buttons and the channel log.

Every word is in the reader's language (engine/core/lang.py): the English here is each catalog entry's source.
What cannot be assembled from parts in every language (a tile with a gemstone, a good with its article, a count of
a good) is a whole phrase per kind, so German, Dutch and French can give each its own article and case."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.core.moves import Move
from engine.core.words import Line, Told, by, directions, tell, winners_win
from engine.desert import board as B
from engine.desert.lang import N_, _, ngettext
from engine.desert.rules import to_act
from engine.desert.state import DISPLAY_LIMIT, GRID, ON_ACTION, State
from engine.desert.tiles import geometry, tile

# What an action space gives (and each good): a bare noun, as lists and brackets use it ("salt, water").
NAMES = {
    "myrrh": N_("myrrh"),
    "frankincense": N_("frankincense"),
    "gemstone": N_("gemstone"),
    "salt": N_("salt"),
    "camel": N_("camel"),
    "rumour": N_("rumour"),
    "water": N_("water"),
}
# What an action space gives, as a label names it in brackets and `/game tiles` beside a tile's kind.
ACTION_WORDS = {
    "myrrh": N_("myrrh"),
    "frankincense": N_("frankincense"),
    "gemstone": N_("a gemstone"),
    "salt": N_("salt"),
    "camel": N_("a camel"),
    "rumour": N_("a rumour"),
    "water": N_("a water stone"),
}
TAKE_WORDS = {  # the label of an action space
    "myrrh": N_("{space}: take myrrh"),
    "frankincense": N_("{space}: take frankincense"),
    "gemstone": N_("{space}: take a gemstone"),
    "salt": N_("{space}: take salt"),
    "camel": N_("{space}: take a camel"),
    "rumour": N_("{space}: take a rumour"),
    "water": N_("{space}: take a water stone"),
}
GETS_WORDS = {  # an action space taken (a rumour has its own line: the token is placed next)
    "myrrh": N_("{who} takes the action space {space} and gets myrrh."),
    "frankincense": N_("{who} takes the action space {space} and gets frankincense."),
    "gemstone": N_("{who} takes the action space {space} and gets a gemstone."),
    "salt": N_("{who} takes the action space {space} and gets salt."),
    "camel": N_("{who} takes the action space {space} and gets a camel."),
    "water": N_("{who} takes the action space {space} and gets a water stone."),
}
THE_GOOD = {  # a good as what is loaded or forgone
    "myrrh": N_("the myrrh"),
    "frankincense": N_("the frankincense"),
    "gemstone": N_("the gemstone"),
    "salt": N_("the salt"),
}
SLOT_WORDS = {  # a space of the rumour board: each good has a row of two
    "myrrh": N_("myrrh row, space {i}"),
    "frankincense": N_("frankincense row, space {i}"),
    "gemstone": N_("gemstone row, space {i}"),
    "salt": N_("salt row, space {i}"),
}
GOOD_COUNTS: dict[str, Callable[[int], str]] = {  # how many of a good a player carries
    "myrrh": lambda n: ngettext("{n} myrrh", "{n} myrrh", n),
    "frankincense": lambda n: ngettext("{n} frankincense", "{n} frankincense", n),
    "gemstone": lambda n: ngettext("{n} gemstone", "{n} gemstone", n),
    "salt": lambda n: ngettext("{n} salt", "{n} salt", n),
}
NUMBERED = frozenset({"caravan", "place"})  # their labels carry the number the board overlay shows
SCORE_WORDS = ("gold", "gold")  # what the scores count: "{n} gold" in the catalog (gold_words) is their phrase


def gold_words(n: int) -> str:
    """ "30 gold": a score or a good's worth."""
    return ngettext("{n} gold", "{n} gold", n).format(n=n)


def good_count(good: str, n: int) -> str:
    return GOOD_COUNTS[good](n).format(n=n)


def slot_words(slot: str) -> str:
    good, i = slot.rsplit("-", 1)
    return _(SLOT_WORDS[good]).format(i=i)


SHAPE_WORDS = {
    "desert-cross": N_("desert crossroads"),
    "desert-tee": N_("desert junction"),
    "desert-straight": N_("desert track"),
    "desert-bend": N_("desert bend"),
    "desert-end": N_("desert dead end"),
    "cap-three": N_("oasis edge"),
    "cap-across": N_("oasis edge"),
    "cap-straight": N_("oasis edge"),
    "cap-bend": N_("oasis edge"),
    "bend": N_("oasis corner"),
    "bend-end": N_("oasis corner"),
    "through": N_("oasis strip"),
    "split": N_("double oasis edge"),
    "corner-split": N_("double oasis edge"),
    "tee": N_("large oasis"),
    "tee-split": N_("oasis corner and edge"),
    "full": N_("oasis heart"),
    "pond": N_("pond"),
    "pond-straight": N_("pond"),
}

# A tile named by its kind and its action space, a whole phrase per action (German "mit Edelstein", French "avec
# du sel"): the tile, a tile (English's "a" or "an" by the kind's first sound), and the tile without an article.
THE_TILE = {
    None: N_("the {shape} tile"),
    "myrrh": N_("the {shape} tile with myrrh"),
    "frankincense": N_("the {shape} tile with frankincense"),
    "gemstone": N_("the {shape} tile with a gemstone"),
    "salt": N_("the {shape} tile with salt"),
    "camel": N_("the {shape} tile with a camel"),
    "rumour": N_("the {shape} tile with a rumour"),
    "water": N_("the {shape} tile with a water stone"),
}
A_TILE = {
    None: (N_("a {shape} tile"), N_("an {shape} tile")),
    "myrrh": (N_("a {shape} tile with myrrh"), N_("an {shape} tile with myrrh")),
    "frankincense": (N_("a {shape} tile with frankincense"), N_("an {shape} tile with frankincense")),
    "gemstone": (N_("a {shape} tile with a gemstone"), N_("an {shape} tile with a gemstone")),
    "salt": (N_("a {shape} tile with salt"), N_("an {shape} tile with salt")),
    "camel": (N_("a {shape} tile with a camel"), N_("an {shape} tile with a camel")),
    "rumour": (N_("a {shape} tile with a rumour"), N_("an {shape} tile with a rumour")),
    "water": (N_("a {shape} tile with a water stone"), N_("an {shape} tile with a water stone")),
}
BARE_TILE = {
    None: N_("{shape} tile"),
    "myrrh": N_("{shape} tile with myrrh"),
    "frankincense": N_("{shape} tile with frankincense"),
    "gemstone": N_("{shape} tile with a gemstone"),
    "salt": N_("{shape} tile with salt"),
    "camel": N_("{shape} tile with a camel"),
    "rumour": N_("{shape} tile with a rumour"),
    "water": N_("{shape} tile with a water stone"),
}


def _named(words: Mapping[str | None, str], tid: str) -> str:
    t = tile(tid)
    return _(words[t.action]).format(shape=_(SHAPE_WORDS.get(t.shape, t.shape)))


def tile_words(tid: str) -> str:
    """A tile as players tell it apart, by its kind and its action space: "the oasis strip tile with salt" (never
    its catalogue id, which nothing on the table shows)."""
    return _named(THE_TILE, tid)


def a_tile(tid: str) -> str:
    """ "an oasis strip tile with salt": a tile not seen before."""
    t = tile(tid)
    an = SHAPE_WORDS.get(t.shape, t.shape)[:1].lower() in "aeiou"  # the English word decides English's article
    return _(A_TILE[t.action][an]).format(shape=_(SHAPE_WORDS.get(t.shape, t.shape)))


def kind_words(tid: str) -> str:
    """ "oasis strip, salt": a kind of tile in `/game tiles`."""
    t = tile(tid)
    shape = _(SHAPE_WORDS.get(t.shape, t.shape))
    return _("{shape}, {action}").format(shape=shape, action=_(ACTION_WORDS[t.action])) if t.action else shape


def lie_words(tid: str, rotation: int) -> str:
    """How a tile lies once turned, in compass words: "oasis north and east, brown lines south"."""
    g = geometry(tid, rotation)
    oasis = [d for d in range(4) if g.sides[d] == "W"]
    lines = [d for d in range(4) if g.sides[d] == "B"]
    parts = []
    if oasis:
        parts.append(_("oasis {sides}").format(sides=directions(oasis)))
    elif g.parts:
        parts.append(_("pond"))
    if lines:
        parts.append(ngettext("brown line {sides}", "brown lines {sides}", len(lines)).format(sides=directions(lines)))
    return ", ".join(parts) or _("all desert")


def _explorer_label(state: State, space: int, part: int, height: int) -> str:
    g = B.at(state.board, space)
    assert g is not None
    sides = g.parts[part]
    where = GRID.name(space)
    if not sides:
        return _("Explorer of height {height} on the pond of {space}").format(height=height, space=where)
    if len(g.parts) > 1:
        return _("Explorer of height {height} on the oasis part to the {sides} of {space}").format(
            height=height, sides=directions(sides), space=where
        )
    return _("Explorer of height {height} on the oasis of {space}").format(height=height, space=where)


FIXED_LABELS = {
    "no_explorer": N_("No explorer this turn"),
    "bonus": N_("Bonus turn: pay the caravan leader 1 water stone"),
    "stop": N_("End the turn"),
}


def _caravan_label(state: State, move: Move) -> str:
    to = move.get("to")
    space = GRID.parse(to)
    assert space is not None
    where = _("Stay on {space}") if space == state.caravans[move.player] else _("Move to {space}")
    opens = len(B.open_sides(state.board, space))
    lines = ngettext("{n} open line", "{n} open lines", opens).format(n=opens) if opens else _(QUIET)
    label = _("{where}, {lines}").format(where=where.format(space=to), lines=lines)
    return _("{label} (camel driver: 1 water stone)").format(label=label) if move.get("driver") else label


QUIET = N_("nothing to discover")  # a caravan move's label ends with it when the move discovers nothing


def move_label(state: State, move: Move, number: int | None = None) -> str:
    """A label of at most 100 characters for a legal move of the current state."""
    k = move.kind
    prefix = f"#{number} " if number is not None else ""
    if k == "caravan":
        return prefix + _caravan_label(state, move)
    if k == "draw":
        i = next(i for i, pile in enumerate(state.piles) if pile)
        n = len(state.piles[i])
        return ngettext("Draw from pile {pile} ({n} tile left)", "Draw from pile {pile} ({n} tiles left)", n).format(
            pile=i + 1, n=n
        )
    if k == "display":
        return _("Attach from your display: {tile}").format(tile=tile_words(move.get("tile")))
    if k == "scout":
        t = move.get("tile")
        owner = next(q for q in range(state.players) if t in state.displays[q])
        return _("Scout (1 water stone): {owner}'s {tile}").format(owner=state.names[owner], tile=_named(BARE_TILE, t))
    if k == "place":
        assert state.hand is not None
        lie = lie_words(state.hand["tile"], move.get("rotation"))
        return prefix + _("{space}: {lie}").format(space=move.get("space"), lie=lie)
    if k == "explorer":
        assert state.attached is not None
        return _explorer_label(state, state.attached, move.get("part"), move.get("height"))
    if k == "withdraw":
        e = next(e for e in state.explorers if e[0] == move.get("height"))
        if e[3] == ON_ACTION:
            words = _("Take back your explorer of height {height} from the action space of {space}")
        else:
            words = _("Take back your explorer of height {height} from {space}")
        return words.format(height=e[0], space=GRID.name(e[2]))
    if k == "action_space":
        space = GRID.parse(move.get("space"))
        kind = next(a for s, a in state.scoring[0]["actions"] if s == space)
        return _(TAKE_WORDS[kind]).format(space=move.get("space"))
    if k == "make_room":
        drop = move.get("drop")
        assert state.pending is not None
        new = _(THE_GOOD[state.pending["good"]])
        if drop == "none":
            return _("Forgo {good}").format(good=new)
        return _("Put back one {drop} to load {good}").format(drop=_(NAMES[drop]), good=new)
    if k == "rumour":
        return _("Put the rumour on the {slot}").format(slot=slot_words(move.get("slot")))
    if k == "peek":
        if move.get("slot") == "none":
            return _("Look at no rumour token")
        return _("Look at the rumour on the {slot}").format(slot=slot_words(move.get("slot")))
    if k == "peeked":
        if move.get("choice") == "leave":
            return _("Leave the token where it lies")
        return _("Take the token off the board (the next rumour places it again)")
    if k == "discard":
        return _("Discard {tile} from your display").format(tile=tile_words(move.get("tile")))
    return _(FIXED_LABELS[k])  # a kind with one text; a kind with none is a bug, never its key shown to players


PROMPTS = {
    "discard": N_("no tile of your display fits anywhere: discard one"),
    "move": N_("move your caravan (or stay), then discover"),
    "discover": N_("draw a tile, attach one from your display, or scout one from another display"),
    "place": N_("choose where the tile goes (numbers as on the board)"),
    "explorer": N_("place an explorer on the new tile, take one back, or neither"),
    "goods": N_("your camels are full: put back a good to load the new one, or forgo it"),
    "rumour": N_("put the rumour token you drew on a free space of the rumour board"),
    "peek": N_("the rumour tokens are all out: you may look at one on the board"),
    "peeked": N_("leave the token you looked at, or take it off the board"),
    "bonus": N_("buy a bonus turn for a water stone, or end your turn"),
}

OTHERWISE = N_("make a move")  # a phase without words of its own


def prompt(state: State) -> str:
    """What the seat to act does now, addressed to them (the bot names them once, in its mention)."""
    if state.game_over:
        return ""
    seat = to_act(state)[0]
    phase = state.phase
    if phase == "action":
        spaces = ", ".join(state.scoring[0]["spaces"])
        return _("choose an action space of the oasis {spaces}").format(spaces=spaces)
    if phase == "move" and len(state.displays[seat]) >= DISPLAY_LIMIT:
        return _("your display is full: move to a space where one of its tiles fits (or one to scout), if any")
    if phase == "explorer" and state.attached is None:
        return _("you placed no explorer this turn: take one back, or not")
    return _(PROMPTS.get(phase, OTHERWISE))


QUIET_MOVES = {  # moves whose events may tell nothing (the turn passes on): their own line in the log
    "no_explorer": N_("{who} places no explorer."),
    "stop": N_("{who} ends the turn."),
}


def move_words(move: Mapping[str, Any], names: Sequence[str]) -> str | None:
    text = QUIET_MOVES.get(str(move.get("kind")))
    seat = move.get("player")
    return _(text).format(who=names[seat]) if text is not None and isinstance(seat, int) else None


def _move(e: Told) -> str:
    if not e["moved"]:
        return _("{who}'s caravan stays on {to}.").format(who=e["who"], to=e["to"])
    if e["driver"]:
        return _("{who}'s caravan moves to {to}, paying the camel driver a water stone.").format(
            who=e["who"], to=e["to"]
        )
    return _("{who}'s caravan moves to {to}.").format(who=e["who"], to=e["to"])


def _oasis(e: Told) -> str:
    names = e.names
    size = ngettext("{n} tile", "{n} tiles", e["size"]).format(n=e["size"])
    if e["actions"]:
        actions = ", ".join(_(NAMES.get(a, a)) for a in e["actions"])
        head = _("Oasis complete ({size}; {actions}).").format(size=size, actions=actions)
    else:
        head = _("Oasis complete ({size}; no action spaces).").format(size=size)
    if not e["line"]:
        return _("{head} No explorer stands in it.").format(head=head)
    line = ", ".join(_("{who}'s explorer of height {height}").format(who=names[s], height=h) for s, h in e["line"])
    if e["paid"] is not None:
        paid = _("{who} has the tallest explorer and pays a water stone.").format(who=names[e["paid"]])
        return _("{head} The explorers line up, tallest first: {line}. {paid}").format(head=head, line=line, paid=paid)
    if e["withdrawn"] is not None:
        s, h = e["withdrawn"]
        paid = _("{who} has the tallest explorer but no water: the explorer of height {height} goes back.").format(
            who=names[s], height=h
        )
        return _("{head} The explorers line up, tallest first: {line}. {paid}").format(head=head, line=line, paid=paid)
    return _("{head} The explorers line up, tallest first: {line}.").format(head=head, line=line)


def _action(e: Told) -> str:
    action, result = e["action"], e.get("result")
    fields = {"who": e["who"], "space": e["space"], "what": _(ACTION_WORDS[action])}
    if result == "none_left":
        return _("{who} takes the action space {space} ({what}), but the supply is empty.").format(**fields)
    if action == "rumour":
        return _("{who} takes the action space {space}: a rumour.").format(**fields)
    if result is None:
        return _("{who} takes the action space {space} ({what}); the camels are full.").format(**fields)
    return _(GETS_WORDS[action]).format(**fields)


ENDS = {
    "last_tile": N_("Everyone has had their last turn: the game ends."),
    "no_open_lines": N_("No open line is left on the board: the game ends."),
    "stalled": N_("Nobody could discover for eight rounds: the game ends."),
}


def _end(e: Told) -> str:
    values = ", ".join(
        _("{good} {worth}").format(good=_(NAMES[g]), worth=gold_words(v)) for g, v in e["values"].items()
    )
    ends = _(ENDS[e["reason"]])
    if not e["revealed"]:
        return _("{ends} Rumours revealed: none. Goods are worth: {values}.").format(ends=ends, values=values)
    revealed = ", ".join(f"{slot_words(s)}: {v:+d}" for s, v in e["revealed"].items())
    return _("{ends} Rumours revealed: {revealed}. Goods are worth: {values}.").format(
        ends=ends, revealed=revealed, values=values
    )


def _game_over(e: Told) -> str:
    carried = e.get("goods")  # absent from games that ended before issue 24

    def score(i: int, s: int) -> str:
        if carried is None:
            return _("{who} {score}").format(who=e.names[i], score=gold_words(s))
        goods = ", ".join(good_count(g, n) for g, n in carried[i].items()) or _("no goods")
        return _("{who} {score} ({goods})").format(who=e.names[i], score=gold_words(s), goods=goods)

    scores = ", ".join(score(i, s) for i, s in enumerate(e["scores"]))
    best = max(e["scores"])
    tied = [i for i, s in enumerate(e["scores"]) if s == best]
    water = e.get("water")
    winners = winners_win(e.names, e["winners"])
    if len(tied) > 1 and water is not None and len(e["winners"]) < len(tied):
        return _("Game over: {scores}. The tie goes to the most water stones ({water}). {winners}!").format(
            scores=scores, water=water[e["winners"][0]], winners=winners
        )
    return _("Game over: {scores}. {winners}!").format(scores=scores, winners=winners)


def _make_room(e: Told) -> str:
    good = _(THE_GOOD[e["good"]])
    if e["drop"] == "none":
        return _("{who} forgoes {good}.").format(who=e["who"], good=good)
    return _("{who} puts back a {drop} and loads {good}.").format(who=e["who"], drop=_(NAMES[e["drop"]]), good=good)


def _peek(e: Told) -> str:
    if e["slot"] is None:
        return _("{who} looks at none of the rumours.").format(who=e["who"])
    return _("{who} secretly looks at the rumour on the {slot}.").format(who=e["who"], slot=slot_words(e["slot"]))


LINES: dict[str, Line] = {
    "turn": lambda e: _("{who}'s last turn.").format(who=e["who"]) if e.get("final") else None,
    "discard": lambda e: _("No tile of {who}'s display fits anywhere: {who} discards {tile}.").format(
        who=e["who"], tile=tile_words(e["tile"])
    ),
    "move": _move,
    "no_discovery": by(
        "reason",
        {
            "no_open_line": N_("{who} cannot discover here: no open line."),
            "*": N_("{who} cannot discover here: nothing can be discovered."),
        },
    ),
    "draw": lambda e: _("{who} draws {tile} from pile {pile}.").format(
        who=e["who"], tile=a_tile(e["tile"]), pile=e["pile"]
    ),
    "last_tile": N_("That was the last tile: everyone, the drawer included, gets one more turn."),
    "to_display": N_("It fits nowhere here: {who} puts it in their display."),
    "from_display": lambda e: _("{who} attaches {tile} from their display.").format(
        who=e["who"], tile=tile_words(e["tile"])
    ),
    "scout": lambda e: _("{who} pays the scout a water stone and takes {tile} from {owner}'s display.").format(
        who=e["who"], tile=tile_words(e["tile"]), owner=e["who_owner"]
    ),
    "replacement": lambda e: _("{who} draws {tile} into their display as compensation.").format(
        who=e["who"], tile=a_tile(e["tile"])
    ),
    "choose_position": N_("It fits in {options} ways; {who} chooses."),
    "attach": N_("The tile goes on {space} and {who}'s caravan moves onto it."),
    "desert": N_("All desert: {who} may move and discover again."),
    "explorer": N_("{who} places the explorer of height {height} on {space}."),
    "withdraw": by(
        "action_space",
        {
            True: N_("{who} takes the explorer of height {height} back from the action space of {space}."),
            "*": N_("{who} takes the explorer of height {height} back from {space}."),
        },
    ),
    "oasis": _oasis,
    "action": _action,
    "no_space_left": lambda e: _("No action spaces left for: {names}; their explorers go back to the supply.").format(
        names=", ".join(e.names[s] for s in e["seats"])
    ),
    "make_room": _make_room,
    "rumour": lambda e: _("{who} puts a secret rumour on the {slot}.").format(who=e["who"], slot=slot_words(e["slot"])),
    "peek": _peek,
    "peeked": by(
        "choice",
        {
            "leave": N_("{who} leaves it where it lies."),
            "remove": N_("{who} takes it off the board; the next rumour places it again."),
        },
    ),
    "turban": N_("The turban passes to {who} (on the explorer of height {height})."),
    "bonus": N_("{who} pays the caravan leader a water stone for a bonus turn."),
    "end": _end,
    "game_over": _game_over,
}


def describe(event: dict[str, Any], names: Sequence[str]) -> str | None:
    """One line for an event in the reader's language; None for bookkeeping events that need no words."""
    return tell(LINES, event, names, _)
