"""A SQLite CREATE TABLE of the migrations in PostgreSQL's dialect, so that each table is written once. Each
PostgreSQL table made so is the one that was written out beside it before (the same text but for white space)."""

from __future__ import annotations

import re
from collections.abc import Mapping


def in_postgres(create_table: str, *bigints: str, swap: Mapping[str, str] | None = None) -> str:
    """`create_table` with REAL as DOUBLE PRECISION (unix seconds), BLOB as BYTEA, without SQLite's WITHOUT ROWID,
    the INTEGER columns named in `bigints` (ids, snowflakes, seeds) as BIGINT, and each text of `swap` as its value
    (what the dialects say otherwise, e.g. a BOOLEAN)."""
    text = re.sub(r"\bREAL\b", "DOUBLE PRECISION", create_table).replace(" BLOB ", " BYTEA ")
    text = text.replace(") WITHOUT ROWID", ")")
    for column in bigints:
        text = re.sub(rf"^(\s*{column}\s+)INTEGER\b", r"\1BIGINT", text, flags=re.MULTILINE)
    for old, new in (swap or {}).items():
        if old not in text:
            raise ValueError(f"{old!r} is not in the table")
        text = text.replace(old, new)
    return text
