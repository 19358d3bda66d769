"""Golden playthroughs (OpenSpiel style): the same seeds and moves must give the same game, line for line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import engine
from tests.engine import golden
from tests.engine.entdecker.golden_games import CASES, GAME, GOLDEN_DIR


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_playthrough_matches_golden_file(case: dict) -> None:
    golden.check_playthrough(GAME, case, GOLDEN_DIR)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_save_replays_to_the_same_state(case: dict) -> None:
    golden.check_replay(case, GOLDEN_DIR)


def test_cli_replay_prints_scores(tmp_path) -> None:
    golden = json.loads((GOLDEN_DIR / "two-heuristic.json").read_text(encoding="utf-8"))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(golden["saved"]))
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["scores"] == golden["result"]["scores"]


def test_cli_replay_rejects_an_illegal_log(tmp_path) -> None:
    golden = json.loads((GOLDEN_DIR / "two-heuristic.json").read_text(encoding="utf-8"))
    saved = golden["saved"]
    saved["moves"][3] = {"kind": "draw", "player": 0, "pile": 9}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(saved))
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True)
    assert out.returncode != 0
    assert "move 4" in out.stderr


def test_cli_replay_rejects_corrupt_json(tmp_path) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text("{not json")
    out = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True, text=True)
    assert out.returncode != 0
    assert "cannot read" in out.stderr


def test_cli_selfplay_prints_a_line_per_game_and_saves(tmp_path) -> None:
    cmd = [sys.executable, "-m", "engine", "selfplay", "--game", "entdecker", "--players", "2", "--games", "2"]
    cmd += ["--seed", "5", "--ai", "heuristic,random", "--save", str(tmp_path)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["seed"] for line in lines[:2]] == [5, 6]
    assert lines[-1]["summary"] is True and lines[-1]["games"] == 2
    saved = sorted(tmp_path.glob("*.json"))
    assert len(saved) == 2
    replayed = engine.replay(json.loads(saved[0].read_text()))
    assert replayed.result["scores"] == lines[0]["scores"]
