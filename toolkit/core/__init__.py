"""Game-independent foundations: reports, spreadsheet reading, the game registry."""
