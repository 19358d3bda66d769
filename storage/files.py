"""The database file on disk: one process per file, no silent fresh start, noticing a file deleted under us.

SQLite-only: a PostgreSQL database is shared by several processes on purpose and has no file to lose.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from .errors import DatabaseInUse, DatabaseMissing, DatabaseMoved

log = logging.getLogger(__name__)

# What SQLite (and this module) leave beside a database that has been used: if one of them is there but the
# database is not, the database was deleted or moved, and creating an empty one would silently lose every game.
TRACE_SUFFIXES = ("-wal", "-shm", "-journal")
LOCK_SUFFIX = "-lock"


def lock_path(path: Path) -> Path:
    return path.with_name(path.name + LOCK_SUFFIX)


def traces_of(path: Path) -> list[Path]:
    """Files beside `path` showing that a database was used there; the lock file counts once it names an owner
    (it is written only after the database has been opened), so a start that died before creating the database
    does not block the next one."""
    found = [path.with_name(path.name + suffix) for suffix in TRACE_SUFFIXES]
    found = [p for p in found if p.exists()]
    lock = lock_path(path)
    with contextlib.suppress(OSError):
        if lock.stat().st_size > 0:
            found.append(lock)
    return found


def check_not_missing(path: Path) -> bool:
    """True if the database file must be created (and may be); DatabaseMissing if traces say one existed."""
    if path.exists() and path.stat().st_size > 0:
        return False
    traces = traces_of(path)
    if traces:
        raise DatabaseMissing(path, traces)
    return True


@dataclass
class _Held:
    fd: int
    identity: tuple[int, int]
    users: int


# One lock per lock file per process: flock locks belong to an open file description, so a second Store in the
# same process (tests, tools) shares the first one's lock instead of refusing itself.
_held: dict[str, _Held] = {}
_held_guard = threading.Lock()


class ProcessLock:
    """An exclusive flock on `<database>-lock`, held while the Store is open; the kernel drops it when the process
    dies, however it dies, so a killed bot never leaves a stale lock behind."""

    def __init__(self, path: Path) -> None:
        self.path = lock_path(path)
        self._key = os.path.realpath(self.path)
        self._released = False

    def acquire(self) -> None:
        with _held_guard:
            held = _held.get(self._key)
            if held is not None:
                held.users += 1
                return
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                owner = _read_owner(fd)
                os.close(fd)
                raise DatabaseInUse(self.path, owner) from None
            except BaseException:
                os.close(fd)
                raise
            st = os.fstat(fd)
            _held[self._key] = _Held(fd, (st.st_dev, st.st_ino), 1)

    def note_owner(self) -> None:
        """Write who holds the lock into the file: it names the culprit to a refused second process and marks
        the database as having existed (see traces_of)."""
        with _held_guard:
            held = _held.get(self._key)
            if held is None:
                return
            text = f"pid {os.getpid()}\n".encode()
            os.ftruncate(held.fd, 0)
            os.pwrite(held.fd, text, 0)

    @property
    def identity(self) -> tuple[int, int] | None:
        held = _held.get(self._key)
        return held.identity if held is not None else None

    def release(self) -> None:
        if self._released:
            return
        self._released = True
        with _held_guard:
            held = _held.get(self._key)
            if held is None:
                return
            held.users -= 1
            if held.users == 0:
                del _held[self._key]
                # The file stays: deleting a lock file races with a process about to lock it, and it is a trace.
                os.close(held.fd)


def _read_owner(fd: int) -> str:
    try:
        return os.pread(fd, 200, 0).decode(errors="replace").strip()
    except OSError:
        return ""


def identity_of(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_dev, st.st_ino)


class FileWatch:
    """Notices that the file at a path is no longer the one opened: deleted, or replaced (restored from a backup,
    moved over) while the store runs. SQLite keeps writing into the open, unlinked file, so without this a bot
    confirms moves that vanish at the next start. Two stat calls per check: cheap enough for every write."""

    def __init__(self, files: dict[Path, tuple[int, int] | None]) -> None:
        self._files = {path: ident for path, ident in files.items() if ident is not None}
        self.failure: DatabaseMoved | None = None

    def check(self) -> None:
        if self.failure is not None:
            raise self.failure
        for path, ident in self._files.items():
            now = identity_of(path)
            if now != ident:
                self.failure = DatabaseMoved(path, deleted=now is None)
                log.error("%s", self.failure)
                raise self.failure
