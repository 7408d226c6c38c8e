"""ARBITRO_SHARDS and ARBITRO_REST_BUDGET: which shards a bot process connects, and its share
of Discord's global request budget."""

from __future__ import annotations

import pytest

from ops.settings import Settings, SettingsError, ShardSlice


@pytest.mark.parametrize(("value", "ids", "count"), [
    ("0-3/8", (0, 1, 2, 3), 8),
    ("0,2/4", (0, 2), 4),
    ("1/2", (1,), 2),
    (" 4-5 , 0 / 6 ", (0, 4, 5), 6),
    ("0/1", (0,), 1),
    ("3-3/4", (3,), 4),
])
def test_shard_slices_are_read(value, ids, count) -> None:
    assert Settings.from_env({"ARBITRO_SHARDS": value}).shards == ShardSlice(ids, count)


def test_without_the_variable_one_process_holds_every_shard() -> None:
    settings = Settings.from_env({})
    assert settings.shards is None
    assert Settings.from_env({"ARBITRO_SHARDS": "  "}).shards is None
    assert settings.rest_budget == 50


@pytest.mark.parametrize(("value", "message"), [
    ("0-3", "must say the bot's shard count after a slash"),
    ("0-3/", "must say the bot's shard count after a slash"),
    ("0/0", "shard count after the slash must be a whole number of 1 or more, not '0'"),
    ("0/two", "not 'two'"),
    ("0/-2", "not '-2'"),
    ("/4", "a shard id is missing before the slash or between commas in '/4'"),
    ("0,,1/4", "a shard id is missing"),
    ("a/4", "'a' is not a shard id"),
    ("1-/4", "'1-' is not a shard id"),
    ("-1/4", "'-1' is not a shard id"),
    ("3-1/4", "the range '3-1' runs backwards; write 1-3"),
    ("4/4", "shard 4 does not exist when the bot has 4 shards (ids 0 to 3)"),
    ("0-8/8", "shard 8 does not exist when the bot has 8 shards"),
    ("1/1", "shard 1 does not exist when the bot has 1 shard (ids 0 to 0)"),
    ("0-2,1/4", "names shard 1 more than once"),
])
def test_malformed_shard_slices_are_refused_saying_why(value, message) -> None:
    with pytest.raises(SettingsError, match="ARBITRO_SHARDS") as refused:
        Settings.from_env({"ARBITRO_SHARDS": value})
    assert message in str(refused.value)


@pytest.mark.parametrize(("env", "budget"), [
    ({}, 50),
    ({"ARBITRO_SHARDS": "0-3/8"}, 25),            # half the shards: half the budget
    ({"ARBITRO_SHARDS": "1/4"}, 12.5),
    ({"ARBITRO_SHARDS": "0-3/8", "ARBITRO_REST_BUDGET": "10"}, 10),
    ({"ARBITRO_REST_BUDGET": "12.5"}, 12.5),
    ({"ARBITRO_REST_BUDGET": "off"}, None),
    ({"ARBITRO_REST_BUDGET": " OFF "}, None),
])
def test_the_rest_budget_is_this_process_share_unless_set(env, budget) -> None:
    assert Settings.from_env(env).rest_budget == budget


@pytest.mark.parametrize("value", ["0", "-5", "fast", "nan", "inf"])
def test_a_rest_budget_that_is_not_a_positive_rate_is_refused(value) -> None:
    with pytest.raises(SettingsError, match="ARBITRO_REST_BUDGET must be how many requests "
                                            "per second"):
        Settings.from_env({"ARBITRO_REST_BUDGET": value})


def test_a_shard_slice_prints_as_it_is_written() -> None:
    assert str(ShardSlice((0, 1, 2, 3), 8)) == "0,1,2,3/8"
    assert Settings.from_env({"ARBITRO_SHARDS": "0,1,2,3/8"}).shards.share == 0.5
