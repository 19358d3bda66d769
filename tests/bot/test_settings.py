"""Settings: defaults, the environment, malformed values."""

from __future__ import annotations

import pytest

from bot import Settings, SettingsError


def test_a_zero_check_interval_is_refused() -> None:
    with pytest.raises(SettingsError):
        Settings.from_env({"ENTDECKER_CHECK_SECONDS": "0"})


@pytest.mark.parametrize("value", ["0", "-5", "nan", "inf"])
def test_a_check_interval_must_be_positive_and_finite(value: str) -> None:
    with pytest.raises(SettingsError):
        Settings.from_env({"ENTDECKER_CHECK_SECONDS": value})
    with pytest.raises(SettingsError):
        Settings(check_interval=0)


def test_defaults_suit_play_over_days() -> None:
    s = Settings.from_env({})
    assert s.token is None and s.db_path == "./entdecker.db" and s.guild_id is None
    assert s.reminder_after == 12 * 3600 and s.reminder_max == 4 and s.idle_after == 48 * 3600
    assert s.ai_delay == 3.0


def test_values_from_the_environment() -> None:
    s = Settings.from_env(
        {
            "DISCORD_TOKEN": " abc ",
            "ENTDECKER_DB": "/tmp/x.db",
            "ENTDECKER_GUILD_ID": "123",
            "ENTDECKER_REMINDER_HOURS": "1.5",
            "ENTDECKER_REMINDER_MAX": "2",
            "ENTDECKER_IDLE_HOURS": "24",
            "ENTDECKER_AI_DELAY": "0",
            "ENTDECKER_SYNC_COMMANDS": "no",
        }
    )
    assert (s.token, s.db_path, s.guild_id, s.reminder_after, s.reminder_max) == ("abc", "/tmp/x.db", 123, 5400, 2)
    assert s.idle_after == 86400 and s.ai_delay == 0 and s.sync_commands is False


@pytest.mark.parametrize(
    "env", [{"ENTDECKER_GUILD_ID": "x"}, {"ENTDECKER_AI_DELAY": "-1"}, {"ENTDECKER_SYNC_COMMANDS": "maybe"}]
)
def test_malformed_values_are_refused(env: dict[str, str]) -> None:
    with pytest.raises(SettingsError):
        Settings.from_env(env)


def test_boards_drawn_in_two_workers_unless_one_core_or_told() -> None:
    from bot.settings import auto_render_processes

    assert [auto_render_processes(cores) for cores in (1, 2, 4, 64)] == [0, 2, 2, 2]
    assert Settings.from_env({}).render_processes is None
    assert Settings.from_env({}).render_workers == auto_render_processes()
    assert Settings.from_env({"ENTDECKER_RENDER_PROCESSES": "0"}).render_workers == 0  # threads
    assert Settings.from_env({"ENTDECKER_RENDER_PROCESSES": "3"}).render_workers == 3
    with pytest.raises(SettingsError):
        Settings.from_env({"ENTDECKER_RENDER_PROCESSES": "two"})
