"""Start the Basra LAN server (`python run_server.py --help` lists the options)."""

from server.main import main

raise SystemExit(main())
