"""`python -m storage migrate --from SOURCE --to TARGET`: copy a server's games to another database and check them.

SOURCE and TARGET are ENTDECKER_DB settings (a SQLite path or a postgresql:// URL). Exit status 0 when every
started game replays to the same state in the copy, 1 when some do not, 2 when the copy could not be made.
"""

from __future__ import annotations

import argparse
import asyncio
import sys

from .errors import StorageError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    migrate = commands.add_parser("migrate", help="copy every game, move and snapshot into an empty database")
    migrate.add_argument("--from", dest="source", required=True, help="the database to copy (path or URL)")
    migrate.add_argument("--to", dest="target", required=True, help="an empty database to copy into (path or URL)")
    args = parser.parse_args(argv)

    from .transfer import copy_database, summary

    try:
        report = asyncio.run(copy_database(args.source, args.target, progress=lambda line: print(line, flush=True)))
    except StorageError as exc:
        print(f"python -m storage: {exc}", file=sys.stderr)
        return 2
    print(summary(report))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
