"""What `basra-server` prints when it starts serving the web: each join URL with its QR code.

Owns the terminal drawing of a QR code: two rows of modules per line of text, with the half
block characters. On a terminal the colours are set outright (black on white), as a scanner
needs; written to a file or a pipe, without escape codes, the light modules are the drawn ones,
which is black on white again on the usual dark terminal.
"""

from __future__ import annotations

from shared.wire.join import QR_BORDER, join_url, lan_addresses, qr_modules

__all__ = ["join_addresses", "join_banner", "terminal_qr"]

_BLACK_ON_WHITE = "\x1b[30;47m"
_RESET = "\x1b[0m"
# By (top module dark, bottom module dark): the character that draws the dark ones.
_DARK_DRAWN = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


def join_addresses(host: str) -> tuple[str, ...]:
    """The addresses a guest may join a server listening on ``host`` at: every LAN address for
    all interfaces, else ``host`` itself; the loopback address when there is nothing else."""
    if host in ("", "0.0.0.0", "::"):
        return lan_addresses() or ("127.0.0.1",)
    return (host,)


def terminal_qr(text: str, colour: bool) -> list[str]:
    """``text``'s QR code as lines of text, quiet zone included."""
    modules = qr_modules(text)
    width = len(modules) + 2 * QR_BORDER
    light = (False,) * width
    rows = [light] * QR_BORDER
    rows += [(False,) * QR_BORDER + row + (False,) * QR_BORDER for row in modules]
    rows += [light] * (QR_BORDER + len(rows) % 2)
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        if colour:
            cells = "".join(_DARK_DRAWN[pair] for pair in zip(top, bottom, strict=True))
            lines.append(f"{_BLACK_ON_WHITE}{cells}{_RESET}")
        else:
            pairs = zip(top, bottom, strict=True)
            lines.append("".join(_DARK_DRAWN[(not a, not b)] for a, b in pairs))
    return lines


def join_banner(host: str, web_port: int, colour: bool) -> str:
    """Every join URL of a server on ``host`` and ``web_port``, each under its QR code."""
    parts = []
    for address in join_addresses(host):
        url = join_url(address, web_port)
        parts.append("\n".join([*terminal_qr(url, colour), f"  Join with a phone: {url}", ""]))
    return "\n".join(parts)
