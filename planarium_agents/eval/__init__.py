"""``planarium eval``: run a model on any configs, end to end.

Question rows go to the model as chat requests (``questions``, ``models``), through an
on-disk response cache (``cache``); episode rows are played through the episode engine
(``episodes``); the predictions are then scored and the results written (``run``).
Only the dataset contract (light) is imported here, so ``planarium --help`` stays fast.
"""

from scorer.io.dataset import PROMPT_VARIANTS

# The prompt columns a question row may carry; --variant picks one.
VARIANTS = PROMPT_VARIANTS
