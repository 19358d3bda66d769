"""Texts the bot posts, kept within Discord's limits (2000 characters of content, 100/80 per label)."""

from __future__ import annotations

from typing import Any

from storage import GameRecord, PlayerRecord

from .service import GAMES, MAX_SEATS, MIN_SEATS, Table, format_duration
from .settings import Settings
from .text import safe_name

CONTENT_LIMIT = 2000
PIECE_NAMES = {"trading_post": "trading post", "fort": "fort", "colony": "colony"}

PROMPTS = {
    "ship": "put the ship on a circle (`/ship position`)",
    "explore": "declare how many tiles to explore (`/explore tiles`)",
    "voyage": "draw a tile (`/draw pile`), build (`/build piece`) or stop (`/stop`)",
    "place": "choose where the tile goes (`/place option`, numbers as on the board)",
}


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


def voyage_line(table: Table) -> str:
    view = table.view(None)
    voyage = view.get("voyage") or {}
    ship = view.get("ship")
    parts = []
    if ship:
        parts.append(f"ship on {ship}")
    if voyage:
        parts.append(f"{voyage.get('remaining', 0)} of {voyage.get('declared', 0)} explorations left")
    return ", ".join(parts)


def turn_content(table: Table, account: list[str], *, header: str | None = None) -> str:
    """The turn message: what happened, the board is attached, and who is to act doing what."""
    view = table.view(None)
    parts: list[str] = []
    if header:
        parts.append(header)
    if table.state.game_over:
        result = view.get("result") or {}
        scores = result.get("scores") or []
        names = table.shown_names
        winners = ", ".join(names[s] for s in result.get("winners", []))
        ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
        board = "\n".join(f"{i + 1}. {names[s]}: {scores[s]} points" for i, s in enumerate(ranking))
        tail = f"🏁 **Game over.** Winner: **{winners}**\n{board}"
    else:
        current = table.current
        phase = view.get("phase", "")
        step = PROMPTS.get(phase, "make a move")
        extra = voyage_line(table) if phase in ("voyage", "place") else ""
        who = mention(current)
        if current is not None and current.is_ai:
            tail = f"🧭 Turn {view.get('turn')}: {who} is thinking…"
        else:
            tail = f"🧭 Turn {view.get('turn')}: {who}, your move — {step}." + (f" ({extra})" if extra else "")
    budget = CONTENT_LIMIT - len(tail) - sum(len(p) + 1 for p in parts) - 10
    if account:
        parts.append(lines_block(account, budget))
    parts.append(tail)
    return clip("\n".join(parts), CONTENT_LIMIT)


def lobby_content(table: Table) -> str:
    record = table.record
    options = ", ".join(f"{k}={v}" for k, v in record.options.items()) or "standard rules"
    seats = "\n".join(
        f"{p.seat + 1}. {safe_name(p.display_name)}" + (" (host)" if p.user_id == record.host_user_id else "")
        for p in table.players
    )
    return clip(
        f"🗺️ **{record.game.title()}** lobby (game {record.id}; {options})\n{seats}\n"
        f"{len(table.players)}/{MAX_SEATS} seats. `/game join` or `/game addbot`; "
        f"the host starts with `/game start` once {MIN_SEATS}+ are seated.",
        CONTENT_LIMIT,
    )


def status_content(record: GameRecord, players: list[PlayerRecord], state: Any | None, view: dict | None) -> str:
    names = [safe_name(p.display_name) for p in players]
    head = f"**{record.game.title()}** game {record.id} — {record.status}"
    if view is None or state is None:
        return clip(head + "\n" + "\n".join(f"{i + 1}. {n}" for i, n in enumerate(names)), CONTENT_LIMIT)
    rows = []
    for p in view["players"]:
        seat = p["seat"]
        pieces = ", ".join(f"{n} {PIECE_NAMES.get(k, k)}" for k, n in p["pieces"].items())
        plants = "+".join(map(str, p["plants"])) or "none"
        who = players[seat] if seat < len(players) else None
        marker = "▶ " if (not view["game_over"] and view["current_player"] == seat) else ""
        ai = " (AI)" if who is not None and who.is_ai and "(AI)" not in names[seat] else ""
        rows.append(
            f"{marker}**{names[seat]}**{ai}: {p['vp']} points, {p['gold']} gold, plants {plants}; supply: {pieces}"
        )
    piles = view["piles"]
    discovery = " / ".join(str(p["count"]) for p in piles["discovery"])
    fill = ", ".join(f"{k}:{v}" for k, v in sorted(piles["fill"].items()))
    plants = piles["plants"]
    plants_text = " / ".join(map(str, plants)) if isinstance(plants, list) else str(plants)
    info = (
        f"Season {view['season']}, turn {view['turn']}, phase {view['phase']}.\n"
        f"Discovery piles: {discovery} · fill-in piles {fill} · plant tokens: {plants_text}"
    )
    return clip("\n".join([head, *rows, info]), CONTENT_LIMIT)


def rules_content(settings: Settings) -> str:
    options = "\n".join(f"• `{name}` — {desc}" for name, (_, _, desc) in GAMES["entdecker"].items())
    return clip(
        "**Entdecker** — discover islands, build on them, score them when they are complete.\n"
        "A turn: `/ship position` (a discovered circle or an edge circle), `/explore tiles` (pay 1 gold per tile "
        "you may draw), then `/draw pile` again and again; when a tile fits in several ways `/place option`. "
        "On land the ship reaches you may `/build piece` (trading post 1, fort 3, colony 6 gold), which ends "
        "the turn; `/stop` ends it without building. `/recall post` takes a trading post back.\n"
        "Income, forced stops, fill-ins, events and island scoring happen by themselves. The game ends when the "
        "board is full or the discovery piles run out.\n"
        "Buttons on the turn message do the same as the commands. `/game board overlay:true` shows the choices "
        "on the board; `/game status` the scores, gold, pieces and piles; `/game log` what happened.\n"
        f"Reminders after {format_duration(settings.reminder_after)} of silence (at most {settings.reminder_max}); "
        f"after {format_duration(settings.idle_after)} the others may `/game skip` the turn (the AI plays it) "
        "or `/game substitute` the absent player (to a member or an AI); `/game handover` gives away your own "
        "seat, and `/game substitute to:@member seat:<n>` gives an AI seat back to a person.\n"
        f"Variant options of `/game new`:\n{options}",
        CONTENT_LIMIT,
    )
