"""Replays: a played game as pictures, one per step, in one self-contained HTML file.

- `toolkit.replay.svg`: the SVG builder every picture uses, cards drawn as printed.
- `toolkit.replay.pictures`: where a game's picture lives (`<game package>.picture`).
- `toolkit.replay.record`: the frames of a game while it is played.
- `toolkit.replay.html`: a recorded game as one HTML file (slider, keys, seat views).
"""
