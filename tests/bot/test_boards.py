"""The renderer's warm-up at start: a few positions of every registered game, drawn once."""

from __future__ import annotations

import engine
from bot.boards import WARM_POSITIONS, Boards, draw_all, warm_views


def test_warm_views_cover_every_game_new_and_under_way() -> None:
    views = warm_views()
    games = [info.name for info in engine.games()]
    assert [view["game"] for view, _ in views] == [g for g in games for _ in WARM_POSITIONS]
    for game in games:
        of_game = [(view, overlay) for view, overlay in views if view["game"] == game]
        versions = [view["version"] for view, _ in of_game]
        assert versions[0] == 0 and versions == sorted(versions) and versions[-1] > versions[0], (game, versions)
        assert [overlay for _, overlay in of_game] == [False] + [True] * (len(WARM_POSITIONS) - 1)


def test_the_same_positions_every_time() -> None:
    assert [(v["game"], v["version"]) for v, _ in warm_views()] == [(v["game"], v["version"]) for v, _ in warm_views()]


async def test_warming_draws_them_all_in_threads() -> None:
    boards = Boards(None, processes=0)  # type: ignore[arg-type]
    await boards.warm()
    assert draw_all(warm_views()[:1]) == 1
    await boards.warm(draw=False)  # only starts what it needs (nothing, with threads)
