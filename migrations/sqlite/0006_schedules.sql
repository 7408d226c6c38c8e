-- Schedules, missed orders, absences and extensions (service/schedules.py, missed_orders.py,
-- absences.py, extensions.py; docs/schedules.md). Times are UTC seconds.

-- Grace for missing orders: when the phase's deadline passed with orders missing and it was
-- held for them (NULL: not held). The deadline itself moves to the end of the grace.
ALTER TABLE phases ADD COLUMN grace_from REAL;

-- Phases in a row in which the seat's power needed orders and its player (`missed_by`) sent
-- none (abandonment); a new player at the seat starts again from nothing.
ALTER TABLE seats ADD COLUMN missed_in_row INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN missed_by INTEGER;

CREATE TABLE absences (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    starts_at   REAL    NOT NULL,
    ends_at     REAL    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'accepted',   -- accepted, refused
    phase_id    INTEGER,          -- the open phase whose deadline it moved, if it did
    moved_from  REAL,             -- that deadline before it moved
    created_at  REAL    NOT NULL,
    CHECK (ends_at > starts_at)
);
CREATE INDEX absences_game ON absences (game_id, status);

CREATE TABLE extensions (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    phase_id    INTEGER NOT NULL REFERENCES phases (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    seconds     REAL    NOT NULL,
    reason      TEXT    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'pending',    -- pending, granted, refused
    created_at  REAL    NOT NULL,
    decided_at  REAL
);
CREATE INDEX extensions_game ON extensions (game_id, status);

CREATE TABLE extension_votes (
    extension_id INTEGER NOT NULL REFERENCES extensions (id) ON DELETE CASCADE,
    user_id      INTEGER NOT NULL,
    agrees       INTEGER NOT NULL,
    PRIMARY KEY (extension_id, user_id)
);
