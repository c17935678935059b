"""Finding the move grid of a scoresheet page and cutting its cells."""
