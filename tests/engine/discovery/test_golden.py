"""Golden playthroughs (OpenSpiel style): the same seeds and moves must give the same game, line for line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.engine import golden
from tests.engine.discovery.golden_games import CASES, GAME, GOLDEN_DIR


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_playthrough_matches_golden_file(case: dict) -> None:
    golden.check_playthrough(GAME, case, GOLDEN_DIR)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_save_replays_to_the_same_state(case: dict) -> None:
    golden.check_replay(case, GOLDEN_DIR)


def test_cli_selfplay_and_replay(tmp_path) -> None:
    cmd = [sys.executable, "-m", "engine", "selfplay", "--game", "discovery", "--players", "3", "--games", "2"]
    cmd += ["--seed", "3", "--ai", "random", "--save", str(tmp_path)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["seed"] for line in lines[:2]] == [3, 4]
    assert lines[0]["end"] == "last_tile" and set(lines[0]["open_at_end"]) == {"grassland", "mountain", "sea"}
    assert sum(lines[0]["scored"].values()) > 0
    assert lines[-1]["summary"] is True and "total_completed" in lines[-1] and "total_open_at_end" in lines[-1]
    saved = sorted(tmp_path.glob("discovery-*.json"))
    assert len(saved) == 2
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(saved[0])], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["scores"] == lines[0]["scores"]


def test_cli_replay_rejects_an_illegal_log(tmp_path) -> None:
    golden = json.loads((GOLDEN_DIR / "two-heuristic.json").read_text(encoding="utf-8"))
    saved = golden["saved"]
    saved["moves"][3] = {"kind": "place", "player": 1, "at": "40,40", "turn": 0}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(saved))
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True)
    assert out.returncode != 0
    assert "move 4" in out.stderr
