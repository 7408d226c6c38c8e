-- The two-player game: the side (index into the set-up's groups) that the neutral power joined
-- by the seeded coin toss (seed 000 XIV.2); NULL until the toss.
ALTER TABLE games ADD COLUMN joined_side INTEGER;
