"""The `remi` command: options parsed, the library called, results printed. A user's mistake
is turned into one clear line here, at the edge.

May import every other layer.
"""
