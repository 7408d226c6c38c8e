-- A game's own corner of the server (docs/channels.md): the category the bot made for it, what
-- happens to it when the game ends, and one private channel and one role per power in play.

-- One row per game that asked for channels. `delete_after_days` NULL keeps the archive for
-- good; `archived_at` is when the game's end opened it (read-only for everyone), `deleted_at`
-- when the bot deleted the channels and roles after the days the moderator chose.
CREATE TABLE game_channels (
    game_id           BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id          BIGINT NOT NULL,
    category_id       BIGINT,
    delete_after_days BIGINT CHECK (delete_after_days IS NULL OR delete_after_days > 0),
    archived_at       DOUBLE PRECISION,
    deleted_at        DOUBLE PRECISION
);

-- The channel and the role of each power (NULL until the bot has made them).
CREATE TABLE power_channels (
    game_id    BIGINT NOT NULL REFERENCES game_channels (game_id) ON DELETE CASCADE,
    power      TEXT    NOT NULL,
    channel_id BIGINT,
    role_id    BIGINT,
    PRIMARY KEY (game_id, power)
);
CREATE INDEX power_channels_channel ON power_channels (channel_id);
