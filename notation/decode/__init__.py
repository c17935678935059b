"""Decoding uncertain evidence (scanned cells, noisy text) into the most probable legal game: the `Reading`
protocol, text scoring, the beam decoder and lenient text. Shared by scanning and `convert --lenient`."""
