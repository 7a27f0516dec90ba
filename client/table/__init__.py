"""A match on screen: the table's model, its animation, and the player's controls.

Owns `model` (what the table shows and where each card rests), `choreography` (engine event ->
moves and cues), `animator` (sprites, tweens and the queue of game updates), `sprites`, `hud`
(stock, piles, tags and scoreboard), `stage` (the felt with the HUD composed on it, and the
sprites, at one layout), `effects`, `banner` and `particles`, and the input: `controls`,
`hand`, `capture_choice`, with `context` (what the table scene hands its controls). Import
rules: may use `client.sessions`, `client.ui`, `client.art`, the top-level `layout`, `theme`
and `tween`, and `shared`; never `client.net` or `client.scenes`. The `TableScene` in
`client.scenes.table` puts it together.
"""
