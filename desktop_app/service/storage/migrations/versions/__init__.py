"""One module per schema revision, oldest first by their numbers (0001_baseline, 0002_...)."""
