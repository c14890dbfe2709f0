"""The families: one plugin package per family (``scorer/families/<name>/``).

Nothing generic imports a family: each package's ``family.py`` defines one ``Family``, and the
registry (``scorer.registry``) loads them by name when first asked.
"""
