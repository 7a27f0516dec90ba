from client.main import main

raise SystemExit(main())
