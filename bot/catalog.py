"""The registered games as the bot sees them: their turn verbs (united into one command set), seats and words.

Built from `engine.games()` and each game's Presenter, so the bot offers whatever games the engine registry holds
without naming any of them. Discord-free.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

import engine
from engine.api import GameInfo, OptionSpec, Presenter, Verb

DESCRIPTION_LIMIT = 100
# How the bot runs a table, set in the lobby beside a game's variants but never handed to the rules (issue 21).
CONFIRM_STEPS = OptionSpec(
    "confirm_steps",
    "Confirm every step",
    "Ask even when a step has only one choice (otherwise the bot makes it and says so)",
    False,
    (False, True),
)
TABLE_OPTIONS = (CONFIRM_STEPS,)
TABLE_OPTION_NAMES = frozenset(o.name for o in TABLE_OPTIONS)


def game_options(options: dict[str, Any]) -> dict[str, Any]:
    """A lobby's options without the table's own: what the rules are given."""
    return {k: v for k, v in options.items() if k not in TABLE_OPTION_NAMES}


@dataclass(frozen=True)
class Command:
    """One turn command as registered with Discord: the union of the games' verbs of that name."""

    name: str
    description: str
    option: str | None
    option_description: str
    games: tuple[str, ...]  # the games that have this verb


class CatalogError(ValueError):
    """Two games disagree about a verb the bot must register once (a bug in a game's presenter)."""


class Catalog:
    """Every registered game's info and presenter, and the turn commands they need."""

    def __init__(self, infos: Iterable[GameInfo] | None = None) -> None:
        # Each game's info with the table options after its own variants (the lobby's menus and words use them).
        self.infos: dict[str, GameInfo] = {
            i.name: replace(i, options=(*i.options, *TABLE_OPTIONS))
            for i in (infos if infos is not None else engine.games())
        }
        self.presenters: dict[str, Presenter] = {name: engine.presenter(name) for name in self.infos}
        self.commands: dict[str, Command] = _unite(self.presenters, self.infos)

    @property
    def default_game(self) -> str:
        return next(iter(self.infos))

    @property
    def max_seats(self) -> int:
        return max(i.max_players for i in self.infos.values())

    def info(self, game: str) -> GameInfo:
        return self.infos[game]

    def presenter(self, game: str) -> Presenter:
        return self.presenters[game]

    def title(self, game: str) -> str:
        info = self.infos.get(game)
        return info.title if info is not None else game

    def find(self, text: str) -> str | None:
        """The game a user named, by key or title, ignoring case; None if no game fits."""
        wanted = " ".join(str(text or "").lower().split())
        for name, info in self.infos.items():
            if wanted in (name.lower(), info.title.lower()):
                return name
        matches = [n for n, i in self.infos.items() if wanted and (wanted in n or wanted in i.title.lower())]
        return matches[0] if len(matches) == 1 else None

    def games_list(self) -> str:
        return ", ".join(
            f"**{i.title}** (`{i.name}`, {i.min_players}–{i.max_players} players)" for i in self.infos.values()
        )

    def verb(self, game: str, kind: str) -> Verb | None:
        presenter = self.presenters.get(game)
        return presenter.verb_of(kind) if presenter is not None else None

    def verb_named(self, game: str, name: str) -> Verb | None:
        presenter = self.presenters.get(game)
        if presenter is None:
            return None
        return next((v for v in presenter.verbs if v.name == name), None)

    def verbs_text(self, game: str) -> str:
        """The game's turn commands as a player would type them, e.g. "`/ship position:` · `/stop` · `/play move:`"."""
        parts = [_usage(v) for v in self.presenters[game].verbs]
        return " · ".join([*parts, "`/play move:`"])

    def legal_summary(self, game: str, legal: list[dict[str, Any]], limit: int = 8) -> str:
        """What the player may do now, by command, with the choices' labels: never a move key."""
        presenter = self.presenters[game]
        by_verb: dict[str, list[str]] = {}
        usage: dict[str, str] = {}
        for entry in legal:
            verb = presenter.verb_of(entry["kind"])
            name = verb.name if verb is not None else "play"
            usage.setdefault(name, _usage(verb) if verb is not None else "`/play move:`")
            if verb is None or verb.option is not None:
                by_verb.setdefault(name, []).append(str(entry.get("label") or entry["key"]))
            else:
                by_verb.setdefault(name, [])
        parts = []
        for name, labels in by_verb.items():
            if not labels:
                parts.append(usage[name])
                continue
            shown = "; ".join(labels[:limit]) + (f"; … ({len(labels)} in all)" if len(labels) > limit else "")
            parts.append(f"{usage[name]} {shown}")
        return "You can: " + " · ".join(parts) if parts else "There is nothing to do now."


def _usage(verb: Verb) -> str:
    return f"`/{verb.name} {verb.option}:`" if verb.option else f"`/{verb.name}`"


def _unite(presenters: dict[str, Presenter], infos: dict[str, GameInfo]) -> dict[str, Command]:
    """One command per verb name. Games sharing a verb must agree on its option; a description that differs
    between them names each game's meaning (within Discord's 100 characters)."""
    grouped: dict[str, list[tuple[str, Verb]]] = {}
    for game, presenter in presenters.items():
        for verb in presenter.verbs:
            grouped.setdefault(verb.name, []).append((game, verb))
    commands: dict[str, Command] = {}
    for name, entries in grouped.items():
        options = {v.option for _, v in entries}
        if len(options) > 1:
            games = ", ".join(g for g, _ in entries)
            raise CatalogError(f"the verb /{name} of {games} must use one option name, not {sorted(map(str, options))}")
        descriptions = list(dict.fromkeys(v.description for _, v in entries))
        if len(descriptions) == 1:
            description = descriptions[0]
        else:
            description = "; ".join(f"{infos[g].title}: {v.description}" for g, v in entries)
        option_descriptions = list(dict.fromkeys(v.option_description for _, v in entries if v.option_description))
        commands[name] = Command(
            name=name,
            description=_clip(description, DESCRIPTION_LIMIT),
            option=entries[0][1].option,
            option_description=_clip(" / ".join(option_descriptions) or "Your choice", DESCRIPTION_LIMIT),
            games=tuple(g for g, _ in entries),
        )
    return commands


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
