"""The sliding geom configs: episodes and describe (each module declares one ConfigSpec)."""
