"""`python -m desktop_app` and the PyInstaller bundle's entry script."""

import sys

if __name__ == "__main__":
    if getattr(sys, "frozen", False):
        # in the bundle, a label render or print converter worker (multiprocessing, spawn)
        # starts as `packdesk --multiprocessing-fork ...`: this runs its task and exits. Only
        # there: unfrozen, it does nothing, and importing multiprocessing would cost the
        # window's cold start ~3 ms and 10 modules
        import multiprocessing

        multiprocessing.freeze_support()
    from desktop_app.cli import main

    sys.exit(main())
