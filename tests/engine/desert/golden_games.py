"""Golden playthroughs of this game (see tests/engine/golden.py): fixed seeds played by the AIs.

Regenerate after an intended rules or tile-data change with `python -m tests.engine.desert.golden_games`,
and read the diff: every changed line is a changed game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.engine import golden

GAME = "desert"
GOLDEN_DIR = Path(__file__).parent / "golden"
CASES: list[dict[str, Any]] = [
    {"name": "three-mixed", "seed": 404, "ais": ["heuristic", "random", "heuristic"], "options": {}},
    {"name": "two-heuristic", "seed": 505, "ais": ["heuristic", "heuristic"], "options": {}},
]


def playthrough(case: dict[str, Any]) -> dict[str, Any]:
    return golden.playthrough(GAME, case)


def main() -> None:
    golden.write(GAME, CASES, GOLDEN_DIR)


if __name__ == "__main__":
    main()
