"""The game's look and sound, generated at start-up from code and a few SVG drawings of our own.

Owns `cards` (card faces, back, outline and shadow), `pips` (the numerals' pips and the Komi's
mark), `court` (the Jack, Queen and King from `assets/cards/*.svg`), `suits` (the suit
shapes), `felt` (the table's felt) and `sound` (synthesised sounds and their player). Import
rules: may use only the top-level `layout` and `theme` (and pygame) and read `assets`; never
`client.net` or any other client package, and not the engine: cards are drawn from rank
labels and suit letters.
"""
