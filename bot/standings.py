"""The words of `/stats` and `/leaderboard` (Discord-free): a person's figures per game, a game's ratings in the
server with the AI kinds apart."""

from __future__ import annotations

from collections.abc import Sequence

from stats import Figures

from .catalog import Catalog
from .lang import _
from .messages import CONTENT_LIMIT, clip
from .service import Leaderboard
from .text import safe_name

LEADERS = 15  # people listed on a leaderboard


def stats_content(catalog: Catalog, who: str | None, rows: Sequence[Figures]) -> str:
    """`who`: the person's name, None for the asker themselves."""
    if not rows:
        if who is None:
            return _("You finished no game in this server yet.")
        return _("{name} finished no game in this server yet.").format(name=who)
    lines = [
        _("**Your results in this server**")
        if who is None
        else _("**{name}'s results in this server**").format(name=who)
    ]
    for row in rows:
        title = catalog.title(row.game) if row.game in catalog.infos else row.game
        lines.append(
            _(
                "• **{title}**: {played} played, {won} won ({share} %); score {average} on average, {best} at best;"
                " longest winning streak {streak}"
            ).format(
                title=title,
                played=row.played,
                won=row.won,
                share=row.won * 100 // row.played,
                average=f"{row.average:.1f}",
                best=row.best,
                streak=row.streak,
            )
        )
    return clip("\n".join(lines), CONTENT_LIMIT)


def leaderboard_content(catalog: Catalog, board: Leaderboard) -> str:
    title = catalog.title(board.game)
    if not board.results:
        return _("No game of {title} has finished in this server yet.").format(title=title)
    lines = [
        _("**{title}: the leaderboard of this server** ({count} finished games)").format(
            title=title, count=board.results
        )
    ]
    if not board.people:
        lines.append(_("Nobody is rated yet: a game counts once two people have played it to the end."))
    for place, rated in enumerate(board.people[:LEADERS], start=1):
        name = safe_name(board.names.get(rated.user_id, f"user {rated.user_id}"))
        lines.append(
            _("{place}. {name}: {rating} ({games} rated games)").format(
                place=place, name=name, rating=f"{rated.rating:.1f}", games=rated.games
            )
        )
    if len(board.people) > LEADERS:
        lines.append(_("… and {count} more.").format(count=len(board.people) - LEADERS))
    if board.ai:
        ai = "; ".join(
            _("{kind}: {won} won of {played}").format(kind=r.kind, won=r.won, played=r.played) for r in board.ai
        )
        lines.append(_("AI seats, not rated with people: {list}.").format(list=ai))
    lines.append(_("-# Rating: openskill's Plackett-Luce estimate less three times its uncertainty (mu - 3 sigma)."))
    return clip("\n".join(lines), CONTENT_LIMIT)
