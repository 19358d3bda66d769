"""fakediscord: a loopback Discord (REST + gateway on 127.0.0.1) for end-to-end bot tests.

The *real* discord.py client talks to it over HTTP and a websocket, so its HTTP,
multipart, gateway, app-command and view code all run unmodified. The fake
enforces Discord's rules and records each break in ``fake.violations``.

Quick start::

    from tests.fakediscord import FAST_CLIENT_OPTIONS, FakeDiscord, run_bot

    async def test_new_game() -> None:
        async with FakeDiscord() as fake:
            bot = MyBot(intents=discord.Intents.default(), **FAST_CLIENT_OPTIONS)
            async with run_bot(fake, bot):                  # login → tree.sync → READY
                i = await fake.slash("alice", "game-1", "game", "new", game="entdecker")
                msg = await i.final()                       # after defer: first followup/edit
                assert msg.attachments[0].image().size == (800, 600)
            fake.assert_no_violations()

Driver API (``FakeDiscord``)
----------------------------
World:
    ``FakeDiscord(response_deadline=3.0, token_lifetime=900.0, attachment_size_limit=10 MiB)``
    ``fake.user("alice")`` / ``fake.add_member(name, roles=()) -> FakeUser``; predefined members
    ``alice bob carol dave``, ``fake.mod`` (Manage Channels via ``fake.moderator_role``),
    ``fake.owner`` (guild owner), ``fake.bot_user``.
    ``fake.channel("game-1")`` / ``fake.add_channel(name)``; predefined ``general game-1..3``.
    ``fake.guild_id``, ``fake.application_id``, ``fake.global_commands``, ``fake.guild_commands``.
Interactions (each returns an :class:`InteractionHandle` unless noted):
    ``await fake.slash(user, channel, "game", "new", game="entdecker")`` – group/sub/options are
    checked and typed against the synced definitions; never-synced → ``UnknownCommandError``.
    ``await fake.autocomplete(user, channel, "place", focused="tile", value="A", **others) -> list[choice]``
    ``await fake.click(user, message, custom_id)`` / ``await fake.select(user, message, custom_id, values)``
    ``await fake.submit_modal(user, handle_that_opened_it, {custom_id: value})``
    ``await fake.send_user_message(user, channel, content) -> FakeMessage``
Handle:
    ``await h.acked()`` → CallbackRecord(type, data, at); ``await h.final()`` → FakeMessage the
    user ends up seeing; ``await h.wait_followups(n)``; ``h.ack_latency`` / ``h.final_latency``
    (seconds from dispatch); ``h.original``, ``h.followups``, ``h.messages``,
    ``h.ephemeral_messages``, ``h.choices``, ``h.modal``, ``h.violations``, ``h.timeline``.
Observation:
    ``fake.channel_messages(channel)`` public messages oldest first; ``fake.visible_messages(user,
    channel)``; ``fake.ephemeral_replies(handle)``; ``await fake.wait_for(predicate, timeout)``;
    ``await fake.wait_for_message(channel, predicate)``; ``fake.violations``;
    ``fake.assert_no_violations()``; ``fake.requests`` (raw request log).
FakeMessage: ``content embeds components attachments flags ephemeral custom_ids() component(id)
    buttons() selects()``; for components v2 (IS_COMPONENTS_V2: no content, text and pictures are components,
    checked against Discord's Component Reference: 40 components, 4,000 characters of text, ``attachment://``
    references resolved) ``v2``, ``text`` (the Text Displays, or the content) and ``pictures()`` (the attachments
    shown); FakeAttachment: ``filename data size content_type image()`` (Pillow).

Running a bot: ``async with run_bot(fake, bot) as run`` (see :mod:`.harness`) logs in, connects,
waits for on_ready and on exit closes the bot, re-raising a crashed connect() task (P7) and
failing on any ERROR logged under ``discord`` (swallowed command/view errors, P8).
"""

from .harness import FAST_CLIENT_OPTIONS, BotRun, ErrorCollector, fake_discord, run_bot
from .limits import DEFAULT_ATTACHMENT_SIZE_LIMIT, FLAG_EPHEMERAL
from .models import FakeAttachment, FakeMessage, InteractionHandle
from .server import FakeDiscord, NotConnectedError, RequestRecord, UnknownCommandError

__all__ = [
    "DEFAULT_ATTACHMENT_SIZE_LIMIT",
    "FAST_CLIENT_OPTIONS",
    "FLAG_EPHEMERAL",
    "BotRun",
    "ErrorCollector",
    "FakeAttachment",
    "FakeDiscord",
    "FakeMessage",
    "InteractionHandle",
    "NotConnectedError",
    "RequestRecord",
    "UnknownCommandError",
    "fake_discord",
    "run_bot",
]
