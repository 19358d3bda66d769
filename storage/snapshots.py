"""When a snapshot is written and how it is stored: the policy both backends share (docs/storage.md, "Snapshots").

A snapshot is a cache of the state without its history. Writing it on every move made it most of the bytes a move
writes (its leaf and overflow pages), so it is written every EVERY moves and at the game's end; loading replays the
few logged moves after it through the engine (storage/replay.py). It is stored zlib-compressed: a late Entdecker
snapshot is ~6 KB of JSON and ~1.2 KB compressed, so it fits in one page beside others instead of spilling onto
overflow pages. The digests (storage/replay.py) are computed over the JSON text, not the compressed bytes, so they
mean the same whatever the packing and on either backend.
"""

from __future__ import annotations

import zlib

# Snapshot every EVERY moves: loading then replays at most EVERY - 1 moves (Entdecker ~60 us a move, The Discovery
# ~340 us), and a move writes two pages (its log leaf and its games row) instead of four to seven. See docs/bench.md.
EVERY = 8
LEVEL = 6  # zlib's default; ~60 us for a late Entdecker state, paid once every EVERY moves


def due(version: int, over: bool) -> bool:
    """Whether the state at `version` gets a snapshot: every EVERY moves, the start (0) and the end of the game."""
    return over or version % EVERY == 0


def pack(state_json: str) -> bytes:
    """The stored form of a snapshot's text."""
    return zlib.compress(state_json.encode(), LEVEL)


def unpack(stored: str | bytes | memoryview) -> str:
    """The snapshot's text from its stored form; ValueError if it is damaged.

    Snapshots written before migration 0005 are plain JSON: SQLite text, or in PostgreSQL the text's UTF-8 bytes
    (the column became BYTEA). A JSON object starts with "{" (0x7B); a zlib stream never does (its first byte is
    0x78 for every window size zlib writes), so the two cannot be confused."""
    if isinstance(stored, str):
        return stored
    data = bytes(stored)
    try:
        if data[:1] == b"{":
            return data.decode()
        return zlib.decompress(data).decode()
    except (zlib.error, UnicodeDecodeError) as exc:
        raise ValueError(f"the snapshot does not unpack: {exc}") from exc
