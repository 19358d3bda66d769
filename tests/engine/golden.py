"""Golden playthroughs (OpenSpiel style), the same for every game: fixed seeds played by the AIs, written out as
a readable transcript, and the checks that a fresh playthrough and a replay of the saved log match the file.

A game's cases are its files, `tests/engine/<game>/golden/<name>.json`, each holding the case it was played from
(seed, AI kind per seat, options). Regenerate after an intended rules or data change with
`python -m tests.engine.golden GAME...` (every file of those games, replayed from its own case) and read the diff:
every changed line is a changed game. A new case is a file holding only `{"case": {...}}`, then that command.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import engine

Case = dict[str, Any]
HERE = Path(__file__).parent


def golden_dir(game: str) -> Path:
    return HERE / game / "golden"


def golden_files(game: str) -> list[Path]:
    return sorted(golden_dir(game).glob("*.json"))


def read(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def playthrough(game: str, case: Case) -> dict[str, Any]:
    """The case played to the end by its AIs (one AI kind per seat): moves, labels and events in words."""
    names = [f"{kind}-{i + 1}" for i, kind in enumerate(case["ais"])]
    state = engine.new_game(game, names, case["options"], case["seed"])
    transcript = []
    while not state.game_over:
        move = engine.ai_move(state, case["ais"][engine.to_act(state)[0]])
        label = engine.move_label(state, move)
        state, events = engine.step(state, move)
        lines = [t for t in (engine.describe(game, e, names) for e in events) if t]
        transcript.append({"move": move.key, "label": label, "events": lines})
    return {
        "case": case,
        "saved": engine.saved_game(state),
        "transcript": transcript,
        "result": state.result,
        "final_state": json.loads(engine.state_to_json(state)),
    }


def write(game: str, path: Path) -> None:
    """Play the file's own case again and write the whole file."""
    fresh = playthrough(game, read(path)["case"])
    path.write_text(json.dumps(fresh, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {path}")


def check_playthrough(game: str, path: Path) -> None:
    """A fresh playthrough equals the golden file, move by move (the first differing move is named)."""
    golden = read(path)
    assert golden["case"]["name"] == path.stem, "a file is named after its case"
    fresh = playthrough(game, golden["case"])
    for i, (want, got) in enumerate(zip(golden["transcript"], fresh["transcript"], strict=False)):
        assert got == want, f"move {i + 1} differs"
    assert len(fresh["transcript"]) == len(golden["transcript"])
    assert fresh["result"] == golden["result"]
    assert fresh["final_state"] == golden["final_state"]


def check_replay(path: Path) -> None:
    """The golden file's saved log replays to its final state."""
    golden = read(path)
    state = engine.replay(golden["saved"])
    assert json.loads(engine.state_to_json(state)) == golden["final_state"]


def main() -> None:
    parser = argparse.ArgumentParser(description="Regenerate golden playthroughs from the cases in their files.")
    parser.add_argument("games", nargs="+", choices=list(engine.GAMES))
    for game in parser.parse_args().games:
        for path in golden_files(game):
            write(game, path)


if __name__ == "__main__":
    main()
