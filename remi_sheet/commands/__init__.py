"""The commands as use cases, below the command line: arguments in, an outcome out; nothing
printed, nothing exited. A user's mistake raises `RemiError`. `cli` shows the outcomes."""
