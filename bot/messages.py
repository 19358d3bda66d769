"""Texts the bot posts, built from the game's view header and presenter, within Discord's limits (2000 characters
of content, 100/80 per label). Nothing here knows a particular game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from storage import GameRecord, PlayerRecord

from .catalog import usage
from .settings import Settings
from .text import format_duration, plural, safe_name, seed_words

if TYPE_CHECKING:
    from .catalog import Catalog
    from .service.table import Table

CONTENT_LIMIT = 2000


def clip(text: str, limit: int) -> str:
    """Cut text to limit characters, marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def mention(player: PlayerRecord | None) -> str:
    if player is None:
        return "?"
    if player.user_id is None:
        return f"**{safe_name(player.display_name)}**"
    return f"<@{player.user_id}>"


def lines_block(lines: list[str], budget: int) -> str:
    """As many of the last lines as fit in budget characters (the end of a turn matters most)."""
    out: list[str] = []
    used = 0
    for line in reversed(lines):
        line = "• " + clip(line, 300)
        if used + len(line) + 1 > budget:
            out.append(f"• … ({len(lines) - len(out)} earlier lines in `/game log`)")
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(reversed(out))


def standings(result: dict[str, Any], names: Sequence[str], score: Callable[[int], str]) -> list[str]:
    """ "1. alice: 30 points" lines, in the game's score word; players who tie share a place ("2." twice, then
    "4.")."""
    scores = result.get("scores") or []
    places = result.get("ranking") or []
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    out = []
    for rank, seat in enumerate(order):
        place = places[seat] if seat < len(places) else rank + 1
        tied = sum(1 for s in order if scores[s] == scores[seat]) > 1
        out.append(f"{place}. {names[seat]}: {score(scores[seat])}" + (" (tied)" if tied else ""))
    return out


def commands_for(catalog: Catalog, game: str, legal: list[dict[str, Any]]) -> str:
    """The commands that offer these legal moves: "`/entdecker draw pile:`, `/entdecker build piece:` or
    `/entdecker stop`"."""
    usages: list[str] = []
    for entry in legal:
        verb = catalog.verb(game, entry["kind"])
        shown = usage(game, verb) if verb else "`/play move:`"
        if shown not in usages:
            usages.append(shown)
    if len(usages) <= 1:
        return "".join(usages)
    return ", ".join(usages[:-1]) + " or " + usages[-1]


def turn_content(catalog: Catalog, table: Table, account: list[str], *, header: str | None = None) -> str:
    """The turn message: what happened, the board is attached, and who is to act doing what."""
    view = table.view(None)
    parts: list[str] = []
    if header:
        parts.append(header)
    if table.state is not None and table.state.game_over:
        result = view.get("result") or {}
        names = table.shown_names
        winners = " and ".join(names[s] for s in result.get("winners", []))
        tail = f"🏁 **Game over.** {'Winners' if len(result.get('winners', [])) > 1 else 'Winner'}: **{winners}**\n"
        tail += "\n".join(standings(result, names, catalog.presenter(table.game).score_of))
        tail += f"\n🎲 {seed_words(table.record, over=True)}"
    else:
        acting = table.to_act
        turn = f"Turn {view.get('turn')}: " if view.get("turn") else ""
        if acting and all(p.is_ai for p in acting):
            tail = f"🧭 {turn}{' and '.join(mention(p) for p in acting)} is thinking…"
        else:
            who = ", ".join(mention(p) for p in acting)
            legal = [e for e in view.get("legal", []) if acting and e.get("player") == acting[0].seat]
            commands = commands_for(catalog, table.game, legal)
            step = str(view.get("prompt") or "make a move") + (f" ({commands})" if commands else "")
            progress = catalog.presenter(table.game).progress_of(view)
            tail = f"🧭 {turn}{who}, your move: {step}." + (f" ({progress})" if progress else "")
        if table.record.seed_public:
            tail += f"\n🎲 Seed {table.record.seed}, chosen by the host."
    budget = CONTENT_LIMIT - len(tail) - sum(len(p) + 1 for p in parts) - 10
    if account:
        parts.append(lines_block(account, budget))
    parts.append(tail)
    return clip("\n".join(parts), CONTENT_LIMIT)


def options_words(catalog: Catalog, game: str, options: dict[str, Any]) -> str:
    info = catalog.info(game)
    chosen = []
    for spec in info.options:
        value = options.get(spec.name, spec.default)
        if value != spec.default:
            chosen.append(spec.label if spec.is_switch and value is True else f"{spec.label}: {spec.words(value)}")
    return ", ".join(chosen) or "standard rules"


def lobby_content(catalog: Catalog, table: Table) -> str:
    record = table.record
    info = catalog.info(table.game)
    seats = "\n".join(
        f"{p.seat + 1}. {safe_name(p.display_name)}" + (" (host)" if p.user_id == record.host_user_id else "")
        for p in table.players
    )
    kinds = ", ".join(f"{k.label.lower()} ({k.description})" for k in info.ai_kinds)
    seated = f"{plural(len(table.players), 'seat')} taken ({info.min_players}–{info.max_players} players)"
    variants = "\nThe host sets the variants with the menus below." if info.options else ""
    seed = f"\n🎲 {seed_words(record)}" if record.seed_public else ""
    return clip(
        f"🗺️ **{info.title}** lobby (game {record.id}) — {options_words(catalog, table.game, record.options)}{seed}\n"
        f"{seats}\n"
        f"{seated}. `/game join` or the Join button; `/game addbot` seats an AI ({kinds}); "
        f"the host starts with `/game start`.{variants}",
        CONTENT_LIMIT,
    )


def tiles_content(piles: list[dict[str, Any]]) -> str:
    """`/game tiles` in words beside its picture: each pile and how many tiles it holds (engine.tiles_left)."""
    total = sum(int(p.get("count", 0)) for p in piles)
    lines = [f"**Tiles left to draw: {total}** (counted by kind; the order stays hidden)"]
    for p in piles:
        kinds = len(p.get("kinds") or [])
        lines.append(f"• {p.get('name', '')}: {p.get('count', 0)} ({kinds} kind{'s' if kinds != 1 else ''})")
    return "\n".join(lines)[:CONTENT_LIMIT]


def status_content(
    catalog: Catalog, record: GameRecord, players: list[PlayerRecord], view: dict[str, Any] | None
) -> str:
    names = [safe_name(p.display_name) for p in players]
    status = {"lobby": "in the lobby", "active": "running", "finished": "finished", "abandoned": "abandoned"}
    head = f"**{catalog.title(record.game)}** game {record.id}: {status.get(record.status, record.status)}"
    if view is None:
        return clip(head + "\n" + "\n".join(f"{i + 1}. {n}" for i, n in enumerate(names)), CONTENT_LIMIT)
    lines = catalog.presenter(record.game).status_of(view, names)
    if view.get("game_over") and view.get("result"):
        final = standings(view["result"], names, catalog.presenter(record.game).score_of)
        lines = [*lines, "Final standings:", *final]
    lines.append(f"🎲 {seed_words(record, over=not record.is_open)}")
    return clip("\n".join([head, *lines]), CONTENT_LIMIT)


def _sections_line(catalog: Catalog, game: str) -> str:
    titles = [t for t, _ in catalog.presenter(game).rules_sections]
    if not titles:
        return "`/game rules` has the summary."
    return f"`/game rules topic:` shows one part: {' · '.join(titles)}."


def rules_content(catalog: Catalog, settings: Settings, game: str | None = None) -> str:
    game = game or catalog.default_game
    info = catalog.info(game)
    presenter = catalog.presenter(game)
    options = "\n".join(f"• **{o.label}**: {o.description}" for o in info.options)
    others = [i.title for n, i in catalog.infos.items() if n != game]
    return clip(
        f"{presenter.rules_text}\n"
        f"{_sections_line(catalog, game)}\n"
        f"The turn message's buttons and menus offer your choices; `/{game} …` has a command for each step, and "
        f"`/play move:` offers every move you can make. `/game board overlay:true` shows the choices on the board; "
        f"`/game status` the scores; `/game log` what happened.\n"
        f"Reminders after {format_duration(settings.reminder_after)} of silence (at most {settings.reminder_max}); "
        f"after {format_duration(settings.idle_after)} the others may `/game skip` the turn (the AI plays it) "
        "or `/game substitute` the absent player (to a member or an AI); `/game handover` gives away your own "
        "seat, and `/game substitute to:@member seat:<n>` gives an AI seat back to a person.\n"
        + (f"Variants the host can set in the lobby:\n{options}\n" if options else "")
        + (f"Other games: {', '.join(others)} (`/game rules game:`)." if others else ""),
        CONTENT_LIMIT,
    )


def rules_topic(catalog: Catalog, game: str | None, topic: str) -> str:
    """One section of a game's rules (`/game rules topic:`), or the sections there are."""
    game = game or catalog.default_game
    presenter = catalog.presenter(game)
    titles = ", ".join(f"`{t}`" for t, _ in presenter.rules_sections)
    found = presenter.section(topic)
    if found is None:
        if not titles:
            return f"⚠️ {catalog.title(game)} has no rules in sections; `/game rules` shows the summary."
        return f"⚠️ No part of the {catalog.title(game)} rules is about “{safe_name(topic)}”. The parts: {titles}."
    title, text = found
    where = f"\n{presenter.rules_where}" if presenter.rules_where else ""
    return clip(f"📖 **{catalog.title(game)}: {title}**\n{text}{where}", CONTENT_LIMIT)


HELP_WHERE = {  # /help's note on the channel's game: one open, the last one ended, none yet
    "open": "",
    "ended": " (the last game in this channel has ended: `/game new` starts another)",
    "none": " (no game in this channel yet: `/game new` starts one)",
}


def help_content(catalog: Catalog, game: str | None, *, here: str) -> str:
    """`/help`: the commands of the channel's game (or of its last one), how a turn goes, and the rules' parts."""
    game = game or catalog.default_game
    info = catalog.info(game)
    presenter = catalog.presenter(game)
    turn = presenter.section("turn")
    parts = [
        f"**{info.title}** — {info.summary}{HELP_WHERE[here]}",
        f"**Your turn:** the buttons and menus on the turn message; `/play move:` takes any move; "
        f"{catalog.steps_text(game)}.",
    ]
    if turn is not None:
        parts.append(f"**How a turn goes:**\n{turn[1]}")
    parts += [
        "**Setting up:** `/game new` · `/game join` · `/game addbot` · `/game start` (the host) · `/game abandon`",
        "**Looking:** `/game board` · `/game status` · `/game log page:` · `/game hand` (private) · "
        "`/game mine` (where you play) · `/game rules topic:`",
        "**Looking back:** `/game board turn:` (the board after a turn) · `/game replay` (the game animated) · "
        "`/stats` · `/leaderboard game:`",
        "**Mistakes and absences:** `/undo` · `/game skip` · `/game substitute` · `/game handover` · "
        "`/game remind dm:true` (reminders by direct message)",
        f"**Rules:** {_sections_line(catalog, game)}",
    ]
    if presenter.rules_where:
        parts.append(presenter.rules_where)
    if len(catalog.infos) > 1:
        parts.append("Other games: " + ", ".join(i.title for n, i in catalog.infos.items() if n != game) + ".")
    return clip("\n".join(parts), CONTENT_LIMIT)
