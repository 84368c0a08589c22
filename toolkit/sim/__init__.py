"""Game simulation: the engine protocols, the shared harness, statistics and logs."""
