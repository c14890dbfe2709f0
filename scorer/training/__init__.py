"""The training surfaces: rewards equal to ``score``'s verdicts (``rewards``, ``rewards_trl``) and
every episode config as a gymnasium environment (``gym_env``)."""
