"""Counter-based randomness: every draw is a pure function of (seed, stream, counter).

A hash, not a stateful generator, so a state only needs to carry its seed and a counter to be reproducible,
and the result cannot change with the Python version.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def rand_below(seed: int, stream: str, counter: int, n: int) -> int:
    """A uniform integer in [0, n); the 256-bit hash makes the modulo bias negligible."""
    if n <= 0:
        raise ValueError("n must be positive")
    digest = hashlib.sha256(f"{seed}:{stream}:{counter}".encode()).digest()
    return int.from_bytes(digest, "big") % n


def shuffled(items: Sequence[T], seed: int, stream: str) -> list[T]:
    """Fisher-Yates shuffle driven by rand_below."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rand_below(seed, stream, i, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
