"""The household configs, one module each."""
