"""Hand review: what each of a player's plays cost, and why, from a match record.

Owns `hand_review` (every alternative of every play valued with the player's own view by the
hard player's search, and in hindsight with the endgame solver; the costly plays flagged),
`lessons` (what a costly play led to, from the replay, in parts and in an English sentence)
and `review_file` (the review kept beside its match file). Import rules: the engine and the
bots, never the wire, pygame, the client or the server.
"""
