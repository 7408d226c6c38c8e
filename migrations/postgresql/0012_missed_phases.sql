-- What a phase's silence was (docs/moderation.md, "Missed phases"): civil disorder (*sommossa*)
-- only for a missed movement phase; `missed_json` the powers that owed orders in the phase
-- (movement, retreats, builds, removals with a choice) and sent none; `refused_json` the
-- powers that sent orders of which none was valid (not missed, not in civil disorder).
ALTER TABLE phase_outcomes ADD COLUMN missed_json TEXT NOT NULL DEFAULT '[]';
ALTER TABLE phase_outcomes ADD COLUMN refused_json TEXT NOT NULL DEFAULT '[]';
-- Phases adjudicated before: their list was of every power that sent nothing; a retreat or
-- an adjustment phase missed was no civil disorder.
UPDATE phase_outcomes SET missed_json = civil_disorder_json;
UPDATE phase_outcomes SET civil_disorder_json = '[]'
    WHERE phase_id IN (SELECT id FROM phases WHERE name NOT LIKE '%M');
