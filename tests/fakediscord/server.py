"""The loopback Discord: an aiohttp REST API + gateway websocket on 127.0.0.1.

See :mod:`tests.fakediscord` for the driver API overview. Everything that touches
Discord's wire format lives here; rule checks live in :mod:`.limits`.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import mimetypes
import secrets
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import discord
import discord.gateway
import discord.http
import yarl
from aiohttp import BodyPartReader, WSMsgType, web

from . import limits
from .limits import (
    ATTACHMENT_SCHEME,
    DEFAULT_ATTACHMENT_SIZE_LIMIT,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    Problem,
    check_choices,
    check_commands,
    check_files,
    check_message,
    error_body,
    media_of,
    pinged,
    text_of,
)
from .models import (
    CallbackRecord,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionHandle,
    Violation,
    iso_now,
    snowflake,
)

T = TypeVar("T")

# Permission bits (https://discord.com/developers/docs/topics/permissions).
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
ALL_PERMISSIONS = (1 << 53) - 1
EVERYONE_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
)

# Gateway intents that decide which dispatches the bot receives (P6).
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_MESSAGE_CONTENT = 1 << 15

# Interaction types and the callback types Discord accepts for each.
PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    APPLICATION_COMMAND: frozenset({4, 5, 9}),
    MESSAGE_COMPONENT: frozenset({4, 5, 6, 7, 9}),
    AUTOCOMPLETE: frozenset({8}),
    MODAL_SUBMIT: frozenset({4, 5, 6, 7}),
}

# Application command option types.
OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP = 1, 2
OPT_STRING, OPT_INTEGER, OPT_BOOLEAN, OPT_USER, OPT_CHANNEL, OPT_ROLE, OPT_MENTIONABLE, OPT_NUMBER = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
)

DEFAULT_MEMBERS = ("alice", "bob", "carol", "dave")
DEFAULT_CHANNELS = ("general", "game-1", "game-2", "game-3")

UserRef = FakeUser | int | str
ChannelRef = FakeChannel | int | str
MessageRef = FakeMessage | int


class UnknownCommandError(LookupError):
    """The test invoked a command the bot never synced (Discord would not show it)."""


class NotConnectedError(RuntimeError):
    """An interaction was dispatched while no bot was identified on the gateway."""


@dataclass
class RequestRecord:
    """One HTTP request the bot made (for debugging and custom assertions)."""

    method: str
    path: str
    query: dict[str, str]
    payload: Any
    files: list[FakeAttachment]
    status: int = 0


@dataclass
class _Upload:
    index: int
    filename: str
    data: bytes


@dataclass
class _GatewayConn:
    ws: web.WebSocketResponse
    seq: int = 0
    intents: int = 0
    identified: bool = False
    shard: tuple[int, int] = (0, 1)  # [shard_id, num_shards] from IDENTIFY

    def sees(self, guild_id: int | None) -> bool:
        """Discord's routing: a guild's events go to shard (guild_id >> 22) % num_shards, DMs to shard 0."""
        shard_id, count = self.shard
        return (0 if guild_id is None else (guild_id >> 22) % count) == shard_id

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def _json(data: Any, status: int = 200) -> web.Response:
    # P1: discord.py compares Content-Type to exactly "application/json";
    # web.json_response appends "; charset=utf-8" and breaks login.
    return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


def _no_content() -> web.Response:
    return web.Response(status=204)


_Named = TypeVar("_Named", FakeUser, FakeChannel)


def _by_id_or_name(things: list[_Named], ref: int | str, what: str) -> _Named:
    for thing in things:
        if ref in (thing.id, thing.name):
            return thing
    raise KeyError(f"no {what} {ref!r}; known: {[t.name for t in things]}")


class FakeDiscord:
    """A Discord API + gateway on 127.0.0.1 for one test; use as ``async with FakeDiscord() as fake``.

    ``response_deadline`` (3 s), ``token_lifetime`` (15 min) and
    ``attachment_size_limit`` (10 MiB) default to Discord's values and can be shrunk
    so that tests of the rules stay fast.
    """

    def __init__(
        self,
        *,
        response_deadline: float = 3.0,
        token_lifetime: float = 15 * 60.0,
        attachment_size_limit: int = DEFAULT_ATTACHMENT_SIZE_LIMIT,
        heartbeat_interval_ms: int = 41250,
        guild_name: str = "Entdecker Testgilde",
        members: Sequence[str] = DEFAULT_MEMBERS,
        channels: Sequence[str] = DEFAULT_CHANNELS,
    ) -> None:
        self.response_deadline = response_deadline
        self.token_lifetime = token_lifetime
        self.attachment_size_limit = attachment_size_limit
        self.heartbeat_interval_ms = heartbeat_interval_ms
        # Created first: add_member/add_channel consult them while the world is built.
        self._connections: list[_GatewayConn] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._watched: list[asyncio.Task[Any]] = []
        self.channels: dict[int, FakeChannel] = {}
        # Direct messages: a DM channel per user (POST /users/@me/channels) and what the bot sent there, as
        # (user name, content); users in dms_closed refuse them (403, code 50007) as Discord does.
        self.dm_channels: dict[int, FakeChannel] = {}
        self.direct_messages: list[tuple[str, str]] = []
        self.dms_closed: set[int] = set()

        self.application_id = snowflake()
        self.guild_id = snowflake()
        self.guild_name = guild_name
        self.guild_locale = "en-US"  # the servers' preferred locale (Community settings), for every guild
        # Every guild the bot is in: the main one above, and those of add_guild (same members, same roles).
        self.guilds: dict[int, str] = {self.guild_id: guild_name}
        self.bot_token: str | None = None
        self.roles: dict[int, FakeRole] = {
            self.guild_id: FakeRole(self.guild_id, "@everyone", EVERYONE_PERMISSIONS, 0),
        }
        self.moderator_role = self._add_role("Moderator", MANAGE_CHANNELS | MANAGE_MESSAGES, 1)
        self.bot_role = self._add_role("Entdecker", MANAGE_CHANNELS | MANAGE_MESSAGES, 2)
        self.bot_user = FakeUser(self.application_id, "Entdecker", bot=True, roles=[self.bot_role.id])
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        # The owner is deliberately a separate member: an owner has every permission,
        # which would hide bugs in Manage Channels checks for "mod".
        self.owner = self.add_member("owner")
        for name in members:
            self.add_member(name)
        self.mod = self.add_member("mod", roles=[self.moderator_role.id])
        for name in channels:
            self.add_channel(name)

        # Set by a test harness that can tell when the app has done with an interaction (id -> when it has): an app
        # may answer a command privately and then post its public follow-up, so `InteractionHandle.final` waits for
        # this too before a test looks at the channel. None: final is the first answer alone.
        self.settle: Callable[[int], Awaitable[None]] | None = None
        self.messages: dict[int, FakeMessage] = {}
        self.nonces: dict[tuple[int, str], int] = {}  # (channel, nonce) -> message id, for enforce_nonce
        self.interactions: dict[int, InteractionHandle] = {}
        self._by_token: dict[str, InteractionHandle] = {}
        self.global_commands: dict[str, dict[str, Any]] = {}
        self.guild_commands: dict[int, dict[str, dict[str, Any]]] = {}
        self.synced = False
        self.violations: list[Violation] = []
        self.requests: list[RequestRecord] = []
        self.gateway_queries: list[dict[str, str]] = []
        self.identify_payloads: list[dict[str, Any]] = []

        self._changed = asyncio.Event()
        # wait_for's waiters: (predicate, future). Checked on every fake event and by one 20 ms poll for all of them,
        # rather than every waiter waking up on every event (with 100 games that was most of the fake's CPU).
        self._waiters: dict[int, tuple[Callable[[], Any], asyncio.Future[Any]]] = {}
        self._poller: asyncio.Task[None] | None = None
        self._runner: web.AppRunner | None = None
        self._port = 0
        self._saved_base: str | None = None
        self._saved_gateway: yarl.URL | None = None

    # ------------------------------------------------------------------ lifecycle
    @property
    def port(self) -> int:
        return self._port

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._port}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self._port}/"

    async def start(self) -> None:
        """Bind to a free port and point discord.py's REST base and gateway at it."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/", self._gateway)
        app.router.add_get("/attachments/{aid}/{filename}", self._get_attachment)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._api)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[attr-defined]
        self._port = server.sockets[0].getsockname()[1]  # type: ignore[attr-defined]
        self._saved_base = discord.http.Route.BASE
        self._saved_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = f"{self.base_url}/api/v10"
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    async def stop(self) -> None:
        """Close sockets, cancel deadline timers, restore discord.py's URLs."""
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._poller
            self._poller = None
        for handle in self.interactions.values():
            if handle.deadline_handle is not None:
                handle.deadline_handle.cancel()
        for conn in list(self._connections):
            with contextlib.suppress(Exception):
                await conn.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._saved_base is not None:
            discord.http.Route.BASE = self._saved_base
            self._saved_base = None
        if self._saved_gateway is not None:
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved_gateway
            self._saved_gateway = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ------------------------------------------------------------------ world setup
    def _add_role(self, name: str, permissions: int, position: int) -> FakeRole:
        role = FakeRole(snowflake(), name, permissions, position)
        self.roles[role.id] = role
        return role

    def add_member(self, name: str, *, roles: Sequence[int] = (), bot: bool = False) -> FakeUser:
        """Create a guild member (announced with GUILD_MEMBER_ADD if a bot is connected)."""
        user = FakeUser(snowflake(), name, bot=bot, roles=list(roles))
        self.users[user.id] = user
        if self._connections:
            data = {**user.member_payload(), "guild_id": str(self.guild_id)}
            self._spawn(self._dispatch("GUILD_MEMBER_ADD", data, intent=INTENT_GUILD_MEMBERS))
        return user

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None) -> int:
        """Another guild with the same members and roles; ``shard=(i, n)`` picks an id that Discord routes to shard
        i of n. Announced with GUILD_CREATE to the connections of its shard. Returns its id."""
        guild_id = snowflake()
        if shard is not None:
            shard_id, count = shard
            guild_id += (((shard_id - (guild_id >> 22)) % count) << 22) if count > 1 else 0
        self.guilds[guild_id] = name
        self.roles[guild_id] = FakeRole(guild_id, "@everyone", EVERYONE_PERMISSIONS, 0)
        if self._connections:
            self._spawn(self._dispatch("GUILD_CREATE", self._guild_payload(guild_id)))
        return guild_id

    def guild_of(self, channel: ChannelRef) -> int:
        return self.channel(channel).guild_id

    def add_channel(self, name: str, *, guild: int | None = None) -> FakeChannel:
        """Create a text channel, in the main guild unless `guild` says otherwise (announced with CHANNEL_CREATE if a
        bot is connected)."""
        channel = FakeChannel(snowflake(), name, guild or self.guild_id, position=len(self.channels))
        self.channels[channel.id] = channel
        if self._connections:
            self._spawn(self._dispatch("CHANNEL_CREATE", channel.payload()))
        return channel

    def user(self, ref: UserRef) -> FakeUser:
        """Look a member up by object, id or name (``fake.user("alice")``)."""
        return ref if isinstance(ref, FakeUser) else _by_id_or_name(list(self.users.values()), ref, "member")

    def channel(self, ref: ChannelRef) -> FakeChannel:
        """Look a text channel up by object, id or name (``fake.channel("game-1")``)."""
        return ref if isinstance(ref, FakeChannel) else _by_id_or_name(list(self.channels.values()), ref, "channel")

    def message(self, ref: MessageRef) -> FakeMessage:
        if isinstance(ref, FakeMessage):
            return self.messages.get(ref.id, ref)
        return self.messages[ref]

    def permissions_for(self, user: UserRef, guild_id: int | None = None) -> int:
        """Guild-level permission integer (no channel overwrites are modelled)."""
        member = self.user(user)
        if member.id == self.owner.id:
            return ALL_PERMISSIONS
        perms = self.roles[guild_id or self.guild_id].permissions
        for role_id in member.roles:
            perms |= self.roles[role_id].permissions
        return ALL_PERMISSIONS if perms & ADMINISTRATOR else perms

    # ------------------------------------------------------------------ test accessors
    def channel_messages(self, channel: ChannelRef) -> list[FakeMessage]:
        """Messages everyone sees in the channel, oldest first (no ephemeral/deleted/loading)."""
        cid = self.channel(channel).id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == cid and not m.ephemeral and not m.deleted and not m.loading
        ]

    def ephemeral_replies(self, interaction: InteractionHandle) -> list[FakeMessage]:
        """Ephemeral messages only the invoking user saw for this interaction."""
        return interaction.ephemeral_messages

    def visible_messages(self, user: UserRef, channel: ChannelRef) -> list[FakeMessage]:
        """What ``user`` sees in ``channel``: public messages plus their own ephemerals."""
        uid, cid = self.user(user).id, self.channel(channel).id
        return [
            m
            for m in self.messages.values()
            if m.channel_id == cid and not m.deleted and not m.loading and (not m.ephemeral or m.visible_to == uid)
        ]

    async def wait_for(self, predicate: Callable[[], T], timeout: float = 5.0, what: str | None = None) -> T:
        """Return ``predicate()`` once it is truthy; re-checked on every fake event and every 20 ms."""
        self._raise_if_connect_died()
        value = predicate()
        if value:
            return value
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiters[id(future)] = (predicate, future)
        if self._poller is None or self._poller.done():
            self._poller = asyncio.create_task(self._poll_waiters())
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise TimeoutError(f"fakediscord: timed out after {timeout}s waiting for {what or predicate}") from None
        finally:
            self._waiters.pop(id(future), None)

    def _raise_if_connect_died(self) -> None:
        for task in self._watched:
            # P7: fail fast instead of timing out when the bot's gateway task died.
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise RuntimeError("discord.py connect() task died") from task.exception()

    def _check_waiters(self) -> None:
        try:
            self._raise_if_connect_died()
        except RuntimeError as exc:
            for _, future in self._waiters.values():
                if not future.done():
                    future.set_exception(exc)
            return
        for predicate, future in list(self._waiters.values()):
            if future.done():
                continue
            try:
                value = predicate()
            except Exception as exc:  # the waiter sees it, as if it had called the predicate itself
                future.set_exception(exc)
                continue
            if value:
                future.set_result(value)

    async def _poll_waiters(self) -> None:
        """For predicates on state that changes without a fake event (the bot's own memory, a clock)."""
        while self._waiters:
            await asyncio.sleep(0.02)
            self._check_waiters()

    async def wait_for_message(
        self, channel: ChannelRef, predicate: Callable[[FakeMessage], bool] = lambda m: True, timeout: float = 5.0
    ) -> FakeMessage:
        """Wait for a public message in ``channel`` matching ``predicate``; returns the newest."""

        def find() -> FakeMessage | None:
            found = [m for m in self.channel_messages(channel) if predicate(m)]
            return found[-1] if found else None

        return await self.wait_for(find, timeout, f"message in {channel}")

    def watch(self, task: asyncio.Task[Any]) -> None:
        """Make :meth:`wait_for` raise as soon as ``task`` (the bot's connect()) fails."""
        self._watched.append(task)

    def assert_no_violations(self) -> None:
        if self.violations:
            raise AssertionError("Discord rule violations:\n" + "\n".join(f"  {v}" for v in self.violations))

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()
        if self._waiters:
            self._check_waiters()

    def _violate(
        self,
        problems: list[Problem] | Problem,
        route: str,
        handle: InteractionHandle | None = None,
    ) -> web.Response:
        """Record the violation and answer with Discord's real status and error body."""
        problems = problems if isinstance(problems, list) else [problems]
        body = error_body(problems)
        self.violations.append(
            Violation(
                code=body["code"],
                status=problems[0].status,
                message=body["message"],
                route=route,
                interaction_id=handle.id if handle else None,
                details=[f"{p.path}: {p.message}" if p.path else p.message for p in problems],
            )
        )
        self._notify()
        return _json(body, problems[0].status)

    # ------------------------------------------------------------------ gateway
    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        # Keep a reference; otherwise the task may be garbage collected mid-flight.
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, conn: _GatewayConn, payload: dict[str, Any]) -> None:
        async with conn.lock:
            if payload.get("op") == 0:
                conn.seq += 1
                payload["s"] = conn.seq
            if not conn.ws.closed:
                await conn.ws.send_str(json.dumps(payload))

    async def _dispatch(self, event: str, data: dict[str, Any], *, intent: int | None = None) -> int:
        """Send a DISPATCH to every identified connection subscribed to ``intent`` whose shard has the event's guild
        (``data["guild_id"]``, or ``data["id"]`` of a GUILD_CREATE); returns how many."""
        guild = data.get("id") if event == "GUILD_CREATE" else data.get("guild_id")
        sent = 0
        for conn in list(self._connections):
            if not conn.identified or (intent is not None and not conn.intents & intent):
                continue
            if not conn.sees(int(guild) if guild is not None else None):
                continue
            await self._send(conn, {"op": 0, "t": event, "d": data})
            sent += 1
        return sent

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.gateway_queries.append(dict(request.query))
        conn = _GatewayConn(ws)
        self._connections.append(conn)
        # P2: TEXT frames are read as plain JSON, so the compress= query can be ignored.
        await self._send(conn, {"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op = frame.get("op")
                if op == 1:
                    await self._send(conn, {"op": 11})
                elif op == 2:
                    self.identify_payloads.append(frame["d"])
                    conn.intents = int(frame["d"].get("intents", 0))
                    shard = frame["d"].get("shard") or [0, 1]
                    conn.shard = (int(shard[0]), int(shard[1]))
                    guilds = [g for g in self.guilds if conn.sees(g)]
                    await self._send(conn, {"op": 0, "t": "READY", "d": self._ready_payload(guilds, conn.shard)})
                    for guild_id in guilds:
                        await self._send(conn, {"op": 0, "t": "GUILD_CREATE", "d": self._guild_payload(guild_id)})
                    conn.identified = True
                    self._notify()
                elif op == 6:
                    conn.identified = True
                    await self._send(conn, {"op": 0, "t": "RESUMED", "d": {}})
                elif op == 8:
                    await self._send(conn, {"op": 0, "t": "GUILD_MEMBERS_CHUNK", "d": self._chunk(frame["d"])})
        finally:
            self._connections.remove(conn)
            self._notify()
        return ws

    async def dispatch_raw(self, event: str, data: dict[str, Any]) -> int:
        """Send any gateway DISPATCH as-is (for events the driver does not model); returns receivers."""
        return await self._dispatch(event, data)

    @property
    def connected(self) -> bool:
        return any(c.identified for c in self._connections)

    @property
    def shards(self) -> list[tuple[int, int]]:
        """The [shard_id, num_shards] of every identified gateway connection."""
        return sorted(c.shard for c in self._connections if c.identified)

    def connected_for(self, guild_id: int) -> int:
        """How many identified connections receive this guild's events (Discord's rule: exactly one)."""
        return sum(1 for c in self._connections if c.identified and c.sees(guild_id))

    def _ready_payload(self, guilds: Sequence[int], shard: tuple[int, int]) -> dict[str, Any]:
        return {
            "v": 10,
            "user": {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": secrets.token_hex(16),
            # Required: discord.py reads it unconditionally on READY.
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "shard": list(shard),
        }

    def _members(self) -> list[dict[str, Any]]:
        return [u.member_payload() for u in self.users.values()]

    def _guild_payload(self, guild_id: int | None = None) -> dict[str, Any]:
        guild_id = guild_id or self.guild_id
        members = self._members()
        # The other guilds share the main guild's roles (besides their own @everyone, whose id is the guild's).
        roles = [r for r in self.roles.values() if r.id == guild_id or r.id not in self.guilds]
        return {
            "id": str(guild_id),
            "name": self.guilds[guild_id],
            "icon": None,
            "owner_id": str(self.owner.id),
            # P5: member_count == len(members) marks the guild chunked, so no op 8 is needed.
            "member_count": len(members),
            "large": False,
            "unavailable": False,
            "joined_at": iso_now(),
            "roles": [r.payload() for r in roles],
            "channels": [c.payload() for c in self.channels.values() if c.guild_id == guild_id],
            "members": members,
            "emojis": [],
            "stickers": [],
            "features": [],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "premium_tier": 0,
            "nsfw_level": 0,
            "preferred_locale": self.guild_locale,
            "system_channel_id": None,
            "afk_timeout": 300,
            "premium_progress_bar_enabled": False,
        }

    def _chunk(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "guild_id": str(request.get("guild_id") or self.guild_id),
            "members": self._members(),
            "chunk_index": 0,
            "chunk_count": 1,
            "nonce": request.get("nonce"),
        }

    # ------------------------------------------------------------------ REST plumbing
    async def _api(self, request: web.Request) -> web.StreamResponse:
        parts = request.match_info["tail"].strip("/").split("/")
        method = request.method
        route = f"{method} /{'/'.join(parts)}"
        try:
            payload, uploads = await self._read_body(request)
        except (ValueError, json.JSONDecodeError) as exc:
            return self._violate(Problem(400, 50109, "", f"The request body contains invalid JSON: {exc}"), route)
        record = RequestRecord(method, "/" + "/".join(parts), dict(request.query), payload, [])
        record.files = [FakeAttachment(0, u.filename, u.data) for u in uploads]
        self.requests.append(record)
        try:
            response = await self._route(method, parts, request, payload, uploads, route)
        except Exception as exc:
            # A 5xx would make discord.py retry five times with back-off (P9); answer 400 and
            # record it so the test fails fast and visibly instead.
            problem = Problem(400, 0, "", f"fakediscord internal error: {exc!r}")
            response = self._violate(problem, route)
        record.status = response.status
        self._notify()
        return response

    async def _route(
        self, method: str, p: list[str], request: web.Request, payload: Any, uploads: list[_Upload], route: str
    ) -> web.StreamResponse:
        n = len(p)
        if p == ["users", "@me"] and method == "GET":
            return self._login(request)
        if p == ["oauth2", "applications", "@me"] and method == "GET":
            return _json(self._application())
        if p[0] == "gateway":
            return _json(
                {
                    "url": self.gateway_url.rstrip("/"),
                    "shards": 1,
                    "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1},
                }
            )
        if p[0] == "applications" and n >= 3 and p[-1] == "commands":
            guild_id = int(p[3]) if n == 5 and p[2] == "guilds" else None
            if method == "PUT":
                problems = check_commands(payload)
                if problems:
                    return self._violate(problems, route)
                return _json(self._sync_commands(guild_id, payload))
            if method == "GET":
                store = self.global_commands if guild_id is None else self.guild_commands.get(guild_id, {})
                return _json(list(store.values()))
        if p[0] == "interactions" and n == 4 and p[3] == "callback" and method == "POST":
            return self._callback(int(p[1]), p[2], payload, uploads, request, route)
        if p[0] == "webhooks" and n >= 3:
            return self._webhook(method, p, payload, uploads, route)
        if p == ["users", "@me", "channels"] and method == "POST":
            return self._open_dm(payload or {}, route)
        if p[0] == "channels" and n >= 2 and p[1].isdigit() and int(p[1]) in self._dm_by_id():
            return self._direct_message(method, p, payload or {}, route)
        if p[0] == "channels" and n >= 2:
            return self._channel(method, p, request, payload, uploads, route)
        if p[0] == "users" and n == 2 and method == "GET" and p[1].isdigit():
            user = next((u for u in self.users.values() if u.id == int(p[1])), None)
            if user is None:
                return self._violate(Problem(404, 10013, "", "Unknown User"), route)
            return _json(user.payload())
        if p[0] == "guilds" and n >= 2 and p[1].isdigit() and int(p[1]) in self.guilds:
            return self._guild_route(method, p, payload, route)
        return self._violate(Problem(404, 0, "", "route not implemented by fakediscord (extend server.py)"), route)

    async def _read_body(self, request: web.Request) -> tuple[Any, list[_Upload]]:
        if request.content_type.startswith("multipart/"):
            payload: Any = {}
            uploads: list[_Upload] = []
            reader = await request.multipart()
            async for part in reader:
                if not isinstance(part, BodyPartReader):
                    continue
                name = part.name or ""
                if name == "payload_json":
                    payload = json.loads(await part.text())
                elif name.startswith("files[") or name == "file":
                    index = int(name[6:-1]) if name.startswith("files[") else 0
                    data = await part.read(decode=False)
                    uploads.append(_Upload(index, part.filename or f"file{index}", bytes(data)))
            return payload, uploads
        body = await request.read()
        return (json.loads(body) if body else None), []

    def _login(self, request: web.Request) -> web.Response:
        auth = request.headers.get("Authorization", "")
        if not auth.startswith("Bot ") or not auth[4:]:
            return _json({"code": 0, "message": "401: Unauthorized"}, 401)
        self.bot_token = auth[4:]
        return _json({**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0})

    def _application(self) -> dict[str, Any]:
        # P11: discord.py takes application_id from here; interactions must carry the same id.
        # interactions_endpoint_url stays absent, else discord.py warns it gets no interactions.
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "description": "",
            "icon": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "rpc_origins": [],
        }

    def _sync_commands(self, guild_id: int | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        old = self.global_commands if guild_id is None else self.guild_commands.get(guild_id, {})
        store: dict[str, dict[str, Any]] = {}
        for command in commands:
            name = command["name"]
            previous = old.get(name)
            stored = {
                "type": 1,
                "options": [],
                "description": "",
                **command,
                # Discord keeps a command's id stable across re-syncs.
                "id": previous["id"] if previous else str(snowflake()),
                "application_id": str(self.application_id),
                "version": str(snowflake()),
                "default_member_permissions": command.get("default_member_permissions"),
            }
            if guild_id is not None:
                stored["guild_id"] = str(guild_id)
            store[name] = stored
        if guild_id is None:
            self.global_commands = store
        else:
            self.guild_commands[guild_id] = store
        self.synced = True
        return list(store.values())

    async def _get_attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["aid"])
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == aid:
                    return web.Response(body=attachment.data, content_type=attachment.content_type)
        return web.Response(status=404)

    # ------------------------------------------------------------------ message bodies
    def _build(
        self,
        base: FakeMessage | None,
        payload: Mapping[str, Any],
        uploads: list[_Upload],
    ) -> tuple[dict[str, Any], list[Problem]]:
        """Compute a message's fields after this create/edit and validate them, without mutating."""
        payload = payload or {}
        problems = check_files((len(u.data) for u in uploads), self.attachment_size_limit)
        if problems:
            return {}, problems

        def pick(key: str, default: Any) -> Any:
            if key in payload:
                return payload[key] if payload[key] is not None else default
            return getattr(base, key) if base is not None else default

        uploads_by_index = {u.index: u for u in uploads}
        existing = {a.id: a for a in base.attachments} if base else {}
        if "attachments" in payload and payload["attachments"] is not None:
            attachments = []
            for entry in payload["attachments"]:
                aid = int(entry["id"])
                if aid in existing:
                    attachments.append(existing[aid])
                elif aid in uploads_by_index:
                    upload = uploads_by_index.pop(aid)
                    attachments.append(self._attachment(upload, entry))
        else:
            attachments = list(base.attachments) if base else []
        # Files without an "attachments" entry are still uploaded, as Discord does.
        attachments += [self._attachment(u, {}) for u in uploads_by_index.values()]

        base_flags = base.flags if base else 0
        flags = int(payload.get("flags") or 0) if base is None else base_flags
        if base is not None and "flags" in payload and payload["flags"] is not None:
            # Ephemerality is fixed at creation/defer time; only other flags can change. IS_COMPONENTS_V2, once
            # set, stays (Discord's Component Reference: "it can't be removed from that message").
            keep = FLAG_EPHEMERAL | FLAG_COMPONENTS_V2
            flags = (int(payload["flags"]) & ~FLAG_EPHEMERAL) | (base_flags & keep)
        fields = {
            "content": pick("content", ""),
            "embeds": pick("embeds", []),
            "components": pick("components", []),
            "attachments": attachments,
            "flags": flags & ~FLAG_LOADING,
            "tts": bool(payload.get("tts", False)),
        }
        problems = check_message(
            content=fields["content"],
            embeds=fields["embeds"],
            components=fields["components"],
            attachment_count=len(attachments),
            flags=fields["flags"],
            has_other_body=bool(payload.get("sticker_ids") or payload.get("poll")),
            attachment_names=[a.filename for a in attachments],
        )
        if not problems and fields["flags"] & FLAG_COMPONENTS_V2:
            fields["components"] = self._unfurled(fields["components"], attachments)
        if base is None and not flags & FLAG_EPHEMERAL:
            text = "\n".join(text_of(fields["components"])) if flags & FLAG_COMPONENTS_V2 else fields["content"]
            fields["pinged"] = pinged(text, payload.get("allowed_mentions"))
        return fields, problems

    def _unfurled(self, components: list[dict[str, Any]], attachments: list[FakeAttachment]) -> list[dict[str, Any]]:
        """The components as Discord stores them: an `attachment://<filename>` resolved to that attachment's url and
        id (a copy: the request's payload is left as it was sent)."""
        components = copy.deepcopy(components)
        by_name = {a.filename: a for a in attachments}
        for media in media_of(components):
            url = str(media.get("url", ""))
            if url.startswith(ATTACHMENT_SCHEME):
                attachment = by_name[url[len(ATTACHMENT_SCHEME) :]]
                media.update(attachment.media(self.base_url))
        return components

    def _attachment(self, upload: _Upload, entry: Mapping[str, Any]) -> FakeAttachment:
        filename = entry.get("filename") or upload.filename
        return FakeAttachment(
            id=snowflake(),
            filename=filename,
            data=upload.data,
            content_type=mimetypes.guess_type(filename)[0],
            description=entry.get("description"),
        )

    def _create_message(
        self,
        channel_id: int,
        fields: Mapping[str, Any],
        *,
        author: FakeUser,
        interaction: InteractionHandle | None = None,
        loading: bool = False,
    ) -> FakeMessage:
        ephemeral = bool(fields.get("flags", 0) & FLAG_EPHEMERAL)
        message = FakeMessage(
            id=snowflake(),
            channel_id=channel_id,
            guild_id=self.channels[channel_id].guild_id if channel_id in self.channels else self.guild_id,
            author=author,
            interaction_id=interaction.id if interaction else None,
            visible_to=interaction.user.id if interaction and ephemeral else None,
            loading=loading,
            **{
                k: v
                for k, v in fields.items()
                if k in ("content", "embeds", "components", "attachments", "tts", "pinged")
            },
            flags=fields.get("flags", 0) | (FLAG_LOADING if loading else 0),
        )
        self.messages[message.id] = message
        if not loading:
            self._announce("MESSAGE_CREATE", message)
        return message

    def _update_message(self, message: FakeMessage, fields: Mapping[str, Any]) -> FakeMessage:
        was_loading = message.loading
        for key in ("content", "embeds", "components", "attachments"):
            setattr(message, key, fields[key])
        message.flags = fields["flags"]
        message.loading = False
        if was_loading:
            self._announce("MESSAGE_CREATE", message)
        else:
            message.edit_count += 1
            message.edited_timestamp = iso_now()
            self._announce("MESSAGE_UPDATE", message)
        return message

    def _announce(self, event: str, message: FakeMessage) -> None:
        # Ephemeral messages never reach the guild's MESSAGE_* stream.
        if message.ephemeral:
            return
        self._spawn(self._dispatch(event, message.payload(self.base_url), intent=INTENT_GUILD_MESSAGES))

    def _delete_message(self, message: FakeMessage) -> None:
        message.deleted = True
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(message.channel_id), "guild_id": str(message.guild_id)}
            self._spawn(self._dispatch("MESSAGE_DELETE", data, intent=INTENT_GUILD_MESSAGES))

    # ------------------------------------------------------------------ interaction callback
    def _callback(
        self, iid: int, token: str, payload: Any, uploads: list[_Upload], request: web.Request, route: str
    ) -> web.Response:
        handle = self.interactions.get(iid)
        route = f"POST /interactions/{iid}/<token>/callback"
        if handle is None or handle.token != token:
            return self._violate(Problem(404, limits.UNKNOWN_INTERACTION, "", "Unknown interaction"), route)
        now = asyncio.get_running_loop().time()
        if handle.callback is not None:
            return self._violate(
                Problem(400, limits.ALREADY_ACKNOWLEDGED, "", "Interaction has already been acknowledged"),
                route,
                handle,
            )
        if now - handle.dispatched_at > self.response_deadline:
            late = f"Unknown interaction (callback after {now - handle.dispatched_at:.2f}s)"
            already = any(v.code == limits.UNKNOWN_INTERACTION for v in handle.violations)
            if already:
                # The deadline timer already recorded this interaction; answer without a duplicate.
                return _json({"code": limits.UNKNOWN_INTERACTION, "message": "Unknown interaction"}, 404)
            return self._violate(Problem(404, limits.UNKNOWN_INTERACTION, "", late), route, handle)
        rtype = payload.get("type") if isinstance(payload, dict) else None
        data = (payload or {}).get("data") or {}
        if rtype not in ALLOWED_CALLBACKS.get(handle.type, frozenset()):
            return self._violate(
                Problem(
                    400,
                    limits.INVALID_FORM_BODY,
                    "type",
                    f"callback type {rtype} is not valid for interaction type {handle.type}",
                ),
                route,
                handle,
            )

        message: FakeMessage | None = None
        if rtype == 4:
            fields, problems = self._build(None, data, uploads)
            if problems:
                return self._violate(problems, route, handle)
            message = self._create_message(handle.channel.id, fields, author=self.bot_user, interaction=handle)
            handle.original = message
            handle._mark_final(message, now)
        elif rtype == 5:
            flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
            message = self._create_message(
                handle.channel.id, {"flags": flags}, author=self.bot_user, interaction=handle, loading=True
            )
            handle.original = message
        elif rtype == 6:
            handle.original = handle.message
        elif rtype == 7:
            assert handle.message is not None
            fields, problems = self._build(handle.message, data, uploads)
            if problems:
                return self._violate(problems, route, handle)
            message = self._update_message(handle.message, fields)
            handle.original = message
            handle._mark_final(message, now)
        elif rtype == 8:
            choices = data.get("choices")
            problems = check_choices(choices)
            if problems:
                return self._violate(problems, route, handle)
            handle.choices = list(choices)
        elif rtype == 9:
            handle.modal = data

        if handle.deadline_handle is not None:
            handle.deadline_handle.cancel()
        handle.callback = CallbackRecord(rtype, data, now)
        handle.timeline.append((now - handle.dispatched_at, f"callback {rtype}"))
        if request.query.get("with_response") not in ("1", "true", "True"):
            return _no_content()
        interaction: dict[str, Any] = {"id": str(handle.id), "type": handle.type}
        body: dict[str, Any] = {"interaction": interaction}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            interaction["response_message_loading"] = rtype == 5
            interaction["response_message_ephemeral"] = message.ephemeral
            body["resource"] = {"type": rtype, "message": message.payload(self.base_url)}
        return _json(body)

    def _deadline_expired(self, handle: InteractionHandle) -> None:
        if handle.callback is None:
            self._violate(
                Problem(
                    404,
                    limits.UNKNOWN_INTERACTION,
                    "",
                    f"Unknown interaction (no initial response within {self.response_deadline}s)",
                ),
                f"INTERACTION_CREATE {handle.id}",
                handle,
            )

    # ------------------------------------------------------------------ webhooks (followups, @original)
    def _webhook(self, method: str, p: list[str], payload: Any, uploads: list[_Upload], route: str) -> web.Response:
        app_id, token = p[1], p[2]
        route = f"{method} /webhooks/{app_id}/<token>" + ("/" + "/".join(p[3:]) if len(p) > 3 else "")
        handle = self._by_token.get(token)
        if handle is None or app_id != str(self.application_id):
            return self._violate(Problem(404, limits.UNKNOWN_WEBHOOK, "", "Unknown Webhook"), route)
        now = asyncio.get_running_loop().time()
        if now - handle.dispatched_at > self.token_lifetime:
            return self._violate(
                Problem(401, limits.INVALID_WEBHOOK_TOKEN, "", "Invalid Webhook Token (interaction token expired)"),
                route,
                handle,
            )
        if handle.callback is None or handle.callback.type in (8, 9):
            # Followups and @original need an acknowledged interaction first.
            return self._violate(Problem(404, limits.UNKNOWN_WEBHOOK, "", "Unknown Webhook"), route, handle)

        if len(p) == 3 and method == "POST":
            return self._followup(handle, payload, uploads, route, now)
        if len(p) == 5 and p[3] == "messages":
            target = self._webhook_target(handle, p[4])
            if target is None:
                return self._violate(Problem(404, limits.UNKNOWN_MESSAGE, "", "Unknown Message"), route, handle)
            if method == "GET":
                return _json(target.payload(self.base_url))
            if method == "DELETE":
                self._delete_message(target)
                handle.timeline.append((now - handle.dispatched_at, f"delete {p[4]}"))
                return _no_content()
            if method == "PATCH":
                fields, problems = self._build(target, payload or {}, uploads)
                if problems:
                    return self._violate(problems, route, handle)
                self._update_message(target, fields)
                handle.timeline.append((now - handle.dispatched_at, f"edit {p[4]}"))
                if handle.callback.type in (5, 6):
                    handle._mark_final(target, now)
                return _json(target.payload(self.base_url))
        return self._violate(Problem(404, 0, "", "route not implemented by fakediscord"), route, handle)

    def _webhook_target(self, handle: InteractionHandle, ref: str) -> FakeMessage | None:
        if ref == "@original":
            return handle.original if handle.original and not handle.original.deleted else None
        mid = int(ref)
        candidates = [*handle.messages, *([handle.message] if handle.message else [])]
        return next((m for m in candidates if m.id == mid and not m.deleted), None)

    def _followup(
        self, handle: InteractionHandle, payload: Any, uploads: list[_Upload], route: str, now: float
    ) -> web.Response:
        original = handle.original
        if handle.callback is not None and handle.callback.type == 5 and original is not None and original.loading:
            # Discord: the first followup after a type-5 defer fills in the "thinking"
            # message, keeping the defer's ephemeral flag.
            fields, problems = self._build(original, payload or {}, uploads)
            if problems:
                return self._violate(problems, route, handle)
            message = self._update_message(original, fields)
        else:
            fields, problems = self._build(None, payload or {}, uploads)
            if problems:
                return self._violate(problems, route, handle)
            message = self._create_message(handle.channel.id, fields, author=self.bot_user, interaction=handle)
        handle.followups.append(message)
        handle.timeline.append((now - handle.dispatched_at, f"followup {message.id}"))
        handle._mark_final(message, now)
        return _json(message.payload(self.base_url))

    # ------------------------------------------------------------------ channel messages (bot token)
    def _channel(
        self, method: str, p: list[str], request: web.Request, payload: Any, uploads: list[_Upload], route: str
    ) -> web.Response:
        try:
            channel = self.channel(int(p[1]))
        except (KeyError, ValueError):
            return self._violate(Problem(404, limits.UNKNOWN_CHANNEL, "", "Unknown Channel"), route)
        route = f"{method} /channels/{channel.name}/" + "/".join(p[2:])
        n = len(p)
        if n == 2 and method == "GET":
            return _json(channel.payload())
        if n == 3 and p[2] == "typing" and method == "POST":
            return _no_content()
        if n == 3 and p[2] == "messages":
            if method == "POST":
                fields, problems = self._build(None, payload or {}, uploads)
                if problems:
                    return self._violate(problems, route)
                # Discord: with enforce_nonce, a nonce seen from the same author lately returns that message.
                nonce = (payload or {}).get("nonce")
                key = (channel.id, str(nonce))
                if nonce is not None and (payload or {}).get("enforce_nonce") and key in self.nonces:
                    return _json(self.messages[self.nonces[key]].payload(self.base_url))
                # Bots cannot post ephemeral messages outside interactions.
                fields["flags"] &= ~FLAG_EPHEMERAL
                message = self._create_message(channel.id, fields, author=self.bot_user)
                if nonce is not None:
                    self.nonces[key] = message.id
                return _json(message.payload(self.base_url))
            if method == "GET":
                limit = int(request.query.get("limit", 50))
                before = int(request.query.get("before", 0)) or None
                after = int(request.query.get("after", 0)) or None
                found = [
                    m
                    for m in self.channel_messages(channel)
                    if (before is None or m.id < before) and (after is None or m.id > after)
                ]
                # Discord returns newest first.
                return _json([m.payload(self.base_url) for m in reversed(found)][:limit])
        if n >= 4 and p[2] == "messages":
            message = self.messages.get(int(p[3])) if p[3].isdigit() else None
            if message is None or message.channel_id != channel.id or message.deleted or message.ephemeral:
                return self._violate(Problem(404, limits.UNKNOWN_MESSAGE, "", "Unknown Message"), route)
            if n == 4 and method == "GET":
                return _json(message.payload(self.base_url))
            if n == 4 and method == "DELETE":
                self._delete_message(message)
                return _no_content()
            if n == 4 and method == "PATCH":
                if message.author.id != self.bot_user.id:
                    return self._violate(
                        Problem(403, 50005, "", "Cannot edit a message authored by another user"), route
                    )
                fields, problems = self._build(message, payload or {}, uploads)
                if problems:
                    return self._violate(problems, route)
                self._update_message(message, fields)
                now = asyncio.get_running_loop().time()
                for handle in self.interactions.values():
                    # A component deferred with type 6 may be finished by editing the message directly.
                    if handle.message is message and handle.callback is not None and handle.callback.type == 6:
                        handle._mark_final(message, now)
                return _json(message.payload(self.base_url))
            if n >= 6 and p[4] == "reactions" and method in ("PUT", "DELETE"):
                return _no_content()
        return self._violate(Problem(404, 0, "", "route not implemented by fakediscord (extend server.py)"), route)

    def _dm_by_id(self) -> dict[int, int]:
        return {channel.id: user_id for user_id, channel in self.dm_channels.items()}

    def _open_dm(self, payload: Mapping[str, Any], route: str) -> web.Response:
        try:
            user = self.user(int(payload.get("recipient_id", 0)))
        except (KeyError, ValueError):
            return self._violate(Problem(400, 50033, "", "Invalid Recipient(s)"), route)
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(snowflake(), f"dm-{user.name}", 0, type=1)
            self.dm_channels[user.id] = channel
        return _json({"id": str(channel.id), "type": 1, "recipients": [user.payload()], "last_message_id": None})

    def _direct_message(self, method: str, p: list[str], payload: Mapping[str, Any], route: str) -> web.Response:
        user = self.user(self._dm_by_id()[int(p[1])])
        if len(p) != 3 or p[2] != "messages" or method != "POST":
            return self._violate(Problem(404, 0, "", "fakediscord only sends direct messages"), route)
        if user.id in self.dms_closed:
            # Expected refusal, not a violation: the user does not accept direct messages.
            return _json({"code": 50007, "message": "Cannot send messages to this user"}, status=403)
        content = str(payload.get("content") or "")
        if not content or len(content) > limits.MAX_CONTENT:
            return self._violate(Problem(400, 50035, "", f"content must be 1-{limits.MAX_CONTENT} characters"), route)
        self.direct_messages.append((user.name, content))
        self._notify()
        message = {
            "id": str(snowflake()),
            "channel_id": p[1],
            "author": self.bot_user.payload(),
            "content": content,
            "timestamp": iso_now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": False,
            "type": 0,
        }
        return _json(message)

    def _guild_route(self, method: str, p: list[str], payload: Any, route: str) -> web.Response:
        n = len(p)
        guild_id = int(p[1])
        if n == 2 and method == "GET":
            data = self._guild_payload(guild_id)
            for key in ("channels", "members", "threads", "presences", "voice_states"):
                data.pop(key)
            return _json(data)
        if n == 3 and p[2] == "channels" and method == "GET":
            return _json([c.payload() for c in self.channels.values() if c.guild_id == guild_id])
        if n == 3 and p[2] == "channels" and method == "POST":
            if not self.permissions_for(self.bot_user) & MANAGE_CHANNELS:
                return self._violate(Problem(403, 50013, "", "Missing Permissions"), route)
            if (payload or {}).get("type", 0) != 0:
                return self._violate(Problem(400, 0, "", "fakediscord only creates text channels"), route)
            channel = self.add_channel(payload["name"], guild=guild_id)
            return _json(channel.payload())
        if n == 4 and p[2] == "members" and method == "GET":
            user = next((u for u in self.users.values() if str(u.id) == p[3]), None)
            if user is None:
                return self._violate(Problem(404, 10007, "", "Unknown Member"), route)
            return _json(user.member_payload())
        return self._violate(Problem(404, 0, "", "route not implemented by fakediscord (extend server.py)"), route)

    # ------------------------------------------------------------------ driver: interactions
    def _interaction_payload(self, user: FakeUser, channel: FakeChannel, **fields: Any) -> dict[str, Any]:
        """The INTERACTION_CREATE payload of `user` in `channel`, with `fields` (its type and data) in it."""
        iid = snowflake()
        guild_id = channel.guild_id
        perms = self.permissions_for(user, guild_id)
        return {
            "id": str(iid),
            "application_id": str(self.application_id),
            "token": f"fake-{iid}-{secrets.token_urlsafe(24)}",
            "version": 1,
            "guild_id": str(guild_id),
            "guild": {"id": str(guild_id), "locale": self.guild_locale, "features": []},
            "channel_id": str(channel.id),
            "channel": {**channel.payload(), "permissions": str(perms)},
            "member": user.member_payload(permissions=perms),
            "app_permissions": str(self.permissions_for(self.bot_user, guild_id)),
            "locale": user.locale,
            "guild_locale": self.guild_locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild_id)},
            "context": 0,
            # P7: discord.py indexes this key; a missing one kills the connect() task.
            "attachment_size_limit": self.attachment_size_limit,
            **fields,
        }

    async def _dispatch_interaction(
        self,
        *,
        type: int,
        user: UserRef,
        channel: ChannelRef,
        data: dict[str, Any],
        message: FakeMessage | None = None,
    ) -> InteractionHandle:
        member, chan = self.user(user), self.channel(channel)
        payload = self._interaction_payload(member, chan, type=type, data=data)
        if message is not None:
            payload["message"] = message.payload(self.base_url)
        return await self._dispatch_payload(member, chan, payload, message)

    async def _dispatch_payload(
        self, member: FakeUser, chan: FakeChannel, payload: dict[str, Any], message: FakeMessage | None = None
    ) -> InteractionHandle:
        handle = InteractionHandle(self, user=member, channel=chan, payload=payload, message=message)
        self.interactions[handle.id] = handle
        self._by_token[handle.token] = handle
        if not await self._dispatch("INTERACTION_CREATE", payload):
            raise NotConnectedError(
                "no bot is connected to the fake gateway on this guild's shard (use run_bot / wait for ready)"
            )
        loop = asyncio.get_running_loop()
        handle.dispatched_at = loop.time()
        handle.deadline_handle = loop.call_later(self.response_deadline, self._deadline_expired, handle)
        return handle

    def find_command(self, name: str) -> dict[str, Any]:
        """The synced definition of a top-level command (guild registration wins over global)."""
        command = self.guild_commands.get(self.guild_id, {}).get(name) or self.global_commands.get(name)
        if command is None:
            known = sorted({*self.global_commands, *self.guild_commands.get(self.guild_id, {})})
            raise UnknownCommandError(f"/{name} was never synced (tree.sync()); synced commands: {known}")
        return command

    def _command_data(
        self,
        path: Sequence[str],
        options: Mapping[str, Any],
        *,
        focused: str | None = None,
    ) -> dict[str, Any]:
        command = self.find_command(path[0])
        if command.get("type", 1) != 1:
            raise UnknownCommandError(f"/{path[0]} is not a slash (chat input) command")
        definitions = command.get("options") or []
        resolved: dict[str, dict[str, Any]] = {}
        leaf = self._leaf_options(path[1:], definitions, options, resolved, focused, path)
        nested = leaf
        # Re-wrap the leaf options into their subcommand / group option objects.
        for depth in range(len(path) - 1, 0, -1):
            kind = OPT_SUB_COMMAND if depth == len(path) - 1 else OPT_SUB_COMMAND_GROUP
            nested = [{"name": path[depth], "type": kind, "options": nested}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": 1,
            "options": nested,
        }
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _leaf_options(
        self,
        sub_path: Sequence[str],
        definitions: list[dict[str, Any]],
        values: Mapping[str, Any],
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
        full_path: Sequence[str],
    ) -> list[dict[str, Any]]:
        for name in sub_path:
            match = next(
                (o for o in definitions if o["name"] == name and o["type"] in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP)),
                None,
            )
            if match is None:
                raise UnknownCommandError(f"/{' '.join(full_path)}: no subcommand {name!r} in the synced definition")
            definitions = match.get("options") or []
        if any(o["type"] in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP) for o in definitions):
            subs = [o["name"] for o in definitions]
            raise ValueError(f"/{' '.join(full_path)} needs a subcommand: one of {subs}")
        by_name = {o["name"]: o for o in definitions}
        unknown = set(values) - set(by_name)
        if unknown:
            raise ValueError(f"/{' '.join(full_path)}: unknown options {sorted(unknown)}; defined: {sorted(by_name)}")
        out = []
        for definition in definitions:  # Discord sends options in definition order
            name = definition["name"]
            if name not in values:
                if definition.get("required") and focused is None:
                    raise ValueError(f"/{' '.join(full_path)}: required option {name!r} missing")
                continue
            if name == focused:
                if not definition.get("autocomplete"):
                    raise ValueError(f"option {name!r} of /{' '.join(full_path)} has no autocomplete")
                # Autocomplete sends what the user typed so far, as typed.
                out.append({"name": name, "type": definition["type"], "value": values[name], "focused": True})
                continue
            value = self._coerce(definition, values[name], resolved, validate=focused is None)
            out.append({"name": name, "type": definition["type"], "value": value})
        return out

    def _coerce(
        self,
        definition: Mapping[str, Any],
        value: Any,
        resolved: dict[str, dict[str, Any]],
        *,
        validate: bool,
    ) -> Any:
        kind, name = definition["type"], definition["name"]
        if kind == OPT_STRING:
            if not isinstance(value, str):
                raise TypeError(f"option {name!r} is a string option, got {value!r}")
            low, high = definition.get("min_length", 0), definition.get("max_length", 6000)
            if validate and not low <= len(value) <= high:
                raise ValueError(f"option {name!r}: length must be in [{low}, {high}] (the Discord client enforces it)")
        elif kind == OPT_INTEGER:
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"option {name!r} is an integer option, got {value!r}")
        elif kind == OPT_NUMBER:
            if not isinstance(value, int | float) or isinstance(value, bool):
                raise TypeError(f"option {name!r} is a number option, got {value!r}")
            value = float(value)
        elif kind == OPT_BOOLEAN:
            if not isinstance(value, bool):
                raise TypeError(f"option {name!r} is a boolean option, got {value!r}")
        elif kind in (OPT_USER, OPT_MENTIONABLE):
            user = self.user(value)
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            resolved.setdefault("members", {})[str(user.id)] = user.member_payload(
                with_user=False, permissions=self.permissions_for(user)
            )
            return str(user.id)
        elif kind == OPT_CHANNEL:
            channel = self.channel(value)
            resolved.setdefault("channels", {})[str(channel.id)] = {
                **channel.payload(),
                "permissions": str(ALL_PERMISSIONS),
            }
            return str(channel.id)
        elif kind == OPT_ROLE:
            role = value if isinstance(value, FakeRole) else self.roles[int(value)]
            resolved.setdefault("roles", {})[str(role.id)] = role.payload()
            return str(role.id)
        else:
            raise NotImplementedError(f"option type {kind} ({name!r}) is not supported by fakediscord")
        if validate and kind in (OPT_INTEGER, OPT_NUMBER):
            low, high = definition.get("min_value"), definition.get("max_value")
            if (low is not None and value < low) or (high is not None and value > high):
                raise ValueError(f"option {name!r}: {value} outside [{low}, {high}] (the Discord client enforces it)")
        choices = definition.get("choices")
        if validate and choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"option {name!r}: {value!r} is not one of the choices {[c['value'] for c in choices]}")
        return value

    async def slash(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        *subcommands: str,
        options: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> InteractionHandle:
        """Invoke ``/command [group] [sub] opt:value…`` as ``user`` in ``channel``.

        Options are checked and typed against the definition the bot synced;
        pass ``options={...}`` for names that are not Python identifiers.
        """
        values = {**(options or {}), **kwargs}
        data = self._command_data([command, *subcommands], values)
        return await self._dispatch_interaction(type=APPLICATION_COMMAND, user=user, channel=channel, data=data)

    async def slash_outside(
        self,
        user: UserRef,
        command: str,
        *subcommands: str,
        where: str = "dm",
        options: Mapping[str, Any] | None = None,
        **kwargs: Any,
    ) -> InteractionHandle:
        """Invoke a command outside the server, as Discord lets a member: `where="dm"` in their direct messages with
        the bot (context 1, BOT_DM, through the bot's server install), `where="app"` as their own installed app in a
        private channel (context 2, PRIVATE_CHANNEL, a user install). Discord offers a command there only if its
        synced definition allows that context (`contexts`) and install (`integration_types`, default the server
        install alone); otherwise this raises UnknownCommandError, as the member could not run it."""
        if where not in ("dm", "app"):
            raise ValueError(f"where must be 'dm' or 'app', not {where!r}")
        member = self.user(user)
        definition = self.find_command(command)
        context, install = (1, 0) if where == "dm" else (2, 1)
        if context not in (definition.get("contexts") or [0, 1]) or install not in (
            definition.get("integration_types") or [0]
        ):
            raise UnknownCommandError(f"/{command} is not offered in context {context} with install type {install}")
        values = {**(options or {}), **kwargs}
        data = self._command_data([command, *subcommands], values)
        if where == "dm":
            chan = self.dm_channels.get(member.id) or FakeChannel(snowflake(), f"dm-{member.name}", 0, type=1)
            self.dm_channels[member.id] = chan
        else:
            chan = FakeChannel(snowflake(), f"group-dm-{member.name}", 0, type=3)
        iid = snowflake()
        payload = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "token": f"fake-{iid}-{secrets.token_urlsafe(24)}",
            "version": 1,
            "type": APPLICATION_COMMAND,
            "data": data,
            "channel_id": str(chan.id),
            "channel": {"id": str(chan.id), "type": chan.type, "recipients": [member.payload()], "flags": 0},
            "user": member.payload(),
            # Discord: outside a server the app may send messages and embeds in its answers, and nothing else.
            "app_permissions": str((1 << 11) | (1 << 14) | (1 << 15)),
            "locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": "0"} if where == "dm" else {"1": str(member.id)},
            "context": context,
            "attachment_size_limit": self.attachment_size_limit,
        }
        return await self._dispatch_payload(member, chan, payload)

    async def autocomplete(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        *subcommands: str,
        focused: str,
        value: Any = "",
        options: Mapping[str, Any] | None = None,
        timeout: float = 5.0,
        **kwargs: Any,
    ) -> list[dict[str, Any]]:
        """Type ``value`` into option ``focused`` and return the bot's choices (``[{name, value}]``)."""
        values = {**(options or {}), **kwargs, focused: value}
        data = self._command_data([command, *subcommands], values, focused=focused)
        handle = await self._dispatch_interaction(type=AUTOCOMPLETE, user=user, channel=channel, data=data)
        await self.wait_for(lambda: handle.choices is not None or handle.violations, timeout, "autocomplete")
        if handle.choices is None:
            raise AssertionError(f"autocomplete failed: {[str(v) for v in handle.violations]}")
        return handle.choices

    async def autocomplete_interaction(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        *subcommands: str,
        focused: str,
        value: Any = "",
        **kwargs: Any,
    ) -> InteractionHandle:
        """Like :meth:`autocomplete` but returns the handle (for timing or violation checks)."""
        values = {**kwargs, focused: value}
        data = self._command_data([command, *subcommands], values, focused=focused)
        return await self._dispatch_interaction(type=AUTOCOMPLETE, user=user, channel=channel, data=data)

    def _clickable(self, user: FakeUser, ref: MessageRef, custom_id: str) -> tuple[FakeMessage, dict[str, Any]]:
        message = self.message(ref)
        if message.deleted:
            raise ValueError(f"message {message.id} was deleted")
        if message.ephemeral and message.visible_to != user.id:
            raise PermissionError(f"{user.name} cannot see ephemeral message {message.id}")
        component = message.component(custom_id)
        if component.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled; Discord would not let {user.name} use it")
        return message, component

    async def click(self, user: UserRef, message: MessageRef, custom_id: str) -> InteractionHandle:
        """Press the button ``custom_id`` on ``message`` (the full message is sent, as Discord does)."""
        member = self.user(user)
        msg, component = self._clickable(member, message, custom_id)
        if component.get("type") != limits.BUTTON:
            raise TypeError(f"{custom_id!r} is not a button")
        data = {"custom_id": custom_id, "component_type": limits.BUTTON}
        return await self._dispatch_interaction(
            type=MESSAGE_COMPONENT, user=member, channel=msg.channel_id, data=data, message=msg
        )

    async def select(
        self, user: UserRef, message: MessageRef, custom_id: str, values: Sequence[str]
    ) -> InteractionHandle:
        """Choose ``values`` in the string select ``custom_id`` on ``message``."""
        member = self.user(user)
        msg, component = self._clickable(member, message, custom_id)
        if component.get("type") != limits.STRING_SELECT:
            raise TypeError(f"{custom_id!r} is not a string select")
        allowed = [o["value"] for o in component.get("options", [])]
        if not set(values) <= set(allowed):
            raise ValueError(f"values {list(values)} not among the options {allowed}")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        data = {"custom_id": custom_id, "component_type": limits.STRING_SELECT, "values": list(values)}
        return await self._dispatch_interaction(
            type=MESSAGE_COMPONENT, user=member, channel=msg.channel_id, data=data, message=msg
        )

    async def submit_modal(
        self, user: UserRef, interaction: InteractionHandle, values: Mapping[str, str]
    ) -> InteractionHandle:
        """Fill in and submit the modal the bot opened in answer to ``interaction``."""
        modal = interaction.modal
        if modal is None:
            raise ValueError("the bot did not answer that interaction with a modal")

        def fill(component: dict[str, Any]) -> dict[str, Any]:
            if component.get("type") == 1:
                return {"type": 1, "components": [fill(c) for c in component.get("components", [])]}
            if component.get("type") == 18:  # Label wrapping one input
                return {"type": 18, "component": fill(component["component"])}
            if component.get("type") == 4:
                return {"type": 4, "custom_id": component["custom_id"], "value": values.get(component["custom_id"], "")}
            return component

        data = {"custom_id": modal["custom_id"], "components": [fill(c) for c in modal.get("components", [])]}
        return await self._dispatch_interaction(
            type=MODAL_SUBMIT, user=user, channel=interaction.channel, data=data, message=interaction.message
        )

    async def send_user_message(self, user: UserRef, channel: ChannelRef, content: str) -> FakeMessage:
        """A member posts a plain message (MESSAGE_CREATE; content hidden without MESSAGE_CONTENT)."""
        member, chan = self.user(user), self.channel(channel)
        message = FakeMessage(snowflake(), chan.id, chan.guild_id, member, content=content)
        self.messages[message.id] = message
        payload = message.payload(self.base_url)
        payload["member"] = member.member_payload(with_user=False)
        for conn in list(self._connections):
            if not conn.identified or not conn.intents & INTENT_GUILD_MESSAGES or not conn.sees(chan.guild_id):
                continue
            visible = dict(payload)
            mentioned = f"<@{self.bot_user.id}>" in content
            if not conn.intents & INTENT_MESSAGE_CONTENT and not mentioned:
                visible["content"] = ""  # P6: Discord strips content without the privileged intent
            await self._send(conn, {"op": 0, "t": "MESSAGE_CREATE", "d": visible})
        self._notify()
        return message
