"""The one project error type, caught at the CLI edge and turned into exit code 2."""


class InputError(Exception):
    """Input that cannot be read at all, or a misused command: one clear sentence, exit 2."""


class LayoutError(InputError):
    """A card layout that cannot be evaluated (unknown parent, cycle, bad unit), located."""
