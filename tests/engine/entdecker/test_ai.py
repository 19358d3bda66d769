"""The computer players: legal moves only, public information only, and the fit counts they rely on."""

from __future__ import annotations

from collections import Counter

import pytest

import engine
from engine import ai_move
from engine.core.moves import Move
from engine.core.rng import shuffled
from engine.entdecker import fit as F
from engine.entdecker.ai import AIS
from engine.entdecker.heuristic import heuristic_move
from engine.entdecker.info import INFO
from engine.entdecker.search import imagined_world
from engine.entdecker.state import State
from engine.entdecker.tiles import tileset
from tests.engine.entdecker.helpers import BAY, CAPE, CORNER, SEA, STRAIT, close_in, game, put, set_piles, sp, voyage

VARIANTS = {"personal_tiles": True, "keep_unplayable": True, "plant_draw": "bag"}


def positions(players: int, seed: int, options: dict | None = None, every: int = 1) -> list[State]:
    """Positions of a heuristic game, every `every`-th one."""
    state = engine.new_game("entdecker", [f"p{i}" for i in range(players)], options or {}, seed)
    out = []
    while not state.game_over:
        if state.version % every == 0:
            out.append(state)
        state = engine.apply(state, heuristic_move(state))
    return out


def redealt(state: State, salt: int) -> State:
    """The same position as any player sees it, with the hidden parts changed: the unseen tiles dealt differently
    into piles of the same sizes, and other values on the face-down plant tokens."""
    out = state.copy()
    pool = shuffled([t for pile in state.piles for t in pile], salt, "test-redeal")
    at = 0
    for pile in out.piles:
        n = len(pile)
        pile[:] = pool[at : at + n]
        at += n
    out.plant_piles = [[1 + (v + salt) % 4 for v in pile] for pile in state.plant_piles]
    return out


def seen_all_but_the_piles(state: State) -> None:
    """Make a hand-made position consistent: every discovery tile not on the board or in a pile went to the box."""
    left = Counter(F.shape_of(t) for t in tileset().discovery)
    left -= Counter(F.shape_of(c.tile) for c in state.board if c is not None and not c.fill)
    left -= Counter(F.shape_of(t) for pile in state.piles for t in pile)
    state.box = []
    for t in tileset().discovery:
        if left[F.shape_of(t)] > 0:
            left[F.shape_of(t)] -= 1
            state.box.append(t)


def test_every_ai_kind_in_the_lobby_is_playable_and_vice_versa() -> None:
    assert {k.name for k in INFO.ai_kinds} == set(AIS)
    assert INFO.default_ai == "heuristic"
    with pytest.raises(ValueError):
        ai_move(game(), "grandmaster")


@pytest.mark.parametrize("options", [{}, VARIANTS])
def test_unseen_counts_are_exactly_the_tiles_left_in_the_piles(options: dict) -> None:
    # Counted from what is public, they must equal the piles' contents (which the AI never looks at).
    checked = 0
    for state in positions(3, 7, options, every=5):
        in_piles = Counter(F.shape_of(t) for pile in state.piles for t in pile)
        assert F.unseen(state) == [in_piles[s] for s in range(len(F.shapes()))]
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("kind", ["heuristic", "expert"])
def test_ai_choices_do_not_depend_on_hidden_order_or_face_down_tokens(kind: str) -> None:
    changed_piles = 0
    for state in positions(2, 11, {"plant_draw": "bag"}, every=9 if kind == "heuristic" else 25):
        other = redealt(state, state.version)
        changed_piles += other.piles != state.piles
        assert ai_move(other, kind) == ai_move(state, kind), f"version {state.version}"
    assert changed_piles > 5


def test_imagined_worlds_keep_the_pile_sizes_and_the_unseen_tiles() -> None:
    state = positions(2, 3, every=40)[2]
    world = imagined_world(state, 0)
    assert [len(p) for p in world.piles] == [len(p) for p in state.piles]
    assert sorted(t for p in world.piles for t in p) == sorted(t for p in state.piles for t in p)
    assert world.piles != state.piles
    assert world.seed != state.seed
    assert len({v for p in world.plant_piles for v in p}) <= 1


def test_fit_share_counts_only_the_tiles_that_match_the_known_sides() -> None:
    state = game()
    # H4 is open; land to its north and south (capes pointing at it), sea to its east; the ship comes from the west.
    close_in(state, "H4", "LSLS")
    set_piles(state, [STRAIT, STRAIT, CAPE, SEA], [BAY, CORNER])
    counts = [0] * len(F.shapes())
    for t in (STRAIT, STRAIT, CAPE, SEA, BAY, CORNER):
        counts[F.shape_of(t)] += 1
    need = F.sides(state.board, sp("H4"))
    assert need == (F.LAND, F.SEA, F.LAND, F.SEA)
    # Only the straits (land N and S, lines E and W) fit: 2 of 6.
    assert F.fit_share(counts, state.board, [(sp("H4"), 3)]) == pytest.approx(2 / 6)
    assert F.hole_share(counts, need) == pytest.approx(2 / 6)
    # An open space in the middle of the sea takes anything with a line towards the ship.
    assert F.fit_share(counts, state.board, [(sp("C3"), 3)]) == pytest.approx(1.0)
    assert F.fit_share([0] * len(counts), state.board, [(sp("C3"), 3)]) == 0.0


def test_heuristic_stops_rather_than_drawing_into_a_space_that_is_unlikely_to_fit() -> None:
    state = game()
    close_in(state, "H4", "LSLS")
    # Ship on G4 (its only free line leads to H4 once the rest is sea), tiles left: one strait among many capes.
    for name in ("F4", "G3", "G5"):
        put(state, name, SEA)
    voyage(state, "G4", budget=3, placed=("G4",))
    set_piles(state, [CAPE] * 10 + [STRAIT])
    seen_all_but_the_piles(state)
    assert F.unseen(state)[F.shape_of(STRAIT)] == 1
    move = heuristic_move(state)
    assert move.kind in ("stop", "build")
    # With straits likely, the same position is worth a draw.
    set_piles(state, [STRAIT] * 4 + [CAPE])
    seen_all_but_the_piles(state)
    assert heuristic_move(state).kind == "draw"


@pytest.mark.parametrize("kind", ["heuristic", "expert"])
def test_ai_moves_are_legal_in_a_variant_game(kind: str) -> None:
    state = engine.new_game("entdecker", ["a", "b", "c"], VARIANTS, 5)
    for _ in range(60 if kind == "expert" else 400):
        if state.game_over:
            break
        move = ai_move(state, kind)
        assert move in engine.legal_moves(state)
        state = engine.apply(state, move)


def _natives_offer(options: dict, plants: list[list[int]], vp: tuple[int, int]) -> State:
    welcoming = next(t for t in tileset().discovery if tileset().tiles[t].event == "welcoming_natives")
    state = game(options=options)
    state.plant_piles = plants
    state.players[0].vp, state.players[1].vp = vp
    set_piles(state, [SEA, SEA, SEA, welcoming])
    state = engine.apply(state, Move.make("ship", 0, position="C1N"))
    state = engine.apply(state, next(m for m in engine.legal_moves(state) if m.get("count") == 1))
    state = engine.apply(state, next(m for m in engine.legal_moves(state) if m.kind == "draw"))
    if state.phase == "place":
        state = engine.apply(state, heuristic_move(state))
    assert state.phase == "natives"
    return state


@pytest.mark.parametrize("kind", ["heuristic", "expert"])
@pytest.mark.parametrize(
    ("options", "plants", "vp", "choice"),
    [
        ({}, [[1], []], (0, 20), "take"),  # a token never hurts when it cannot end the game
        ({"end_when_plants_run_out": True}, [[3, 1], [2]], (0, 20), "take"),  # not the last one
        ({"end_when_plants_run_out": True}, [[1], []], (0, 20), "leave"),  # the last one would end it, behind
        ({"end_when_plants_run_out": True}, [[1], []], (20, 0), "take"),  # ...and ahead, ending it wins
    ],
)
def test_ais_take_the_natives_token_unless_it_ends_a_game_they_lose(kind, options, plants, vp, choice) -> None:
    state = _natives_offer(options, plants, vp)
    assert ai_move(state, kind).get("choice") == choice
