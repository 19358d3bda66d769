"""Golden playthroughs of this game (see tests/engine/golden.py): fixed seeds played by the AIs.

Regenerate after an intended rules or tile-data change with `python -m tests.engine.discovery.golden_games`,
and read the diff: every changed line is a changed game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.engine import golden

GAME = "discovery"
GOLDEN_DIR = Path(__file__).parent / "golden"
CASES: list[dict[str, Any]] = [
    {"name": "two-heuristic", "seed": 101, "ais": ["heuristic", "heuristic"], "options": {}},
    {
        "name": "three-double-equal",
        "seed": 202,
        "ais": ["heuristic", "random", "heuristic"],
        "options": {"double_tile": True, "equal_turns": True},
    },
]


def playthrough(case: dict[str, Any]) -> dict[str, Any]:
    return golden.playthrough(GAME, case)


def main() -> None:
    golden.write(GAME, CASES, GOLDEN_DIR)


if __name__ == "__main__":
    main()
