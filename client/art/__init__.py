"""The game's look and sound, generated at start-up so it needs no image or sound files.

Owns `cards` (card faces, back, outline and shadow), `suits` (the suit shapes), `felt` (the
table's felt) and `sound` (synthesised sounds and their player). Import rules: may use only the
top-level `layout` and `theme` (and pygame); never `client.net` or any other client package,
and not the engine: cards are drawn from rank labels and suit letters.
"""
