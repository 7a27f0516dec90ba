"""``python -m client``: the desktop game, as the ``basra`` command starts it."""

from client.main import main

raise SystemExit(main())
