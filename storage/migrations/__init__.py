"""Numbered schema migrations.

Each module `mNNNN_<name>.py` holds `STATEMENTS` (SQLite) and `POSTGRES` (the same change in PostgreSQL's
dialect), and optionally `STEPS` (names of data steps in storage/migrations/steps.py, run by either backend),
applied in number order inside one transaction per migration; SQLite's PRAGMA user_version and PostgreSQL's
schema_version table record the last one applied, so both backends share one numbering.
They are Python modules rather than .sql files so that they ship in any install (wheel or editable)
without package-data configuration.
Never edit a released migration: add the next number instead.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import dataclass

_NAME = re.compile(r"^m(\d{4})_\w+$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]
    postgres: tuple[str, ...] | None = None  # None: this migration has no PostgreSQL version yet
    # Data steps run after the statements in the same transaction, by name: each backend implements them in Python
    # (storage/migrations/steps.py, written once against the driver interface), for what SQL cannot do (compressing).
    steps: tuple[str, ...] = ()


def all_migrations() -> list[Migration]:
    """The migrations in order; numbering must be 1, 2, 3, ... without gaps."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        match = _NAME.match(info.name)
        if match is None:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        postgres = getattr(module, "POSTGRES", None)
        found.append(
            Migration(
                int(match.group(1)),
                info.name,
                tuple(module.STATEMENTS),
                tuple(postgres) if postgres is not None else None,
                tuple(getattr(module, "STEPS", ())),
            )
        )
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise RuntimeError(f"migration numbering has a gap: expected {expected}, found {migration.name}")
    return found
