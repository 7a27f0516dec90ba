"""A room: one table, run as an actor (`actor`: its task and the dispatch of what it is told),
its members and seat holds (`members`, `seats`, `seat_holds`), its match (`match`: turns in
`turns`, deals in `deals`, the record in `record`, bots off the loop in `bots_runner`), the
evening's tally between matches (`evening`), chat (`chat`), the commands of its inbox
(`commands`) and what it says (`messages`, built from values, never from the room itself)."""
