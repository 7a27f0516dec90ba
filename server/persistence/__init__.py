"""Keeping running matches across a restart: the data directory (`store`), written by the
`disk` threads, each match's journal of its record (`journal`) and the server-only room file
(`room_file`). Taking the matches up again at start is `server.restore`, above the rooms."""
