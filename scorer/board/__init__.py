"""For leaderboard maintainers: merge results files into a board, draw charts, write the
self-contained HTML report (with the episode viewer), re-score stored submissions after a
scorer fix, and publish the dataset to the Hub.

Everything here reads results.json files (``scorer.scoring.results``) and the registry;
it names no family.
"""
