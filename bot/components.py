"""Persistent buttons and selects: everything they need is in their custom_id, so they work after a restart.

    ed:<game_id>:<state>:<move key>       a button for one legal move
    eds:<game_id>:<state>:<n>             a select whose option values are move keys (n: which of several)
    edl:<game_id>:<action>                a lobby button (join, leave, addbot, start)
    edv:<game_id>                         the lobby's switches (variant options that are on or off)
    edo:<game_id>:<option>                the lobby's menu for a variant option with several values
    edu:<game_id>:<version>:<yes|no>      an answer to a request to undo (bot/undo/buttons.py)
    edh:<offer>:<yes|no>                  an answer to the offer of a seat (bot/offers/buttons.py)

`<state>` is `<version>.<tag>` (bot/service/stamp.py: the version alone comes back after /undo); controls made
before issue 19 carry the version alone, and are judged by it. What becomes a button or a menu, and the words on
them, come from the game's presenter.

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

from engine.api import GameInfo, Presenter

from .errors import GUILD_ONLY, ErrorAnswers
from .service import stamp
from .service.refusal import Refusal
from .service.table import Table

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25


class TurnClicks(Protocol):
    async def move_interaction(
        self, interaction: discord.Interaction, *, key: str, game_id: int, version: int, tag: str | None
    ) -> None: ...


class LobbyClicks(Protocol):
    async def lobby_interaction(self, interaction: discord.Interaction, *, game_id: int, action: str) -> None: ...

    async def switches_interaction(
        self, interaction: discord.Interaction, *, game_id: int, chosen: list[str]
    ) -> None: ...

    async def option_interaction(
        self, interaction: discord.Interaction, *, game_id: int, option: str, value: str
    ) -> None: ...


class UndoAnswers(Protocol):
    async def undo_answer(self, interaction: discord.Interaction, game_id: int, version: int, yes: bool) -> None: ...


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
        placeholder=placeholder[:150] or None,
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
                label=label[:80] or key[:80],
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


LOBBY_ACTIONS = {"join": "Join", "leave": "Leave", "addbot": "Add AI", "start": "Start"}


class LobbyButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"edl:(?P<game>[0-9]+):(?P<action>[a-z]+)"
):
    def __init__(self, game_id: int, action: str) -> None:
        style = discord.ButtonStyle.primary if action == "start" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=LOBBY_ACTIONS.get(action, action), style=style, custom_id=f"edl:{game_id}:{action}")
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
                placeholder="Variants (host): choose the ones to play with",
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


DYNAMIC_ITEMS = (MoveButton, MoveSelect, LobbyButton, SwitchesSelect, OptionSelect)
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
                label=o.label[:100],
                value=o.name,
                description=o.description[:100],
                default=bool(options.get(o.name, o.default)),
            )
            for o in switches[:MAX_OPTIONS]
        ]
        item = SwitchesSelect(game_id, items)
        item.row = row
        view.add_item(item)
        row += 1
    for spec in [o for o in info.options if not o.is_switch][: MAX_LOBBY_MENUS - (row - 1)]:
        current = options.get(spec.name, spec.default)
        items = [
            discord.SelectOption(
                label=f"{spec.label}: {spec.words(choice)}"[:100],
                value=option_value_key(choice),
                default=choice == current,
            )
            for choice in spec.choices[:MAX_OPTIONS]
        ]
        menu = OptionSelect(game_id, spec.name, items, spec.description)
        menu.row = row
        view.add_item(menu)
        row += 1
    return view


STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def turn_view(table: Table, presenter: Presenter) -> tuple[discord.ui.View | None, int]:
    """Buttons and selects for the current player's legal moves, within 5 rows of 5 buttons or one select.

    Small choices are buttons; the kinds the presenter names (many choices: positions, placements) are string
    selects of up to 25 options each.
    Returns the view (None when nothing is left to click) and how many legal moves did not fit (those are
    reachable through the slash commands).
    """
    humans = {p.seat for p in table.to_act if not p.is_ai}
    if not table.active or not humans:
        return None, 0
    # A spectator's view: private choices (a player's own tiles) are offered to them privately by command.
    legal = [e for e in table.view(None)["legal"] if e["player"] in humans]
    selects = [e for e in legal if e["kind"] in presenter.select_kinds]
    buttons = [e for e in legal if e["kind"] not in presenter.select_kinds]
    # A long list of small choices (12 counts, say) would use too many rows: make the longest kind a select.
    if len(buttons) > 10:
        counts: dict[str, int] = {}
        for e in buttons:
            counts[e["kind"]] = counts.get(e["kind"], 0) + 1
        longest = max(counts, key=lambda k: counts[k])
        selects = [e for e in buttons if e["kind"] == longest] + selects
        buttons = [e for e in buttons if e["kind"] != longest]
    view = discord.ui.View(timeout=None)
    rows_for_buttons = -(-len(buttons) // MAX_BUTTONS_PER_ROW)
    select_rows = MAX_ROWS - rows_for_buttons
    chunks = [selects[i : i + MAX_OPTIONS] for i in range(0, len(selects), MAX_OPTIONS)]
    left_out = sum(len(c) for c in chunks[select_rows:])
    row = 0
    for n, chunk in enumerate(chunks[:select_rows]):
        options = [discord.SelectOption(label=str(e.get("label", e["key"]))[:100], value=e["key"][:100]) for e in chunk]
        placeholder = presenter.placeholder_of(chunk[0]["kind"])
        if len(chunks) > 1:
            placeholder += f" ({chunk[0].get('label', '')[:20]} – {chunk[-1].get('label', '')[:20]})"
        item = MoveSelect(table.game_id, table.version, n, options, placeholder, tag=stamp.tag_of(table))
        item.row = row
        view.add_item(item)
        row += 1
    for i, entry in enumerate(buttons[: (MAX_ROWS - row) * MAX_BUTTONS_PER_ROW]):
        style = STYLES[presenter.style_of(entry["kind"])]
        button = MoveButton(
            table.game_id, table.version, entry["key"], presenter.label_of(entry), style, tag=stamp.tag_of(table)
        )
        button.row = row + i // MAX_BUTTONS_PER_ROW
        view.add_item(button)
    left_out += max(0, len(buttons) - (MAX_ROWS - row) * MAX_BUTTONS_PER_ROW)
    return (view if view.children else None), left_out
