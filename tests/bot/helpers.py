"""Shared set-ups of the service tests."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import engine
from bot.service import Services

CH = 1001
ALICE, BOB, CAROL = 11, 22, 13
ANN, CY = 21, 23


async def started(svc: Services, seed: int = 1, channel: int = CH) -> None:
    await svc.lobby.new_game(channel, 1, ALICE, "Ann", "entdecker", {}, seed)
    await svc.lobby.join(channel, BOB, "Bob")
    await svc.lobby.start(channel, ALICE)


async def three_players(svc: Services, seed: int = 0) -> None:
    await svc.lobby.new_game(CH, 1, ANN, "Ann", "entdecker", {}, seed)
    await svc.lobby.join(CH, BOB, "Bob")
    await svc.lobby.join(CH, CY, "Cy")
    await svc.lobby.start(CH, ANN)


def engine_pick(table: Any) -> str:

    return engine.ai_move(table.state, "heuristic").key


ROOT = Path(__file__).resolve().parents[2]


def python_process(code: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is gone for our purpose (its parent has not reaped it yet).
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False
