"""Noticing, before and after every write, that the files of an open SQLite database are no longer the ones opened.

SQLite keeps writing into files it has open even when their names now lead elsewhere or nowhere, so without this a
bot confirms moves that vanish at the next start:

* the database deleted or replaced (`mv`): its device and inode changed;
* the database overwritten in place (`cp backup.db entdecker.db`: same inode): its size, modification time or
  100-byte header (change counter, page count, schema cookie, ...) changed although this process did not write it.
  In WAL mode the database file is written only by checkpoints, so the writer connection's automatic checkpoints are
  turned off and the store checkpoints itself (`after_write`), noting the file as it left it;
* the `-wal` or `-shm` file deleted or replaced: every move since the last checkpoint lives only in the open, unlinked
  WAL and would be lost by a crash. The WAL the connection still holds is first copied into the database file (a
  checkpoint), then writes are refused like the other faults;
* the `-lock` file deleted or replaced: the next process would lock another file.
"""

from __future__ import annotations

import logging
import os
import shutil
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DatabaseMoved
from .files import WAL_SUFFIXES, ProcessLock, _Held, beside, identity_of, real_path

log = logging.getLogger(__name__)

OVERWRITTEN = "was overwritten in place"
HEADER_BYTES = 100  # SQLite's database header
# Committed write transactions between the store's own checkpoints: a move writes ~2.5 pages, a lobby write more;
# this keeps the WAL near the size SQLite's automatic checkpoints (every 1000 pages) gave (docs/storage.md).
CHECKPOINT_EVERY = 300

Run = Callable[[str], Awaitable[list[Any]]]  # one statement on the writer connection, outside any transaction


@dataclass(frozen=True)
class Fingerprint:
    """The database file as this process last left it."""

    identity: tuple[int, int]
    size: int
    mtime_ns: int
    header: bytes


def fingerprint(path: Path, fd: int | None) -> Fingerprint | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    # Read through the descriptor held since open: an overwrite in place changes what it reads, a replacement does
    # not (the identity tells that one).
    header = os.pread(fd, HEADER_BYTES, 0) if fd is not None else b""
    return Fingerprint((st.st_dev, st.st_ino), st.st_size, st.st_mtime_ns, header)


class FileWatch:
    """The guard the store calls around its writes: `before_write`, `after_write`, `check` (sync, periodic)."""

    def __init__(self, database: Path, lock: ProcessLock | None) -> None:
        self.database = real_path(database)
        self._held: _Held | None = lock.held if lock is not None else None
        companions = [beside(self.database, suffix) for suffix in WAL_SUFFIXES]
        if lock is not None:
            companions.append(lock.path)
        self._companions = {path: identity_of(path) for path in companions}
        self.failure: DatabaseMoved | None = None
        self._lost_wal: tuple[Path, bool] | None = None  # the -wal or -shm that changed, and whether deleted
        self._rescued: bool | None = None  # whether its contents were copied into the database (None: not tried)
        self._writes = 0
        self._checkpointing = False  # this store's own checkpoint is copying pages into the file right now
        if self._held is not None and self._held.noted is None:
            self._held.noted = self._now()
        self._identity = identity_of(self.database)

    @property
    def owns_checkpoints(self) -> bool:
        """Whether this store checkpoints the file itself (it holds the process lock; a store opened without it, a
        tool's, leaves the file to the bot and is watched by identity only)."""
        return self._held is not None

    def _now(self) -> Fingerprint | None:
        return fingerprint(self.database, self._held.db_fd if self._held is not None else None)

    def check(self) -> None:
        """DatabaseMoved if a file of the database is not the one opened (the first failure sticks)."""
        if self.failure is not None:
            raise self.failure
        problem = self._database_problem()
        if problem is not None:
            rescue = self._set_wal_aside() if problem.startswith(OVERWRITTEN) else ""
            self._fail(DatabaseMoved(self.database, deleted=problem == "was deleted", how=problem, rescue=rescue))
        for path, ident in self._companions.items():
            now = identity_of(path)
            if ident is not None and now != ident:
                if path.name.endswith(WAL_SUFFIXES):
                    self._lost_wal = (path, now is None)
                self._fail(DatabaseMoved(path, deleted=now is None))

    def _database_problem(self) -> str | None:
        now = self._now()
        if now is None:
            return "was deleted"
        if now.identity != self._identity:
            return "was replaced by another file"
        noted = self._held.noted if self._held is not None else None
        if isinstance(noted, Fingerprint) and now != noted and not self._checkpointing:
            return f"{OVERWRITTEN} (its contents changed, e.g. a backup copied over it)"
        return None

    def _set_wal_aside(self) -> str:
        """The file at the path is ours (same inode) but holds other contents: the open WAL's pages belong to the
        database that was there, and any checkpoint, SQLite's own when the last connection closes included, would
        write them over the file now there and damage it. Keep a copy of the WAL for the record, then empty it by
        name (a descriptor opened and closed here would drop SQLite's locks), so nothing can be copied back."""
        wal = beside(self.database, "-wal")
        kept = beside(self.database, f"-wal.kept-{time.time_ns()}")
        try:
            if os.stat(wal).st_size == 0:  # nothing to keep (another Store of this process set it aside already)
                return ""
            shutil.copyfile(wal, kept)
            os.truncate(wal, 0)
        except OSError as exc:
            log.error("could not set the WAL of %s aside: %s", self.database, exc)
            return f"its WAL could not be set aside ({exc}); "
        return f"the writes since its last checkpoint are kept in {kept}, not written over it; "

    def _fail(self, failure: DatabaseMoved) -> None:
        self.failure = failure
        log.error("%s", failure)
        raise failure

    async def before_write(self, run: Run) -> None:
        try:
            self.check()
        except DatabaseMoved as first:
            await self._rescue(run)
            raise (self.failure or first) from None

    async def after_write(self, run: Run) -> None:
        """After a committed write: refuse to call it saved if the database changed under it (a WAL lost meanwhile
        is copied into the database file first, and then the write is kept); every CHECKPOINT_EVERY writes,
        checkpoint and note the file as this process left it."""
        try:
            self.check()
        except DatabaseMoved as first:
            if await self._rescue(run):
                return  # in the database file now: the write is kept, the next one is refused
            raise (self.failure or first) from None
        if not self.owns_checkpoints:
            return
        self._writes += 1
        if self._writes % CHECKPOINT_EVERY == 0:
            # Other channels' writes are checked while it runs, and see the file change: that is this checkpoint.
            self._checkpointing = True
            try:
                await run("PRAGMA wal_checkpoint(PASSIVE)")
            finally:
                self._checkpointing = False
            self.note()

    def note(self) -> None:
        """The database file as it is now is this process's doing (after its own checkpoint)."""
        if self._held is not None and self.failure is None:
            self._held.noted = self._now()

    async def _rescue(self, run: Run) -> bool:
        """A WAL deleted or replaced while the database file is still the one opened: copy what the open WAL holds
        into the database file now, so that a crash before the bot stops loses nothing. True if that was done."""
        if self._lost_wal is None:
            return False
        if self._rescued is None and self._database_problem() is None:
            path, deleted = self._lost_wal
            try:
                busy, frames, copied = (int(v) for v in tuple((await run("PRAGMA wal_checkpoint(FULL)"))[0]))
                self._rescued = busy == 0 and frames == copied
            except Exception:  # the refusal is the news; the reason goes to the log
                log.exception("copying the WAL of %s into it failed", self.database)
                self._rescued = False
            rescue = (
                f"every move it held was copied into {self.database}; "
                if self._rescued
                else f"the moves since the last checkpoint could not all be copied into {self.database}; "
            )
            self.failure = DatabaseMoved(path, deleted, rescue=rescue)
            log.error("%s", self.failure)
        return bool(self._rescued)
