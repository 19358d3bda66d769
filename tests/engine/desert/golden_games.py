"""Golden playthroughs: fixed seeds played by the AIs, written out as a readable transcript.

Regenerate after an intended rules or tile-data change with `python -m tests.engine.desert.golden_games`,
and read the diff: every changed line is a changed game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import engine

GOLDEN_DIR = Path(__file__).parent / "golden"
CASES: list[dict[str, Any]] = [
    {"name": "three-mixed", "seed": 404, "ais": ["heuristic", "random", "heuristic"], "options": {}},
    {"name": "two-heuristic", "seed": 505, "ais": ["heuristic", "heuristic"], "options": {}},
]


def playthrough(case: dict[str, Any]) -> dict[str, Any]:
    names = [f"{kind}-{i + 1}" for i, kind in enumerate(case["ais"])]
    state = engine.new_game("desert", names, case["options"], case["seed"])
    transcript = []
    while not state.game_over:
        seat = engine.to_act(state)[0]
        move = engine.ai_move(state, case["ais"][seat])
        label = engine.move_label(state, move)
        state, events = engine.step(state, move)
        lines = [t for t in (engine.describe("desert", e, names) for e in events) if t]
        transcript.append({"move": move.key, "label": label, "events": lines})
    return {
        "case": case,
        "saved": engine.saved_game(state),
        "transcript": transcript,
        "result": state.result,
        "final_state": json.loads(engine.state_to_json(state)),
    }


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for case in CASES:
        data = playthrough(case)
        (GOLDEN_DIR / f"{case['name']}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"{case['name']}: {len(data['transcript'])} moves, scores {data['result']['scores']}")


if __name__ == "__main__":
    main()
