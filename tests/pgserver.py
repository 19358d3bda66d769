"""A throwaway PostgreSQL server for tests and benchmarks: initdb into a temporary folder, a Unix socket in it, no TCP.

    server = PgServer.start()          # find_bin_dir() says beforehand whether the binaries exist
    url = await server.new_schema()    # a fresh, empty schema: postgresql://entdecker@/tests?host=/tmp/...&search_path=t3
    url = await server.new_database()  # a fresh, empty database (for benchmarks: ~0.5 s each on a busy machine)
    server.stop()

initdb refuses to run as root (CI runs as root), so as root the server runs as an unprivileged user (postgres if
it exists, else nobody) through runuser, in a folder that user owns. Durability settings are off (fsync,
synchronous_commit): the data is thrown away at the end, and tests must stay fast on 2 cores.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

SUPERUSER = "entdecker"
BIN_ENV = "ENTDECKER_PG_BIN"  # a folder with initdb and pg_ctl, to use other binaries than the ones found


def find_bin_dir() -> Path | None:
    """The folder of initdb and pg_ctl: $ENTDECKER_PG_BIN, else the newest /usr/lib/postgresql/*/bin, else PATH."""
    candidates = []
    if os.environ.get(BIN_ENV):
        candidates.append(Path(os.environ[BIN_ENV]))
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    candidates.extend(Path(p) for p in versions)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).parent)
    for folder in candidates:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


def _run_as() -> str | None:
    """The user to run the server as: None (ourselves) unless we are root, whom initdb refuses."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return name
    raise RuntimeError("running as root and no unprivileged user (postgres, nobody) to run PostgreSQL as")


@dataclass
class PgServer:
    bin_dir: Path
    folder: Path
    user: str | None
    _names: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    @property
    def socket_dir(self) -> str:
        return str(self.folder)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.folder}"

    @classmethod
    def start(cls, bin_dir: Path | None = None) -> PgServer:
        """initdb and start a server; RuntimeError with its log if that fails."""
        bin_dir = bin_dir or find_bin_dir()
        if bin_dir is None:
            raise RuntimeError("no PostgreSQL server binaries (initdb, pg_ctl) found")
        user = _run_as()
        # Not below pytest's tmp_path: its parents are private to root, and the server user must reach the folder.
        folder = Path(tempfile.mkdtemp(prefix="entdecker-pg-"))
        if user is not None:
            entry = pwd.getpwnam(user)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        server = cls(bin_dir, folder, user)
        try:
            server._cmd(
                "initdb", "-D", str(folder / "data"), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8",
                "--locale=C", "--no-sync",
            )  # fmt: skip
            server._start()
        except Exception:
            log = server.log()
            server.stop()
            raise RuntimeError(f"cannot start PostgreSQL in {folder}:\n{log}") from None
        return server

    def _start(self) -> None:
        options = (
            f"-k {self.folder} -c listen_addresses='' -c fsync=off -c synchronous_commit=off"
            " -c full_page_writes=off -c max_connections=200 -c shared_buffers=32MB"
        )
        # -l: the server's output goes to the log, not to our pipe (which would stay open as long as it runs).
        data, log = str(self.folder / "data"), str(self.folder / "log")
        self._cmd("pg_ctl", "-D", data, "-l", log, "-w", "-o", options, "start")

    def _cmd(self, tool: str, *args: str) -> None:
        command = [str(self.bin_dir / tool), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120, cwd=self.folder)

    def log(self) -> str:
        with contextlib.suppress(OSError):
            return (self.folder / "log").read_text(errors="replace")[-4000:]
        return ""

    def restart(self) -> None:
        """Restart the server: every client connection is cut. A fast (clean) shutdown, not an immediate one: with
        this server's durability settings off, a crash would lose the last commits, which a real server keeps."""
        self._cmd("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")
        self._start()

    def stop(self) -> None:
        """Stop at once (the data is thrown away) and remove the folder."""
        if (self.folder / "data" / "postmaster.pid").exists():
            with contextlib.suppress(Exception):
                self._cmd("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    async def new_schema(self) -> str:
        """A URL whose connections see only a fresh, empty schema of the shared `tests` database (asyncpg passes
        the unknown search_path parameter on as a server setting).

        Tests take one each instead of a database each: CREATE DATABASE copies a template (about 0.5 s on a busy
        2-core machine, 40 times per run), CREATE SCHEMA takes a millisecond. A schema holds everything the store
        creates (tables, functions, triggers, schema_version); only advisory locks are per database, and every
        test releases the ones it takes by closing its stores.
        """
        name = f"t{next(self._names)}"
        conn = await asyncpg.connect(self.url())
        try:
            if not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = 'tests'"):
                await conn.execute("CREATE DATABASE tests TEMPLATE template0")
        finally:
            await conn.close()
        conn = await asyncpg.connect(self.url("tests"))
        try:
            await conn.execute(f"CREATE SCHEMA {name}")
        finally:
            await conn.close()
        return f"{self.url('tests')}&search_path={name}"

    async def new_database(self, prefix: str = "t") -> str:
        """Create an empty database and return its URL."""
        name = f"{prefix}{next(self._names)}_{os.getpid()}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
        finally:
            await conn.close()
        return self.url(name)
