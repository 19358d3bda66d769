"""The database file on disk: one process per file (whatever name it is opened by), no silent fresh start, no
read-only file taken for a usable one.

SQLite-only: a PostgreSQL database is shared by several processes on purpose and has no file to lose. What is watched
while the store runs is in storage/file_watch.py.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import logging
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

from .errors import DatabaseInUse, DatabaseMissing, DatabaseReadOnly

log = logging.getLogger(__name__)

# What SQLite (and this module) leave beside a database that has been used: if one of them is there but the
# database is not, the database was deleted or moved, and creating an empty one would silently lose every game.
TRACE_SUFFIXES = ("-wal", "-shm", "-journal")
LOCK_SUFFIX = "-lock"
# The files SQLite writes beside a database in WAL mode; they must be writable as much as the database itself.
WAL_SUFFIXES = ("-wal", "-shm")
# errno values of a file this process may not write: no permission, immutable (chattr +i, even for root), a read-only
# mount.
_NOT_WRITABLE = (errno.EACCES, errno.EPERM, errno.EROFS)


def real_path(path: Path) -> Path:
    """The file a path ends at, symlinks resolved (also when it does not exist yet): SQLite itself opens and names
    its -wal and -shm after this one, so the lock and the guards must too."""
    return Path(os.path.realpath(path))


def beside(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def lock_path(path: Path) -> Path:
    return beside(real_path(path), LOCK_SUFFIX)


def traces_of(path: Path) -> list[Path]:
    """Files beside `path` showing that a database was used there; the lock file counts once it names an owner
    (it is written only after the database has been opened), so a start that died before creating the database
    does not block the next one."""
    found = [beside(path, suffix) for suffix in TRACE_SUFFIXES]
    found = [p for p in found if p.exists()]
    lock = beside(path, LOCK_SUFFIX)
    with contextlib.suppress(OSError):
        if lock.stat().st_size > 0:
            found.append(lock)
    return found


def check_not_missing(path: Path) -> bool:
    """True if the database file must be created (and may be); DatabaseMissing if traces say one existed."""
    path = real_path(path)
    if path.exists() and path.stat().st_size > 0:
        return False
    traces = traces_of(path)
    if traces:
        raise DatabaseMissing(path, traces)
    return True


def check_writable(path: Path) -> None:
    """DatabaseReadOnly if this process may not write the WAL files beside the database (SQLite would open the
    database read-only without a word and fail every move). The database file itself is checked by opening it for
    writing (ProcessLock.acquire); these only by access(2): opening and closing a descriptor of a file SQLite has
    open would drop SQLite's own POSIX locks on it."""
    path = real_path(path)
    for suffix in WAL_SUFFIXES:
        companion = beside(path, suffix)
        if companion.exists() and not os.access(companion, os.W_OK):
            raise DatabaseReadOnly(path, f"{companion} is not writable")
    if not os.access(path.parent, os.W_OK):
        raise DatabaseReadOnly(path, f"its directory {path.parent} is not writable (SQLite creates its WAL there)")


@dataclass
class _Held:
    lock_fd: int
    lock_identity: tuple[int, int]
    db_fd: int
    db_identity: tuple[int, int]
    users: int
    # What the database file looked like after this process last wrote it (file_watch.Fingerprint), shared by the
    # Stores of this process on this file: a checkpoint by one of them is no foreign write for the others.
    noted: object = field(default=None)


# One lock per database per process: flock locks belong to an open file description, so a second Store in the
# same process (tests, tools) shares the first one's lock instead of refusing itself.
_held: dict[str, _Held] = {}
_held_guard = threading.Lock()


class ProcessLock:
    """Exclusive flocks, held while the Store is open, on `<real database>-lock` and on the database file itself.

    The lock file, named after the real path (symlinks resolved), serialises starts and names the owner; the lock on
    the database's own inode catches a second bot that reaches the file through a hard link (another name, another
    lock file). The kernel drops both when the process dies, however it dies, so a killed bot never leaves a stale
    lock behind. flock and SQLite's POSIX locks do not interact on Linux's local filesystems; over NFS (where flock is
    emulated by POSIX locks) SQLite's WAL mode does not work anyway. The database's descriptor is closed only after
    every connection is: closing any descriptor of a file drops the process's POSIX locks on it, SQLite's included."""

    def __init__(self, path: Path) -> None:
        self.database = real_path(path)
        self.path = beside(self.database, LOCK_SUFFIX)
        self._key = str(self.path)
        self._released = False

    def acquire(self) -> bool:
        """Lock the lock file, look for the database (check_not_missing: True if it must be created), then lock the
        database file, created empty if missing (SQLite takes an empty file for a new database). DatabaseInUse,
        DatabaseMissing, or DatabaseReadOnly if the file cannot be written."""
        with _held_guard:
            held = _held.get(self._key)
            if held is not None:
                held.users += 1
                return check_not_missing(self.database)
            lock_fd = _locked(self.path, os.O_RDWR | os.O_CREAT)
            try:
                # Under the lock: a process starting beside us waits its turn before looking for the file.
                created = check_not_missing(self.database)
                db_fd = self._lock_database()
            except BaseException:
                os.close(lock_fd)
                raise
            _held[self._key] = _Held(lock_fd, _identity(lock_fd), db_fd, _identity(db_fd), 1)
            return created

    def _lock_database(self) -> int:
        try:
            fd = os.open(self.database, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            if exc.errno in _NOT_WRITABLE:
                raise DatabaseReadOnly(self.database, exc.strerror or str(exc)) from None
            raise
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            owner = _flock_owner(fd)
            os.close(fd)
            raise DatabaseInUse(self.database, owner) from None
        except BaseException:
            os.close(fd)
            raise
        return fd

    def note_owner(self) -> None:
        """Write who holds the lock into the file: it names the culprit to a refused second process and marks
        the database as having existed (see traces_of)."""
        with _held_guard:
            held = _held.get(self._key)
            if held is None:
                return
            text = f"pid {os.getpid()}\n".encode()
            os.ftruncate(held.lock_fd, 0)
            os.pwrite(held.lock_fd, text, 0)

    @property
    def held(self) -> _Held | None:
        return _held.get(self._key)

    @property
    def identity(self) -> tuple[int, int] | None:
        held = _held.get(self._key)
        return held.lock_identity if held is not None else None

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
                # The lock file stays: deleting it races with a process about to lock it, and it is a trace.
                os.close(held.db_fd)
                os.close(held.lock_fd)


def _locked(path: Path, flags: int) -> int:
    fd = os.open(path, flags, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        owner = _read_owner(fd)
        os.close(fd)
        raise DatabaseInUse(path, owner) from None
    except BaseException:
        os.close(fd)
        raise
    return fd


def _identity(fd: int) -> tuple[int, int]:
    st = os.fstat(fd)
    return (st.st_dev, st.st_ino)


def _read_owner(fd: int) -> str:
    try:
        return os.pread(fd, 200, 0).decode(errors="replace").strip()
    except OSError:
        return ""


def _flock_owner(fd: int) -> str:
    """The "pid N" of the process holding a flock on the file of `fd`, from /proc/locks (Linux), or "" if unknown: the
    other bot may have reached the file by another name, so its lock file cannot be found from here."""
    inode = os.fstat(fd).st_ino
    with contextlib.suppress(OSError):
        for line in Path("/proc/locks").read_text().splitlines():
            parts = line.split()
            # "1: FLOCK  ADVISORY  WRITE 1234 fd:01:5678 0 EOF"
            if len(parts) >= 6 and parts[1] == "FLOCK" and parts[5].rsplit(":", 1)[-1] == str(inode):
                return f"pid {parts[4]}"
    return ""


def identity_of(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return (st.st_dev, st.st_ino)
