"""The print-and-play and deck-building design toolkit: validate, print and play card games."""

from toolkit.sim.native import select as _select_native

__version__ = "0.1.0"

_select_native()  # the compiled engines when built and fresh, unless PNP_PURE=1
