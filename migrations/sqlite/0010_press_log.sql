-- Press relayed by the bot (docs/press.md): one row per `/press send` delivered, so a
-- moderator can see what went between the powers. `signed` 0: grey press (the recipient was
-- not told who sent it); `sender_id` is kept either way, for the moderators only.
CREATE TABLE press_log (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    phase      TEXT    NOT NULL,
    from_power TEXT    NOT NULL,
    to_power   TEXT    NOT NULL,
    sender_id  INTEGER NOT NULL,
    signed     INTEGER NOT NULL CHECK (signed IN (0, 1)),
    body       TEXT    NOT NULL,
    sent_at    REAL    NOT NULL
);
CREATE INDEX press_log_game ON press_log (game_id, id);
