-- Seats the computer player holds (docs/computer.md): a seat with no player and this mark has
-- its orders given by the computer; a human seated there (a claim, a replacement) clears it.
ALTER TABLE seats ADD COLUMN computer INTEGER NOT NULL DEFAULT 0;
