"""Texts the bot posts, built from the game's view header and presenter, within Discord's limits (2000 characters
of content, 100/80 per label). Nothing here knows a particular game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from storage import GameRecord, PlayerRecord

from .catalog import usage
from .lang import N_, _, ngettext
from .settings import Settings
from .text import format_duration, safe_name, seed_words

if TYPE_CHECKING:
    from engine import Presenter

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
            earlier = len(lines) - len(out)
            out.append(
                "• "
                + ngettext(
                    "… ({n} earlier line in `/game log`)", "… ({n} earlier lines in `/game log`)", earlier
                ).format(n=earlier)
            )
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
        line = _("{place}. {name}: {score} (tied)") if tied else _("{place}. {name}: {score}")
        out.append(line.format(place=place, name=names[seat], score=score(scores[seat])))
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
    return _("{some} or {last}").format(some=", ".join(usages[:-1]), last=usages[-1])


def turn_content(catalog: Catalog, table: Table, account: list[str], *, header: str | None = None) -> str:
    """The turn message: what happened, the board is attached, and who is to act doing what."""
    view = table.view(None)
    parts: list[str] = []
    if header:
        parts.append(header)
    if table.state is not None and table.state.game_over:
        result = view.get("result") or {}
        names = table.shown_names
        won = [names[s] for s in result.get("winners", [])]
        winners = _(" and ").join(won)
        tail = ngettext("🏁 **Game over.** Winner: **{winners}**", "🏁 **Game over.** Winners: **{winners}**", len(won))
        tail = tail.format(winners=winners) + "\n"
        tail += "\n".join(standings(result, names, catalog.presenter(table.game).score_of))
        tail += f"\n🎲 {seed_words(table.record, over=True)}"
    else:
        acting = table.to_act
        turn = _("Turn {n}: ").format(n=view.get("turn")) if view.get("turn") else ""
        if acting and all(p.is_ai for p in acting):
            who = _(" and ").join(mention(p) for p in acting)
            tail = _("🧭 {turn}{who} is thinking…").format(turn=turn, who=who)
        else:
            who = ", ".join(mention(p) for p in acting)
            legal = [e for e in view.get("legal", []) if acting and e.get("player") == acting[0].seat]
            commands = commands_for(catalog, table.game, legal)
            step = str(view.get("prompt") or _("make a move")) + (f" ({commands})" if commands else "")
            progress = catalog.presenter(table.game).progress_of(view)
            tail = _("🧭 {turn}{who}, your move: {step}.").format(turn=turn, who=who, step=step)
            tail += f" ({progress})" if progress else ""
        if table.record.seed_public:
            tail += "\n🎲 " + _("Seed {seed}, chosen by the host.").format(seed=table.record.seed)
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
            label = _(spec.label)
            chosen.append(label if spec.is_switch and value is True else f"{label}: {_(spec.words(value))}")
    return ", ".join(chosen) or _("standard rules")


def lobby_content(catalog: Catalog, table: Table) -> str:
    record = table.record
    info = catalog.info(table.game)
    seats = "\n".join(
        f"{p.seat + 1}. {safe_name(p.display_name)}" + (_(" (host)") if p.user_id == record.host_user_id else "")
        for p in table.players
    )
    kinds = ", ".join(f"{_(k.label).lower()} ({_(k.description)})" for k in info.ai_kinds)
    taken = len(table.players)
    seated = ngettext("{n} seat taken ({least}–{most} players)", "{n} seats taken ({least}–{most} players)", taken)
    seated = seated.format(n=taken, least=info.min_players, most=info.max_players)
    variants = "\n" + _("The host sets the variants with the menus below.") if info.options else ""
    seed = f"\n🎲 {seed_words(record)}" if record.seed_public else ""
    head = _("🗺️ **{title}** lobby (game {id}) — {options}").format(
        title=info.title, id=record.id, options=options_words(catalog, table.game, record.options)
    )
    how = _(
        "{seated}. `/game join` or the Join button; `/game addbot` seats an AI ({kinds}); "
        "the host starts with `/game start`."
    ).format(seated=seated, kinds=kinds)
    return clip(f"{head}{seed}\n{seats}\n{how}{variants}", CONTENT_LIMIT)


def tiles_content(piles: list[dict[str, Any]]) -> str:
    """`/game tiles` in words beside its picture: each pile and how many tiles it holds (engine.tiles_left)."""
    total = sum(int(p.get("count", 0)) for p in piles)
    lines = [_("**Tiles left to draw: {total}** (counted by kind; the order stays hidden)").format(total=total)]
    for p in piles:
        kinds = len(p.get("kinds") or [])
        line = ngettext("• {pile}: {count} ({kinds} kind)", "• {pile}: {count} ({kinds} kinds)", kinds)
        lines.append(line.format(pile=_(str(p.get("name", ""))), count=p.get("count", 0), kinds=kinds))
    return "\n".join(lines)[:CONTENT_LIMIT]


def status_words(status: str) -> str:
    """A game's stored status ("finished") in the reader's words."""
    return _(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def score_parts_lines(
    presenter: Presenter, view: dict[str, Any], events: Sequence[dict[str, Any]], names: list[str]
) -> list[str]:
    """Each player's score by source (the game's `score_parts`), a line a player who has scored; [] before anyone
    has."""
    lines = []
    for p, parts in zip(view["players"], presenter.parts_of(view, events), strict=False):
        if not parts:
            continue
        seat = p["seat"]
        who = names[seat] if seat < len(names) else str(p.get("name", ""))
        said = " · ".join(
            f"{ngettext(source.one, source.many, n).format(count=n)}: {points}" for source, n, points in parts
        )
        total = presenter.score_of(sum(points for _source, _n, points in parts))
        lines.append(_("• **{who}**: {parts} = {total}").format(who=who, parts=said, total=total))
    return [_("Points by source:"), *lines] if lines else []


def status_content(
    catalog: Catalog,
    record: GameRecord,
    players: list[PlayerRecord],
    view: dict[str, Any] | None,
    events: Sequence[dict[str, Any]] = (),
) -> str:
    names = [safe_name(p.display_name) for p in players]
    shown = status_words(record.status)
    head = _("**{title}** game {id}: {status}").format(title=catalog.title(record.game), id=record.id, status=shown)
    if view is None:
        return clip(head + "\n" + "\n".join(f"{i + 1}. {n}" for i, n in enumerate(names)), CONTENT_LIMIT)
    presenter = catalog.presenter(record.game)
    lines = [*presenter.status_of(view, names), *score_parts_lines(presenter, view, events, names)]
    if view.get("game_over") and view.get("result"):
        final = standings(view["result"], names, presenter.score_of)
        lines = [*lines, _("Final standings:"), *final]
    lines.append(f"🎲 {seed_words(record, over=not record.is_open)}")
    return clip("\n".join([head, *lines]), CONTENT_LIMIT)


def _sections_line(catalog: Catalog, game: str) -> str:
    titles = [_(t) for t, _text in catalog.presenter(game).rules_sections]
    if not titles:
        return _("`/game rules` has the summary.")
    return _("`/game rules topic:` shows one part: {parts}.").format(parts=" · ".join(titles))


def rules_content(catalog: Catalog, settings: Settings, game: str | None = None) -> str:
    game = game or catalog.default_game
    info = catalog.info(game)
    presenter = catalog.presenter(game)
    options = "\n".join(f"• **{_(o.label)}**: {_(o.description)}" for o in info.options)
    others = [i.title for n, i in catalog.infos.items() if n != game]
    how = _(
        "The turn message's buttons and menus offer your choices; `/{game} …` has a command for each step, and "
        "`/play move:` offers every move you can make. `/game board overlay:true` shows the choices on the board; "
        "`/game status` the scores; `/game log` what happened."
    ).format(game=game)
    away = _(
        "Reminders after {reminder} of silence (at most {most}); after {idle} the others may `/game skip` the turn "
        "(the AI plays it) or `/game substitute` the absent player (to a member or an AI); `/game handover` gives "
        "away your own seat, and `/game substitute to:@member seat:<n>` gives an AI seat back to a person."
    ).format(
        reminder=format_duration(settings.reminder_after),
        most=settings.reminder_max,
        idle=format_duration(settings.idle_after),
    )
    return clip(
        f"{_(presenter.rules_text)}\n{_sections_line(catalog, game)}\n{how}\n{away}\n"
        + (_("Variants the host can set in the lobby:") + f"\n{options}\n" if options else "")
        + (_("Other games: {games} (`/game rules game:`).").format(games=", ".join(others)) if others else ""),
        CONTENT_LIMIT,
    )


def rules_topic(catalog: Catalog, game: str | None, topic: str) -> str:
    """One section of a game's rules (`/game rules topic:`), or the sections there are."""
    game = game or catalog.default_game
    presenter = catalog.presenter(game)
    titles = ", ".join(f"`{_(t)}`" for t, _text in presenter.rules_sections)
    # A part asked for by its title in the reader's language ("Wertung") is the part of that English title.
    asked = " ".join(str(topic or "").lower().split())
    topic = next((t for t, _text in presenter.rules_sections if _(t).lower() == asked), topic)
    found = presenter.section(topic)
    title = catalog.title(game)
    if found is None:
        if not titles:
            return _("⚠️ {title} has no rules in sections; `/game rules` shows the summary.").format(title=title)
        return _("⚠️ No part of the {title} rules is about “{topic}”. The parts: {parts}.").format(
            title=title, topic=safe_name(topic), parts=titles
        )
    part, text = found
    where = f"\n{_(presenter.rules_where)}" if presenter.rules_where else ""
    return clip(f"📖 **{title}: {_(part)}**\n{_(text)}{where}", CONTENT_LIMIT)


HELP_WHERE = {  # /help's note on the channel's game: one open, the last one ended, none yet
    "open": "",
    "ended": N_(" (the last game in this channel has ended: `/game new` starts another)"),
    "none": N_(" (no game in this channel yet: `/game new` starts one)"),
}
STATUS_WORDS = {
    "lobby": N_("in the lobby"),
    "active": N_("running"),
    "finished": N_("finished"),
    "abandoned": N_("abandoned"),
}


def help_content(catalog: Catalog, game: str | None, *, here: str) -> str:
    """`/help`: the commands of the channel's game (or of its last one), how a turn goes, and the rules' parts."""
    game = game or catalog.default_game
    info = catalog.info(game)
    presenter = catalog.presenter(game)
    turn = presenter.section("turn")
    where = _(HELP_WHERE[here]) if HELP_WHERE[here] else ""
    parts = [
        f"**{info.title}** — {_(info.summary)}{where}",
        _("**Your turn:** the buttons and menus on the turn message; `/play move:` takes any move; {steps}.").format(
            steps=catalog.steps_text(game)
        ),
    ]
    if turn is not None:
        parts.append(_("**How a turn goes:**") + f"\n{_(turn[1])}")
    parts += [
        _("**Setting up:** `/game new` · `/game join` · `/game addbot` · `/game start` (the host) · `/game abandon`"),
        _(
            "**Looking:** `/game board` · `/game status` · `/game log page:` · `/game hand` (private) · "
            "`/game mine` (where you play) · `/game rules topic:`"
        ),
        _(
            "**Looking back:** `/game board turn:` (the board after a turn) · `/game replay` (the game animated) · "
            "`/stats player` · `/stats leaderboard game:`"
        ),
        _(
            "**Mistakes and absences:** `/undo` · `/game skip` · `/game substitute` · `/game handover` · "
            "`/game remind` (how your reminders come)"
        ),
        _("**Your time:** `/game me` (time zone, quiet hours) · `/game away until:` · `/game back`"),
        _("**Rules:** {line}").format(line=_sections_line(catalog, game)),
    ]
    if presenter.rules_where:
        parts.append(_(presenter.rules_where))
    if len(catalog.infos) > 1:
        others = ", ".join(i.title for n, i in catalog.infos.items() if n != game)
        parts.append(_("Other games: {games}.").format(games=others))
    return clip("\n".join(parts), CONTENT_LIMIT)
