"""The buttons of a seat offer: `edh:<offer id>:<yes|no>`. The id is all they claim (bot/offers/offers.py)."""

from __future__ import annotations

import re
from typing import Any

import discord

from ..components import ComponentRoutes, Routed
from ..lang import _
from ..text import BUTTON_LABEL, fit

# Offers of earlier versions carried giver, seat and rights in the custom_id; such a click is told to offer again.
OLD_TEMPLATE = r"edh:[0-9]+:[0-9]+:[0-9]+:[0-9]+:[hsm]:(?P<a>yes|no)"


class SeatOfferButton(
    Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"edh:(?P<offer>[0-9a-f]{16}):(?P<a>yes|no)"
):
    """Accept or decline a seat offered by `/game handover to:` or `/game substitute to:`."""

    def __init__(self, offer: str, yes: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit(_("Take the seat") if yes else _("Decline"), BUTTON_LABEL),
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
                custom_id=f"edh:{offer}:{'yes' if yes else 'no'}",
            )
        )
        self.offer, self.yes = offer, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SeatOfferButton:
        return cls(match["offer"], match["a"] == "yes")

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        await routes.offers.seat_answer(interaction, self.offer, self.yes)


class OldSeatOfferButton(Routed, discord.ui.DynamicItem[discord.ui.Button[Any]], template=OLD_TEMPLATE):
    """An offer's button from before offers were kept by the bot: it is answered as an offer that has ended."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(discord.ui.Button(label="-", custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OldSeatOfferButton:
        return cls(getattr(item, "custom_id", None) or "")

    async def act(self, interaction: discord.Interaction, routes: ComponentRoutes) -> None:
        await routes.offers.seat_answer(interaction, "", False)


def seat_offer_view(offer: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SeatOfferButton(offer, True))
    view.add_item(SeatOfferButton(offer, False))
    return view
