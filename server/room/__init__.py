"""A room: one table, run as an actor (`actor`: its task, the dispatch of what it is told, its
close), made of parts around a small shared context (`context`): the match (`match`: turns in
`turns`, deals in `deals`, the record in `record`, bots off the loop in `bots_runner`, the
evening's tally between matches in `evening`), the members' comings and goings (`membership`:
who sits where in `members` and `seats`, away players' seats in `seat_holds`), the creator's
moderation (`moderation`), the hints (`hinting`, worked out by `hint_desk`) and the chat
(`chat`). Each part declares the requests it handles; the commands of the inbox are `commands`,
and what a room says is `messages` (built from values, never from the room itself)."""
