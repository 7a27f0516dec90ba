"""The rules of Basra, shared by the server and the client: pure logic, standard library only.

Read the engine in this order: `cards` (the 52 cards and their text form), `rules` (the rule
options and what a played card takes), `plays` (a play and the fast path to every legal one),
`state` (the immutable match and round), `engine` (start a match, check and apply plays; its
docstring walks a match from the deal to a player's view), `events` (what a play did), `views`
(what one seat may know) and `scoring` (round tallies, the match outcome). `deals` is where
each round's cards come from (provably fair seeds, or an int seed), `match_host` hosts a match
(check, apply, record, what each seat sees: the server's rooms and practice both use it),
`record` is the record of a match and its replay, `record_file` and `record_reading` its file
format, and `fairness` the check of its deals. Beside them, `names` holds the rule for player
names and chat text, `schema` the one schema engine (the wire's messages, the record's lines,
the server's room files), `bots/` the computer players, and `wire/` the network format.
"""
