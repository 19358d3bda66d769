"""The Discovery's rules: setup, legal moves and the reducer (docs/discovery.md has every reading)."""

from __future__ import annotations

from typing import Any

from engine.core.moves import Move
from engine.core.rng import shuffled
from engine.discovery import board as B
from engine.discovery.lang import N_, _
from engine.discovery.state import GAME, RULES_VERSION, Cell, Follower, Player, State, parse_pos, pos_name
from engine.discovery.tiles import (
    ROLE_OF,
    TERRAIN_OF_ROLE,
    TERRAIN_WORDS,
    distinct_rotations,
    parse_sides,
    rotations,
    sides_code,
    tileset,
)
from engine.errors import IllegalMove

MIN_PLAYERS, MAX_PLAYERS = 2, 5
ROLE_REFUSALS = {
    "G": N_("On that land a follower is an explorer."),
    "M": N_("On that land a follower is a brigand."),
    "S": N_("On that sea a follower is a navigator."),
}
EQUAL_TURNS_REMOVED = {2: 1, 3: 2, 4: 3, 5: 1}  # the rulebook's "Equal number of turns" list
OPTIONS: dict[str, tuple[bool, tuple[bool, bool], str]] = {
    "double_tile": (False, (False, True), "Each player holds two face-down tiles and places one of them each turn."),
    "equal_turns": (
        False,
        (False, True),
        "Set tiles aside face up (2/3/4/5 players: 1/2/3/1) so everyone gets as many turns.",
    ),
}
TURN_DEGREES = (0, 90, 180, 270)


def new_game(players: list[str], opts: dict[str, Any], seed: int) -> State:
    """The starting position; the core has checked the seats, the options and the seed."""
    ts = tileset()
    pile = shuffled(ts.deck, seed, "tiles")
    state = State(
        game=GAME,
        rules_version=RULES_VERSION,
        seed=seed,
        options=opts,
        players=[Player(name) for name in players],
        board={(0, 0): Cell(ts.start, 0, 0, None)},
        pile=pile,
    )
    if opts["equal_turns"]:
        for _removed in range(EQUAL_TURNS_REMOVED[len(players)]):
            state.removed.append(state.pile.pop())
    if opts["double_tile"]:
        for p in state.players:
            p.hand = [state.pile.pop(), state.pile.pop()]
    _begin_turn(state, [])
    return state


# ---------------------------------------------------------------------------------------------- legal moves


def legal_moves(state: State) -> list[Move]:
    if state.game_over:
        return []
    p = state.current
    if state.phase == "place":
        out = []
        if state.double:
            for slot, tid in enumerate(state.players[p].hand, 1):
                for pos, r in B.placements(state.board, tid):
                    out.append(Move.make("place", p, tile=slot, at=pos_name(pos), turn=TURN_DEGREES[r]))
        else:
            assert state.drawn is not None
            for pos, r in B.placements(state.board, state.drawn):
                out.append(Move.make("place", p, at=pos_name(pos), turn=TURN_DEGREES[r]))
        return out
    return follower_moves(state)


def follower_moves(state: State, m: B.Map | None = None) -> list[Move]:
    """After the placement: deploy on the new tile, or remove (and score) one follower, or pass."""
    p = state.current
    assert state.placed is not None
    m = m or B.analyse(state.board)
    taken = B.occupied(m, state.followers)
    out = []
    if state.players[p].supply > 0:
        x, y = state.placed
        g = B.geometry(state.board[state.placed])
        for i, region in enumerate(g.regions):
            if m.of_node[(x, y, i)] not in taken:
                out.append(Move.make("deploy", p, role=ROLE_OF[region.terrain], region=sides_code(region.sides)))
    for f in sorted(state.followers, key=lambda f: (-f.y, f.x, f.region)):
        if f.player == p:
            g = B.geometry(state.board[(f.x, f.y)])
            out.append(Move.make("score", p, at=pos_name((f.x, f.y)), region=sides_code(g.regions[f.region].sides)))
    out.append(Move.make("pass", p))
    return out


# ---------------------------------------------------------------------------------------------- the reducer


def apply(s: State, move: Move, events: list[dict[str, Any]]) -> None:
    """What a move does (engine/core/reducer.py has checked that it is legal and copied the state); the handlers'
    own checks give why_illegal its words."""
    if s.phase == "place":
        if move.kind != "place":
            raise IllegalMove(_("First place the tile (`/discovery place`)."))
        _place(s, move, events)
        return
    if move.kind == "deploy":
        _deploy(s, move, events)
    elif move.kind == "score":
        _score(s, move, events)
    elif move.kind == "pass":
        events.append({"type": "pass", "player": s.current})
    else:
        raise IllegalMove(_("The tile is placed: deploy a follower, score one, or pass."))
    _end_turn(s, events)


def why_illegal(state: State, move: Move) -> str | None:
    """The reason the handlers give for a move the core found illegal (None: the core's general words)."""
    try:
        apply(state.copy(), move, [])
    except IllegalMove as exc:
        return exc.reason
    except (AssertionError, AttributeError, IndexError, KeyError, TypeError, ValueError):
        return None  # arguments of the wrong kind: the handlers were never meant to see them
    return None


def _place(s: State, move: Move, events: list[dict[str, Any]]) -> None:
    p = s.current
    pos = parse_pos(move.get("at", ""))
    degrees = move.get("turn")
    if pos is None or degrees not in TURN_DEGREES:
        raise IllegalMove(_("A placement needs a space (x,y) and a turn of 0, 90, 180 or 270 degrees."))
    r = TURN_DEGREES.index(degrees)
    hand = s.players[p].hand
    if s.double:
        slot = move.get("tile")
        if not isinstance(slot, int) or not 1 <= slot <= len(hand):
            which = _("Choose tile 1 or 2 of your hand.") if len(hand) > 1 else _("Choose tile 1 of your hand.")
            raise IllegalMove(which)
        tid = hand[slot - 1]
    else:
        if move.get("tile") is not None:
            raise IllegalMove(_("Only the double-tile variant chooses between tiles."))
        assert s.drawn is not None
        tid = s.drawn
    g = rotations(tid)[r]
    if r not in distinct_rotations(tid) or not B.fits(s.board, pos, g):
        refusal = _("The tile does not fit at {at} turned {degrees}°.")
        raise IllegalMove(refusal.format(at=pos_name(pos), degrees=degrees))
    s.board[pos] = Cell(tid, r, s.turn, p)
    s.placed = pos
    if s.double:
        hand.remove(tid)
    else:
        s.drawn = None
    events.append({"type": "place", "player": p, "tile": tid, "at": pos_name(pos), "turn": degrees})
    m = B.analyse(s.board)
    # Every territory through the new tile was open before it (it faced this empty space), or is an inner
    # region of the new tile: so each complete one here was completed by this placement.
    for index in sorted({m.of_node[(pos[0], pos[1], i)] for i in range(len(g.regions))}):
        t = m.territories[index]
        if t.complete:
            events.append(
                {"type": "complete", "terrain": t.terrain, "tiles": t.size, "value": m.value(t), "at": pos_name(pos)}
            )
    if s.double and s.pile:
        hand.append(s.pile.pop())  # "places it, then draws another tile"
        events.append({"type": "refill", "player": p})
    s.phase = "follower"
    moves = follower_moves(s, m)
    if len(moves) == 1:  # only "pass": nothing to decide
        events.append({"type": "no_choice", "player": p})
        _end_turn(s, events)


def _region_on_placed(s: State, code: str) -> int:
    assert s.placed is not None
    sides = parse_sides(code)
    g = B.geometry(s.board[s.placed])
    for i, region in enumerate(g.regions):
        if region.sides == sides:
            return i
    raise IllegalMove(_("The new tile has no region {code}.").format(code=repr(code)))


def _deploy(s: State, move: Move, events: list[dict[str, Any]]) -> None:
    p = s.current
    assert s.placed is not None
    if s.players[p].supply <= 0:
        raise IllegalMove(_("All your followers are on the map: score one to get it back."))
    i = _region_on_placed(s, str(move.get("region", "")))
    g = B.geometry(s.board[s.placed])
    terrain = g.regions[i].terrain
    role = move.get("role")
    if TERRAIN_OF_ROLE.get(role) != terrain:
        raise IllegalMove(_(ROLE_REFUSALS[terrain]))
    m = B.analyse(s.board)
    tid = m.of_node[(s.placed[0], s.placed[1], i)]
    if tid in B.occupied(m, s.followers):
        raise IllegalMove(_("That territory already has a follower."))
    s.followers.append(Follower(p, s.placed[0], s.placed[1], i))
    s.players[p].supply -= 1
    events.append(
        {
            "type": "deploy",
            "player": p,
            "role": role,
            "at": pos_name(s.placed),
            "region": sides_code(g.regions[i].sides),
        }
    )


def _score(s: State, move: Move, events: list[dict[str, Any]]) -> None:
    p = s.current
    pos = parse_pos(move.get("at", ""))
    sides = parse_sides(str(move.get("region", "")))
    target = None
    for f in s.followers:
        if f.player == p and (f.x, f.y) == pos:
            g = B.geometry(s.board[(f.x, f.y)])
            if g.regions[f.region].sides == sides:
                target = f
    if target is None:
        raise IllegalMove(_("You have no follower there."))
    m = B.analyse(s.board)
    t = m.at(target.x, target.y, target.region)
    value = m.value(t)
    s.followers.remove(target)
    s.players[p].supply += 1
    s.players[p].score += value
    events.append(
        {
            "type": "score",
            "player": p,
            "role": ROLE_OF[t.terrain],
            "at": pos_name((target.x, target.y)),
            "terrain": t.terrain,
            "complete": t.complete,
            "tiles": t.size,
            "cities": m.city_count(t),
            "points": value,
        }
    )


def _end_turn(s: State, events: list[dict[str, Any]]) -> None:
    s.placed = None
    events.append({"type": "turn", "player": s.current})
    if _tiles_left(s) == 0:
        _final_scoring(s, events)
        return
    s.turn += 1
    s.current = (s.current + 1) % len(s.players)
    _begin_turn(s, events)


def _tiles_left(s: State) -> int:
    return len(s.pile) + sum(len(p.hand) for p in s.players) + (1 if s.drawn else 0)


def _begin_turn(s: State, events: list[dict[str, Any]]) -> None:
    """Draw for the player to act; tiles that fit nowhere go into the box and another is drawn."""
    for _attempt in range(len(s.players) + 1):
        p = s.current
        if s.double:
            hand = s.players[p].hand
            for held in list(hand):
                tid: str | None = held
                while tid is not None and not B.can_place(s.board, tid):
                    hand.remove(tid)
                    s.discarded.append(tid)
                    events.append({"type": "discard", "player": p, "tile": tid})
                    tid = s.pile.pop() if s.pile else None
                    if tid is not None:
                        hand.append(tid)
            if hand:
                s.phase = "place"
                return
            if _tiles_left(s) == 0:
                break
            # Nothing in hand but tiles in other hands: this player's game is over; the next one plays.
            events.append({"type": "skip", "player": p})
            s.current = (p + 1) % len(s.players)
            continue
        while s.pile:
            tid = s.pile.pop()
            if B.can_place(s.board, tid):
                s.drawn = tid
                s.phase = "place"
                events.append({"type": "draw", "player": p, "tile": tid})
                return
            s.discarded.append(tid)
            events.append({"type": "discard", "player": p, "tile": tid})
        break
    _final_scoring(s, events)


def _final_scoring(s: State, events: list[dict[str, Any]]) -> None:
    """Every follower still on the map scores its territory as if it were incomplete."""
    m = B.analyse(s.board)
    still_open = {word: 0 for word in TERRAIN_WORDS.values()}
    for t in m.territories:
        if not t.complete:
            still_open[TERRAIN_WORDS[t.terrain]] += 1
    events.append({"type": "end", "reason": "last_tile", "open": still_open})
    for f in sorted(s.followers, key=lambda f: (f.player, -f.y, f.x, f.region)):
        t = m.at(f.x, f.y, f.region)
        value = m.value(t, final=True)
        s.players[f.player].score += value
        events.append(
            {
                "type": "final",
                "player": f.player,
                "role": ROLE_OF[t.terrain],
                "at": pos_name((f.x, f.y)),
                "terrain": t.terrain,
                "points": value,
                # what the points come from (issue 24): the territory's size and cities, scored as incomplete
                "tiles": t.size,
                "cities": m.city_count(t),
            }
        )
    for f in s.followers:
        s.players[f.player].supply += 1
    s.followers = []
    scores = [p.score for p in s.players]
    ranking = [1 + sum(1 for x in scores if x > mine) for mine in scores]
    winners = [i for i, r in enumerate(ranking) if r == 1]
    s.result = {"scores": scores, "ranking": ranking, "winners": winners}
    s.game_over = True
    s.phase = "over"
    s.drawn = None
    s.placed = None
    events.append({"type": "game_over", "winners": winners, "scores": scores})


__all__ = ["GAME", "apply", "legal_moves", "new_game", "why_illegal"]
