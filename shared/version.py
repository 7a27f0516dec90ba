"""The game's version: the one place it is written.

The wheel's version is read from here (pyproject's dynamic version), `basra --version` and
`basra-server --version` print it, the desktop's Settings screen shows it, and a release tag
(``v`` and this) must match it (`tools.release_notes`). Version 1 of the wire protocol
(`shared.wire.protocol`) is another number, which changes only when the messages do.
"""

from typing import Final

VERSION: Final = "0.1.0"
