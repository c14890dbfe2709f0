"""The VSP configs (each module declares one ConfigSpec)."""
