"""Playing at the terminal: the full-screen game, the line-by-line game and their session."""
