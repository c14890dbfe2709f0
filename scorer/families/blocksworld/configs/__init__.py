"""The blocksworld configs: ground, episodes and acp (each module declares one ConfigSpec)."""
