"""The kitchen family's configs, one module each."""
