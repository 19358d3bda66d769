"""Persistent buttons and selects: everything they need is in their custom_id, so they work after a restart.

    ed:<game_id>:<state>:<move key>       a button for one legal move
    eds:<game_id>:<state>:<n>             a select whose option values are move keys (n: which of several)
    edl:<game_id>:<action>                a lobby button (join, leave, addbot, start)
    edv:<game_id>                         the lobby's switches (variant options that are on or off)
    edo:<game_id>:<option>                the lobby's menu for a variant option with several values
    edm:<game_id>                         the lobby's last menu when options outnumber its rows: "option=value"
    edu:<game_id>:<version>:<yes|no>      an answer to a request to undo (bot/undo/buttons.py)
    edh:<offer>:<yes|no>                  an answer to the offer of a seat (bot/offers/buttons.py)
    edp:<game_id>:<version>               opens the seat's private choices (a hand) in a message only it sees
    edk:<game_id>:<state>:<n>             opens the pairs of a step's n-th group of choices (bot/controls.py)
    edb:<game_id>:<state>                 back from those pairs to the turn's choices
    edr:<game_id>                         the end message's Rematch: a lobby with that game's seats
    edg:<game_id>                         the end message's Replay: the game as an animated GIF (bot/past.py)

`<state>` is `<version>.<tag>` (bot/service/stamp.py: the version alone comes back after /undo); controls made
before issue 19 carry the version alone, and are judged by it. Which controls a turn offers and how they group is
bot/controls.py (Discord-free); this lays them out. The words on them come from the game's presenter.

They are discord.ui.DynamicItem classes registered with bot.add_dynamic_items in setup_hook. A click reaches its
handler through `routes_of(interaction)` (the ComponentRoutes the bot was built with), inside `Routed.callback`:
a click in a direct message is refused, and whatever the handler raises is answered by bot/errors.py. A custom_id
is a claim, never a fact: the handlers check it against stored state (the current version, the lobby, the offer).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Protocol, Self

import discord

import engine
from engine.api import GameInfo, OptionSpec, Presenter

from .controls import (
    MAX_OPTIONS,
    MAX_ROWS,
    Back,
    Button,
    Controls,
    Menu,
    Opener,
    Pair,
    openers,
    second_level,
    turn_controls,
)
from .errors import GUILD_ONLY, ErrorAnswers
from .lang import N_, _, read_by, reader_language
from .service import stamp
from .service.legal import PAIR_SEP, Legal
from .service.refusal import Refusal
from .service.table import Table
from .text import BUTTON_LABEL, OPTION_LABEL, PLACEHOLDER, fit


class TurnClicks(Protocol):
    async def move_interaction(
        self, interaction: discord.Interaction, *, key: str, game_id: int, version: int, tag: str | None
    ) -> None: ...

    async def private_choices(self, interaction: discord.Interaction, *, game_id: int, version: int) -> None: ...

    async def open_pairs(
        self, interaction: discord.Interaction, *, game_id: int, version: int, tag: str | None, n: int | None
    ) -> None: ...


class LobbyClicks(Protocol):
    async def lobby_interaction(self, interaction: discord.Interaction, *, game_id: int, action: str) -> None: ...
    async def rematch_interaction(self, interaction: discord.Interaction, *, game_id: int) -> None: ...

    async def switches_interaction(
        self, interaction: discord.Interaction, *, game_id: int, chosen: list[str]
    ) -> None: ...

    async def option_interaction(
        self, interaction: discord.Interaction, *, game_id: int, option: str, value: str
    ) -> None: ...


class UndoAnswers(Protocol):
    async def undo_answer(self, interaction: discord.Interaction, game_id: int, version: int, yes: bool) -> None: ...


class PastClicks(Protocol):
    async def replay_interaction(self, interaction: discord.Interaction, *, game_id: int) -> None: ...


class OfferAnswers(Protocol):
    async def seat_answer(self, interaction: discord.Interaction, offer: str, yes: bool) -> None: ...


@dataclass(frozen=True)
class ComponentRoutes:
    """Who handles each kind of click, and who answers what goes wrong: built in setup_hook, held by the bot."""

    turns: TurnClicks
    lobby: LobbyClicks
    undo: UndoAnswers
    offers: OfferAnswers
    errors: ErrorAnswers
    past: PastClicks


def routes_of(interaction: discord.Interaction) -> ComponentRoutes:
    """The routes of the bot that received the click (a bot without them is a bug in setup_hook)."""
    routes = getattr(interaction.client, "routes", None)
    if not isinstance(routes, ComponentRoutes):
        raise RuntimeError("the client was built without component routes (see bot/app.py)")
    return routes


def selected(interaction: discord.Interaction) -> list[str]:
    """The values chosen in a select menu."""
    data = interaction.data
    values = data.get("values") if isinstance(data, dict) else None
    return [str(v) for v in values] if isinstance(values, list) else []


def first_selected(interaction: discord.Interaction) -> str:
    """The value chosen in a one-value select menu ("" if none came)."""
    values = selected(interaction)
    return values[0] if values else ""


def one_value_menu(
    custom_id: str, options: list[discord.SelectOption] | None, placeholder: str
) -> discord.ui.Select[Any]:
    """A select of exactly one value; Discord refuses a select without options, so an empty one shows a dash."""
    return discord.ui.Select(
        custom_id=custom_id[:100],
        options=options or [discord.SelectOption(label="-", value="-")],
        placeholder=fit(placeholder, PLACEHOLDER) or None,
        min_values=1,
        max_values=1,
    )


def options_of(item: discord.ui.Item[Any]) -> list[discord.SelectOption] | None:
    """The options of the select a click came from (None: not a select, or none)."""
    return list(item.options) or None if isinstance(item, discord.ui.Select) else None


class Routed:
    """What every component of the bot does on a click: refuse a direct message, act, answer any error."""

    async def callback(self, interaction: discord.Interaction) -> None:
        routes = routes_of(interaction)
        read_by(reader_language(interaction))
        try:
            if interaction.guild_id is None:
                raise Refusal(GUILD_ONLY)
            await self.act(interaction, routes)
        except Exception as exc:
            await routes.errors.answer(interaction, exc)

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        raise NotImplementedError

    # discord.py rebuilds a clicked component from its custom id; each component reads its own fields from it.
    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls.from_match(match, item)

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> Self:
        raise NotImplementedError


BUTTON_TEMPLATE = rf"ed:(?P<game>[0-9]+):{stamp.STAMP}:(?P<key>.+)"
SELECT_TEMPLATE = rf"eds:(?P<game>[0-9]+):{stamp.STAMP}:(?P<n>[0-9]+)"


class MoveButton(Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    def __init__(
        self, game_id: int, version: int, key: str, label: str = "", style: Any = None, tag: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit(label or key, BUTTON_LABEL),
                style=style or discord.ButtonStyle.secondary,
                custom_id=f"ed:{game_id}:{stamp.state_field(version, tag)}:{key}"[:100],
            )
        )
        self.game_id = game_id
        self.version = version
        self.tag = tag
        self.key = key

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> MoveButton:
        label = getattr(item, "label", None) or ""
        return cls(int(match["game"]), int(match["version"]), match["key"], label, tag=match["tag"])

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        await routes.turns.move_interaction(
            interaction, key=self.key, game_id=self.game_id, version=self.version, tag=self.tag
        )


class MoveSelect(Routed, discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        version: int,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
        tag: str | None = None,
    ) -> None:
        state = stamp.state_field(version, tag)
        super().__init__(one_value_menu(f"eds:{game_id}:{state}:{n}", options, placeholder))
        self.game_id = game_id
        self.version = version
        self.tag = tag

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> MoveSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["n"]), options_of(item), tag=match["tag"])

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        key = first_selected(interaction)
        await routes.turns.move_interaction(
            interaction, key=key, game_id=self.game_id, version=self.version, tag=self.tag
        )


class OpenerButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"ed(?P<what>[kb]):(?P<game>[0-9]+):{stamp.STAMP}(?::(?P<n>[0-9]+))?",
):
    """Opens the pairs of a group of a step's choices on the same message (n), or goes back to the turn's choices
    (n None); the state's choices are found again from the game, so it works after a restart."""

    def __init__(self, game_id: int, version: int, n: int | None, label: str = "", tag: str | None = None) -> None:
        state = stamp.state_field(version, tag)
        custom_id = f"edk:{game_id}:{state}:{n}" if n is not None else f"edb:{game_id}:{state}"
        super().__init__(
            discord.ui.Button(
                label=fit(label or "…", BUTTON_LABEL),
                style=discord.ButtonStyle.primary if n is not None else discord.ButtonStyle.secondary,
                custom_id=custom_id,
            )
        )
        self.game_id, self.version, self.n, self.tag = game_id, version, n, tag

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> OpenerButton:
        n = int(match["n"]) if match["what"] == "k" and match["n"] is not None else None
        label = getattr(item, "label", None) or ""
        return cls(int(match["game"]), int(match["version"]), n, label, tag=match["tag"])

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        await routes.turns.open_pairs(interaction, game_id=self.game_id, version=self.version, tag=self.tag, n=self.n)


class PrivateButton(
    Routed,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"edp:(?P<game>[0-9]+):(?P<version>[0-9]+)",
):
    """Opens the choices only the seat to act may see (a hand), as a message only they see."""

    def __init__(self, game_id: int, version: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=fit(label or _("Your choices"), BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=f"edp:{game_id}:{version}",
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> PrivateButton:
        return cls(int(match["game"]), int(match["version"]), getattr(item, "label", None) or "")

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        await routes.turns.private_choices(interaction, game_id=self.game_id, version=self.version)


LOBBY_ACTIONS = {"join": N_("Join"), "leave": N_("Leave"), "addbot": N_("Add AI"), "start": N_("Start")}


class LobbyButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"edl:(?P<game>[0-9]+):(?P<action>[a-z]+)"
):
    def __init__(self, game_id: int, action: str) -> None:
        style = discord.ButtonStyle.primary if action == "start" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=fit(_(LOBBY_ACTIONS.get(action, action)), BUTTON_LABEL),
                style=style,
                custom_id=f"edl:{game_id}:{action}",
            )
        )
        self.game_id = game_id
        self.action = action

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> LobbyButton:
        return cls(int(match["game"]), match["action"])

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        await routes.lobby.lobby_interaction(interaction, game_id=self.game_id, action=self.action)


class SwitchesSelect(Routed, discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"edv:(?P<game>[0-9]+)"):
    """The lobby's on/off variants as one multi-select: what is selected is on."""

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None) -> None:
        options = options or [discord.SelectOption(label="-", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"edv:{game_id}",
                options=options,
                placeholder=fit(_("Variants (host): choose the ones to play with"), PLACEHOLDER),
                min_values=0,
                max_values=len(options),
            )
        )
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> SwitchesSelect:
        return cls(int(match["game"]), options_of(item))

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        await routes.lobby.switches_interaction(interaction, game_id=self.game_id, chosen=selected(interaction))


class OptionSelect(
    Routed,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"edo:(?P<game>[0-9]+):(?P<option>[a-z0-9_]+)",
):
    """The lobby's menu for one variant option with several values."""

    def __init__(
        self, game_id: int, option: str, options: list[discord.SelectOption] | None = None, placeholder: str = ""
    ) -> None:
        super().__init__(one_value_menu(f"edo:{game_id}:{option}", options, placeholder))
        self.game_id = game_id
        self.option = option

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> OptionSelect:
        return cls(int(match["game"]), match["option"], options_of(item))

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        value = first_selected(interaction)
        await routes.lobby.option_interaction(interaction, game_id=self.game_id, option=self.option, value=value)


class MoreSelect(Routed, discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"edm:(?P<game>[0-9]+)"):
    """The lobby's last menu when its options outnumber Discord's rows: one pick sets one option's value."""

    def __init__(self, game_id: int, options: list[discord.SelectOption] | None = None, placeholder: str = "") -> None:
        super().__init__(one_value_menu(f"edm:{game_id}", options, placeholder))
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str], item: discord.ui.Item[Any]) -> MoreSelect:
        return cls(int(match["game"]), options_of(item))

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        option, _sep, value = first_selected(interaction).partition("=")
        await routes.lobby.option_interaction(interaction, game_id=self.game_id, option=option, value=value)


END_ACTIONS = {"r": (N_("Rematch"), discord.ButtonStyle.success), "g": (N_("Replay"), discord.ButtonStyle.secondary)}


class EndButton(LobbyButton, template=r"ed(?P<action>[rg]):(?P<game>[0-9]+)"):
    """On a finished game's end message: Rematch (a lobby with the same seats and variants, a new seed) or Replay
    (the game as an animated GIF, to whoever clicked). Read back from its custom id as a lobby button is."""

    def __init__(self, game_id: int, action: str) -> None:
        label, style = END_ACTIONS[action]
        button = discord.ui.Button[Any](
            label=fit(_(label), BUTTON_LABEL), style=style, custom_id=f"ed{action}:{game_id}"
        )
        discord.ui.DynamicItem.__init__(self, button)
        self.game_id, self.action = game_id, action

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        if self.action == "r":
            await routes.lobby.rematch_interaction(interaction, game_id=self.game_id)
        else:
            await routes.past.replay_interaction(interaction, game_id=self.game_id)


def end_row(game_id: int) -> list[discord.ui.Item[Any]]:
    """The controls of a finished game's end message."""
    return [EndButton(game_id, what) for what in END_ACTIONS]


DYNAMIC_ITEMS = (
    MoveButton,
    MoveSelect,
    OpenerButton,
    PrivateButton,
    LobbyButton,
    SwitchesSelect,
    OptionSelect,
    MoreSelect,
    EndButton,
)
MAX_LOBBY_MENUS = MAX_ROWS - 1  # one row holds the lobby buttons


def option_value_key(value: object) -> str:
    """A variant value as a select option's value (booleans and numbers as text)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def lobby_view(game_id: int, info: GameInfo | None = None, options: dict[str, object] | None = None) -> discord.ui.View:
    """The lobby's buttons, and (for a game with variants) the host's menus showing the current choices."""
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(LobbyButton(game_id, action))
    if info is None:
        return view
    options = options or {}
    switches = [o for o in info.options if o.is_switch]
    row = 1
    if switches:
        items = [
            discord.SelectOption(
                label=fit(_(o.label), OPTION_LABEL),
                value=o.name,
                description=fit(_(o.description), OPTION_LABEL),
                default=bool(options.get(o.name, o.default)),
            )
            for o in switches[:MAX_OPTIONS]
        ]
        item = SwitchesSelect(game_id, items)
        item.row = row
        view.add_item(item)
        row += 1
    menus = [o for o in info.options if not o.is_switch]
    room = MAX_LOBBY_MENUS - (row - 1)
    # More options with several values than menus fit (Discord's five rows): the last menu holds the rest, one pick
    # setting one option's value, so that every option stays reachable.
    overflow = menus[room - 1 :] if len(menus) > room else []
    for spec in menus[: room - 1] if overflow else menus:
        current = options.get(spec.name, spec.default)
        items = [
            discord.SelectOption(
                label=fit(f"{_(spec.label)}: {_(spec.words(choice))}", OPTION_LABEL),
                value=option_value_key(choice),
                default=choice == current,
            )
            for choice in spec.choices[:MAX_OPTIONS]
        ]
        menu = OptionSelect(game_id, spec.name, items, _(spec.description))
        menu.row = row
        view.add_item(menu)
        row += 1
    if overflow:
        more = MoreSelect(game_id, more_items(overflow, options), more_placeholder(overflow, options))
        more.row = row
        view.add_item(more)
    return view


def more_items(specs: list[OptionSpec], options: dict[str, Any]) -> list[discord.SelectOption]:
    """Every value of the options the lobby's own menus had no room for, as "Time bank: 1 day a turn"."""
    return [
        discord.SelectOption(
            label=fit(f"{_(spec.label)}: {_(spec.words(choice))}", OPTION_LABEL),
            value=f"{spec.name}={option_value_key(choice)}"[:100],
            description=fit(_(spec.description), OPTION_LABEL) if choice == spec.choices[0] else None,
        )
        for spec in specs
        for choice in spec.choices
    ][:MAX_OPTIONS]


def more_placeholder(specs: list[OptionSpec], options: dict[str, Any]) -> str:
    """What the overflow menu's options are set to now ("More: Time bank: off · ...")."""
    now = " · ".join(f"{_(s.label)}: {_(s.words(options.get(s.name, s.default)))}" for s in specs)
    return _("More options (host): {now}").format(now=now)


STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def public_controls(table: Table, presenter: Presenter) -> Controls | None:
    """The turn message's controls: every legal move of the people to act that everyone may see, and a button
    opening the rest privately when a seat to act has choices only it may see (a hand); None: nothing to click."""
    humans = {p.seat for p in table.to_act if not p.is_ai}
    if not table.active or not humans:
        return None
    shown = [e for e in table.view(None)["legal"] if e["player"] in humans]
    # Counted from the moves themselves: a seat's own view (its labels) is only built when it has hidden ones.
    legal = engine.legal_moves(table.state)
    private = any(sum(m.player == s for m in legal) > sum(e["player"] == s for e in shown) for s in humans)
    controls = turn_controls(shown, presenter, private=private, counts=_counts(table, shown, presenter))
    return controls if controls.rows else None


def _counts(table: Table, entries: list[dict[str, Any]], presenter: Presenter) -> dict[str, int] | None:
    """The pairs of each choice of a kind the game pairs with its next step, when there are more than buttons hold
    (only then do openers replace a menu); None: nothing to pair."""
    paired = [e for e in entries if e["kind"] in presenter.pairs]
    if len(paired) <= MAX_OPTIONS:
        return None
    return Legal.pair_counts(table, paired)


def pairs_controls(table: Table, presenter: Presenter, n: int | None, seat: int, *, private: bool) -> Controls | None:
    """What an opener shows (its pairs and Back), or with n None the turn's choices again; None: no such opener now
    (the choices changed)."""
    if n is None:
        return private_controls(table, presenter, seat) if private else public_controls(table, presenter)
    entries = private_legal(table, seat) if private else [e for e in table.view(None)["legal"] if e["player"] == seat]
    paired = [e for e in entries if e["kind"] in presenter.pairs]
    opened = openers(paired, Legal.pair_counts(table, paired), presenter)
    if not 0 <= n < len(opened):
        return None
    keys = set(opened[n].keys)
    firsts = [e for e in paired if str(e["key"]) in keys]
    return second_level(firsts, {str(e["key"]): Legal.seconds(table, str(e["key"])) for e in firsts}, presenter)


def private_legal(table: Table, seat: int) -> list[dict[str, Any]]:
    """Every legal move of `seat`, as that seat sees them (its hidden choices included)."""
    return [e for e in table.view(seat)["legal"] if e["player"] == seat]


def private_controls(table: Table, presenter: Presenter, seat: int) -> Controls:
    """All of a seat's choices, for the private copy only that seat sees."""
    entries = private_legal(table, seat)
    return turn_controls(entries, presenter, counts=_counts(table, entries, presenter))


def controls_view(
    game_id: int, version: int, controls: Controls | None, *, tag: str | None = None
) -> discord.ui.View | None:
    """The controls laid out as a classic message's components (None when there are none); `tag`: the state's
    (bot/service/stamp.py), carried by every move control."""
    if controls is None or not controls.rows:
        return None
    view = discord.ui.View(timeout=None)
    menus = 0
    for row, items in enumerate(controls.rows):
        for control in items:
            item: discord.ui.Item[Any]
            if isinstance(control, Button):
                item = MoveButton(game_id, version, control.key, control.label, STYLES[control.style], tag=tag)
            elif isinstance(control, Pair):
                key = control.first if control.second is None else f"{control.first}{PAIR_SEP}{control.second}"
                item = MoveButton(game_id, version, key, control.label, discord.ButtonStyle.success, tag=tag)
            elif isinstance(control, Opener):
                item = OpenerButton(game_id, version, control.n, control.label, tag=tag)
            elif isinstance(control, Back):
                item = OpenerButton(game_id, version, None, _(control.label), tag=tag)
            elif isinstance(control, Menu):
                options = [
                    discord.SelectOption(label=fit(label, OPTION_LABEL), value=key[:100])
                    for key, label in control.options
                ]
                item = MoveSelect(game_id, version, menus, options, control.placeholder, tag=tag)
                menus += 1
            else:
                item = PrivateButton(game_id, version, _(control.label))
            item.row = row
            view.add_item(item)
    return view


def turn_view(table: Table, presenter: Presenter) -> tuple[discord.ui.View | None, int]:
    """The turn message's components (bot/controls.py decides which and how they group) and how many legal moves
    did not fit (those are reachable through the slash commands)."""
    controls = public_controls(table, presenter)
    view = controls_view(table.game_id, table.version, controls, tag=stamp.tag_of(table))
    return view, controls.left_out if controls else 0
