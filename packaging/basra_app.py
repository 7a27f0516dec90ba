"""The desktop app's entry point (PyInstaller's script): the client, or one of the game's own
programs when the app starts itself again as one (`client.child_process`)."""

import multiprocessing
import sys

from client.child_process import run_frozen_child


def main() -> int:
    # A spawned bot worker of a server this app hosts is this executable too: let it run.
    multiprocessing.freeze_support()
    if run_frozen_child(sys.argv):
        return 0
    from client.main import main as client_main

    return client_main()


if __name__ == "__main__":
    raise SystemExit(main())
