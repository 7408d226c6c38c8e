"""Benchmarks: `python -m bench.<area>` prints a table comparing Arbitro with its peers."""
