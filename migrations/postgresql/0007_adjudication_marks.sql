-- What an adjudication is about to change outside its own phase, kept so a rollback can put it
-- back: every seat's civil-disorder mark, the draw votes, the phase's ready marks (JSON).
CREATE TABLE adjudication_marks (
    phase_id   BIGINT PRIMARY KEY REFERENCES phases (id) ON DELETE CASCADE,
    marks_json TEXT NOT NULL
);
