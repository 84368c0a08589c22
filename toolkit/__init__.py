"""The print-and-play and deck-building design toolkit: validate, print and play card games."""

__version__ = "0.1.0"
