"""Nothing a client can change is trusted (issue 19, items 10 and 11): forged seat-offer buttons, sent through the
fake Discord as a modified client would, change no seat; guild-only commands crafted in a direct message open
nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.fakediscord import FakeDiscord, FakeMessage

from .helpers import ok, open_game, refused, running, settings, table_of


def forge(message: FakeMessage, custom_id: str, forged: str) -> None:
    """Rewrite one component's custom_id on the stored message: what a modified client would send."""
    for component in message.iter_components():
        if component.get("custom_id") == custom_id:
            component["custom_id"] = forged
            return
    raise AssertionError(f"{custom_id} is not on the message")


def offer_of(fake: FakeDiscord, channel: str) -> FakeMessage:
    return next(m for m in reversed(fake.channel_messages(channel)) if m.text.startswith("🔁 <@"))


def yes_of(message: FakeMessage) -> str:
    return next(c for c in message.custom_ids() if c.endswith(":yes"))


async def test_forged_seat_offers_change_no_seat(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            await open_game(fake, "game-1", ["alice", "bob"])
            bob, carol, dave = (fake.user(n).id for n in ("bob", "carol", "dave"))
            table = await table_of(bot, fake, "game-1")
            seats = [p.user_id for p in table.players]
            await ok(await fake.slash("bob", "game-1", "game", "handover", to="carol"))
            offer = offer_of(fake, "game-1")
            real = yes_of(offer)
            # The old form: giver, seat and mode in the custom_id, mode m claiming Manage Channels rights.
            old = f"edh:{table.game_id}:1:{bob}:{dave}:m:yes"
            forge(offer, real, old)
            assert "ended" in await refused(await fake.click("dave", offer, old))
            # A made-up offer id.
            made_up = "edh:0123456789abcdef:yes"
            forge(offer, old, made_up)
            assert "ended" in await refused(await fake.click("dave", offer, made_up))
            # The real offer, taken by someone it was not made to.
            forge(offer, made_up, real)
            assert "only they" in await refused(await fake.click("dave", offer, real))
            # The real offer, copied onto a message of another channel.
            await open_game(fake, "game-2", ["carol", "dave"])
            elsewhere = offer_of(fake, "game-1")
            elsewhere.channel_id = fake.channel("game-2").id
            assert "ended" in await refused(await fake.click("carol", elsewhere, real))
            elsewhere.channel_id = fake.channel("game-1").id
            assert [p.user_id for p in (await table_of(bot, fake, "game-1")).players] == seats
            # Accepted by the member it was made to.
            await ok(await fake.click("carol", offer, real))
            assert (await table_of(bot, fake, "game-1")).players[1].user_id == carol
        fake.assert_no_violations()


def direct_message(fake: FakeDiscord) -> None:
    """Every interaction from now on arrives as Discord sends one from a direct message: no guild, a user
    instead of a member, a DM channel."""
    original = fake._interaction_payload

    def in_dm(*args: Any, **kwargs: Any) -> dict[str, Any]:
        payload = original(*args, **kwargs)
        payload.pop("guild_id", None)
        payload.pop("guild", None)
        payload["user"] = payload.pop("member")["user"]
        payload["context"] = 1
        channel = {k: v for k, v in payload["channel"].items() if k not in ("guild_id", "position", "name")}
        payload["channel"] = {**channel, "type": 1, "recipients": [payload["user"]]}
        payload["authorizing_integration_owners"] = {"1": payload["user"]["id"]}
        return payload

    fake._interaction_payload = in_dm  # type: ignore[method-assign]


async def test_guild_commands_crafted_in_a_direct_message_open_nothing(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        async with running(fake, settings(tmp_path / "g.db")) as (bot, _):
            dm = fake.add_channel("dm-mallory")
            direct_message(fake)
            for command in (("game", "new"), ("game", "join"), ("undo",), ("play",)):
                values = {"move": "ship:A1N"} if command == ("play",) else {}
                text = await refused(await fake.slash("alice", dm, *command, **values))
                assert "not in direct messages" in text, (command, text)
            assert await bot.services.store.active_game(dm.id) is None
            assert await bot.services.store.history(dm.id) == []
        fake.assert_no_violations()
