"""How a predictions file becomes numbers: the references, the grading, the run behind ``score``
(``run``), and what it writes (``results``, ``pair``, ``spool``, ``provenance``)."""
