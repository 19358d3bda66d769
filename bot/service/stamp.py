"""Which state a control or a choice was made for, and the key a move request is stored with (issue 19 items 1-3).

A version number comes back after /undo, so a state is told by its version and when it was reached (its move's
time, or the start: what the turn message's nonce uses), hashed to eight hex digits, the *tag*. Components carry
`<version>.<tag>` where they carried the version (`ed:12:44.1a2b3c4d:draw:3`); autocomplete values carry
`<value>@<tag>`. Everything that makes or reads them is here, so the controls and the messages can change freely.
"""

from __future__ import annotations

import hashlib
import re

from .table import Table

TAG = r"[0-9a-f]{8}"
# A custom_id's state field: the version, and the tag (missing from controls made before issue 19).
STAMP = rf"(?P<version>[0-9]+)(?:\.(?P<tag>{TAG}))?"
_TAGGED_VALUE = re.compile(rf"(?P<value>.*)@(?P<tag>{TAG})", re.DOTALL)
MAX_VALUE = 100  # Discord's limit for a choice's value


def tag_of(table: Table) -> str:
    """The state's tag: the same in every process and after a restart (it is read from the stored game)."""
    record = table.record
    reached = record.last_move_at if record.last_move_at is not None else record.started_at
    return hashlib.sha256(f"{record.id}:{table.version}:{reached!r}".encode()).hexdigest()[:8]


def state_field(version: int, tag: str | None) -> str:
    """The state field of a custom_id (STAMP reads it back); without a tag, the form of controls made before."""
    return f"{version}.{tag}" if tag else str(version)


def tagged(value: str, table: Table) -> str:
    """An autocomplete value offered at the table's state."""
    return f"{value[: MAX_VALUE - 9]}@{tag_of(table)}"


def untagged(value: str | int | None) -> tuple[str | int | None, str | None]:
    """A command's value and the tag it was offered at (None: typed, or from a client that dropped it)."""
    match = _TAGGED_VALUE.fullmatch(value) if isinstance(value, str) else None
    return (match["value"], match["tag"]) if match else (value, None)


def request_key(user_id: int | None, tag: str, asked: str) -> str:
    """The key a move is stored with: who asked (None: an AI), the state they asked it on and what they asked. The
    same request made twice has the same key, and storage lets it act once."""
    return hashlib.sha256(f"{user_id}\n{tag}\n{asked}".encode()).hexdigest()[:24]
