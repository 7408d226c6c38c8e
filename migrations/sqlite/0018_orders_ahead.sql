-- Orders sent ahead (issue 25, docs/service.md): kept during a movement phase (`phase_id`)
-- for the retreat phase (`kind` 'R') or the winter ('A') that follows, each list in order of
-- preference (`rank`); applied when that phase opens (engine/ahead.py), then kept no longer.
CREATE TABLE ahead_orders (
    id         INTEGER PRIMARY KEY,
    phase_id   INTEGER NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
    power      TEXT    NOT NULL,
    kind       TEXT    NOT NULL CHECK (kind IN ('R', 'A')),
    rank       INTEGER NOT NULL,
    order_text TEXT    NOT NULL,
    input      TEXT    NOT NULL,
    user_id    INTEGER,
    sent_at    REAL    NOT NULL
);
CREATE INDEX ahead_orders_phase ON ahead_orders (phase_id, power);
-- The scoring system of a server's standings (engine/scoring.py): NULL is draw-size.
ALTER TABLE guild_prefs ADD COLUMN scoring TEXT
    CHECK (scoring IS NULL OR scoring IN ('draw-size', 'sum-of-squares'));
