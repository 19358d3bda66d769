"""The seat colours stay apart for colour-blind viewers (issue 22): the seats of the largest game, simulated as
seen with protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity 100, through
colorspacious), are at least style.MIN_SEAT_DISTANCE apart in CAM02-UCS (a delta E of ~20 is two colours nobody
confuses; the old order had blue and reddish purple at 14 under protanopia)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert

import engine
from render import style

SEATS = max(g.max_players for g in engine.games())
CVD = ("protanomaly", "deuteranomaly", "tritanomaly")


def _seen(colors: list[style.Color], cvd: str | None) -> np.ndarray:
    rgb = np.array(colors, dtype=float) / 255
    if cvd is not None:
        rgb = np.clip(cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}, "sRGB1"), 0, 1)
    return cspace_convert(rgb, "sRGB1", "CAM02-UCS")


def _closest(colors: list[style.Color], cvd: str | None) -> tuple[float, tuple[int, int]]:
    lab = _seen(colors, cvd)
    return min(
        (float(np.linalg.norm(lab[i] - lab[j])), (i + 1, j + 1))
        for i, j in itertools.combinations(range(len(colors)), 2)
    )


@pytest.mark.parametrize("cvd", [None, *CVD])
def test_seat_colours_stay_apart(cvd: str | None) -> None:
    distance, seats = _closest(list(style.PLAYER_COLORS[:SEATS]), cvd)
    assert distance >= style.MIN_SEAT_DISTANCE, (cvd, seats, distance)


def test_the_simulation_tells_colours_apart_as_expected() -> None:
    # the check can fail: red and green, far apart normally, merge under deuteranopia
    red, green = (200, 60, 40), (60, 160, 40)
    assert _closest([red, green], None)[0] > 30
    assert _closest([red, green], "deuteranomaly")[0] < style.MIN_SEAT_DISTANCE
    # and the old order failed it
    old = [(213, 94, 0), (0, 114, 178), (240, 228, 66), (204, 121, 167), (86, 180, 233)]
    assert _closest(old, "protanomaly")[0] < style.MIN_SEAT_DISTANCE
