"""Papers' released runs of real models, replayed through Planarium's engine and scorer.

ViPlan published the results files of its paper's runs (16 VLMs, both of its methods and
domains). ``viplan_runs`` reads them; ``viplan_import`` turns every recorded episode into the
log ``score`` replays and writes a submission folder per run with ``reproduction.csv``;
``viplan_tables`` prints the paper notebook's tables from any run's numbers; ``viplan_readings``
compares the yes/no readings on the real replies.
"""
