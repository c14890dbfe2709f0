"""The episode engine shared by the rollout server and replay scoring; modes come from the families."""
