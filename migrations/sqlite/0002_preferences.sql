-- Preferences the bot needs without SQL of its own.

CREATE TABLE user_prefs (
    user_id  INTEGER PRIMARY KEY,
    language TEXT CHECK (language IN ('en', 'it', 'nl'))
);

CREATE TABLE guild_prefs (
    guild_id          INTEGER PRIMARY KEY,
    moderator_role_id INTEGER
);
