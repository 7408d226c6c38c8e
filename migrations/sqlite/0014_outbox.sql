-- The outbox (docs/service.md): every message the bot owes after a commit (a game's start
-- post, briefings, the private notices of a new phase, an anonymous game's reveal, press) is
-- written here in the same transaction as the change it reports, and posted after the commit;
-- a message not yet accepted is tried again (`next_try_at`, with backoff) until it is, also
-- after a crash (at least once). `target` 'channel' or 'user', `target_id` its Discord id;
-- `message_json` the message (key, text, parameters, language); `image_phase` a phase whose
-- map goes with it (drawn when sent); `after_phase` a phase whose results must be posted
-- first; `confirm_to` a press sender to tell when it goes out late, or cannot go at all.
-- A message the recipient can never take (closed DMs, an unknown user) is `failed_at`, with
-- its `last_error`, and not tried again.
CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    target        TEXT    NOT NULL CHECK (target IN ('channel', 'user')),
    target_id     INTEGER NOT NULL,
    message_json  TEXT    NOT NULL,
    image_phase   INTEGER,
    after_phase   INTEGER,
    confirm_to    INTEGER,
    created_at    REAL    NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    next_try_at   REAL    NOT NULL,
    claimed_until REAL,
    claimed_by    TEXT,
    sent_at       REAL,
    failed_at     REAL,
    last_error    TEXT
);
-- what each deadline pass looks for: the messages still owed, never every message ever sent
CREATE INDEX outbox_pending ON outbox (next_try_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX outbox_game ON outbox (game_id, id);
-- a start-up's clean-up of messages sent or given up long ago
CREATE INDEX outbox_done ON outbox (sent_at);
