"""The GUI's roof, above every page: the main window with its banner and profile switcher,
menus, page tabs, status bar, close question and shortcuts, the probe and watchdog that watch
it, and `pages`, which puts the pages into the window. No page imports it."""
