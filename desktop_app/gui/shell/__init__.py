"""The app shell: the context every page reads (profile, client, store, print queue), the main
window with its banner and profile switcher, the status bar, the theme, and `pages` that puts the
pages into the window."""
