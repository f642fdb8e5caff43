"""`python -m desktop_app` and the PyInstaller bundle's entry script."""

import multiprocessing
import sys

if __name__ == "__main__":
    # in the bundle, a label render or print converter worker (multiprocessing, spawn) starts as
    # `packdesk --multiprocessing-fork ...`: this runs its task and exits (nothing when not frozen)
    multiprocessing.freeze_support()
    from desktop_app.cli import main

    sys.exit(main())
