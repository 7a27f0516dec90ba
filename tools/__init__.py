"""Developer tools, not shipped with the game: the screenshot tour and the catalogue extraction.

``python -m tools.shots OUTDIR`` renders every screen to PNG files; ``python -m tools.extract``
rewrites the message template and brings every language's catalogue up to date. They import
the client; nothing in the game imports them.
"""
