"""Balance at scale: tournaments, sweeps and what-if comparisons over the sim harness.

A run is a list of independent seeded batches (`plan`), played by `work.run_batch` in
this process, on local processes or on a Dask cluster (`execute`), kept one row per
batch in an SQLite results file (`store`), folded in plan order (`tally`) and measured
(`analysis`, `compare`, `measures`) into a report (`report`, `charts`, `raster`).
`command` holds the jobs behind `pnp tournament`, `pnp sweep` and `pnp compare`; `pool`
is the per-game deck generation hook of `pnp sweep`.
"""
