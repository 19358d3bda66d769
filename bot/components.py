"""Persistent buttons and selects: everything they need is in their custom_id, so they work after a restart.

    ed:<game_id>:<version>:<move key>     a button for one legal move
    eds:<game_id>:<version>:<n>           a select whose option values are move keys (n: which of several)
    edl:<game_id>:<action>                a lobby button (join, leave, addbot, start)
    edv:<game_id>                         the lobby's switches (variant options that are on or off)
    edo:<game_id>:<option>                the lobby's menu for a variant option with several values
    edu:<game_id>:<version>:<yes|no>      an answer to a request to undo the move that made <version>
    edh:<game_id>:<seat>:<from>:<to>:<mode>:<yes|no>   an answer to the offer of a seat (mode: h handover,
                                          s substitute, m substitute asked by a moderator)

What becomes a button or a menu, and the words on them, come from the game's presenter.

They are discord.ui.DynamicItem classes registered with bot.add_dynamic_items in setup_hook; the click is
handled by bot.flow, which refuses a version that is not the current one ("from an earlier turn").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from engine.api import GameInfo, Presenter

if TYPE_CHECKING:
    from .service import Table

MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25


def _flow(interaction: discord.Interaction) -> Any:
    return interaction.client.flow  # type: ignore[attr-defined]


BUTTON_TEMPLATE = r"ed:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<key>.+)"
SELECT_TEMPLATE = r"eds:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<n>[0-9]+)"


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(self, game_id: int, version: int, key: str, label: str = "", style: Any = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or key[:80],
                style=style or discord.ButtonStyle.secondary,
                custom_id=f"ed:{game_id}:{version}:{key}"[:100],
            )
        )
        self.game_id = game_id
        self.version = version
        self.key = key

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> MoveButton:
        return cls(int(match["game"]), int(match["version"]), match["key"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _flow(interaction).move_interaction(interaction, key=self.key, game_id=self.game_id, version=self.version)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(
        self,
        game_id: int,
        version: int,
        n: int,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"eds:{game_id}:{version}:{n}",
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder[:150] or None,
                min_values=1,
                max_values=1,
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["version"]), int(match["n"]), list(item.options) or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        key = values[0] if values else ""
        await _flow(interaction).move_interaction(interaction, key=key, game_id=self.game_id, version=self.version)


LOBBY_ACTIONS = {"join": "Join", "leave": "Leave", "addbot": "Add AI", "start": "Start"}


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"edl:(?P<game>[0-9]+):(?P<action>[a-z]+)"):
    def __init__(self, game_id: int, action: str) -> None:
        style = discord.ButtonStyle.primary if action == "start" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=LOBBY_ACTIONS.get(action, action), style=style, custom_id=f"edl:{game_id}:{action}")
        )
        self.game_id = game_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _flow(interaction).lobby_interaction(interaction, game_id=self.game_id, action=self.action)


class SwitchesSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"edv:(?P<game>[0-9]+)"):
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
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> SwitchesSelect:
        return cls(int(match["game"]), list(item.options) or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        await _flow(interaction).switches_interaction(interaction, game_id=self.game_id, chosen=list(values))


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"edo:(?P<game>[0-9]+):(?P<option>[a-z0-9_]+)"):
    """The lobby's menu for one variant option with several values."""

    def __init__(
        self, game_id: int, option: str, options: list[discord.SelectOption] | None = None, placeholder: str = ""
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"edo:{game_id}:{option}"[:100],
                options=options or [discord.SelectOption(label="-", value="-")],
                placeholder=placeholder[:150] or None,
                min_values=1,
                max_values=1,
            )
        )
        self.game_id = game_id
        self.option = option

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> OptionSelect:
        return cls(int(match["game"]), match["option"], list(item.options) or None)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []  # type: ignore[union-attr]
        value = values[0] if values else ""
        await _flow(interaction).option_interaction(interaction, game_id=self.game_id, option=self.option, value=value)


def _consent(interaction: discord.Interaction) -> Any:
    return interaction.client.consent  # type: ignore[attr-defined]


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"edu:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<a>yes|no)"
):
    def __init__(self, game_id: int, version: int, yes: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label="Agree to undo" if yes else "Refuse",
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                custom_id=f"edu:{game_id}:{version}:{'yes' if yes else 'no'}",
            )
        )
        self.game_id, self.version, self.yes = game_id, version, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["game"]), int(match["version"]), match["a"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _consent(interaction).undo_answer(interaction, self.game_id, self.version, self.yes)


SEAT_OFFER_TEMPLATE = (
    r"edh:(?P<game>[0-9]+):(?P<seat>[0-9]+):(?P<src>[0-9]+):(?P<dst>[0-9]+):(?P<mode>[hsm]):(?P<a>yes|no)"
)


class SeatOfferButton(discord.ui.DynamicItem[discord.ui.Button], template=SEAT_OFFER_TEMPLATE):
    """Accept or decline a seat offered by `/game handover to:` or `/game substitute to:`."""

    def __init__(self, game_id: int, seat: int, src: int, dst: int, mode: str, yes: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label="Take the seat" if yes else "Decline",
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
                custom_id=f"edh:{game_id}:{seat}:{src}:{dst}:{mode}:{'yes' if yes else 'no'}",
            )
        )
        self.game_id, self.seat, self.src, self.dst, self.mode, self.yes = game_id, seat, src, dst, mode, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> SeatOfferButton:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["src"]),
            int(match["dst"]),
            match["mode"],
            match["a"] == "yes",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await _consent(interaction).seat_answer(
            interaction, self.game_id, self.seat, self.src, self.dst, self.mode, self.yes
        )


def undo_view(game_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(game_id, version, True))
    view.add_item(UndoButton(game_id, version, False))
    return view


def seat_offer_view(game_id: int, seat: int, src: int, dst: int, mode: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SeatOfferButton(game_id, seat, src, dst, mode, True))
    view.add_item(SeatOfferButton(game_id, seat, src, dst, mode, False))
    return view


DYNAMIC_ITEMS = (MoveButton, MoveSelect, LobbyButton, SwitchesSelect, OptionSelect, UndoButton, SeatOfferButton)
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
        item = OptionSelect(game_id, spec.name, items, spec.description)
        item.row = row
        view.add_item(item)
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
        item = MoveSelect(table.game_id, table.version, n, options, placeholder)
        item.row = row
        view.add_item(item)
        row += 1
    for i, entry in enumerate(buttons[: (MAX_ROWS - row) * MAX_BUTTONS_PER_ROW]):
        style = STYLES[presenter.style_of(entry["kind"])]
        item = MoveButton(table.game_id, table.version, entry["key"], presenter.label_of(entry), style)
        item.row = row + i // MAX_BUTTONS_PER_ROW
        view.add_item(item)
    left_out += max(0, len(buttons) - (MAX_ROWS - row) * MAX_BUTTONS_PER_ROW)
    return (view if view.children else None), left_out
