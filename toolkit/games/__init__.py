"""The built-in games, one subpackage each."""
