"""Which interaction may carry the next turn message as its follow-up (bot/announcer.follows_up)."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.announcer import follows_up


def click(*, on_ephemeral: bool, expired: bool = False) -> discord.Interaction:
    message = SimpleNamespace(flags=SimpleNamespace(ephemeral=on_ephemeral))
    return SimpleNamespace(  # type: ignore[return-value]
        type=discord.InteractionType.component,
        response=SimpleNamespace(type=discord.InteractionResponseType.deferred_message_update),
        is_expired=lambda: expired,
        message=message,
    )


def test_a_click_on_the_channels_turn_message_carries_the_next_turn() -> None:
    assert follows_up(click(on_ephemeral=False))


def test_a_click_on_a_private_copy_does_not_so_the_next_turn_is_never_shown_to_one_player_alone() -> None:
    assert not follows_up(click(on_ephemeral=True))


def test_an_expired_click_or_none_does_not() -> None:
    assert not follows_up(click(on_ephemeral=False, expired=True))
    assert not follows_up(None)
