"""The words of `/stats` and `/leaderboard` (Discord-free): a person's figures per game, a game's ratings in the
server with the AI kinds apart."""

from __future__ import annotations

from collections.abc import Sequence

from stats import Figures

from .catalog import Catalog
from .messages import CONTENT_LIMIT, clip
from .service import Leaderboard
from .text import safe_name

LEADERS = 15  # people listed on a leaderboard


def stats_content(catalog: Catalog, whose: str, rows: Sequence[Figures]) -> str:
    if not rows:
        return f"{whose} finished no game in this server yet."
    lines = [f"**{whose} results in this server**"]
    for row in rows:
        title = catalog.title(row.game) if row.game in catalog.infos else row.game
        lines.append(
            f"• **{title}**: {row.played} played, {row.won} won ({row.won * 100 // row.played} %);"
            f" score {row.average:.1f} on average, {row.best} at best; longest winning streak {row.streak}"
        )
    return clip("\n".join(lines), CONTENT_LIMIT)


def leaderboard_content(catalog: Catalog, board: Leaderboard) -> str:
    title = catalog.title(board.game)
    if not board.results:
        return f"No game of {title} has finished in this server yet."
    lines = [f"**{title}: the leaderboard of this server** ({board.results} finished games)"]
    if not board.people:
        lines.append("Nobody is rated yet: a game counts once two people have played it to the end.")
    for place, rated in enumerate(board.people[:LEADERS], start=1):
        name = safe_name(board.names.get(rated.user_id, f"user {rated.user_id}"))
        lines.append(f"{place}. {name}: {rated.rating:.1f} ({rated.games} rated games)")
    if len(board.people) > LEADERS:
        lines.append(f"… and {len(board.people) - LEADERS} more.")
    if board.ai:
        ai = "; ".join(f"{record.kind}: {record.won} won of {record.played}" for record in board.ai)
        lines.append(f"AI seats, not rated with people: {ai}.")
    lines.append("-# Rating: openskill's Plackett-Luce estimate less three times its uncertainty (mu - 3 sigma).")
    return clip("\n".join(lines), CONTENT_LIMIT)
