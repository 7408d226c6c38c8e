"""A game's life: create, join, start, status; adjudication; how a game ends (by
itself, by a draw voted or declared, by concession); its settings; its channels."""
