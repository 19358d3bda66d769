"""A placement's label says what it does (the territories it completes) and how the tile lies region by region;
checked against what the placement then does, over seeded games."""

from __future__ import annotations

import re

import engine
from engine.core.reducer import play
from engine.discovery import GAME as DISCOVERY
from engine.discovery import board as B
from engine.discovery.placing import completed, look_words
from engine.discovery.state import Cell
from engine.discovery.tiles import rotations
from tests.engine.discovery.helpers import T, blank


def test_every_placement_label_names_what_the_placement_completes() -> None:
    checked = with_completion = 0
    for seed in (1, 2):
        state = engine.new_game("discovery", ["a", "b", "c"], {}, seed)
        while not state.game_over and checked < 2500:
            view = engine.view(state, state.current)
            analysed = B.analyse(state.board)
            # The moves looked up and played once a state, without a legality match per placement (each would list
            # every legal move again): they are the legal moves themselves.
            by_key = {m.key: m for m in engine.legal_moves(state)}
            for entry in view["legal"]:
                if entry["kind"] != "place":
                    continue
                _, events = play(DISCOVERY.apply, state, by_key[entry["key"]])
                done = sorted((e["terrain"], e["tiles"]) for e in events if e["type"] == "complete")
                pos = tuple(int(v) for v in entry["at"].split(","))
                g = rotations(state.drawn)[entry["turn"] // 90]
                found = completed(state.board, analysed, pos, g)  # type: ignore[arg-type]
                assert sorted(found) == done, entry["label"]
                assert ("completes" in entry["label"]) == bool(done), entry["label"]
                assert len(entry["label"]) <= 100
                checked += 1
                with_completion += bool(done)
            state = engine.apply(state, engine.ai_move(state, "random"))  # which placement is made is not the point
    assert checked > 1000 and with_completion > 100, (checked, with_completion)


def test_an_all_sea_tile_completes_no_mountain() -> None:
    """Tile 05 is sea on every side: north of the start tile (sea to the north, a mountain band) it completes
    nothing, and its words are one sea all round."""
    state = blank()
    state.board[(0, 0)] = Cell("start", 0, 0, None)
    sea = rotations(T("05"))[0]
    assert sea.edges == "SSSS"
    assert completed(state.board, B.analyse(state.board), (0, 1), sea) == []
    assert look_words(sea) == "sea all round"


def test_look_words_tell_one_sea_from_separate_bays() -> None:
    looks = {look_words(rotations(T(t))[0]) for t in ("01", "02", "03", "04", "05")}
    assert all(not re.search(r"\b[NESW]{1,4}\b", w) for w in looks)
    bays = [look_words(g) for g in (rotations(T(str(n).zfill(2)))[0] for n in range(40, 67) if n != 24)]
    assert any(w.count("sea ") >= 2 for w in bays), "two separate seas are named apart"
