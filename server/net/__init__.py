"""The server's side of the network: a transport-agnostic connection with every limit on what a
client sends (`connection`, `limits`), its TCP transport (`tcp`), pacing of the loop's work
(`pacing`), the LAN discovery beacon (`discovery`) and the server's figures (`stats`)."""
