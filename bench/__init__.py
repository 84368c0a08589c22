"""Benchmarks (`make bench`): figures to record in bench/README.md, never pass/fail."""
