"""Reusable interface pieces drawn on the logical surface: widgets, text, panels and chat.

Owns `widgets` (buttons, focus; it gathers the others), `text_input`, `pickers` (choice,
toggle, slider), `list_box`, `toast`, `text` (the one text path: every string drawn goes
through it), `text_order` (Arabic joined, bidi order), `fonts` (the bundled DejaVu Sans, an
emoji font), `panel` (panels, dims, headings), `chat_panel` and `deal_verdict` (a match's
deals checked, in the player's words).
Import rules: may use the top-level `layout` and `theme`, `client.sessions` (for the chat line
record) and `shared`; never `client.net`, `client.table` or `client.scenes`.
"""
