"""Plain records the fake keeps: users, channels, messages, attachments, interactions, violations."""

from __future__ import annotations

import asyncio
import io
import itertools
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from .limits import BUTTON, FLAG_COMPONENTS_V2, FLAG_EPHEMERAL, SELECT_TYPES, media_of, text_of

if TYPE_CHECKING:
    from PIL import Image

    from .server import FakeDiscord

DISCORD_EPOCH_MS = 1420070400000
_counter = itertools.count()
_lock = threading.Lock()


def snowflake() -> int:
    """A snowflake from the current wall clock (P10: discord.py derives expiry/created_at from it)."""
    with _lock:
        return ((int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22) | (next(_counter) & 0x3FFFFF)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class FakeRole:
    id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class FakeUser:
    """A guild member (or the bot). ``roles`` are ids of non-@everyone roles."""

    id: int
    name: str
    bot: bool = False
    roles: list[int] = field(default_factory=list)
    joined_at: str = field(default_factory=iso_now)
    locale: str = "en-US"  # the Discord client's language, sent with each of this user's interactions

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member_payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at,
            "nick": None,
            "avatar": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }
        if with_user:
            data["user"] = self.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class FakeChannel:
    id: int
    name: str
    guild_id: int
    position: int = 0
    type: int = 0

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "guild_id": str(self.guild_id),
            "position": self.position,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }


@dataclass
class FakeAttachment:
    """An uploaded file; ``data`` holds the exact bytes discord.py sent."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def image(self) -> Image.Image:
        """Decode with Pillow (imported lazily so the fake itself does not need it)."""
        from PIL import Image

        img = Image.open(io.BytesIO(self.data))
        img.load()
        return img

    def media(self, base_url: str) -> dict[str, Any]:
        """What an `attachment://` reference to this file becomes in a stored components-v2 message."""
        url = f"{base_url}/attachments/{self.id}/{self.filename}"
        return {"url": url, "proxy_url": url, "attachment_id": str(self.id), "content_type": self.content_type}

    def payload(self, base_url: str) -> dict[str, Any]:
        url = f"{base_url}/attachments/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        return data


def _walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from _walk_components(component.get("components") or [])
        if component.get("accessory"):
            yield component["accessory"]


@dataclass
class FakeMessage:
    """A message as the fake stores it. Ephemeral ones are only visible to ``visible_to``."""

    id: int
    channel_id: int
    guild_id: int | None
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    interaction_id: int | None = None
    visible_to: int | None = None
    loading: bool = False
    deleted: bool = False
    edit_count: int = 0
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    tts: bool = False
    pinged: frozenset[int] = frozenset()  # the users Discord notified when it was posted (limits.pinged)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def v2(self) -> bool:
        """Whether the message is laid out in components v2 (IS_COMPONENTS_V2): text and pictures are components."""
        return bool(self.flags & FLAG_COMPONENTS_V2)

    @property
    def text(self) -> str:
        """What a reader sees as the message's words: its content, or (components v2) its Text Displays."""
        return "\n".join(text_of(self.components)) if self.v2 else self.content

    def pictures(self) -> list[FakeAttachment]:
        """The attachments a reader sees: all of a legacy message's, only those its components show in v2."""
        if not self.v2:
            return list(self.attachments)
        shown = {str(m.get("attachment_id")) for m in media_of(self.components)}
        return [a for a in self.attachments if str(a.id) in shown]

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component, flattened (rows, buttons, selects, V2 containers)."""
        return _walk_components(self.components)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if c.get("custom_id")]

    def component(self, custom_id: str) -> dict[str, Any]:
        for c in self.iter_components():
            if c.get("custom_id") == custom_id:
                return c
        raise KeyError(f"message {self.id} has no component with custom_id {custom_id!r}: {self.custom_ids()}")

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") == BUTTON]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.iter_components() if c.get("type") in SELECT_TYPES]

    def payload(self, base_url: str) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": 0 if self.interaction_id is None else 20,
            "channel_id": str(self.channel_id),
            **({"guild_id": str(self.guild_id)} if self.guild_id and not self.ephemeral else {}),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(base_url) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }


@dataclass
class Violation:
    """A Discord rule the bot broke, with the error Discord would have returned."""

    code: int
    status: int
    message: str
    route: str
    interaction_id: int | None = None
    details: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        extra = f" [{'; '.join(self.details)}]" if self.details else ""
        return f"{self.status}/{self.code} {self.message} at {self.route}{extra}"


@dataclass
class CallbackRecord:
    """An accepted initial interaction response."""

    type: int
    data: dict[str, Any]
    at: float


class InteractionHandle:
    """One interaction the test dispatched, and everything the bot answered to it.

    Timings are seconds on the event loop clock, measured from the moment the
    INTERACTION_CREATE frame was written to the gateway socket.
    """

    def __init__(
        self,
        fake: FakeDiscord,
        *,
        user: FakeUser,
        channel: FakeChannel,
        payload: dict[str, Any],
        message: FakeMessage | None,
    ) -> None:
        self.fake = fake
        self.id = int(payload["id"])  # the payload's (INTERACTION_CREATE's) id, token and type
        self.token: str = payload["token"]
        self.type: int = payload["type"]
        self.user = user
        self.channel = channel
        self.payload = payload
        self.message = message  # the message a component was clicked on
        self.dispatched_at: float = asyncio.get_running_loop().time()
        self.callback: CallbackRecord | None = None
        self.original: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        self.choices: list[dict[str, Any]] | None = None
        self.modal: dict[str, Any] | None = None
        self.final_at: float | None = None
        self.final_message: FakeMessage | None = None
        self.timeline: list[tuple[float, str]] = []
        self.deadline_handle: asyncio.TimerHandle | None = None

    def __repr__(self) -> str:
        return f"<InteractionHandle id={self.id} type={self.type} callback={self.callback and self.callback.type}>"

    # -- timings -----------------------------------------------------------
    @property
    def ack_latency(self) -> float | None:
        """Seconds from dispatch to the accepted initial callback."""
        return None if self.callback is None else self.callback.at - self.dispatched_at

    @property
    def final_latency(self) -> float | None:
        """Seconds from dispatch to the final visible answer (see :meth:`final`)."""
        return None if self.final_at is None else self.final_at - self.dispatched_at

    # -- views -------------------------------------------------------------
    @property
    def messages(self) -> list[FakeMessage]:
        """The original response (if any) followed by followups, without deleted ones."""
        out = [self.original] if self.original is not None else []
        return [m for m in [*out, *self.followups] if not m.deleted]

    @property
    def ephemeral_messages(self) -> list[FakeMessage]:
        return [m for m in self.messages if m.ephemeral]

    @property
    def violations(self) -> list[Violation]:
        return [v for v in self.fake.violations if v.interaction_id == self.id]

    # -- waiting -----------------------------------------------------------
    async def acked(self, timeout: float = 5.0) -> CallbackRecord:
        """Wait for the accepted initial callback (type 4/5/6/7/8/9)."""
        return await self.fake.wait_for(lambda: self.callback, timeout, f"callback for interaction {self.id}")

    async def final(self, timeout: float = 5.0) -> FakeMessage:
        """Wait for the answer the user finally sees.

        type 4/7 callback → that message; type 5/6 (defer) → the first followup or
        ``@original`` edit after it. Not meaningful for autocomplete/modals.
        """
        message = await self.fake.wait_for(lambda: self.final_message, timeout, f"final answer to {self.id}")
        if self.fake.settle is not None:  # and what the app still does with it (a public follow-up after the answer)
            await self.fake.settle(self.id)
        return message

    async def wait_followups(self, count: int = 1, timeout: float = 5.0) -> list[FakeMessage]:
        """Wait until at least ``count`` followup messages were created."""
        await self.fake.wait_for(lambda: len(self.followups) >= count, timeout, f"{count} followups")
        return list(self.followups)

    def _mark_final(self, message: FakeMessage, now: float) -> None:
        if self.final_message is None:
            self.final_message = message
            self.final_at = now
