-- The variant a game is played on (engine/variants/, docs/variants.md): its board, powers and
-- rules; 'standard' for every game made before variants. Its settings hold it too ("board").
ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'standard';
