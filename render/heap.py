"""Keeping the memory of one picture for the next (glibc's malloc; elsewhere nothing changes).

A board's render allocates ~12 MB of short-lived buffers (the copy of the background, the palette picture, its rows,
the deflated bytes) and frees them. glibc hands blocks this large to the system one by one (mmap) or trims its heap
after them, so the next render asks for them again, and each 4 KB page it touches costs a page fault: on one board
2,961 of them a render, 12 of its 21 ms (docs/bench.md). With a fixed threshold for handing blocks out by mmap and a
high one for trimming, freed buffers stay in the heap and the next picture reuses them.
The cost: up to TRIM bytes freed but kept per process (a render worker's high-water mark stays its size)."""

from __future__ import annotations

import ctypes
import ctypes.util

M_TRIM_THRESHOLD = -1  # glibc's mallopt parameters (malloc.h)
M_MMAP_THRESHOLD = -3
MMAP = 32 << 20  # glibc's largest mmap threshold: a block below it comes from the heap (a board's picture is ~6 MB)
TRIM = 64 << 20  # the heap is given back to the system only when this much at its top is free


def keep_freed_memory() -> bool:
    """Set glibc's thresholds (once a process; harmless to repeat). False where the C library is not glibc."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl, macOS, Windows: no mallopt; their allocators are left as they are
        return False
    return bool(mallopt(M_MMAP_THRESHOLD, MMAP)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM))
