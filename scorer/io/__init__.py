"""The leaves: dataset and predictions I/O, atomic writes, errors, the CLI's path types,
did-you-mean hints and terminal tables. They import nothing else of Planarium."""
