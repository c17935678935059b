"""Recognition engines: a cell image in, a `Reading` out; the registry of engines by name."""
