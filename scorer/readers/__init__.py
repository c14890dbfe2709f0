"""How a reply's text is read before any judging: a reasoning model's think block removed
(``think``), the tokens of a grammar's lexer (``lexing``), and the two yes/no readings (ours,
``yes_no``; ViPlan's, ``paper_yes_no``). Task kinds and the episode engine both read with them."""
