"""A duplicate tournament's pure parts (docs/tournaments.md): every table of a round plays the
same deals, and each result is compared with the others made on the same cards.

Owns `scoring` (matchpoints of one board's results, and the standings they add up to),
`boards` (what a table's match record says of each board: its points and its plays), and the
tournament's record file: `record` (its values), `record_file` (writing it) and
`record_reading` (reading it back and checking it, its deals checked by `shared.fairness`).
Standard library only, like the engine it builds on; the server runs tournaments
(`server.tournament`) and the wire carries them (`shared.wire.tournaments`).
"""
