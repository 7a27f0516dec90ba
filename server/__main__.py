"""``python -m server``: the LAN server, as the ``basra-server`` command starts it."""

from server.main import main

raise SystemExit(main())
